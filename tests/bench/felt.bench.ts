/**
 * The spans a user feels, in Chromium through the built extension against the sandbox (latency ×0.01), each next
 * to a FLOOR measured in the same run: a trivial page of the same extension that paints a constant. The floor
 * page exists only in the bench's own copy of the build (a temporary directory), never in the shipped one.
 * Playwright's request routing is removed before anything is timed.
 *
 *   - lookup overhead: click on "Analisar" → result in the DOM, minus the server's own time (Server-Timing `total`,
 *     which the sandbox measures from the request's arrival to its answer); its floor is one message from the panel
 *     to the worker and back;
 *   - panel open → detected person on screen (`panel-ready`), warm worker and right after stopping the worker
 *     (CDP ServiceWorker.stopAllWorkers), with the woken worker's own start → code evaluated → ready (messages
 *     handled) → settled (the rest of its start-up), from its performance marks;
 *   - popup open, at the address the toolbar icon opens → cached balance on screen (`perfil:balance-shown`); the
 *     popup's full-view height at 352 px;
 *   - the panel's JavaScript, gzipped: what it loads before its first paint (sidepanel.html's scripts, what its entry
 *     imports at once, and their static imports) next to the total with every chunk a lazy `import()` loads on first
 *     use; the floor beside it is React alone (react + react-dom/client, minified and gzipped), which any React page
 *     of the extension loads.
 *
 * The panel's last shown analysis is forgotten before each open (a panel opened again would bring it back), so each
 * open measures the page's person.
 * Each figure is printed with its median and extremes over the runs and, where it is a time to the screen, its
 * ratio to the floor of the same run. Where a budget is not met, the floor and the extension's own share are printed.
 *
 *   npm run build:sandbox && npx tsx tests/bench/felt.bench.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { extensionPath } from '../e2e/browser';
import { panelScripts } from './sidepanel.bench';
import { openProfileBench, readyToRun } from './profile-bench';
import { median, runWhenMain } from './stats';

export const kind = 'browser';

const RUNS = 9;
const BUDGET = {
  lookupMs: 30,
  sleptRatio: 1.3,
  panelFloor: 2.0,
  popupFloor: 1.25,
  popupPx: 600,
  panelGzKb: 90,
};

/** gzipped kB of React alone: the JavaScript floor of any React page (the speed bench prints it too). */
export async function reactFloorKb(): Promise<number> {
  const result = await build({
    stdin: {
      contents: `import { createElement } from 'react'; import { createRoot } from 'react-dom/client';
createRoot(document.body).render(createElement('p', null, '42 créditos'));`,
      resolveDir: path.resolve(import.meta.dirname, '../..'),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents).length / 1024;
}

const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} (min ${Math.min(...xs).toFixed(1)} – max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** Milliseconds from a click on the `index`-th element matching `click` until an element matching `shown` is on the page. */
export const clickUntilShown = (page: Page, click: string, shown: string, index = 0) =>
  page.evaluate(
    ([click, shown, index]) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (!document.querySelector(shown)) return;
          obs.disconnect();
          resolve(performance.now() - t0);
        });
        obs.observe(document.body, { childList: true, subtree: true });
        (document.querySelectorAll(click)[index] as HTMLElement).click();
      }),
    [click, shown, index] as const,
  );

/**
 * Evaluates `expression` (awaited, its value returned as a string) in the extension's running worker, over the
 * browser's CDP session: Playwright's Worker handle does not follow a worker that was stopped and woken.
 */
export async function evaluateInWorker(
  browserCdp: CDPSession,
  extensionId: string,
  expression: string,
): Promise<string> {
  const { targetInfos } = await browserCdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(extensionId));
  if (!target) throw new Error('the extension worker is not running');
  const { sessionId } = await browserCdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  try {
    const reply = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker did not answer')), 20_000);
      const onMessage = (e: { sessionId?: string; message: string }) => {
        const m = JSON.parse(e.message) as { id?: number; result?: { result?: { value?: string } } };
        if (e.sessionId !== sessionId || m.id !== 1) return;
        clearTimeout(timer);
        browserCdp.off('Target.receivedMessageFromTarget', onMessage);
        resolve(m.result?.result?.value ?? '');
      };
      browserCdp.on('Target.receivedMessageFromTarget', onMessage);
    });
    await browserCdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, awaitPromise: true, returnByValue: true },
      }),
    });
    return await reply;
  } finally {
    await browserCdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

/**
 * The worker's own start → code evaluated, → ready (messages handled) and → settled (the rest of its start-up): its
 * performance marks, ms from its time origin.
 */
async function workerMarks(
  browserCdp: CDPSession,
  extensionId: string,
): Promise<{ main: number; ready: number; settled: number }> {
  const expression = `new Promise((resolve) => {
    const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
    const read = () => at('perfil:worker-settled') !== undefined
      ? resolve(JSON.stringify({ main: at('perfil:worker-main'), ready: at('perfil:worker-ready'),
          settled: at('perfil:worker-settled') }))
      : setTimeout(read, 20);
    read();
  })`;
  const marks = JSON.parse((await evaluateInWorker(browserCdp, extensionId, expression)) || '{}') as {
    main?: number;
    ready?: number;
    settled?: number;
  };
  return { main: marks.main ?? NaN, ready: marks.ready ?? NaN, settled: marks.settled ?? NaN };
}

/** ms from navigation start to `mark` on a fresh page at `url`. */
async function openTimed(context: BrowserContext, url: string, mark: string, keep = false) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 20_000 });
  const at = await page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
  if (!keep) await page.close();
  return { at, page };
}

export async function run(): Promise<string> {
  if (!existsSync(path.join(extensionPath, 'sidepanel.html')))
    throw new Error('Build the extension first: npm run build:sandbox');
  const bench = await openProfileBench('felt');
  const { copy, context, worker, ext, id, tab, panelUrl } = bench;
  const lines: string[] = [];
  try {
    const cdp = await context.newCDPSession(tab);
    await cdp.send('ServiceWorker.enable');
    const browserCdp = await context.browser()!.newBrowserCDPSession();

    const floor: number[] = [];
    const popupBalance: number[] = [];
    const panelWarm: number[] = [];
    const panelSlept: number[] = [];
    const workerReady: number[] = [];
    const workerEval: number[] = [];
    const workerSettled: number[] = [];
    const lookup: number[] = [];
    const lookupServer: number[] = [];
    const roundTrip: number[] = [];
    // The panel brings back the analysis it last showed (`shownEntry`); each open here starts from the page.
    const forgetShown = (page: Page) => page.evaluate(() => chrome.storage.session.remove('shownEntry'));
    const popupAddress = () => worker.evaluate(() => chrome.action.getPopup({}));
    for (let i = 0; i <= RUNS; i++) {
      const f = await openTimed(context, ext('floor.html'), 'floor-painted', true);
      await forgetShown(f.page);
      await f.page.close();
      // The popup at the address a click on the icon opens (it carries the last known balance).
      const p = await openTimed(context, await popupAddress(), 'perfil:balance-shown');
      const w = await openTimed(context, panelUrl, 'panel-ready', true);
      // A lookup from the panel just opened: click → result in the DOM, and the server's own time.
      await readyToRun(w.page);
      await worker.evaluate(() => performance.clearResourceTimings());
      const span = await clickUntilShown(w.page, '[data-testid=run]', '[data-testid=result]');
      const server = await worker.evaluate(() => {
        const calls = performance
          .getEntriesByType('resource')
          .filter((e) => /\/(crm|analisar)/.test(e.name)) as PerformanceResourceTiming[];
        // The server's whole time on the request (`total`: its simulated processing, its own work and its timer's
        // lateness); `app` alone where a server reports only that.
        return calls.reduce((n, e) => {
          const t =
            e.serverTiming.find((x) => x.name === 'total') ?? e.serverTiming.find((x) => x.name === 'app');
          return n + (t?.duration ?? NaN);
        }, 0);
      });
      // The lookup's floor: one message from the panel to the worker and its answer (an unknown job).
      const trip = await w.page.evaluate(async () => {
        const t0 = performance.now();
        await chrome.runtime.sendMessage({ type: 'job.get', data: { id: 'none' } });
        return performance.now() - t0;
      });
      await w.page.close();
      if (i === 0) continue; // the first round also loads the extension's files from disk
      floor.push(f.at);
      popupBalance.push(p.at);
      panelWarm.push(w.at);
      lookup.push(span - server);
      lookupServer.push(server);
      roundTrip.push(trip);
    }
    // The worker stopped, as after 30 s idle: the panel's open also wakes it (the floor beside it again). The woken
    // worker's own marks give its start → code evaluated and start → ready (its start-up steps done).
    for (let i = 0; i <= RUNS; i++) {
      const f = await openTimed(context, ext('floor.html'), 'floor-painted', true);
      await forgetShown(f.page); // before the stop: a storage change wakes the worker
      await f.page.close();
      await cdp.send('ServiceWorker.stopAllWorkers');
      await new Promise((r) => setTimeout(r, 300));
      const s = await openTimed(context, panelUrl, 'panel-ready');
      const marks = await workerMarks(browserCdp, id);
      if (i === 0) continue;
      floor.push(f.at);
      panelSlept.push(s.at);
      workerEval.push(marks.main);
      workerReady.push(marks.ready);
      workerSettled.push(marks.settled);
    }

    const heightPage = await context.newPage();
    await heightPage.setViewportSize({ width: 352, height: 600 });
    await heightPage.goto(ext('popup.html'));
    await heightPage.waitForFunction(() => performance.getEntriesByName('perfil:popup-ready').length > 0);
    const height = await heightPage.evaluate(() => document.documentElement.scrollHeight);

    const m = {
      floor: median(floor),
      popup: median(popupBalance),
      warm: median(panelWarm),
      slept: median(panelSlept),
      lookup: median(lookup),
      trip: median(roundTrip),
    };
    const kb = (files: { gzip: number }[]) => files.reduce((n, s) => n + s.gzip, 0) / 1024;
    const startup = panelScripts(copy);
    const gz = kb(startup);
    const gzAll = kb(panelScripts(copy, { lazy: true }));
    const reactKb = await reactFloorKb();
    const ratio = (x: number) => `${(x / m.floor).toFixed(2)}× the floor`;
    const own = (x: number, base = m.floor, name = 'floor') =>
      `${name} ${base.toFixed(1)} ms + the extension's own ${(x - base).toFixed(1)} ms`;
    const lookupOk = m.lookup <= BUDGET.lookupMs;
    const warmOk = m.warm / m.floor <= BUDGET.panelFloor;
    const sleptOk = m.slept / m.warm <= BUDGET.sleptRatio;
    const popupOk = m.popup / m.floor <= BUDGET.popupFloor;
    const gzOk = gz <= BUDGET.panelGzKb;
    lines.push(
      `floor (a page of the same extension painting a constant), ms from navigation: ${spread(floor)}`,
      `lookup overhead (click → result in the DOM − server time): ${spread(lookup)} ms · ${(m.lookup / m.trip).toFixed(2)}× the message floor · budget ≤ ${BUDGET.lookupMs} ms → ${verdict(lookupOk)}`,
      `  server time from Server-Timing: ${spread(lookupServer)} ms`,
      `  the lookup's floor, one message panel → worker → panel: ${spread(roundTrip)} ms` +
        (lookupOk ? '' : ` (${own(m.lookup, m.trip, 'message floor')})`),
      `panel open → detected person, warm worker: ${spread(panelWarm)} ms · ${ratio(m.warm)} · budget ≤ ${BUDGET.panelFloor}× → ${verdict(warmOk)}` +
        (warmOk ? '' : ` (${own(m.warm)})`),
      `panel open → detected person, worker stopped first: ${spread(panelSlept)} ms · ${(m.slept / m.warm).toFixed(2)}× the warm open · ${ratio(m.slept)} · budget ≤ ${BUDGET.sleptRatio}× the warm open → ${verdict(sleptOk)}` +
        (sleptOk
          ? ''
          : ` (warm open ${m.warm.toFixed(1)} ms + waking the worker ${(m.slept - m.warm).toFixed(1)} ms)`),
      `  worker start → code evaluated (its own marks, each woken start): ${spread(workerEval)} ms`,
      `  worker start → ready (messages handled from here): ${spread(workerReady)} ms`,
      `  worker start → settled (history retention, badge, icon, alarm done too): ${spread(workerSettled)} ms`,
      `popup open → cached balance on screen: ${spread(popupBalance)} ms · ${ratio(m.popup)} · budget ≤ ${BUDGET.popupFloor}× → ${verdict(popupOk)}` +
        (popupOk ? '' : ` (${own(m.popup)})`),
      `popup full-view height at 352 px, full account: ${height} px · budget ≤ ${BUDGET.popupPx} → ${verdict(height <= BUDGET.popupPx)}`,
      `panel JavaScript gzipped, before the first paint (sidepanel.html's scripts, what its entry imports at once, and their static imports): ${gz.toFixed(1)} kB · budget ≤ ${BUDGET.panelGzKb} kB → ${verdict(gzOk)}` +
        (gzOk
          ? ''
          : ` (React alone ${reactKb.toFixed(1)} kB + the extension's own ${(gz - reactKb).toFixed(1)} kB)`),
      ...startup.map(
        (s) => `  ${s.file}: ${(s.bytes / 1024).toFixed(1)} kB → ${(s.gzip / 1024).toFixed(1)} kB gz`,
      ),
      `  with every chunk loaded later on first use (lazy imports): ${gzAll.toFixed(1)} kB`,
      `  the floor, React alone (react + react-dom/client): ${reactKb.toFixed(1)} kB · the extension's own at startup ${(gz - reactKb).toFixed(1)} kB`,
    );
  } finally {
    await bench.close();
  }
  return lines.join('\n');
}

runWhenMain(import.meta.url, run);
