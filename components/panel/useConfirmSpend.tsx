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
  /**
   * The cost the button showed when it was clicked (null: no price yet), when `cost` comes from a quote that answered
   * after the click: any difference asks first, with both figures.
   */
  shown?: number | null;
  go: () => void;
}

/** The price on the button was another than the one the fresh quote gives. */
const changed = (s: Spend) => s.shown !== undefined && s.shown !== s.cost;

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
    if (changed(s) || needsConfirmation(s.depth, s.cost, prefs ?? defaultSettings)) setPending(s);
    else s.go();
  };
  const after = pending && balanceAfter(pending.balance, pending.cost);
  const dialog = (
    <Dialog
      open={pending !== null}
      onClose={() => setPending(null)}
      title={
        pending && changed(pending)
          ? tr(lang, { pt: 'Confirme o custo atualizado', en: 'Confirm the updated cost' })
          : pending?.depth === 'plus'
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
              (pending.cost === 0
                ? tr(lang, { pt: 'Abrir do histórico — 0 créditos', en: 'Open from history — 0 credits' })
                : tr(lang, {
                    pt: `Analisar por ${creditsText('pt', pending.cost)}`,
                    en: `Analyse for ${creditsText('en', pending.cost)}`,
                  }))}
          </Button>
        </>
      }
    >
      {pending && (
        <>
          {changed(pending) && (
            <p className="mb-1 font-medium" data-testid="cost-updated">
              {pending.shown === null || pending.shown === undefined
                ? tr(lang, {
                    pt: `O custo ainda não estava na tela quando você pediu a análise: é de ${creditsText('pt', pending.cost)}.`,
                    en: `The cost was not on screen yet when you asked: it is ${creditsText('en', pending.cost)}.`,
                  })
                : tr(lang, {
                    pt: `O botão mostrava ${creditsText('pt', pending.shown)}, o custo dos dados de antes da sua última mudança; para o que está no formulário agora, é de ${creditsText('pt', pending.cost)}.`,
                    en: `The button showed ${creditsText('en', pending.shown)}, the cost of the form before your last change; for what is in the form now, it is ${creditsText('en', pending.cost)}.`,
                  })}
            </p>
          )}
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
