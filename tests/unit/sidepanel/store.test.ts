import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/api/errors';
import type { Candidate } from '@/lib/extract/types';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import { MessageError } from '@/lib/send';
import {
  createPanelStore,
  EMPTY_DRAFT,
  MAX_AUTO_RETRIES,
  SETTLE_RETRIES_MS,
  type PanelDeps,
} from '@/lib/panel/store';
import { basic, entryOf } from './analyses';
import type { Depth, HistoryEntry, HistorySummary, LookupJob, LookupRequest, Quote } from '@/lib/model';

type Handlers = { [T in RequestType]?: (data: RequestData<T>) => Responses[T] | Promise<Responses[T]> };

const person = (primeiro_nome: string, ultimo_nome: string, empresa: string, cargo?: string): Candidate => ({
  primeiro_nome,
  ultimo_nome,
  empresa,
  ...(cargo && { cargo }),
  confidence: 0.9,
  source: 'test',
});
const ana = person('Ana', 'Souza', 'Nubank', 'Head de Vendas');
const bruno = person('Bruno', 'Lima', 'Stone Pagamentos S.A.');
const found = (url: string, ...candidates: Candidate[]): Responses['detect'] => ({
  ok: true,
  url,
  title: '',
  candidates,
});

const COSTS: Record<Depth, [number, [number, number]]> = {
  quick: [1, [2, 8]],
  complete: [2, [5, 18]],
  plus: [3, [15, 35]],
};
function quote(req: RequestData<'quote'>, cached: HistorySummary | null = null): Quote {
  const depth = req.depth;
  return {
    endpoint: `/${depth}`,
    credits: COSTS[depth][0],
    timeRange: COSTS[depth][1],
    depth,
    lang: req.lang,
    cached,
    balance: 10,
    unavailable: null,
  };
}

const error = (over: Partial<ApiError>): ApiError => ({
  code: 'SERVER_ERROR',
  charged: 'no',
  action: 'retry',
  message: { pt: 'Falhou.', en: 'Failed.' },
  ...over,
});

function job(id: string, request: LookupRequest, state: Partial<LookupJob> = {}): LookupJob {
  return {
    id,
    request,
    quote: { endpoint: '/crm', credits: 2, timeRange: [5, 18] },
    startedAt: Date.now(),
    updatedAt: Date.now(),
    status: 'running',
    ...state,
  } as LookupJob;
}

function setup(handlers: Handlers) {
  const calls: { type: RequestType; data: unknown }[] = [];
  const listeners = new Map<string, (job: LookupJob | null, entry?: HistoryEntry | null) => void>();
  const deps: PanelDeps = {
    async send(type, data) {
      calls.push({ type, data });
      const handler = handlers[type] as ((d: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`unexpected ${type}`);
      return handler(data) as never;
    },
    stream() {
      throw new Error('unexpected stream');
    },
    watchJob(id, onJob) {
      listeners.set(id, onJob);
      return () => listeners.delete(id);
    },
    now: () => Date.now(),
  };
  const store = createPanelStore(deps);
  return {
    store,
    deps,
    s: () => store.getState(),
    calls,
    sent: (type: RequestType) => calls.filter((c) => c.type === type),
    emit: (id: string, j: LookupJob | null, entry?: HistoryEntry | null) => listeners.get(id)?.(j, entry),
    watching: (id: string) => listeners.has(id),
  };
}

const settle = () => vi.advanceTimersByTimeAsync(200);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following the page', () => {
  it('detects the followed tab and fills the form with its one person, then prices every depth', async () => {
    const t = setup({ detect: () => found('https://www.linkedin.com/in/ana', ana), quote: (d) => quote(d) });
    t.s().follow(7);
    expect(t.s().detection.status).toBe('detecting');
    await settle();
    expect(t.sent('detect')).toEqual([{ type: 'detect', data: { tabId: 7 } }]);
    expect(t.s().origin).toEqual({ kind: 'candidate', index: 0 });
    expect(t.s().draft).toEqual({
      primeiro_nome: 'Ana',
      ultimo_nome: 'Souza',
      empresa: 'Nubank',
      contexto_adicional: '',
    });
    expect(t.sent('quote').map((c) => (c.data as RequestData<'quote'>).depth)).toEqual([
      'quick',
      'complete',
      'plus',
    ]);
    expect(t.sent('quote')[0]?.data).toEqual({
      input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      depth: 'quick',
      lang: 'pt',
      refresh: false,
    });
    expect(Object.keys(t.s().quotes)).toEqual(['quick', 'complete', 'plus']);
    expect(t.s().quoting).toBe(false);
  });

  it('forgets the previous person the moment the page changes, and drops a stale answer', async () => {
    let answer: (r: Responses['detect']) => void = () => undefined;
    const t = setup({
      detect: () => new Promise((resolve) => (answer = resolve)),
      quote: (d) => quote(d),
    });
    t.s().follow(7);
    answer(found('https://www.linkedin.com/in/ana', ana));
    await settle();
    expect(t.s().draft.primeiro_nome).toBe('Ana');

    // In-app navigation: a detection starts while the page still shows Ana…
    void t.s().detect();
    const stale = answer;
    t.s().leave(7);
    expect(t.s().detection).toEqual({ status: 'detecting' });
    expect(t.s().draft).toEqual(EMPTY_DRAFT);
    expect(t.s().origin).toBeNull();
    void t.s().detect();
    const fresh = answer;
    // …and its answer, arriving after the newer one, is ignored.
    fresh(found('https://www.linkedin.com/in/bruno', bruno));
    await settle();
    stale(found('https://www.linkedin.com/in/ana', ana));
    await settle();
    expect(t.s().detection.status === 'done' && t.s().detection).toMatchObject({ candidates: [bruno] });
    expect(t.s().draft.primeiro_nome).toBe('Bruno');
  });

  it('reads again a page that showed nobody yet (a single-page site renders after its address changes)', async () => {
    const replies = [
      found('https://www.linkedin.com/in/bruno'),
      found('https://www.linkedin.com/in/bruno', bruno),
    ];
    const t = setup({
      detect: () => replies.shift() ?? found('https://www.linkedin.com/in/bruno', bruno),
      quote: (d) => quote(d),
    });
    t.s().follow(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.s().detection).toMatchObject({ status: 'done', candidates: [] });
    expect(t.s().origin).toEqual({ kind: 'manual' });
    await vi.advanceTimersByTimeAsync(SETTLE_RETRIES_MS[0]!);
    expect(t.sent('detect')).toHaveLength(2);
    expect(t.s().draft.primeiro_nome).toBe('Bruno');
    expect(t.s().origin).toEqual({ kind: 'candidate', index: 0 });
    // once someone is found, no more readings
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sent('detect')).toHaveLength(2);
  });

  it('gives up re-reading an empty page after a few tries, and keeps what the user typed', async () => {
    const t = setup({ detect: () => found('https://example.com/'), quote: (d) => quote(d) });
    t.s().follow(7);
    await vi.advanceTimersByTimeAsync(0);
    t.s().edit({ primeiro_nome: 'Carla' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.sent('detect')).toHaveLength(1 + SETTLE_RETRIES_MS.length);
    expect(t.s().draft.primeiro_nome).toBe('Carla');
  });

  it('ignores a change reported for another tab', async () => {
    const t = setup({ detect: () => found('https://a.example/', ana), quote: (d) => quote(d) });
    t.s().follow(7);
    await settle();
    t.s().leave(8);
    expect(t.s().draft.primeiro_nome).toBe('Ana');
  });

  it('lists many people and waits for a choice; the choice survives a re-detection of the same page', async () => {
    const team = [ana, bruno, person('Carla', 'Dias', 'Nubank')];
    const t = setup({ detect: () => found('https://nubank.com.br/time', ...team), quote: (d) => quote(d) });
    t.s().follow(3);
    await settle();
    expect(t.s().origin).toBeNull();
    expect(t.sent('quote')).toEqual([]);
    t.s().choose(1);
    t.s().edit({ contexto_adicional: 'Área comercial' });
    await settle();
    expect(t.s().draft).toMatchObject({ primeiro_nome: 'Bruno', contexto_adicional: 'Área comercial' });
    expect(t.sent('quote').at(-1)?.data).toMatchObject({ input: { contexto_adicional: 'Área comercial' } });

    await t.s().detect();
    expect(t.s().origin).toEqual({ kind: 'candidate', index: 1 });
    expect(t.s().draft.contexto_adicional).toBe('Área comercial');
  });

  describe("the page's fuller answer after its quick one (same address, read again)", () => {
    const PROFILE = 'https://www.linkedin.com/in/ana';
    const quick = person('Ana', 'Souza', '');
    const full = [person('Ana', 'Souza', 'Nubank', 'Head de Vendas'), bruno];

    it('fills a form the seller has not touched with that person’s fuller reading, and prices it', async () => {
      const replies = [found(PROFILE, quick), found(PROFILE, ...full)];
      const t = setup({ detect: () => replies.shift()!, quote: (d) => quote(d) });
      t.s().follow(7);
      await settle();
      expect(t.s().draft).toMatchObject({ primeiro_nome: 'Ana', empresa: '' });
      expect(t.sent('quote')).toEqual([]);
      await t.s().detect();
      await settle();
      expect(t.s().origin).toEqual({ kind: 'candidate', index: 0 });
      expect(t.s().draft).toEqual({
        primeiro_nome: 'Ana',
        ultimo_nome: 'Souza',
        empresa: 'Nubank',
        contexto_adicional: '',
      });
      expect(t.sent('quote').at(-1)?.data).toMatchObject({ input: { empresa: 'Nubank' } });
    });

    it('keeps what the seller typed meanwhile', async () => {
      const replies = [found(PROFILE, quick), found(PROFILE, ...full)];
      const t = setup({ detect: () => replies.shift()!, quote: (d) => quote(d) });
      t.s().follow(7);
      await settle();
      t.s().edit({ empresa: 'Nu Pagamentos' });
      await t.s().detect();
      expect(t.s().draft.empresa).toBe('Nu Pagamentos');
    });

    it('starts the form again when the fuller answer no longer shows that person', async () => {
      const replies = [found(PROFILE, ana), found(PROFILE, bruno)];
      const t = setup({ detect: () => replies.shift()!, quote: (d) => quote(d) });
      t.s().follow(7);
      await settle();
      await t.s().detect();
      expect(t.s().origin).toEqual({ kind: 'candidate', index: 0 });
      expect(t.s().draft.primeiro_nome).toBe('Bruno');
    });

    it('follows the person to where the fuller answer lists them', async () => {
      const replies = [found(PROFILE, ana), found(PROFILE, bruno, ana)];
      const t = setup({ detect: () => replies.shift()!, quote: (d) => quote(d) });
      t.s().follow(7);
      await settle();
      const quoted = t.sent('quote').length;
      await t.s().detect();
      await settle();
      expect(t.s().origin).toEqual({ kind: 'candidate', index: 1 });
      expect(t.s().draft.primeiro_nome).toBe('Ana');
      // the same form: not priced again
      expect(t.sent('quote')).toHaveLength(quoted);
    });
  });

  it('offers the empty manual form when nobody is found or the site is not granted', async () => {
    let reply: Responses['detect'] = found('https://example.com/');
    const t = setup({ detect: () => reply, quote: (d) => quote(d) });
    t.s().follow(3);
    await settle();
    expect(t.s().origin).toEqual({ kind: 'manual' });
    expect(t.s().draft).toEqual(EMPTY_DRAFT);

    reply = {
      ok: false,
      reason: 'not_granted',
      url: 'https://crm.example.com/x',
      origin: 'https://crm.example.com/*',
    };
    t.s().leave(3);
    await t.s().detect();
    expect(t.s().detection).toEqual({
      status: 'not_granted',
      url: 'https://crm.example.com/x',
      origin: 'https://crm.example.com/*',
    });
    expect(t.s().origin).toEqual({ kind: 'manual' });
  });

  it('says detection failed when the background cannot be reached', async () => {
    const t = setup({});
    t.s().follow(3);
    await settle();
    expect(t.s().detection.status).toBe('failed');
  });

  it('takes the person handed over by the context menu and keeps it through the page detection', async () => {
    let answer: (r: Responses['detect']) => void = () => undefined;
    const t = setup({ detect: () => new Promise((r) => (answer = r)), quote: (d) => quote(d) });
    t.s().follow(3);
    t.s().takePending({ text: 'Bruno Lima – Stone', candidate: bruno });
    answer(found('https://example.com/', ana));
    await settle();
    expect(t.s().origin).toEqual({ kind: 'pending', text: 'Bruno Lima – Stone', read: true });
    expect(t.s().draft.primeiro_nome).toBe('Bruno');

    t.s().takePending({ text: 'texto qualquer', candidate: null });
    expect(t.s().origin).toEqual({ kind: 'pending', text: 'texto qualquer', read: false });
    expect(t.s().draft).toEqual(EMPTY_DRAFT);
  });
});

describe('quotes', () => {
  it('asks nothing while a required field is empty, and says why a quote failed', async () => {
    const t = setup({
      detect: () => found('https://example.com/'),
      quote: () => {
        throw new MessageError(
          error({ code: 'INVALID_API_KEY', message: { pt: 'Sem chave.', en: 'No key.' } }),
        );
      },
    });
    t.s().follow(1);
    await settle();
    t.s().edit({ primeiro_nome: 'Ana' });
    await settle();
    expect(t.sent('quote')).toEqual([]);
    t.s().edit({ empresa: '  Nubank ' });
    await settle();
    expect(t.sent('quote')).toHaveLength(3);
    expect(t.sent('quote')[0]?.data).toMatchObject({
      input: { primeiro_nome: 'Ana', ultimo_nome: '', empresa: 'Nubank' },
    });
    expect(t.s().quoteError).toEqual({ pt: 'Sem chave.', en: 'No key.' });
  });

  it('re-prices in the other language', async () => {
    const t = setup({ detect: () => found('https://x.com/', ana), quote: (d) => quote(d) });
    t.s().follow(1);
    await settle();
    t.s().setLang('en');
    await settle();
    expect(
      t
        .sent('quote')
        .slice(-3)
        .map((c) => (c.data as RequestData<'quote'>).lang),
    ).toEqual(['en', 'en', 'en']);
  });
});

describe('running a lookup', () => {
  async function ready(handlers: Handlers = {}) {
    const t = setup({
      detect: () => found('https://www.linkedin.com/in/ana', ana),
      quote: (d) => quote(d),
      lookup: () => ({ jobId: 'j1' }),
      'history.get': ({ id }) => entryOf(basic, { id }),
      ...handlers,
    });
    t.s().follow(1);
    await settle();
    t.s().setDepth('complete');
    return t;
  }
  const request: LookupRequest = {
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    depth: 'complete',
    lang: 'pt',
    refresh: false,
  };

  it('sends exactly the form, waits on the job, and shows the result', async () => {
    const t = await ready();
    await t.s().run();
    expect(t.sent('lookup')).toEqual([{ type: 'lookup', data: request }]);
    const screen = t.s().screen;
    expect(screen.kind === 'running' && screen.job).toMatchObject({
      id: 'j1',
      credits: 2,
      timeRange: [5, 18],
      request,
    });
    expect(t.watching('j1')).toBe(true);

    t.emit('j1', job('j1', request, { status: 'running', startedAt: 1000 }));
    expect(t.s().screen.kind === 'running' && t.s().screen).toMatchObject({ job: { startedAt: 1000 } });

    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'j1', fromHistory: false } as Partial<LookupJob>),
    );
    await settle();
    expect(t.s().screen).toMatchObject({ kind: 'result', via: 'lookup', entry: { id: 'j1' } });
    expect(t.watching('j1')).toBe(false);
  });

  it('renders the entry the worker hands over with the finished job, without asking the history for it', async () => {
    const t = await ready();
    await t.s().run();
    const handed = entryOf(basic, { id: 'j1', input: { ...request.input, empresa: 'Entregue direto' } });
    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'j1', fromHistory: false } as Partial<LookupJob>),
      handed,
    );
    // No timer runs: the result is on screen within the same turn of the message.
    await Promise.resolve();
    expect(t.s().screen).toMatchObject({ kind: 'result', via: 'lookup', entry: { id: 'j1' } });
    const screen = t.s().screen;
    expect(screen.kind === 'result' && screen.entry).toBe(handed);
    expect(t.sent('history.get')).toEqual([]);
    expect(t.watching('j1')).toBe(false);
  });

  it('asks the history when the handed entry is not the job’s own', async () => {
    const t = await ready();
    await t.s().run();
    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'j1', fromHistory: false } as Partial<LookupJob>),
      entryOf(basic, { id: 'other' }),
    );
    await settle();
    expect(t.sent('history.get')).toEqual([{ type: 'history.get', data: { id: 'j1' } }]);
    expect(t.s().screen).toMatchObject({ kind: 'result', entry: { id: 'j1' } });
  });

  it('marks a lookup served from history', async () => {
    const t = await ready();
    await t.s().run();
    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'old', fromHistory: true } as Partial<LookupJob>),
    );
    await settle();
    expect(t.s().screen).toMatchObject({ kind: 'result', via: 'cache', entry: { id: 'old' } });
  });

  it('sends refresh when the user asks to refresh a cached analysis', async () => {
    const t = await ready();
    t.s().setRefresh(true);
    await t.s().run();
    expect(t.sent('lookup')[0]?.data).toEqual({ ...request, refresh: true });
  });

  it('brings a failure back to the form with what was sent, so a 409 can get context and be retried', async () => {
    const t = await ready();
    await t.s().run();
    t.s().edit({ primeiro_nome: 'mudado durante a espera' });
    const ambiguous = error({ code: 'AMBIGUOUS_PERSON', status: 409, action: 'add_context' });
    t.emit('j1', job('j1', request, { status: 'error', error: ambiguous } as Partial<LookupJob>));
    await settle();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().outcome).toEqual({ kind: 'error', error: ambiguous, request });
    expect(t.s().draft).toMatchObject({ primeiro_nome: 'Ana', empresa: 'Nubank' });
    expect(t.s().depth).toBe('complete');

    t.s().edit({ contexto_adicional: 'Diretora em São Paulo' });
    // The run waits for the re-quote of the edited form.
    const again = t.s().run();
    await settle();
    await again;
    expect(t.sent('lookup')[1]?.data).toEqual({
      ...request,
      input: { ...request.input, contexto_adicional: 'Diretora em São Paulo' },
    });
    expect(t.s().outcome).toBeNull();
  });

  it('waits out a 429 with a countdown and re-sends by itself, a bounded number of times', async () => {
    const t = await ready();
    const limited = error({ code: 'RATE_LIMITED', status: 429, action: 'retry_after', retryAfterSec: 4 });
    await t.s().run();
    for (let i = 0; i <= MAX_AUTO_RETRIES; i++) {
      // every re-send gets the same job id from the fake background
      t.emit('j1', job('j1', request, { status: 'error', error: limited } as Partial<LookupJob>));
      await vi.advanceTimersByTimeAsync(0);
      const n = t.sent('lookup').length;
      const outcome = t.s().outcome;
      if (i < MAX_AUTO_RETRIES) {
        expect(outcome?.kind === 'error' && outcome.retryAt).toBe(Date.now() + 4000);
        await vi.advanceTimersByTimeAsync(3999);
        expect(t.sent('lookup')).toHaveLength(n);
        await vi.advanceTimersByTimeAsync(1);
        expect(t.sent('lookup')).toHaveLength(n + 1);
        expect(t.s().screen.kind).toBe('running');
      } else {
        expect(outcome?.kind === 'error' && outcome.retryAt).toBeUndefined();
      }
    }
    expect(t.sent('lookup')).toHaveLength(MAX_AUTO_RETRIES + 1);
  });

  for (const [label, extra] of [
    ['over 60 s', { retryAfterSec: 61 }],
    ['3,000,000 s', { retryAfterSec: 3_000_000 }],
    ['a time of day', { retryAfterSec: 604_800, retryAt: Date.UTC(9999, 11, 31) }],
  ] as const) {
    it(`a 429 asking to wait ${label} is not waited for: no timer, no re-send`, async () => {
      const t = await ready();
      const limited = error({ code: 'RATE_LIMITED', status: 429, action: 'retry_after', ...extra });
      await t.s().run();
      t.emit('j1', job('j1', request, { status: 'error', error: limited } as Partial<LookupJob>));
      await vi.advanceTimersByTimeAsync(0);
      const outcome = t.s().outcome;
      expect(outcome?.kind === 'error' && outcome.retryAt).toBeUndefined();
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(t.sent('lookup')).toHaveLength(1);
    });
  }

  it('stops the automatic retry when the user dismisses it', async () => {
    const t = await ready();
    await t.s().run();
    const limited = error({ code: 'RATE_LIMITED', status: 429, action: 'retry_after', retryAfterSec: 2 });
    t.emit('j1', job('j1', request, { status: 'error', error: limited } as Partial<LookupJob>));
    await vi.advanceTimersByTimeAsync(0);
    t.s().dismissOutcome();
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.sent('lookup')).toHaveLength(1);
  });

  it('cancelling stops the wait only; the finished lookup is then offered from history', async () => {
    const t = await ready();
    await t.s().run();
    t.s().cancel();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().outcome).toEqual({ kind: 'cancelled', jobId: 'j1', request });
    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'j1', fromHistory: false } as Partial<LookupJob>),
    );
    await settle();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().outcome).toEqual({ kind: 'cancelled', jobId: 'j1', request, entryId: 'j1' });
    expect(t.watching('j1')).toBe(false);
  });

  it('says "interrupted" for an interrupted job and for one the background no longer knows', async () => {
    const t = await ready();
    await t.s().run();
    t.emit('j1', job('j1', request, { status: 'interrupted' } as Partial<LookupJob>));
    await settle();
    expect(t.s().outcome).toEqual({ kind: 'interrupted', request });

    await t.s().run();
    t.emit('j1', null);
    await settle();
    expect(t.s().outcome).toEqual({ kind: 'interrupted', request });
  });

  it('shows a refusal of the background (nothing sent) as an error with its own message', async () => {
    const refused = error({
      code: 'ACCESS_DENIED',
      status: 403,
      action: 'upgrade',
      details: { requiredTier: 'complete' },
    });
    const t = await ready({
      lookup: () => {
        throw new MessageError(refused);
      },
    });
    await t.s().run();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().outcome).toEqual({ kind: 'error', error: refused, request });
    expect(t.s().starting).toBe(false);
  });

  it('does not start twice on a double click', async () => {
    const t = await ready();
    await Promise.all([t.s().run(), t.s().run()]);
    expect(t.sent('lookup')).toHaveLength(1);
  });

  it('keeps a running lookup on screen across a page change; the result then follows the seller', async () => {
    const t = await ready();
    await t.s().run();
    t.s().leave(1);
    expect(t.s().screen.kind).toBe('running');
    t.emit(
      'j1',
      job('j1', request, { status: 'done', entryId: 'j1', fromHistory: false } as Partial<LookupJob>),
    );
    await settle();
    expect(t.s().screen.kind).toBe('result');
    t.s().leave(1);
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'auto' });
  });

  it('resumes a lookup that was running when the panel opened', async () => {
    const t = await ready();
    t.s().resume(job('j9', request, { startedAt: 500 }));
    expect(t.s().screen).toMatchObject({ kind: 'running', job: { id: 'j9', startedAt: 500, credits: 2 } });
    expect(t.watching('j9')).toBe(true);
  });
});

describe('quote generations: the price sent is always the one for the form as it stands', () => {
  const inHistory: HistorySummary = {
    id: 'h1',
    personKey: 'ana souza|nubank',
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    depth: 'plus',
    lang: 'pt',
    endpoint: '/plus',
    creditsCharged: 3,
    createdAt: 1,
  };
  /** Quotes answered after a round trip of `ms`; Ana at Nubank is in history (0 credits), anyone else is not. */
  async function priced(ms = 40) {
    const t = setup({
      detect: () => found('https://www.linkedin.com/in/ana', ana),
      quote: (d) =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({
                ...quote(d, d.input.empresa === 'Nubank' ? inHistory : null),
                input: { ultimo_nome: '', ...d.input },
              }),
            ms,
          ),
        ),
      lookup: () => ({ jobId: 'j1' }),
    });
    t.s().follow(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(t.s().quoting).toBe(false);
    return t;
  }
  const sentLookups = (t: ReturnType<typeof setup>) => t.sent('lookup').map((c) => c.data as LookupRequest);

  it('an edit then run at once (0 ms): the run waits for the new quote and sends it, with the new input', async () => {
    const t = await priced();
    t.s().setDepth('quick');
    expect(t.s().quotes.quick?.cached).not.toBeNull();
    t.s().edit({ empresa: 'Nubank SA' });
    // The previous input's price is still there, marked as being updated.
    expect(t.s().quoting).toBe(true);
    expect(t.s().quotes.quick?.input?.empresa).toBe('Nubank');
    const running = t.s().run();
    await vi.advanceTimersByTimeAsync(100);
    expect(sentLookups(t)).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await running;
    const [sent] = sentLookups(t);
    expect(sentLookups(t)).toHaveLength(1);
    expect(sent?.input.empresa).toBe('Nubank SA');
    expect(sent?.seen).toMatchObject({ input: { empresa: 'Nubank SA' }, cost: 1, cachedId: null });
  });

  it('prepare() gives the fresh quote and its cost; the component compares it with the price it showed', async () => {
    const t = await priced();
    t.s().setDepth('plus');
    expect(t.s().quotes.plus?.cached?.id).toBe('h1');
    t.s().edit({ empresa: 'Nubank SA' });
    const ready = t.s().prepare();
    await vi.advanceTimersByTimeAsync(300);
    expect(await ready).toMatchObject({
      request: { input: { empresa: 'Nubank SA' }, depth: 'plus' },
      quote: { input: { empresa: 'Nubank SA' }, cached: null },
      cost: 3,
    });
    // Nothing was sent: spending is the caller's, after its confirmation.
    expect(sentLookups(t)).toEqual([]);
  });

  it('an edit while a quote is in flight: the older answer is dropped, the wait goes on to the newest', async () => {
    const t = await priced(120);
    t.s().edit({ empresa: 'Stone' });
    // Past the debounce: the quote for "Stone" is on its way.
    await vi.advanceTimersByTimeAsync(200);
    expect(t.sent('quote').slice(-1)[0]?.data).toMatchObject({ input: { empresa: 'Stone' } });
    t.s().edit({ empresa: 'Stone Pagamentos' });
    const ready = t.s().prepare();
    let answered = false;
    void ready.then(() => (answered = true));
    // The answer for "Stone" arrives: it is not the form's, so the wait goes on.
    await vi.advanceTimersByTimeAsync(100);
    expect(t.s().quoting).toBe(true);
    expect(t.s().quotes.quick?.input?.empresa).toBe('Nubank');
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect((await ready)?.quote.input?.empresa).toBe('Stone Pagamentos');
    expect(t.s().quotes.quick?.input?.empresa).toBe('Stone Pagamentos');
  });

  it('a double click while the quote is pending sends one lookup', async () => {
    const t = await priced();
    t.s().edit({ empresa: 'Nubank SA' });
    const both = Promise.all([t.s().run(), t.s().run()]);
    await vi.advanceTimersByTimeAsync(300);
    await both;
    expect(sentLookups(t)).toHaveLength(1);
  });

  it('a form emptied while waiting runs nothing', async () => {
    const t = await priced();
    t.s().edit({ empresa: 'Nubank SA' });
    const ready = t.s().prepare();
    t.s().edit({ empresa: '' });
    await vi.advanceTimersByTimeAsync(300);
    expect(await ready).toBeNull();
    expect(t.sent('quote').slice(-1)[0]?.data).not.toMatchObject({ input: { empresa: '' } });
  });

  it('a page change while waiting runs nothing', async () => {
    const t = await priced();
    t.s().edit({ empresa: 'Nubank SA' });
    const ready = t.s().prepare();
    t.s().leave(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(await ready).toBeNull();
    expect(sentLookups(t)).toEqual([]);
  });
});

describe('the way to the worker', () => {
  it('hands the components the store’s own deps: one send and one stream for the whole panel', () => {
    const t = setup({});
    expect(t.s().send).toBe(t.deps.send);
    expect(t.s().stream).toBe(t.deps.stream);
  });
});

describe('history in the panel', () => {
  it('opens an entry and returns to the page view; a page change does not close history', async () => {
    const t = setup({ detect: () => found('https://x.com/', ana), quote: (d) => quote(d) });
    t.s().follow(1);
    await settle();
    t.s().showHistory();
    expect(t.s().screen).toEqual({ kind: 'history' });
    t.s().showEntry(entryOf(basic), 'history');
    t.s().leave(1);
    expect(t.s().screen.kind).toBe('result');
    t.s().back();
    expect(t.s().screen).toEqual({ kind: 'page' });
  });
});

describe('the analysis follows the seller', () => {
  /** A panel showing Ana's analysis, whose next page answers with `next`. */
  async function onAna(next: () => Responses['detect'] | Promise<Responses['detect']>) {
    let answer: () => Responses['detect'] | Promise<Responses['detect']> = () =>
      found('https://www.linkedin.com/in/ana', ana);
    const t = setup({ detect: () => answer(), quote: (d) => quote(d) });
    t.s().follow(1);
    await settle();
    t.s().showEntry(entryOf(basic), 'lookup');
    answer = next;
    return t;
  }

  it('stays where the seller writes (a compose box focused in webmail), even when the page shows other people', async () => {
    const t = await onAna(() => ({
      ...found('https://mail.google.com/mail/u/0/#inbox?compose=new', bruno),
      composing: true,
    }));
    t.s().follow(2);
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'auto', entry: { id: 'e1' } });
    await settle();
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'auto', entry: { id: 'e1' } });
    // nothing was looked up, quoted as a lookup or written again to keep it on screen
    expect(t.sent('lookup')).toEqual([]);
  });

  it('in webmail, the open message’s sender takes the panel; "Voltar para" brings the analysis back', async () => {
    const t = await onAna(() => found('https://mail.google.com/mail/u/0/#inbox/FMfcgz', bruno));
    t.s().follow(2);
    await settle();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().draft).toMatchObject({ primeiro_nome: 'Bruno', empresa: 'Stone Pagamentos S.A.' });
    expect(t.s().previous?.id).toBe('e1');
    t.s().carry(t.s().previous!, 'chosen');
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'chosen', entry: { id: 'e1' } });
  });

  it('stays on a page with nobody, or one it cannot read, or one that shows the same person', async () => {
    for (const next of [
      () => found('https://acme.com.br/'),
      (): Responses['detect'] => ({
        ok: false,
        reason: 'not_granted',
        url: 'https://acme.com.br/',
        origin: null,
      }),
      () => found('https://app.hubspot.com/contacts/1/record/0-1/2', { ...ana, primeiro_nome: 'ANA' }),
    ]) {
      const t = await onAna(next);
      t.s().follow(2);
      await vi.advanceTimersByTimeAsync(6000);
      expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'auto' });
    }
  });

  it('gives way to another person on the page, who can be left to go back to the one before', async () => {
    const t = await onAna(() => found('https://www.linkedin.com/in/bruno', bruno));
    t.s().follow(2);
    await settle();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().draft.primeiro_nome).toBe('Bruno');
    expect(t.s().previous?.id).toBe('e1');
    // "Voltar para Ana Souza": chosen on this page, Bruno's page does not take it again
    t.s().carry(t.s().previous!, 'chosen');
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'chosen', entry: { id: 'e1' } });
    expect(t.s().previous).toBeNull();
    await t.s().detect();
    expect(t.s().screen).toMatchObject({ kind: 'result', carried: 'chosen' });
  });

  it('gives way to a meeting on the page, even where the seller writes and nobody is listed', async () => {
    const meeting = {
      source: 'outlook-calendar' as const,
      title: 'Kickoff',
      when: '10:00',
      self: '',
      guests: [
        {
          name: 'Bruno Lima',
          email: 'bruno@stone.com.br',
          response: 'accepted' as const,
          organizer: true,
          kind: 'person' as const,
        },
      ],
      unlisted: 0,
    };
    const t = await onAna(() => ({ ...found('https://outlook.office.com/calendar/view/week'), meeting }));
    t.s().follow(2);
    await settle();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().detection).toMatchObject({ status: 'done', meeting: { title: 'Kickoff' } });
    expect(t.s().previous?.id).toBe('e1');
  });

  it('"Ler esta página" leaves it for the page, one click away', async () => {
    const t = await onAna(() => found('https://mail.google.com/mail/u/0/#inbox', bruno));
    t.s().follow(2);
    await settle();
    t.s().readPage();
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().previous?.id).toBe('e1');
  });

  it('brought back into a new panel, it gives way if the page shows someone else, and never over a lookup', async () => {
    const t = setup({
      detect: () => found('https://www.linkedin.com/in/bruno', bruno),
      quote: (d) => quote(d),
    });
    t.s().follow(1);
    await settle();
    t.s().carry(entryOf(basic));
    expect(t.s().screen).toEqual({ kind: 'page' });
    expect(t.s().previous?.id).toBe('e1');

    const w = setup({ detect: () => found('https://mail.google.com/mail/u/0/'), quote: (d) => quote(d) });
    w.s().follow(1);
    await settle();
    w.s().carry(entryOf(basic));
    expect(w.s().screen).toMatchObject({ kind: 'result', carried: 'auto' });
    w.s().resume(
      job('j2', {
        input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
        depth: 'quick',
        lang: 'pt',
        refresh: false,
      }),
    );
    w.s().carry(entryOf(basic, { id: 'e2' }));
    expect(w.s().screen.kind).toBe('running');
  });
});
