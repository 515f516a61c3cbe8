import { useEffect, useRef } from 'react';
import { Button, Spinner, useStored } from '@/components/ui';
import { fromChunk } from '@/components/panel/chunk';
import { usePanel, useSend } from '@/components/panel/context';
import { BatchLink } from '@/components/panel/BatchLink';
import { PreviousLink } from '@/components/panel/PreviousLink';
import { PeopleOnPage } from '@/components/panel/PeopleOnPage';
import { creditsText, tr, useLang } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { local } from '@/lib/storage/later';
import { idle } from '@/components/panel/idle';

// The first paint shows the page's people; the form, the lookup's progress and outcome, an analysis, the meeting and
// the history are chunks of their own. The form and the outcome start loading with the panel (the detected person
// brings them at once); the rest one by one in the idle moments after the first paint (so a click, and the first
// result, find them ready), or at once by a screen that needs one first. The panel's start-up script carries none of
// them (tests/e2e/sidepanel-first-paint.spec.ts reads the build to hold it so).
const loadingScreen = ({ lang }: { lang: Lang }) => (
  <Spinner label={tr(lang, { pt: 'Carregando…', en: 'Loading…' })} />
);
const LookupForm = fromChunk(() => import('@/components/panel/LookupForm').then((m) => m.LookupForm));
const OutcomeNotice = fromChunk(() =>
  import('@/components/panel/OutcomeNotice').then((m) => m.OutcomeNotice),
);
const RunningCard = fromChunk(() => import('@/components/panel/RunningCard').then((m) => m.RunningCard));
// The line over an analysis that followed the seller to another page: shown with the result's view only.
const CarriedNotice = fromChunk(() => import('@/components/panel/Carried').then((m) => m.CarriedNotice));
const ResultView = fromChunk(
  () => import('@/components/panel/ResultView').then((m) => m.ResultView),
  loadingScreen,
);
// Meeting prep: on a calendar event or an invitation, the meeting's external people take the place of the form.
const MeetingView = fromChunk(
  () => import('@/components/meeting/MeetingView').then((m) => m.MeetingView),
  loadingScreen,
);
const HistoryView = fromChunk(
  () => import('@/components/panel/HistoryView').then((m) => m.HistoryView),
  loadingScreen,
);
// What the seller's correction teaches the site, "Mostrar na página" and the recipe's notices (lib/recipe/).
const TeachSite = fromChunk(() => import('@/components/panel/TeachSite').then((m) => m.TeachSite));
// A running batch's progress: it reads the batch's stored items, which the first paint does without.
const RunningJobs = fromChunk(() => import('@/components/batch/RunningJobs').then((m) => m.RunningJobs));
for (const piece of [LookupForm, OutcomeNotice]) void piece.preload().catch(() => undefined);
const later = [RunningJobs, RunningCard, ResultView, CarriedNotice, HistoryView, MeetingView, TeachSite];

/** Loads `pieces` one per idle moment of the browser, so that none delays a frame. */
function preloadWhenIdle(pieces: { preload(): Promise<unknown> }[]) {
  const next = (i: number) => {
    if (i >= pieces.length) return;
    idle(
      () =>
        void pieces[i]!.preload()
          .catch(() => undefined)
          .then(() => next(i + 1)),
    );
  };
  next(0);
}

/**
 * The balance in the panel's header, a component of its own: the balance changes with each lookup, right after its
 * result shows, and only this line renders again for it, not the whole panel.
 */
function Balance({ lang }: { lang: Lang }) {
  const balance = useStored(local.credits)?.balance;
  return (
    <span className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="panel-balance">
      {balance !== null &&
        balance !== undefined &&
        `${tr(lang, { pt: 'Saldo', en: 'Balance' })}: ${creditsText(lang, balance)}`}
    </span>
  );
}

/** Set once the panel first shows real content (people, a form, a lookup): the cold-open benchmark reads it. */
export const PANEL_READY_MARK = 'panel-ready';

export function App() {
  const send = useSend();
  const lang = useLang();
  const prefs = useStored(local.settings);
  const screen = usePanel((s) => s.screen);
  const detected = usePanel((s) => s.detection.status === 'done');
  const outcome = usePanel((s) => s.outcome);
  const origin = usePanel((s) => s.origin);
  const meeting = usePanel((s) => (s.detection.status === 'done' ? s.detection.meeting : undefined));
  const settled = usePanel((s) => s.detection.status !== 'idle' && s.detection.status !== 'detecting');
  const configure = usePanel((s) => s.configure);
  const showHistory = usePanel((s) => s.showHistory);
  const back = usePanel((s) => s.back);
  const main = useRef<HTMLElement>(null);

  const key = useStored(local.keyStatus);
  const hasKey = key?.present === true;
  const keyId = hasKey ? key.masked : '';
  const requote = usePanel((s) => s.requote);
  useEffect(() => {
    // The balance shown before spending; free, and the background asks the service at most every 30 s.
    if (keyId) void send('credits.get', {}).catch(() => undefined);
    // Prices and availability depend on the key's tier: another key is quoted again at once.
    requote();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per saved key
  }, [keyId]);

  const loaded = prefs !== undefined;
  useEffect(() => {
    if (prefs) configure({ depth: prefs.defaultDepth, lang: prefs.analysisLanguage });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the defaults apply once, when the settings load
  }, [loaded]);

  const ready = settled || screen.kind !== 'page';
  useEffect(() => {
    if (!ready || performance.getEntriesByName(PANEL_READY_MARK).length > 0) return;
    performance.mark(PANEL_READY_MARK);
    // once the first paint is done, the pieces loaded on first use are fetched while idle, so a click finds them ready
    preloadWhenIdle(later);
  }, [ready]);

  // A lookup on its way: its result's view is fetched now if no idle moment has brought it yet, so the answer does
  // not wait for it.
  const waiting = screen.kind === 'running';
  useEffect(() => {
    if (waiting) for (const piece of [ResultView, CarriedNotice]) void piece.preload().catch(() => undefined);
  }, [waiting]);

  // A new screen takes the keyboard to its heading, so keyboard and screen-reader users land on it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // a screen loaded on first use renders a moment later: look for its heading until it is there
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const heading = main.current?.querySelector<HTMLElement>('h2[tabindex="-1"]');
      if (heading) heading.focus();
      else if (tries++ < 60) frame = requestAnimationFrame(focus);
    };
    focus();
    return () => cancelAnimationFrame(frame);
  }, [screen.kind]);

  const running = screen.kind === 'running';
  const onHistory = screen.kind === 'history' || (screen.kind === 'result' && screen.via === 'history');
  const tab = (current: boolean) =>
    current ? 'border-b-2 border-indigo-700 dark:border-indigo-300 rounded-b-none' : '';

  return (
    <div className="flex min-h-screen flex-col text-sm">
      <header className="sticky top-0 z-10 border-b border-zinc-200 bg-white/95 px-3 pt-2 dark:border-zinc-700 dark:bg-zinc-900/95 print:hidden">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-base font-bold">Perfil Intel</h1>
          <Balance lang={lang} />
        </div>
        <nav
          aria-label={tr(lang, { pt: 'Seções do painel', en: 'Panel sections' })}
          className="mt-1 flex gap-1"
        >
          <Button
            variant="ghost"
            size="sm"
            aria-current={!onHistory ? 'page' : undefined}
            className={tab(!onHistory)}
            onClick={back}
          >
            {tr(lang, { pt: 'Nesta página', en: 'On this page' })}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-current={onHistory ? 'page' : undefined}
            className={tab(onHistory)}
            disabled={running}
            onClick={showHistory}
            data-testid="nav-history"
          >
            {tr(lang, { pt: 'Histórico', en: 'History' })}
          </Button>
          <BatchLink className="ml-auto self-center text-xs" data-testid="nav-batch">
            {tr(lang, { pt: 'Análise em lote', en: 'Batch analysis' })}
          </BatchLink>
        </nav>
      </header>
      <main ref={main} className="flex flex-1 flex-col gap-4 p-3">
        <RunningJobs lang={lang} />
        {screen.kind === 'running' && <RunningCard job={screen.job} lang={lang} />}
        {screen.kind === 'result' && (
          <>
            <CarriedNotice lang={lang} />
            {/* each analysis is a view of its own: its first part paints before its sections again */}
            <ResultView
              key={screen.entry.id}
              entry={screen.entry}
              via={screen.via}
              lang={lang}
              prefs={prefs}
            />
          </>
        )}
        {screen.kind === 'history' && <HistoryView lang={lang} />}
        {screen.kind === 'page' && (
          <>
            {outcome && <OutcomeNotice outcome={outcome} lang={lang} />}
            <PreviousLink lang={lang} />
            {meeting ? (
              <MeetingView reading={meeting} lang={lang} prefs={prefs} />
            ) : (
              <>
                <PeopleOnPage lang={lang} />
                {detected && <TeachSite lang={lang} />}
                {origin && <LookupForm lang={lang} prefs={prefs} />}
              </>
            )}
          </>
        )}
      </main>
    </div>
  );
}
