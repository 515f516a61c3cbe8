import { useState, type ReactNode } from 'react';
import { Button, Dialog } from '@/components/ui';
import { creditsText, tr } from '@/lib/i18n';
import { DEPTH_LABELS } from '@/lib/panel/format';
import { balanceAfter, needsConfirmation } from '@/lib/panel/spend';
import { defaultSettings, type Settings } from '@/lib/storage';
import type { Depth, Lang } from '@/lib/model';

export interface Spend {
  depth: Depth;
  cost: number;
  balance: number | null;
  /** "Ana Souza (Nubank)". */
  who: string;
  go: () => void;
}

/**
 * Spending that needs the user's word first (Plus, or at least the threshold, unless turned off) opens an
 * accessible dialog; anything else runs at once.
 */
export function useConfirmSpend(
  lang: Lang,
  prefs: Settings | undefined,
): [ReactNode, (spend: Spend) => void] {
  const [pending, setPending] = useState<Spend | null>(null);
  const spend = (s: Spend) => {
    if (needsConfirmation(s.depth, s.cost, prefs ?? defaultSettings)) setPending(s);
    else s.go();
  };
  const after = pending && balanceAfter(pending.balance, pending.cost);
  const dialog = (
    <Dialog
      open={pending !== null}
      onClose={() => setPending(null)}
      title={
        pending?.depth === 'plus'
          ? tr(lang, { pt: 'Confirmar análise Plus', en: 'Confirm Plus analysis' })
          : tr(lang, { pt: 'Confirmar gasto de créditos', en: 'Confirm spending credits' })
      }
      actions={
        <>
          <Button onClick={() => setPending(null)}>{tr(lang, { pt: 'Cancelar', en: 'Cancel' })}</Button>
          <Button
            variant="primary"
            data-testid="confirm-spend"
            onClick={() => {
              const go = pending?.go;
              setPending(null);
              go?.();
            }}
          >
            {pending &&
              tr(lang, {
                pt: `Analisar por ${creditsText('pt', pending.cost)}`,
                en: `Analyse for ${creditsText('en', pending.cost)}`,
              })}
          </Button>
        </>
      }
    >
      {pending && (
        <>
          <p>
            {tr(lang, {
              pt: `A análise ${DEPTH_LABELS[pending.depth].pt} de ${pending.who} custa ${creditsText('pt', pending.cost)}.`,
              en: `The ${DEPTH_LABELS[pending.depth].en} analysis of ${pending.who} costs ${creditsText('en', pending.cost)}.`,
            })}
          </p>
          {pending.balance !== null && after !== null && (
            <p className="mt-1">
              {tr(lang, {
                pt: `Saldo: ${creditsText('pt', pending.balance)} → ${creditsText('pt', after)}.`,
                en: `Balance: ${creditsText('en', pending.balance)} → ${creditsText('en', after)}.`,
              })}
            </p>
          )}
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {tr(lang, {
              pt: 'Você pode desligar esta confirmação nas opções.',
              en: 'You can turn this confirmation off in the options.',
            })}
          </p>
        </>
      )}
    </Dialog>
  );
  return [dialog, spend];
}
