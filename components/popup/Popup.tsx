import { browser } from 'wxt/browser';
import { useEffect, useRef } from 'react';
import {
  CreditAlerts,
  CreditsSummary,
  SERVICE_NOTICES,
  ServiceStatusBadge,
  openExtensionPage,
  openUpgrade,
  safeExternalUrl,
} from '@/components/credits';
import { Button, Notice, Spinner, useAction, useStored, type ActionState } from '@/components/ui';
import { send } from '@/lib/send';
import { tr, useLang } from '@/lib/i18n';
import { credits, keyStatus, onboardingDone, settings } from '@/lib/storage';
import { RunningJobs } from '@/components/batch/RunningJobs';
import type { Responses } from '@/lib/messaging';
import type { Credits, Lang } from '@/lib/model';
import type { Settings } from '@/lib/storage/local';

/** Marks when the full popup first showed the account, for the popup's opening benchmark. */
export const POPUP_READY_MARK = 'perfil:popup-ready';

export function Popup() {
  const lang = useLang();
  const cached = useStored(credits);
  const prefs = useStored(settings);
  const key = useStored(keyStatus);
  const onboarded = useStored(onboardingDone);
  const [refresh, runRefresh] = useAction(() => send('credits.get', {}));
  const [status, runStatus] = useAction(() => send('service.status', {}));
  const windowId = useRef<number | undefined>(undefined);

  const hasKey = key?.present === true;
  useEffect(() => {
    void runStatus();
    // The window is looked up now: the side panel must be opened within the click, before any await.
    void browser.windows.getCurrent().then((w) => (windowId.current = w.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the popup opens
  }, []);
  useEffect(() => {
    if (hasKey) void runRefresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refresh when a key appears
  }, [hasKey]);
  const shown = cached !== undefined && key !== undefined;
  useEffect(() => {
    if (shown) performance.mark(POPUP_READY_MARK);
  }, [shown]);

  const [panel, openPanel] = useAction(async () => {
    try {
      if (windowId.current === undefined) throw new Error('no window');
      await browser.sidePanel.open({ windowId: windowId.current });
    } catch {
      await send('open.panel', {});
    }
    window.close();
  });
  const openOptions = async () => {
    await browser.runtime.openOptionsPage();
    window.close();
  };
  // The service's purchase link, from an error body (402/403); without one, the plan comparison.
  const upgradeUrl =
    cached?.upgradeUrl ?? (refresh.status === 'error' ? refresh.apiError?.details?.upgradeUrl : null);

  const buyUrl = safeExternalUrl(upgradeUrl);

  return (
    <main className="flex w-[22rem] flex-col gap-3 p-4 text-sm">
      <ServiceStatus lang={lang} status={status} />

      <Balance
        lang={lang}
        hasKey={hasKey}
        onboarded={onboarded}
        prefs={prefs}
        cached={shown ? cached : undefined}
        refresh={refresh}
        onRefresh={() => void runRefresh()}
        upgradeUrl={upgradeUrl}
      />

      {hasKey && <RunningJobs lang={lang} />}

      <Actions
        lang={lang}
        panel={panel}
        onOpenPanel={() => void openPanel()}
        buyUrl={buyUrl}
        onOptions={() => void openOptions()}
      />
    </main>
  );
}

/** The service's state: the badge in the header, and what it says when it is down or could not be reached. */
function ServiceStatus({ lang, status }: { lang: Lang; status: ActionState<Responses['service.status']> }) {
  return (
    <>
      <header className="flex items-center justify-between gap-2">
        <h1 className="shrink-0 text-base font-bold">Perfil Intel</h1>
        <ServiceStatusBadge
          level={
            status.status === 'success' ? status.value.level : status.status === 'error' ? 'unknown' : null
          }
          lang={lang}
        />
      </header>
      {status.status === 'error' && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, { pt: 'Não foi possível verificar o serviço: ', en: 'Could not check the service: ' })}
          {tr(lang, status.error)}
        </p>
      )}
      {status.status === 'success' && status.value.level !== 'ok' && status.value.level !== 'unknown' && (
        <Notice tone={status.value.level === 'outage' ? 'danger' : 'warning'}>
          {tr(lang, SERVICE_NOTICES[status.value.level])}
          {status.value.detail && <span className="block text-xs">{status.value.detail}</span>}
        </Notice>
      )}
    </>
  );
}

/** The account: loading, the missing key's call to set one up, or the balance with its alerts and refresh. */
function Balance({
  lang,
  hasKey,
  onboarded,
  prefs,
  cached,
  refresh,
  onRefresh,
  upgradeUrl,
}: {
  lang: Lang;
  hasKey: boolean;
  onboarded: boolean | undefined;
  prefs: Settings | undefined;
  /** Undefined until both the balance and the key's state have been read. */
  cached: Credits | undefined;
  refresh: ActionState<Responses['credits.get']>;
  onRefresh: () => void;
  upgradeUrl: string | null | undefined;
}) {
  return cached === undefined ? (
    <Spinner size="md" label={tr(lang, { pt: 'Carregando', en: 'Loading' })} />
  ) : !hasKey ? (
    <Notice
      tone="info"
      title={tr(lang, { pt: 'Nenhuma chave de API configurada', en: 'No API key set up' })}
      action={
        <Button
          variant="primary"
          onClick={() => void openExtensionPage(onboarded ? 'options.html#chave' : 'options.html#onboarding')}
        >
          {tr(lang, { pt: 'Configurar chave', en: 'Set up a key' })}
        </Button>
      }
    >
      {tr(lang, {
        pt: 'Cole sua chave de API nas opções, ou experimente com o sandbox, para ver seu saldo e fazer análises.',
        en: 'Paste your API key in the options, or try the sandbox, to see your balance and run analyses.',
      })}
    </Notice>
  ) : (
    <>
      {prefs && (
        <CreditAlerts
          credits={cached}
          threshold={prefs.lowBalanceThreshold}
          lang={lang}
          onBuy={() => void openUpgrade(upgradeUrl)}
        />
      )}
      <CreditsSummary credits={cached} lang={lang} fold />
      <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {refresh.status === 'loading' && (
          <>
            <Spinner />
            {tr(lang, { pt: 'Atualizando o saldo…', en: 'Refreshing the balance…' })}
          </>
        )}
        {refresh.status === 'success' && tr(lang, { pt: 'Saldo atualizado.', en: 'Balance up to date.' })}
      </div>
      {refresh.status === 'error' && (
        <Notice
          tone="danger"
          title={tr(lang, {
            pt: 'Não foi possível atualizar o saldo',
            en: 'Could not refresh the balance',
          })}
          action={
            <Button size="sm" onClick={onRefresh}>
              {tr(lang, { pt: 'Tentar de novo', en: 'Try again' })}
            </Button>
          }
        >
          {tr(lang, refresh.error)}
        </Notice>
      )}
    </>
  );
}

/** The popup's actions: the side panel, buying or comparing plans, the options. */
function Actions({
  lang,
  panel,
  onOpenPanel,
  buyUrl,
  onOptions,
}: {
  lang: Lang;
  panel: ActionState<void>;
  onOpenPanel: () => void;
  buyUrl: string | null;
  onOptions: () => void;
}) {
  return (
    <nav className="flex flex-col gap-2" aria-label={tr(lang, { pt: 'Ações', en: 'Actions' })}>
      <Button variant="primary" onClick={onOpenPanel} loading={panel.status === 'loading'}>
        {tr(lang, { pt: 'Abrir painel lateral', en: 'Open the side panel' })}
      </Button>
      {panel.status === 'error' && <Notice tone="danger">{tr(lang, panel.error)}</Notice>}
      <div className="grid grid-flow-col gap-2">
        {buyUrl && (
          <Button onClick={() => void browser.tabs.create({ url: buyUrl })}>
            {tr(lang, { pt: 'Comprar créditos / upgrade', en: 'Buy credits / upgrade' })}
          </Button>
        )}
        <Button onClick={() => void openExtensionPage('options.html#planos')}>
          {tr(lang, { pt: 'Comparar planos', en: 'Compare plans' })}
        </Button>
      </div>
      <Button variant="ghost" onClick={onOptions}>
        {tr(lang, { pt: 'Opções', en: 'Options' })}
      </Button>
    </nav>
  );
}
