import { describe, expect, it, vi } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/accounts';
import { LONG_LINE_BEFORE, TRICKLE_TEXT } from '../../sandbox/oversize';
import { ERROR_ITEMS_MAX, ERROR_TEXT_MAX } from '@/lib/api/errors';
import { MAX_BODY_BYTES } from '@/lib/api/json';
import { createSseParser, MAX_SSE_LINE, type SseEvent } from '@/lib/api/sse';
import { infoHandlers } from '@/lib/background/info';
import { MAX_ITEMS, MAX_TEXT } from '@/lib/text';
import { failure, setupSandbox } from './sandbox';

/* Oversized and slow bodies from the service, over real HTTP (the sandbox's `oversize` faults). */

const sb = setupSandbox();
const oversize = (body: Record<string, unknown>) =>
  fetch(`${sb.url()}/__sandbox/oversize`, { method: 'POST', body: JSON.stringify(body) }).then((r) => {
    if (!r.ok) throw new Error(`oversize: ${r.status}`);
  });
const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

/** Every string reachable in a value, and their total length. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => strings(x, out.concat(k)));
  return out;
}
const totalChars = (v: unknown) => strings(v).reduce((n, s) => n + s.length, 0);

describe('SSE parser bounds', () => {
  it('examines each character once, however the text is chunked (20 kB in 1-char chunks)', () => {
    const body = `data: ${'x'.repeat(20_000)}\n\n`;
    const parser = createSseParser();
    const events: SseEvent[] = [];
    for (const c of body) events.push(...parser.push(c));
    expect(events).toEqual([{ event: 'message', data: 'x'.repeat(20_000) }]);
    expect(parser.scanned).toBe(body.length);
  });

  it('drops a line past its limit, marks its event, and reads the next event normally', () => {
    const parser = createSseParser();
    const events = [
      ...parser.push(`data: ${'y'.repeat(MAX_SSE_LINE)}`),
      ...parser.push(`${'y'.repeat(MAX_SSE_LINE)}\n\ndata: ok\n\n`),
      ...parser.end(),
    ];
    expect(events).toEqual([
      { event: 'message', data: '', oversized: true },
      { event: 'message', data: 'ok' },
    ]);
  });

  it('caps the data of one event spread over many short lines', () => {
    const parser = createSseParser({ line: 100, event: 1000 });
    const events = parser.push(`${'data: 0123456789\n'.repeat(200)}\n`);
    expect(events).toEqual([{ event: 'message', data: '', oversized: true }]);
  });
});

describe('streamed drafts over HTTP', () => {
  it('a stream written one byte at a time arrives whole (accents and emoji split across bytes)', async () => {
    await oversize({ kind: 'draft_trickle', chunk: 1 });
    const deltas: string[] = [];
    for await (const d of sb.client(DEMO_KEYS.complete).chatStream({ model: 'service-chat', messages: [] }))
      deltas.push(d);
    expect(deltas.join('')).toBe(TRICKLE_TEXT);
    await oversize({ kind: null });
  });

  it('a 1 MB line with no break ends the stream with a clear error, after what came before it, without holding it', async () => {
    await oversize({ kind: 'draft_long_line', size: 1024 * 1024 });
    const stream = sb.client(DEMO_KEYS.complete).chatStream({ model: 'service-chat', messages: [] });
    const deltas: string[] = [];
    const error = await failure(
      (async () => {
        for await (const d of stream) deltas.push(d);
      })(),
    );
    await oversize({ kind: null });
    expect(error.code).toBe('BAD_STREAM');
    expect(error.message.pt).toContain('A resposta do modelo veio num formato inesperado');
    // What came before is delivered; nothing after the long line is read.
    expect(deltas).toEqual([LONG_LINE_BEFORE]);
  });
});

describe('service texts are capped as analyses are', () => {
  it('a 1 MB error message becomes a capped, readable detail', async () => {
    await oversize({ kind: 'error_message', size: 1024 * 1024 });
    const error = await failure(sb.client(DEMO_KEYS.complete).crm(ana));
    await oversize({ kind: null });
    expect(error.code).toBe('SERVER_ERROR');
    const detail = error.details?.serviceMessage ?? '';
    expect(detail.length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
    expect(detail.startsWith('muito muito')).toBe(true);
    expect(detail.endsWith('…')).toBe(true);
    expect(totalChars(error)).toBeLessThan(10 * ERROR_TEXT_MAX);
  });

  it('3,000 suggestions (404) and 3,000 validation issues (422) are cut to a short list', async () => {
    // 3 MB each: a larger error body passes the client's byte cap and is read as its status alone.
    await oversize({ kind: 'suggestions', count: 3_000, size: 1000 });
    const notFound = await failure(sb.client(DEMO_KEYS.complete).crm(ana));
    await oversize({ kind: 'validation_issues', count: 3_000, size: 1000 });
    const noData = await failure(sb.client(DEMO_KEYS.complete).crm(ana));
    await oversize({ kind: null });
    expect(notFound.code).toBe('NOT_FOUND');
    expect(noData.code).toBe('INSUFFICIENT_DATA');
    for (const list of [notFound.details?.suggestions, noData.details?.validationIssues]) {
      expect(list).toHaveLength(ERROR_ITEMS_MAX);
      for (const s of list ?? []) expect(s.length).toBeLessThanOrEqual(300);
    }
  });

  it('a model API error of 1 MB is capped', async () => {
    await oversize({ kind: 'model_error', size: 1024 * 1024 });
    const error = await failure(
      sb
        .client(DEMO_KEYS.complete)
        .chat({ model: 'service-chat', messages: [{ role: 'user', content: 'oi' }] }),
    );
    await oversize({ kind: null });
    expect(error.code).toBe('invalid_request');
    expect(error.details?.serviceMessage?.length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
  });

  it('a huge /tiers-disponiveis, /health and /status and a long model list are capped', async () => {
    const client = sb.client(DEMO_KEYS.complete);
    await oversize({ kind: 'tiers', count: 55, size: 5500 });
    const plans = await infoHandlers['tiers.get']({}, { client });
    expect(plans.plans.length).toBeLessThanOrEqual(MAX_ITEMS);
    expect(totalChars(plans)).toBeLessThan(1_000_000);
    for (const s of strings(plans)) expect(s.length).toBeLessThanOrEqual(MAX_TEXT);

    await oversize({ kind: 'status_texts', size: 1024 * 1024 });
    const status = await infoHandlers['service.status']({}, { client });
    expect(totalChars(status)).toBeLessThan(2 * ERROR_TEXT_MAX);

    await oversize({ kind: 'models', count: 300, size: 6000 });
    const raw = await client.models.list();
    expect(raw.data.length).toBeLessThanOrEqual(200);
    for (const m of raw.data) expect(m.owned_by?.length).toBeLessThanOrEqual(MAX_TEXT);
    await oversize({ kind: null });
  });

  it('a body trickled a few bytes at a time is read whole', async () => {
    await oversize({ kind: 'slow_body', chunk: 7, delay_ms: 1 });
    const credits = await sb.client(DEMO_KEYS.complete).creditos();
    await oversize({ kind: null });
    expect(typeof (credits.creditos_disponiveis ?? credits.creditos_restantes)).toBe('number');
  });

  it('an answer that never ends is read only up to the cap, then refused as unreadable', async () => {
    const size = 512 * 1024 * 1024;
    const client = sb.client(DEMO_KEYS.complete);
    const answers = async () =>
      (await (await fetch(`${sb.url()}/__sandbox/oversize`)).json()) as {
        written: number[];
        hung_up: boolean[];
      };
    // A GET, and an analysis's POST (never re-sent): each cut at the cap, the client hanging up far before the
    // 512 MiB offered (what is sent beyond the cap sits in the sockets' buffers).
    for (const call of [() => client.creditos(), () => client.crm(ana)]) {
      await oversize({ kind: 'endless_body', size });
      expect((await failure(call())).code).toBe('BAD_RESPONSE');
      await vi.waitFor(async () => expect((await answers()).hung_up).toEqual([true]), { timeout: 10_000 });
      const [sent] = (await answers()).written;
      expect(sent).toBeGreaterThan(MAX_BODY_BYTES);
      expect(sent).toBeLessThan(size / 8);
    }
    await oversize({ kind: null });
  });
});
