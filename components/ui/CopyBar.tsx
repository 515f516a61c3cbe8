import type { ReactNode } from 'react';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { Button } from './Button';
import { useCopy } from './useCopy';

/**
 * Taking a page's content away: copied as text, copied as Markdown, printed, with what happened said beside the
 * buttons (copied, or why not). The texts are made only when a button is pressed; `children` are the page's own
 * buttons (a file export, going back), after Print.
 */
export function CopyBar(props: {
  lang: Lang;
  /** The toolbar's name, for screen readers. */
  label: string;
  text(): string;
  markdown(): string;
  /** The test ids of the buttons and of the status (the page's own, so that its tests can tell bars apart). */
  ids?: { text?: string; markdown?: string; print?: string; status?: string };
  children?: ReactNode;
}) {
  const { lang, ids = {} } = props;
  const { said, copy } = useCopy(lang);
  return (
    <div className="flex flex-wrap items-center gap-1.5 print:hidden" role="toolbar" aria-label={props.label}>
      <Button
        size="sm"
        onClick={() => void copy(props.text(), { pt: 'Texto copiado.', en: 'Text copied.' })}
        data-testid={ids.text}
      >
        {tr(lang, { pt: 'Copiar texto', en: 'Copy text' })}
      </Button>
      <Button
        size="sm"
        onClick={() => void copy(props.markdown(), { pt: 'Markdown copiado.', en: 'Markdown copied.' })}
        data-testid={ids.markdown}
      >
        {tr(lang, { pt: 'Copiar Markdown', en: 'Copy Markdown' })}
      </Button>
      <Button size="sm" onClick={() => window.print()} data-testid={ids.print}>
        {tr(lang, { pt: 'Imprimir', en: 'Print' })}
      </Button>
      {props.children}
      <span role="status" className="text-xs" data-testid={ids.status}>
        {said}
      </span>
    </div>
  );
}
