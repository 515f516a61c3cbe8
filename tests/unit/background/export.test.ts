import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { emptyAnalysis } from '@/lib/analysis/normalize';
import { answerExport, EXPORT_STEP, type WorkerMessage } from '@/lib/background/export';
import { createHistory, personKey } from '@/lib/history';
import type { ExportReply } from '@/lib/messaging';
import type { HistoryEntry } from '@/lib/model';
import { historyToCsv, historyToJson } from '../export-oracle';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

function entry(i: number, createdAt = NOW - i * 60_000): HistoryEntry {
  const input = { primeiro_nome: `Pessoa ${i}`, ultimo_nome: 'Souza', empresa: 'Nubank' };
  return {
    id: `e${i}`,
    personKey: personKey(input),
    input,
    depth: 'complete',
    lang: 'pt',
    endpoint: '/crm',
    creditsCharged: 2,
    createdAt,
    analysis: { ...emptyAnalysis(), cargo: `Cargo ${i}` },
    version: ANALYSIS_VERSION,
    issues: [],
  };
}

const open = () => createHistory({ retentionDays: () => 30, now: () => NOW });

/** A port that keeps what the worker posts on it. */
function port() {
  const posted: ExportReply[] = [];
  let closed = false;
  return {
    posted,
    closed: () => closed,
    port: { postMessage: (m: ExportReply) => void posted.push(m), close: () => void (closed = true) },
  };
}

/** Our pages' origin, as the worker's `runtime.getURL('/')` spells it. */
const OURS = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';

const ask = (
  p: ReturnType<typeof port>,
  format: 'json' | 'csv' = 'json',
  origin = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop',
): WorkerMessage => ({
  origin,
  data: { type: 'history.export', format },
  ports: [p.port],
});

/** The file the posted parts make, in order. */
const file = (p: ReturnType<typeof port>) => p.posted.map((m) => (m.type === 'error' ? '' : m.text)).join('');

interface JsonFile {
  entries: HistoryEntry[];
  count: number;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the export over the worker channel', () => {
  it('hands every entry, newest first, a step at a time with the progress, then the count, and closes', async () => {
    const history = open();
    const n = EXPORT_STEP + 3;
    // Written oldest first, two at each instant: the export still follows the history's order.
    for (let i = n - 1; i >= 0; i--) await history.put(entry(i, NOW - Math.floor(i / 2) * 1000));
    const p = port();
    await answerExport(history, ask(p), OURS);
    expect(p.posted.map((m) => m.type)).toEqual(['page', 'page', 'done']);
    const pages = p.posted.filter((m) => m.type === 'page');
    expect(pages.map(({ done, total }) => [done, total])).toEqual([
      [EXPORT_STEP, n],
      [n, n],
    ]);
    const all = (await history.page(null, n)).entries;
    expect(file(p)).toBe(historyToJson(all, new Date(JSON.parse(file(p)).exportedAt)));
    const ids = (JSON.parse(file(p)) as JsonFile).entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(n);
    expect(p.posted.at(-1)).toMatchObject({ type: 'done', count: n });
    expect(p.closed()).toBe(true);
  });

  it('leaves out what was deleted or is past retention', async () => {
    const history = open();
    for (let i = 0; i < 6; i++) await history.put(entry(i));
    await history.put(entry(6, NOW - 40 * DAY));
    await history.delete('e2');
    await history.prune();
    const p = port();
    await answerExport(history, ask(p), OURS);
    const exported = JSON.parse(file(p)) as JsonFile;
    expect(exported.entries.map((e) => e.id)).toEqual(['e0', 'e1', 'e3', 'e4', 'e5']);
    expect(exported.entries[0]).toEqual(entry(0));
    expect(exported.count).toBe(5);
    expect(p.posted.at(-1)).toMatchObject({ type: 'done', count: 5 });
  });

  it('writes the CSV when asked: the same file as one call, a row per entry', async () => {
    const history = open();
    const n = EXPORT_STEP + 2;
    for (let i = n - 1; i >= 0; i--) await history.put(entry(i));
    const p = port();
    await answerExport(history, ask(p, 'csv'), OURS);
    expect(p.posted.map((m) => m.type)).toEqual(['page', 'page', 'done']);
    expect(file(p)).toBe(historyToCsv((await history.page(null, n)).entries));
    expect(p.closed()).toBe(true);
  });

  it('an empty history is one empty step and a count of 0', async () => {
    const p = port();
    await answerExport(open(), ask(p), OURS);
    expect(p.posted).toMatchObject([
      { type: 'page', done: 0, total: 0 },
      { type: 'done', count: 0 },
    ]);
    expect(JSON.parse(file(p))).toMatchObject({ entries: [], count: 0 });
  });

  it('a failed read is an error on the port, not a silence', async () => {
    const p = port();
    const broken = { page: () => Promise.reject(new Error('disk')) };
    await answerExport(broken, ask(p), OURS);
    expect(p.posted).toHaveLength(1);
    expect(p.posted[0]!.type).toBe('error');
    expect(p.closed()).toBe(true);
  });

  it('ignores a message that is not an export request, or has no port', async () => {
    const p = port();
    const history = open();
    await history.put(entry(0));
    const origin = OURS.slice(0, -1);
    const bad: WorkerMessage[] = [
      { origin, data: { type: 'history.clear' }, ports: [p.port] },
      { origin, data: null, ports: [p.port] },
      { origin, data: { type: 'history.export' }, ports: [p.port] },
      { origin, data: { type: 'history.export', format: 'xml' }, ports: [p.port] },
      { origin, data: { type: 'history.export', format: 'json' }, ports: [] },
    ];
    for (const m of bad) await answerExport(history, m, OURS);
    expect(p.posted).toEqual([]);
  });

  it('answers nobody but our pages: another origin (a page, another extension) gets its port closed and no byte', async () => {
    const history = open();
    await history.put(entry(0));
    for (const origin of [
      'https://www.linkedin.com',
      'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba',
      '',
      'null',
    ]) {
      const p = port();
      await answerExport(history, ask(p, 'json', origin), OURS);
      expect(p.posted).toEqual([]);
      expect(p.closed()).toBe(true);
    }
  });
});
