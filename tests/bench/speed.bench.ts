/**
 * The speed budgets of the single lookup and of the panel and popup opening, in Chromium through the built extension
 * against the sandbox (latency ×0.01), each printed beside a FLOOR measured in the same run: a trivial page of the
 * same extension that paints a constant (written only into the bench's own copy of the build, never the shipped one).
 * Playwright's request routing is removed before anything is timed.
 *
 *   - lookup overhead: click on "Analisar" → result in the DOM, minus the server's own time (Server-Timing `total`)
 *     (≤ 30 ms), and inside it the answer → DOM: the end of the response in the worker (its resource timing) → the
 *     result's first part (header, summary, OCEAN bars) in the panel's DOM (≤ 10 ms), both clocks put on one line by
 *     their time origins. The answer → DOM is split at the marks the extension sets on the way: the worker announces
 *     the result (`perfil:lookup-announced`), the panel receives it (`perfil:lookup-settled`), React commits the
 *     result's first part (`perfil:result-committed`) and the rest of the analysis (`perfil:result-rest`);
 *   - where the answer → DOM time goes, profiled on extra lookups: the panel's long tasks and long animation frames in
 *     that span, and a CPU profile of the panel (CDP Profiler, 100 µs samples) summed by script and by function
 *     between the response's end and the DOM;
 *   - panel open → detected person on screen (`panel-ready`) ≤ 1.8× the floor; popup open → cached balance
 *     (`perfil:balance-shown`) ≤ 1.2× the floor;
 *   - the side panel's JavaScript before its first paint, gzipped (≤ 75 kB), and the content scripts (≤ 8 kB each) and
 *     reader modules (≤ 16 kB each) with their headroom.
 *
 * Medians and extremes of RUNS runs; nothing here fails on time.
 *
 *   npm run bench -- speed
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { extensionPath } from '../e2e/browser';
import { reactFloorKb } from './felt.bench';
import { PANEL_FIRST_PAINT_GZ_KB } from './panel-budget';
import { openProfileBench, readyToRun } from './profile-bench';
import { panelScripts } from './sidepanel.bench';
import { median, runWhenMain } from './stats';

export const kind = 'browser';

const RUNS = Number(process.env.SPEED_RUNS ?? 11);
const PROFILED = 3;
export const SPEED_BUDGET = {
  lookupMs: 30,
  answerToDomMs: 10,
  panelFloor: 1.8,
  popupFloor: 1.2,
  panelGzKb: PANEL_FIRST_PAINT_GZ_KB,
  contentScriptBytes: 8 * 1024,
  readerModuleBytes: 16 * 1024,
};

const spread = (xs: number[]) =>
  xs.length === 0
    ? 'no sample'
    : `median ${median(xs).toFixed(1)} (min ${Math.min(...xs).toFixed(1)} – max ${Math.max(...xs).toFixed(1)}, n=${xs.length})`;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
const headroom = (value: number, budget: number, unit: string) =>
  `${value <= budget ? 'headroom' : 'over by'} ${Math.abs(budget - value).toFixed(1)} ${unit}`;

/** ms from navigation start to `mark` on a fresh page at `url`. */
async function openTimed(context: BrowserContext, url: string, mark: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 20_000 });
  const at = await page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
  return { at, page };
}

/** One lookup's times on the panel's clock, as epoch ms (timeOrigin + startTime), and its long tasks. */
interface PanelSide {
  clicked: number;
  dom: number;
  settled?: number;
  committed?: number;
  rest?: number;
  longTasks: { start: number; duration: number }[];
  frames: { start: number; duration: number; blocking: number; scripts: string[] }[];
}

/**
 * Clicks "Analisar" in the panel and waits until the result's first part (the summary card) is in the DOM, then for
 * the rest of the analysis; reads the panel's marks.
 */
async function lookupInPanel(panel: Page): Promise<PanelSide> {
  // A string, not a function: the bench's own compiler would wrap named functions in a helper the page lacks.
  const done = panel.evaluate(`new Promise((resolve) => {
    const abs = (t) => performance.timeOrigin + t;
    const longTasks = [];
    const frames = [];
    const observers = [];
    const observe = (type, take) => {
      if (!PerformanceObserver.supportedEntryTypes.includes(type)) return;
      const o = new PerformanceObserver((list) => list.getEntries().forEach(take));
      o.observe({ type, buffered: false });
      observers.push(o);
    };
    observe('longtask', (e) => longTasks.push({ start: abs(e.startTime), duration: e.duration }));
    observe('long-animation-frame', (f) =>
      frames.push({
        start: abs(f.startTime),
        duration: f.duration,
        blocking: f.blockingDuration,
        scripts: f.scripts.map(
          (s) => (s.sourceFunctionName || '(anonymous)') + ' ' + s.sourceURL.split('/').pop() + ' ' + s.duration.toFixed(1) + ' ms',
        ),
      }),
    );
    for (const m of ['perfil:lookup-settled', 'perfil:result-committed', 'perfil:result-rest']) performance.clearMarks(m);
    const mark = (name) => {
      const e = performance.getEntriesByName(name).at(-1);
      return e ? abs(e.startTime) : undefined;
    };
    let dom = 0;
    let clicked = 0;
    const finish = () => {
      for (const o of observers) o.disconnect();
      resolve({
        clicked,
        dom,
        settled: mark('perfil:lookup-settled'),
        committed: mark('perfil:result-committed'),
        rest: mark('perfil:result-rest'),
        longTasks,
        frames,
      });
    };
    const waitRest = (tries) => {
      if (mark('perfil:result-rest') !== undefined || tries > 50) return setTimeout(finish, 50);
      setTimeout(() => waitRest(tries + 1), 20);
    };
    const obs = new MutationObserver(() => {
      if (!document.querySelector('[data-testid=result] [data-testid=summary-card]')) return;
      dom = abs(performance.now());
      obs.disconnect();
      // the rest of the analysis renders after the first part: scrolled to, or when idle
      window.scrollTo(0, document.body.scrollHeight);
      waitRest(0);
    });
    obs.observe(document.body, { childList: true, subtree: true });
    clicked = abs(performance.now());
    document.querySelector('[data-testid=run]').click();
  })`) as Promise<PanelSide>;
  // A lookup that never shows its result (an error on screen) ends the bench with what the panel says.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void panel
        .locator('body')
        .innerText()
        .then((text) => reject(new Error(`no result within 30 s; the panel says: ${text.slice(-700)}`)));
    }, 30_000);
  });
  try {
    return await Promise.race([done, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** The worker's side of the last lookup: the response's end, the server's own time, the announce mark (epoch ms). */
function workerSide(worker: Worker): Promise<{ server: number; responseEnd: number; announced?: number }> {
  return worker.evaluate(`(() => {
    const calls = performance.getEntriesByType('resource').filter((e) => /\\/(crm|analisar)/.test(e.name));
    const last = calls.at(-1);
    const server = calls.reduce((n, e) => {
      const t = e.serverTiming.find((x) => x.name === 'total') ?? e.serverTiming.find((x) => x.name === 'app');
      return n + (t?.duration ?? NaN);
    }, 0);
    const announced = performance.getEntriesByName('perfil:lookup-announced').at(-1);
    return {
      server,
      responseEnd: last ? performance.timeOrigin + last.responseEnd : NaN,
      announced: announced ? performance.timeOrigin + announced.startTime : undefined,
    };
  })()`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time by script and by function of the samples that fall inside [from, to] (µs, the profile's clock), taking
 * the last sample as `to`'s end when the span is given as the profile's tail.
 */
function selfTimes(profile: CpuProfile, fromUs: number, toUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (t < fromUs || t > toUs) return;
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') return;
    const script = f.url ? f.url.split('/').pop()! : f.functionName;
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
    const fn = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
  });
  return { byScript, byFunction };
}

const add = (into: Map<string, number[]>, from: Map<string, number>, run: number) => {
  for (const [k, v] of from) {
    const xs = into.get(k) ?? [];
    xs[run] = v;
    into.set(k, xs);
  }
};
const perRun = (xs: number[], runs: number) => Array.from({ length: runs }, (_, i) => xs[i] ?? 0);

/** Every content script and reader module of the build, with its size and its budget. */
export function scriptSizes(dir = extensionPath) {
  return readdirSync(dir)
    .filter((f) => /^(content|extract)-.*\.js$/.test(f))
    .sort()
    .map((file) => ({
      file,
      bytes: statSync(path.join(dir, file)).size,
      budget: file.startsWith('content-') ? SPEED_BUDGET.contentScriptBytes : SPEED_BUDGET.readerModuleBytes,
    }));
}

export async function run(): Promise<string> {
  if (!existsSync(path.join(extensionPath, 'sidepanel.html')))
    throw new Error('Build the extension first: npm run build:sandbox');
  const bench = await openProfileBench('speed');
  const { copy, context, worker, ext, panelUrl } = bench;
  const lines: string[] = [];
  try {
    const forgetShown = (page: Page) => page.evaluate(() => chrome.storage.session.remove('shownEntry'));
    const popupAddress = () => worker.evaluate(() => chrome.action.getPopup({}));

    const floor: number[] = [];
    const popup: number[] = [];
    const panelOpen: number[] = [];
    const lookup: number[] = [];
    const server: number[] = [];
    const answerToDom: number[] = [];
    const toAnnounce: number[] = [];
    const toPanel: number[] = [];
    const toCommit: number[] = [];
    const commitToDom: number[] = [];
    const toRest: number[] = [];
    const longTaskMs: number[] = [];
    const frameMs: number[] = [];
    const frameScripts = new Map<string, number>();
    const scripts = new Map<string, number[]>();
    const functions = new Map<string, number[]>();
    let profiledRuns = 0;

    for (let i = 0; i <= RUNS + PROFILED; i++) {
      const profiled = i > RUNS;
      const f = await openTimed(context, ext('floor.html'), 'floor-painted');
      await forgetShown(f.page);
      await f.page.close();
      const p = await openTimed(context, await popupAddress(), 'perfil:balance-shown');
      await p.page.close();
      const w = await openTimed(context, panelUrl, 'panel-ready');
      await readyToRun(w.page);
      await worker.evaluate(() => {
        performance.clearResourceTimings();
        performance.clearMarks('perfil:lookup-announced');
      });
      const cdp = profiled ? await context.newCDPSession(w.page) : undefined;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const side = await lookupInPanel(w.page);
      const ws = await workerSide(worker);
      if (cdp) {
        const { profile: cpu } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        // The profile's clock (µs, monotonic) and the page's: the page's performance.now() read on both.
        const { now, origin } = await w.page.evaluate(() => ({
          now: performance.now(),
          origin: performance.timeOrigin,
        }));
        const endUs = cpu.startTime + cpu.timeDeltas.reduce((n, d) => n + d, 0);
        // The profile ended just before `now`: the sample clock's value at a page time t is endUs − (now − t)·1000.
        const toUs = (epochMs: number) => endUs - (now - (epochMs - origin)) * 1000;
        const { byScript, byFunction } = selfTimes(cpu, toUs(ws.responseEnd), toUs(side.dom));
        add(scripts, byScript, profiledRuns);
        add(functions, byFunction, profiledRuns);
        profiledRuns++;
        await cdp.detach();
      }
      await w.page.close();
      if (i === 0) continue; // the first round also loads the extension's files from disk
      const inSpan = (start: number, duration: number) =>
        start + duration > ws.responseEnd && start < side.dom;
      if (!profiled) {
        floor.push(f.at);
        popup.push(p.at);
        panelOpen.push(w.at);
        lookup.push(side.dom - side.clicked - ws.server);
        server.push(ws.server);
        answerToDom.push(side.dom - ws.responseEnd);
        if (ws.announced !== undefined) toAnnounce.push(ws.announced - ws.responseEnd);
        if (ws.announced !== undefined && side.settled !== undefined)
          toPanel.push(side.settled - ws.announced);
        if (side.settled !== undefined && side.committed !== undefined)
          toCommit.push(side.committed - side.settled);
        if (side.committed !== undefined) commitToDom.push(side.dom - side.committed);
        if (side.rest !== undefined) toRest.push(side.rest - ws.responseEnd);
      }
      longTaskMs.push(
        side.longTasks.filter((t) => inSpan(t.start, t.duration)).reduce((n, t) => n + t.duration, 0),
      );
      const frames = side.frames.filter((t) => inSpan(t.start, t.duration));
      frameMs.push(frames.reduce((n, t) => n + t.duration, 0));
      for (const s of frames.flatMap((x) => x.scripts)) frameScripts.set(s, (frameScripts.get(s) ?? 0) + 1);
    }

    const m = {
      floor: median(floor),
      popup: median(popup),
      open: median(panelOpen),
      lookup: median(lookup),
      answer: median(answerToDom),
    };
    const startup = panelScripts(copy);
    const gz = startup.reduce((n, s) => n + s.gzip, 0) / 1024;
    const gzAll = panelScripts(copy, { lazy: true }).reduce((n, s) => n + s.gzip, 0) / 1024;
    const react = await reactFloorKb();
    const ratio = (x: number) => x / m.floor;
    const lookupOk = m.lookup <= SPEED_BUDGET.lookupMs;
    const answerOk = m.answer <= SPEED_BUDGET.answerToDomMs;
    const openOk = ratio(m.open) <= SPEED_BUDGET.panelFloor;
    const popupOk = ratio(m.popup) <= SPEED_BUDGET.popupFloor;
    const gzOk = gz <= SPEED_BUDGET.panelGzKb;
    const top = (map: Map<string, number[]>, n: number) =>
      [...map]
        .map(([k, xs]) => [k, median(perRun(xs, profiledRuns))] as const)
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(2)} ms  ${k}`);
    lines.push(
      `floor (a page of the same extension painting a constant), ms from navigation: ${spread(floor)}`,
      `lookup overhead (click → result in the DOM − server time): ${spread(lookup)} ms · budget ≤ ${SPEED_BUDGET.lookupMs} ms → ${verdict(lookupOk)} (${headroom(m.lookup, SPEED_BUDGET.lookupMs, 'ms')})`,
      `  server time from Server-Timing: ${spread(server)} ms`,
      `  answer → DOM (the response's end in the worker → the result's header, summary and OCEAN bars in the panel's DOM): ${spread(answerToDom)} ms · budget ≤ ${SPEED_BUDGET.answerToDomMs} ms → ${verdict(answerOk)} (${headroom(m.answer, SPEED_BUDGET.answerToDomMs, 'ms')})`,
      `    response end → worker announces the result (body read, validated, normalised): ${spread(toAnnounce)} ms`,
      `    announced → the panel has the message: ${spread(toPanel)} ms`,
      `    message → React committed the result's first part (store, render, commit): ${spread(toCommit)} ms`,
      `    committed → seen in the DOM by the bench's observer: ${spread(commitToDom)} ms`,
      `  answer → the rest of the analysis rendered (sections, composer; scrolled to at once): ${spread(toRest)} ms`,
      `panel open → detected person, warm worker: ${spread(panelOpen)} ms · ${ratio(m.open).toFixed(2)}× the floor · budget ≤ ${SPEED_BUDGET.panelFloor}× → ${verdict(openOk)}`,
      `popup open → cached balance on screen: ${spread(popup)} ms · ${ratio(m.popup).toFixed(2)}× the floor · budget ≤ ${SPEED_BUDGET.popupFloor}× → ${verdict(popupOk)}`,
      `side panel JavaScript gzipped before the first paint: ${gz.toFixed(1)} kB · budget ≤ ${SPEED_BUDGET.panelGzKb} kB → ${verdict(gzOk)} (${headroom(gz, SPEED_BUDGET.panelGzKb, 'kB')})`,
      ...startup.map(
        (s) => `  ${s.file}: ${(s.bytes / 1024).toFixed(1)} kB → ${(s.gzip / 1024).toFixed(1)} kB gz`,
      ),
      `  of which React (react and react-dom bundled alone): ${react.toFixed(1)} kB gz; the panel's own code and the rest: ${(gz - react).toFixed(1)} kB gz`,
      `  with every chunk loaded later on first use: ${gzAll.toFixed(1)} kB`,
      `content scripts (≤ ${SPEED_BUDGET.contentScriptBytes} bytes) and reader modules (≤ ${SPEED_BUDGET.readerModuleBytes} bytes):`,
      ...scriptSizes(copy).map(
        (s) =>
          `  ${s.file}: ${s.bytes} bytes · ${verdict(s.bytes <= s.budget)} (${headroom(s.bytes, s.budget, 'bytes')})`,
      ),
      `where the answer → DOM goes (all ${RUNS + PROFILED} lookups, the panel's main thread):`,
      `  long tasks (≥ 50 ms) overlapping the span: ${spread(longTaskMs)} ms`,
      `  long animation frames (≥ 50 ms) overlapping the span: ${spread(frameMs)} ms`,
      ...[...frameScripts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([s, n]) => `    script in a long frame (${n}×): ${s}`),
      `  CPU profile of ${profiledRuns} lookups (CDP Profiler, 100 µs samples), self time between the response's end and the DOM, median per lookup:`,
      `   by script:`,
      ...top(scripts, 8),
      `   by function:`,
      ...top(functions, 12),
    );
  } finally {
    await bench.close();
  }
  return lines.join('\n');
}

runWhenMain(import.meta.url, run);
