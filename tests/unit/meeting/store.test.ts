import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { readMeeting } from '@/lib/extract/sites/calendar';
import { parseDomains } from '@/lib/meeting/attendees';
import { briefToMarkdown, briefToText, buildBrief } from '@/lib/meeting/brief';
import { createMeetingStore, type MeetingDeps } from '@/lib/meeting/store';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import type { BatchJob, BatchPlan, HistoryEntry, LookupInput } from '@/lib/model';
import type { MeetingBrief } from '@/lib/storage/meeting';
import { meetingCases, readMeetingPage } from '../../fixtures/meetings/cases';
import { entry } from '../draft/entries';

const reading = readMeeting(
  parseHTML(readMeetingPage('gcal-bubble-pt.html')).document as unknown as Document,
  new URL(meetingCases[0]!.url),
)!;

const planOf = (people: LookupInput[]): BatchPlan => ({
  people: people.map((input) => ({ input, key: input.primeiro_nome, status: 'new' })),
  toSend: people.length,
  cached: 0,
  duplicates: 0,
  invalid: 0,
  creditsPerProfile: 1,
  cost: people.length,
  balance: 10,
  fits: people.length,
  short: false,
});

/** A worker that plans, runs a batch (running once, then done) and keeps entries, recording what it was asked. */
function fakeWorker() {
  const asked: { type: RequestType; data: unknown }[] = [];
  const history = new Map<string, HistoryEntry>();
  let job: BatchJob | null = null;
  const send = (async <T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> => {
    asked.push({ type, data });
    const d = data as never as { people: LookupInput[]; id: string; depth: 'quick' };
    const reply = (value: unknown) => value as Responses[T];
    if (type === 'batch.plan') return reply(planOf(d.people));
    if (type === 'batch.start') {
      job = {
        id: 'j1',
        depth: d.depth,
        endpoint: '/crm_basico_batch',
        creditsPerProfile: 1,
        status: 'running',
        rows: d.people.map((input, i) => ({ id: String(i), input, status: 'queued' })),
        creditsSpent: 0,
        requests: 0,
        requestMs: 0,
        createdAt: 0,
        updatedAt: 0,
      };
      return reply({ jobId: 'j1' });
    }
    if (type === 'batch.entries') return reply([...history.values()]);
    if (type === 'history.get') return reply(history.get(d.id) ?? null);
    throw new Error(`unexpected ${type}`);
  }) as MeetingDeps['send'];
  /** The job as the worker stores it: running when first read, done at the next change. */
  const watched: string[] = [];
  let unwatched = 0;
  const watchBatch: MeetingDeps['watchBatch'] = (id, onJob) => {
    watched.push(id);
    let live = true;
    setTimeout(() => live && onJob(job), 0);
    setTimeout(() => {
      if (!live || !job) return;
      job = {
        ...job,
        status: 'done',
        rows: job.rows.map((r) => ({ ...r, status: 'done', entryId: `e${r.id}` })),
      };
      job.rows.forEach((r) =>
        history.set(r.entryId!, entry(r.entryId!, r.input.primeiro_nome, r.input.empresa)),
      );
      onJob(job);
    }, 5);
    return () => {
      live = false;
      unwatched++;
    };
  };
  return { send, watchBatch, asked, history, watched, unwatched: () => unwatched };
}

function setup() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const worker = fakeWorker();
  const saved: MeetingBrief[] = [];
  const learned: string[] = [];
  const store = createMeetingStore({
    send: worker.send,
    now: () => 1_700_000_000_000,
    saveBrief: async (b) => void saved.push(b),
    learnDomain: async (d) => void learned.push(d),
    watchBatch: worker.watchBatch,
  });
  return { store, worker, saved, learned };
}

const planned = (asked: { type: string; data: unknown }[]) =>
  asked
    .filter((a) => a.type === 'batch.plan')
    .map((a) => (a.data as { people: LookupInput[] }).people.map((p) => p.primeiro_nome));

describe('meeting store', () => {
  it('selects the external people, plans them (not the declined), learns the seller’s domain', async () => {
    const { store, worker, learned } = setup();
    store.getState().load(reading, [], 'quick');
    expect(store.getState().rows.map((r) => [r.input.primeiro_nome, r.selected, r.declined])).toEqual([
      ['Ana', true, false],
      ['Rafael', true, false],
      ['Juliana', false, true],
    ]);
    await vi.waitFor(() => expect(store.getState().plan?.cost).toBe(2), 10_000);
    expect(planned(worker.asked)).toEqual([['Ana', 'Rafael']]);
    expect(learned).toEqual(['acme.com.br']);
    // a change plans again; the newest plan wins
    store.getState().toggle('juliana.mendes@nubank.com.br');
    store.getState().edit('ana.paula.ribeiro@nubank.com.br', { ultimo_nome: 'P. Ribeiro' });
    await vi.waitFor(() => expect(store.getState().plan?.cost).toBe(3), 10_000);
    expect(planned(worker.asked).at(-1)).toEqual(['Ana', 'Rafael', 'Juliana']);
    // the same meeting read again keeps the seller's choices
    store.getState().load(reading, ['acme.com.br'], 'quick');
    expect(store.getState().rows.find((r) => r.input.primeiro_nome === 'Ana')!.input.ultimo_nome).toBe(
      'P. Ribeiro',
    );
    expect(store.getState().rows.find((r) => r.input.primeiro_nome === 'Juliana')!.selected).toBe(true);
    vi.useRealTimers();
  });

  it('prepares: runs the batch, keeps the brief with its entries, opens it again from the history', async () => {
    const { store, worker, saved } = setup();
    store.getState().load(reading, [], 'quick');
    await vi.waitFor(() => expect(store.getState().plan).not.toBeNull(), 10_000);
    await store.getState().prepare();
    const s = store.getState();
    expect(s.phase).toBe('brief');
    expect(s.open!.entries.map((e) => e.input.primeiro_nome)).toEqual(['Ana', 'Rafael']);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ title: reading.title, when: reading.when, depth: 'quick' });
    expect(saved[0]!.people.map((p) => p.entryId)).toEqual(['e0', 'e1']);
    // the batch is followed where the worker stores it, never asked about over and over, and let go once done
    expect(worker.asked.map((a) => a.type)).not.toContain('batch.get');
    expect(worker.watched).toEqual(['j1']);
    expect(worker.unwatched()).toBe(1);
    const started = worker.asked.find((a) => a.type === 'batch.start')!.data as { people: LookupInput[] };
    // only names and companies go to the worker: no address, nothing of the description
    expect(JSON.stringify(started)).not.toContain('@');
    expect(started.people).toEqual([
      { primeiro_nome: 'Ana', ultimo_nome: 'Paula Ribeiro', empresa: 'Nubank' },
      { primeiro_nome: 'Rafael', ultimo_nome: 'Costa', empresa: 'Nubank' },
    ]);

    store.getState().closeBrief();
    worker.history.delete('e1');
    const before = worker.asked.length;
    await store.getState().openBrief(saved[0]!);
    expect(worker.asked.slice(before).map((a) => a.type)).toEqual(['history.get', 'history.get']);
    expect(store.getState().open!.entries.map((e) => e.id)).toEqual(['e0']);
    expect(store.getState().open!.missing.map((p) => p.primeiro_nome)).toEqual(['Rafael']);
    await store.getState().keepPlan('  Abrir pela integração.  ');
    expect(saved.at(-1)!.plan).toBe('Abrir pela integração.');
    vi.useRealTimers();
  });

  it('a refused start leaves the list as it was, with the reason', async () => {
    const refusing = createMeetingStore({
      send: (async (type: RequestType) => {
        if (type === 'batch.start') throw new Error('saldo insuficiente');
        return planOf([]);
      }) as MeetingDeps['send'],
      now: Date.now,
      saveBrief: async () => undefined,
      learnDomain: async () => undefined,
      watchBatch: () => () => undefined,
    });
    refusing.getState().load(reading, [], 'quick');
    await refusing.getState().prepare();
    expect(refusing.getState().phase).toBe('choosing');
    expect(refusing.getState().error).not.toBeNull();
    expect(refusing.getState().rows).toHaveLength(3);
  });
});

describe('meeting brief', () => {
  const entries = [
    entry('a', 'Ana', 'Nubank', { cargo: 'CFO', ocean: { conscientiousness: 0.9 } }),
    entry('r', 'Rafael', 'Nubank', {
      cargo: 'Analista de dados',
      painPoints: [],
      prioridades: ['Reduzir custo de nuvem'],
    }),
    entry('x', 'Xavier [x](http://evil)', 'Stone *SA*', { cargo: 'Gerente' }),
  ];
  const brief = buildBrief({ title: 'Kickoff', when: 'qui 10:00' }, entries);

  it('maps each company present and gives each person a role, an opening, what to avoid and a question', () => {
    expect(brief.committees.map((c) => c.company)).toEqual(['Nubank', 'Stone *SA*']);
    const [ana, rafael] = brief.people;
    expect(ana!.role).toBe('Decide a compra · Alta direção e decisores · CFO');
    expect(ana!.open).toContain('Comece por integrar sistemas legados.');
    expect(ana!.avoid).toBe('Evite improvisar: chegue com dados, prazos e próximos passos claros.');
    expect(ana!.question).toBe('Como vocês lidam hoje com integrar sistemas legados?');
    expect(rafael!.role).toContain('Influencia a decisão');
    expect(rafael!.question).toBe('Que peso tem reduzir custo de nuvem nas prioridades deste ano?');
  });

  it('copies as text and as Markdown, outside text escaped in Markdown', () => {
    const text = briefToText(brief, 'Abrir pela integração.', 'pt');
    expect(text.split('\n')[0]).toBe('KICKOFF');
    expect(text).toContain('== Plano da conversa ==\nAbrir pela integração.');
    expect(text).toContain('- Pergunta para fazer: Como vocês lidam hoje com integrar sistemas legados?');
    const md = briefToMarkdown(brief, undefined, 'pt');
    expect(md).toContain('# Kickoff');
    expect(md).toContain('### Ana — Nubank');
    expect(md).toContain('Xavier \\[x\\](http://evil)');
    expect(md).toContain('Stone \\*SA\\*');
    expect(md).not.toContain('[x](http');
  });
});

describe('parseDomains', () => {
  it('reads one domain a line (or by commas), lower-case, once; names what is not a domain', () => {
    expect(parseDomains('Acme.com.br\n@acme.io, www.acme.com\n\nacme.com.br\nana@grupo-acme.com')).toEqual({
      domains: ['acme.com.br', 'acme.io', 'acme.com', 'grupo-acme.com'],
      invalid: [],
    });
    expect(parseDomains('acme\n<b>.com\nhttp://acme.com').invalid).toEqual([
      'acme',
      '<b>.com',
      'http://acme.com',
    ]);
  });
});
