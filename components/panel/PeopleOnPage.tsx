import { useId } from 'react';
import { Button, Notice, Spinner } from '@/components/ui';
import type { Candidate } from '@/lib/extract/types';
import { tr, type UiLang } from '@/lib/i18n';
import { personName } from '@/lib/panel/format';
import { BatchLink } from './BatchLink';
import { usePanel } from './context';

/** Chrome shows its permission prompt only inside the click, so nothing is awaited before asking. */
async function allowSite(origin: string, detect: () => Promise<void>) {
  const granted = await browser.permissions.request({ origins: [origin] }).catch(() => false);
  if (granted) await detect();
}

/** The optional host permission of the manifest, asked for when the page's own origin cannot be known. */
const ALL_SITES = 'https://*/*';

const hostOf = (pattern: string) => pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');

function PersonButton({
  candidate,
  selected,
  onChoose,
  lang,
}: {
  candidate: Candidate;
  selected: boolean;
  onChoose: () => void;
  lang: UiLang;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onChoose}
      data-testid="candidate"
      className={`w-full rounded-md border px-3 py-2 text-left text-sm transition-colors motion-reduce:transition-none ${
        selected
          ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
          : 'border-zinc-200 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800'
      }`}
    >
      <span className="block font-medium break-words" data-testid="candidate-name">
        {personName(candidate)}
      </span>
      <span className="block text-xs text-zinc-700 dark:text-zinc-300 break-words">
        {[candidate.cargo, candidate.empresa].filter(Boolean).join(' · ') ||
          tr(lang, { pt: 'Empresa não identificada', en: 'Company not identified' })}
      </span>
    </button>
  );
}

/** Who the current page shows, or why nobody is shown. */
export function PeopleOnPage({ lang }: { lang: UiLang }) {
  const detection = usePanel((s) => s.detection);
  const origin = usePanel((s) => s.origin);
  const choose = usePanel((s) => s.choose);
  const manual = usePanel((s) => s.manual);
  const detect = usePanel((s) => s.detect);
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2"
      data-testid="people"
      data-status={detection.status}
    >
      <h2 id={headingId} tabIndex={-1} className="text-sm font-semibold">
        {tr(lang, { pt: 'Nesta página', en: 'On this page' })}
      </h2>

      {(detection.status === 'idle' || detection.status === 'detecting') && (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <Spinner />
          {tr(lang, { pt: 'Procurando pessoas na página…', en: 'Looking for people on the page…' })}
        </p>
      )}

      {detection.status === 'done' && detection.candidates.length === 0 && (
        <p className="text-sm" data-testid="nobody">
          {tr(lang, {
            pt: 'Ninguém foi detectado nesta página. Preencha abaixo quem você quer analisar.',
            en: 'Nobody was detected on this page. Fill in below who you want to analyse.',
          })}
        </p>
      )}

      {detection.status === 'done' && detection.candidates.length > 0 && (
        <>
          {detection.candidates.length > 1 && (
            <p className="text-sm">
              {tr(lang, {
                pt: `${detection.candidates.length} pessoas detectadas. Escolha quem analisar, ou `,
                en: `${detection.candidates.length} people detected. Choose whom to analyse, or `,
              })}
              <BatchLink data-testid="batch-link">
                {tr(lang, { pt: 'analise todas em lote', en: 'analyse them all in a batch' })}
              </BatchLink>
              .
            </p>
          )}
          <ul
            aria-label={tr(lang, { pt: 'Pessoas detectadas', en: 'People detected' })}
            className="flex max-h-80 flex-col gap-1.5 overflow-y-auto"
          >
            {detection.candidates.map((c, i) => (
              <li key={`${i}:${c.primeiro_nome}:${c.ultimo_nome}:${c.empresa}`}>
                <PersonButton
                  candidate={c}
                  selected={origin?.kind === 'candidate' && origin.index === i}
                  onChoose={() => choose(i)}
                  lang={lang}
                />
              </li>
            ))}
          </ul>
          {origin?.kind !== 'manual' && (
            <Button variant="ghost" size="sm" className="self-start" onClick={manual}>
              {tr(lang, { pt: 'Preencher outra pessoa', en: 'Enter someone else' })}
            </Button>
          )}
        </>
      )}

      {detection.status === 'not_granted' && (
        <Notice
          tone="info"
          title={tr(lang, { pt: 'Detecção ainda não permitida aqui', en: 'Detection not allowed here yet' })}
          action={
            <Button
              variant="primary"
              size="sm"
              data-testid="allow-site"
              onClick={() => void allowSite(detection.origin ?? ALL_SITES, detect)}
            >
              {detection.origin
                ? tr(lang, { pt: 'Permitir detecção neste site', en: 'Allow detection on this site' })
                : tr(lang, { pt: 'Permitir detecção nos sites', en: 'Allow detection on websites' })}
            </Button>
          }
        >
          {detection.origin
            ? tr(lang, {
                pt: `Permita que a extensão leia ${hostOf(detection.origin)} para achar a pessoa na página. Ou preencha abaixo.`,
                en: `Let the extension read ${hostOf(detection.origin)} to find the person on the page. Or fill in below.`,
              })
            : tr(lang, {
                pt: 'O navegador só revela o endereço desta página depois de uma permissão. Permita a detecção nos sites, ou clique no ícone da extensão com a página aberta, ou selecione o nome e use "Analisar" no menu do botão direito. Ou preencha abaixo.',
                en: 'The browser reveals this page’s address only after a permission. Allow detection on websites, or click the extension icon while the page is open, or select the name and use "Analyse" in the right-click menu. Or fill in below.',
              })}
        </Notice>
      )}

      {detection.status === 'unsupported' && (
        <p className="text-sm">
          {tr(lang, {
            pt: 'Esta página não pode ser lida (páginas internas do navegador e da loja de extensões). Preencha abaixo quem você quer analisar.',
            en: 'This page cannot be read (browser and extension store pages). Fill in below who you want to analyse.',
          })}
        </p>
      )}

      {detection.status === 'failed' && (
        <Notice
          tone="warning"
          title={tr(lang, { pt: 'Não foi possível ler a página', en: 'Could not read the page' })}
          action={
            <Button size="sm" onClick={() => void detect()}>
              {tr(lang, { pt: 'Procurar de novo', en: 'Look again' })}
            </Button>
          }
        >
          {tr(lang, {
            pt: 'Se a página acabou de carregar, tente de novo; se não, recarregue-a. Você também pode preencher abaixo.',
            en: 'If the page has just loaded, try again; otherwise reload it. You can also fill in below.',
          })}
        </Notice>
      )}

      {origin?.kind === 'pending' && (
        <Notice
          tone={origin.read ? 'info' : 'warning'}
          title={tr(lang, { pt: 'Texto selecionado', en: 'Selected text' })}
        >
          <p className="break-words">“{origin.text}”</p>
          {!origin.read && (
            <p className="mt-1">
              {tr(lang, {
                pt: 'Não reconhecemos um nome e uma empresa nesse texto. Preencha abaixo.',
                en: 'We could not read a name and a company in this text. Fill in below.',
              })}
            </p>
          )}
        </Notice>
      )}
    </section>
  );
}
