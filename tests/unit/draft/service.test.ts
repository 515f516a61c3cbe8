import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClientFactory } from '@/lib/background/api';
import { createDraftService } from '@/lib/background/draft';
import { createKeepAlive } from '@/lib/background/keep-alive';
import type { Sender } from '@/lib/background/sender';
import { createRateLimiter } from '@/lib/draft/limits';
import { MEETING_PORT, type DraftMessage, type DraftRequest } from '@/lib/draft/port';
import { parseReview } from '@/lib/draft/review';
import { PAGE, engineWith, setupEngineTests } from '../background/setup';
import { entry } from './entries';
import { unsavedEntries } from '@/lib/storage/session';

const sandbox = setupEngineTests();

/** A runtime Port as the worker sees it: records what it posts, lets the test send and disconnect. */
function fakePort(sender: Sender = PAGE, name = 'draft') {
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const posted: DraftMessage[] = [];
  let disconnectedByWorker = false;
  let settle: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  const port = {
    name,
    sender,
    postMessage: (m: DraftMessage) => {
      posted.push(m);
      if (m.type !== 'delta') settle();
    },
    disconnect: () => {
      disconnectedByWorker = true;
      settle();
    },
    onMessage: {
      addListener: (l: (m: unknown) => void) => onMessage.push(l),
      removeListener: (l: (m: unknown) => void) => onMessage.splice(onMessage.indexOf(l), 1),
    },
    onDisconnect: { addListener: (l: () => void) => onDisconnect.push(l) },
  } as unknown as Browser.runtime.Port;
  return {
    port,
    posted,
    finished,
    worker: () => disconnectedByWorker,
    send: (m: unknown) => [...onMessage].forEach((l) => l(m)),
    /** The page goes away or presses Stop. */
    close: () => onDisconnect.forEach((l) => l()),
    text: () => posted.flatMap((m) => (m.type === 'delta' ? [m.text] : [])).join(''),
  };
}

const request = (over: Partial<DraftRequest> = {}): DraftRequest => ({
  entryId: 'ana',
  channel: 'linkedin',
  tone: 'consultivo',
  length: 'curta',
  language: 'pt',
  notes: 'Conhecemos na feira',
  model: 'service-chat',
  temperature: 5,
  maxTokens: 99_999,
  ...over,
});

/** The real engine against the sandbox, with a key and one entry in the history. */
async function ready() {
  const key = await sandbox.account({ tier: 'complete' });
  const e = engineWith();
  // The wake's tidy step is over: it does not embed the entry put below in the background.
  await e.settled;
  await e.send('key.set', { key });
  await e.engine.history.put(entry('ana', 'Ana', 'Nubank'));
  return { ...e, key };
}

describe('review port', () => {
  it('streams a review of the seller’s text in the line format; only the analysis and the text are sent', async () => {
    const { engine, key, calls } = await ready();
    const p = fakePort(PAGE, 'review');
    engine.draft.connect(p.port);
    p.send({
      entryId: 'ana',
      text: 'Oi Ana. Quero apresentar a plataforma!! Podemos falar?',
      channel: 'email',
      language: 'pt',
      model: 'service-chat',
    });
    await p.finished;
    expect(p.posted.at(-1)).toEqual({ type: 'done' });
    const review = parseReview(p.text());
    expect(review.verdict).not.toBe('');
    expect(review.edits.map((e) => e.from)).toEqual(['Oi Ana.', 'Podemos falar?']);
    expect(calls.filter((c) => c === '/v1/chat/completions')).toHaveLength(1);
    expect((await sandbox.ledger(key)).entries).toEqual([]);
    // A review is not a draft version.
    expect(await engine.history.drafts('ana')).toEqual([]);
  });

  it('refuses an empty text without calling the model', async () => {
    const { engine, calls } = await ready();
    const p = fakePort(PAGE, 'review');
    engine.draft.connect(p.port);
    p.send({ entryId: 'ana', text: '   ', channel: 'email', language: 'pt', model: 'service-chat' });
    await p.finished;
    expect(p.posted).toMatchObject([{ type: 'error', error: { code: 'INVALID_REQUEST' } }]);
    expect(calls).not.toContain('/v1/chat/completions');
  });
});

describe('draft port', () => {
  it('streams deltas, then done; clamps temperature and max_tokens; charges no profile credits', async () => {
    const { engine, key, calls } = await ready();
    const p = fakePort();
    engine.draft.connect(p.port);
    p.send(request());
    await p.finished;
    expect(p.posted.at(-1)).toMatchObject({ type: 'done' });
    expect(p.posted.filter((m) => m.type === 'delta').length).toBeGreaterThan(5);
    // The draft is kept with the person's analysis, and the panel is told which version it is.
    const saved = await engine.history.drafts('ana');
    expect(saved).toEqual([expect.objectContaining({ channel: 'linkedin', text: p.text().trim() })]);
    expect(p.posted.at(-1)).toEqual({ type: 'done', versions: saved });
    // The sandbox answers with the conversation's last user message quoted: the prompt reached it.
    expect(p.text()).toContain('Destinatário: Ana');
    expect(calls.filter((c) => c === '/v1/chat/completions')).toHaveLength(1);
    expect((await sandbox.ledger(key)).entries).toEqual([]);
  });

  it('drafts from an analysis the full history could not take, kept for the session', async () => {
    const { engine } = await ready();
    await unsavedEntries.set({ bia: entry('bia', 'Bia', 'Itaú') });
    const p = fakePort();
    engine.draft.connect(p.port);
    p.send(request({ entryId: 'bia' }));
    await p.finished;
    expect(p.posted.at(-1)).toMatchObject({ type: 'done' });
    expect(p.text()).toContain('Destinatário: Bia');
  });

  it('stops: a disconnect aborts the fetch and nothing more is posted', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    let signal: AbortSignal | null | undefined;
    // The sandbox streams fast: this fetch hands its body over 30 bytes every 10 ms.
    const slowFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!res.body || !res.headers.get('content-type')?.includes('event-stream')) return res;
      signal = input instanceof Request ? input.signal : init?.signal;
      const whole = new Uint8Array(await res.arrayBuffer());
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(ctl) {
          await new Promise((r) => setTimeout(r, 10));
          // As a real fetch does: an aborted request errors its body.
          if (signal?.aborted) return ctl.error(signal.reason);
          if (at >= whole.length) return ctl.close();
          ctl.enqueue(whole.slice(at, (at += 30)));
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
    const e = engineWith({ client: createClientFactory({ fetch: slowFetch }) });
    await e.send('key.set', { key });
    await e.engine.history.put(entry('ana', 'Ana', 'Nubank'));
    const p = fakePort();
    e.engine.draft.connect(p.port);
    p.send(request());
    await expect.poll(() => p.posted.length).toBeGreaterThan(1);
    p.close();
    const seen = p.posted.length;
    await expect.poll(() => signal?.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(p.posted.length).toBe(seen);
    expect(p.posted.some((m) => m.type === 'done' || m.type === 'error')).toBe(false);
  });

  it('reports the model API errors as plain data: 400 for a model that cannot chat, 401 for a bad key', async () => {
    const { engine } = await ready();
    const p = fakePort();
    engine.draft.connect(p.port);
    p.send(request({ model: 'service-embedding' }));
    await p.finished;
    const last = p.posted.at(-1);
    expect(last).toMatchObject({ type: 'error', error: { code: 'invalid_request', status: 400 } });
    expect(last?.type === 'error' && last.error.message.pt).toMatch(/API de modelos recusou o pedido/);

    const bad = engineWith();
    await bad.send('key.set', { key: 'complete_api_naoExisteNoSandbox' }).catch(() => undefined);
    await fakeBrowser.storage.local.set({ apiKey: 'complete_api_naoExisteNoSandbox' });
    await bad.engine.history.put(entry('ana', 'Ana', 'Nubank'));
    const q = fakePort();
    bad.engine.draft.connect(q.port);
    q.send(request());
    await q.finished;
    expect(q.posted.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'authentication_error', status: 401 },
    });
  });

  it('refuses other senders, other port names, invalid payloads and unknown entries', async () => {
    const { engine, calls } = await ready();
    const content = fakePort({ id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: { id: 3 } });
    engine.draft.connect(content.port);
    expect(content.worker()).toBe(true);
    content.send(request());
    const foreign = fakePort({ id: 'other-extension', url: 'chrome-extension://other-extension/x.html' });
    engine.draft.connect(foreign.port);
    expect(foreign.worker()).toBe(true);
    const otherName = fakePort(PAGE, 'something-else');
    engine.draft.connect(otherName.port);
    otherName.send(request());

    const invalid = fakePort();
    engine.draft.connect(invalid.port);
    invalid.send({ ...request(), channel: 'fax' });
    await invalid.finished;
    expect(invalid.posted).toMatchObject([{ type: 'error', error: { code: 'INVALID_REQUEST' } }]);

    const gone = fakePort();
    engine.draft.connect(gone.port);
    gone.send(request({ entryId: 'nobody' }));
    await gone.finished;
    expect(gone.posted).toMatchObject([{ type: 'error', error: { code: 'INVALID_REQUEST' } }]);

    await new Promise((r) => setTimeout(r, 50));
    expect([...content.posted, ...foreign.posted, ...otherName.posted]).toEqual([]);
    expect(calls.filter((c) => c.startsWith('/v1/'))).toEqual([]);
  });

  it('keeps within the rate limit itself: refuses with the wait, before sending', async () => {
    const { engine, calls } = await ready();
    let t = 0;
    const draft = createDraftService({
      client: createClientFactory(),
      history: engine.history,
      keepAlive: createKeepAlive(async () => undefined),
      limiter: createRateLimiter([{ limit: 1, windowMs: 60_000 }], () => t),
    });
    const first = fakePort();
    draft.connect(first.port);
    first.send(request());
    await first.finished;
    expect(first.posted.at(-1)).toMatchObject({ type: 'done' });
    t = 15_000;
    const second = fakePort();
    draft.connect(second.port);
    second.send(request());
    await second.finished;
    expect(second.posted).toMatchObject([
      { type: 'error', error: { code: 'rate_limit_exceeded', retryAfterSec: 45 } },
    ]);
    const error = second.posted[0]?.type === 'error' ? second.posted[0].error : undefined;
    expect(error?.message.pt).toMatch(/45 s|45 segundos/);
    expect(calls).not.toContain('/v1/chat/completions');
  });
});

describe('meeting plan port', () => {
  it('streams one paragraph from the meeting title and the analyses only; no profile credits', async () => {
    const bodies: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (input instanceof Request && input.url.includes('/v1/chat')) bodies.push(await input.clone().text());
      return fetch(input, init);
    };
    const key = await sandbox.account({ tier: 'complete' });
    const { engine, send } = engineWith({ client: createClientFactory({ fetch: recording }) });
    await send('key.set', { key });
    await engine.history.put(entry('ana', 'Ana', 'Nubank'));
    await engine.history.put(entry('rafa', 'Rafael', 'Nubank', { cargo: 'CFO' }));
    const p = fakePort(PAGE, MEETING_PORT);
    engine.draft.connect(p.port);
    p.send({
      entryIds: ['ana', 'rafa', 'gone'],
      title: 'Kickoff Nubank',
      language: 'pt',
      model: 'service-chat',
    });
    await p.finished;
    expect(p.posted.at(-1)).toEqual({ type: 'done' });
    expect(p.text().length).toBeGreaterThan(20);
    expect(bodies).toHaveLength(1);
    const prompt = bodies[0]!;
    for (const part of ['Kickoff Nubank', 'Ana', 'Rafael', 'CFO', 'Integrar sistemas legados'])
      expect(prompt).toContain(part);
    expect(prompt).not.toContain('@');
    expect((await sandbox.ledger(key)).entries).toEqual([]);
  });

  it('refuses a plan with no analysis left in the history, without calling the model', async () => {
    const { engine, calls } = await ready();
    const p = fakePort(PAGE, MEETING_PORT);
    engine.draft.connect(p.port);
    p.send({ entryIds: ['gone'], title: 'Kickoff', language: 'pt', model: 'service-chat' });
    await p.finished;
    expect(p.posted).toMatchObject([{ type: 'error', error: { code: 'INVALID_REQUEST' } }]);
    expect(calls).not.toContain('/v1/chat/completions');
  });
});
