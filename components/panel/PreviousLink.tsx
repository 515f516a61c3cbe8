import { Button } from '@/components/ui';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { personName } from '@/lib/panel/format';
import { usePanel } from './context';

/** On a page's people: the analysis shown before, one click away. */
export function PreviousLink({ lang }: { lang: Lang }) {
  const previous = usePanel((s) => s.previous);
  const carry = usePanel((s) => s.carry);
  if (!previous) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="self-start"
      onClick={() => carry(previous, 'chosen')}
      data-testid="back-to-previous"
    >
      {tr(lang, {
        pt: `← Voltar para ${personName(previous.input)}`,
        en: `← Back to ${personName(previous.input)}`,
      })}
    </Button>
  );
}
