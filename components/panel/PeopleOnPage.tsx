import { browser } from 'wxt/browser';
import { useId } from 'react';
import { Button, Notice, Spinner } from '@/components/ui';
import type { Candidate } from '@/lib/extract/types';
import { tr } from '@/lib/i18n';
import { originHost, personName } from '@/lib/panel/format';
import { BatchLink } from './BatchLink';
import { fromChunk } from './chunk';
import { usePanel } from './context';
import type { Lang } from '@/lib/model';
import type { FormOrigin } from '@/lib/panel/slices/types';

// The offer to keep reading a site waits for the browser's answer about its grant: its code comes meanwhile.
const KeepSite = fromChunk(() => import('./KeepSite').then((m) => m.KeepSite));

/** Chrome shows its permission prompt only inside the click, so nothing is awaited before asking. */
async function allowSite(origin: string, detect: () => Promise<void>) {
  const granted = await browser.permissions.request({ origins: [origin] }).catch(() => false);
  if (granted) await detect();
}

function PersonButton({
  candidate,
  selected,
  onChoose,
  lang,
}: {
  candidate: Candidate;
  selected: boolean;
  onChoose: () => void;
  lang: Lang;
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
export function PeopleOnPage({ lang }: { lang: Lang }) {
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
        <Candidates
          candidates={detection.candidates}
          url={detection.url}
          origin={origin}
          choose={choose}
          manual={manual}
          lang={lang}
        />
      )}

      {detection.status === 'not_granted' && detection.origin && (
        <Notice
          tone="info"
          title={tr(lang, { pt: 'Detecção ainda não permitida aqui', en: 'Detection not allowed here yet' })}
          action={
            <Button
              variant="primary"
              size="sm"
              data-testid="allow-site"
              onClick={() => void allowSite(detection.origin!, detect)}
            >
              {tr(lang, { pt: 'Permitir detecção neste site', en: 'Allow detection on this site' })}
            </Button>
          }
        >
          {tr(lang, {
            pt: `Permita que a extensão leia ${originHost(detection.origin)} para achar a pessoa na página. Só este site; os outros continuam fechados. Ou preencha abaixo.`,
            en: `Let the extension read ${originHost(detection.origin)} to find the person on the page. This site only; others stay closed. Or fill in below.`,
          })}
        </Notice>
      )}

      {detection.status === 'not_granted' && !detection.origin && (
        // Without a grant Chrome does not tell the page's address, and the extension never asks for every site:
        // the user's own gesture on the page (toolbar icon, shortcut, context menu) lets it read this page once.
        <Notice
          tone="info"
          title={tr(lang, {
            pt: 'Clique no ícone para ler esta página',
            en: 'Click the icon to read this page',
          })}
        >
          <span data-testid="use-gesture">
            {tr(lang, {
              pt: 'Com a página aberta, clique no ícone da extensão na barra do navegador: ela lê só esta página, sem pedir permissão. Também funciona selecionar o nome e usar "Analisar" no menu do botão direito. Ou preencha abaixo.',
              en: 'With the page open, click the extension icon in the browser toolbar: it reads this page only, without asking for a permission. Selecting the name and using "Analyse" in the right-click menu works too. Or fill in below.',
            })}
          </span>
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

      {origin?.kind === 'pending' && <SelectedText origin={origin} lang={lang} />}
    </section>
  );
}

/** The people the page shows, to choose from (or all of them in a batch), and the way to enter someone else. */
function Candidates({
  candidates,
  url,
  origin,
  choose,
  manual,
  lang,
}: {
  candidates: Candidate[];
  url: string;
  origin: FormOrigin | null;
  choose: (index: number) => void;
  manual: () => void;
  lang: Lang;
}) {
  return (
    <>
      {candidates.length > 1 && (
        <p className="text-sm">
          {tr(lang, {
            pt: `${candidates.length} pessoas detectadas. Escolha quem analisar, ou `,
            en: `${candidates.length} people detected. Choose whom to analyse, or `,
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
        {candidates.map((c, i) => (
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
      <KeepSite url={url} lang={lang} />
      {origin?.kind !== 'manual' && (
        <Button variant="ghost" size="sm" className="self-start" onClick={manual}>
          {tr(lang, { pt: 'Preencher outra pessoa', en: 'Enter someone else' })}
        </Button>
      )}
    </>
  );
}

/** The text selected on the page for the context menu, and whether a person could be read in it. */
function SelectedText({ origin, lang }: { origin: Extract<FormOrigin, { kind: 'pending' }>; lang: Lang }) {
  return (
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
  );
}
