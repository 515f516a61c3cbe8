import { createStore, type StoreApi } from 'zustand/vanilla';
import { toApiError, type ApiError } from '@/lib/api/errors';
import type { MeetingReading } from '@/lib/extract/meeting-types';
import type { BatchJob, BatchPlan, Depth, HistoryEntry, LookupInput } from '@/lib/model';
import type { PanelWorker } from '@/lib/panel/worker';
import type { MeetingBrief } from '@/lib/storage/meeting';
import { newestOnly } from '@/lib/newest';
import { meetingPeople, type Attendee, type MeetingPeople } from './attendees';

/*
 * Meeting prep in the side panel, a store of its own beside the panel's: the meeting's external people (selected,
 * editable), the batch plan of the selection (its cost against the balance, free to ask), the run through the
 * worker's batch service, and the brief it ends in, kept with the history entries it was built from.
 */

export interface MeetingDeps {
  send: PanelWorker['send'];
  now(): number;
  /** Keeps a brief (lib/storage/meeting.ts). */
  saveBrief(brief: MeetingBrief): Promise<unknown>;
  /** Adds the seller's own domain read from the page to "Domínios da minha empresa". */
  learnDomain(domain: string): Promise<unknown>;
  /**
   * Follows a batch job as the worker stores it (lib/storage/batch.ts watchBatchJob, as the batch page does):
   * called back with the job at once and on every change; returns the unsubscribe.
   */
  watchBatch(id: string, onJob: (job: BatchJob | null) => void): () => void;
}

export interface Row extends Attendee {
  selected: boolean;
  declined: boolean;
}

export interface OpenBrief {
  brief: MeetingBrief;
  entries: HistoryEntry[];
  /** People of the brief whose analysis is not (or no longer) in the history. */
  missing: LookupInput[];
}

export interface MeetingState {
  reading: MeetingReading | null;
  left: MeetingPeople['left'] | null;
  rows: Row[];
  depth: Depth;
  plan: BatchPlan | null;
  planning: boolean;
  planError: ApiError | null;
  phase: 'choosing' | 'starting' | 'running' | 'brief';
  job: BatchJob | null;
  error: ApiError | null;
  open: OpenBrief | null;
}

export interface MeetingActions {
  /** A meeting read from the page; the same meeting read again keeps the seller's choices. */
  load(reading: MeetingReading, ownDomains: readonly string[], depth: Depth): void;
  toggle(email: string): void;
  edit(email: string, patch: Partial<LookupInput>): void;
  setDepth(depth: Depth): void;
  /** Plans the selection and, when it fits the balance, runs it and builds the brief. */
  prepare(): Promise<void>;
  /** Opens a kept brief: its analyses from the history, at no cost. */
  openBrief(brief: MeetingBrief): Promise<void>;
  /** The model's plan for the call, kept with the open brief. */
  keepPlan(plan: string): Promise<void>;
  closeBrief(): void;
}

export type MeetingStore = StoreApi<MeetingState & MeetingActions>;

const PLAN_DEBOUNCE_MS = 150;

/** Who a meeting is, to tell a new one from the same one read again. */
export const meetingKey = (r: MeetingReading) =>
  [r.source, r.title, r.when, ...r.guests.map((g) => g.email)].join('\n');

export const selectedInputs = (rows: Row[]) => rows.filter((r) => r.selected).map((r) => r.input);

/**
 * The brief a batch ends in: the people whose analysis the job saved, in the job's order, and those it has none
 * for (out of credits, a row that failed).
 */
export function briefOfJob(
  job: BatchJob,
  reading: MeetingReading | null,
  entries: HistoryEntry[],
  at: number,
): OpenBrief {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const people = job.rows.flatMap((r) =>
    r.entryId && byId.has(r.entryId) ? [{ input: r.input, entryId: r.entryId }] : [],
  );
  const brief: MeetingBrief = {
    id: `m${at.toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    title: reading?.title ?? '',
    when: reading?.when ?? '',
    source: reading?.source ?? '',
    createdAt: at,
    depth: job.depth,
    people,
  };
  const missing = job.rows.filter((r) => !r.entryId || !byId.has(r.entryId)).map((r) => r.input);
  return { brief, entries: people.map((p) => byId.get(p.entryId)!), missing };
}

/** The job, followed until it stops running: done, or stopped by itself (out of credits, key refused). */
const settled = (watchBatch: MeetingDeps['watchBatch'], id: string, onJob: (job: BatchJob) => void) =>
  new Promise<BatchJob>((resolve, reject) => {
    let over = false;
    const end = (then: () => void) => {
      over = true;
      queueMicrotask(() => stop());
      then();
    };
    const stop = watchBatch(id, (job) => {
      if (over) return;
      if (!job) return end(() => reject(new Error('batch gone')));
      onJob(job);
      if (job.status !== 'running') end(() => resolve(job));
    });
  });

export function createMeetingStore(deps: MeetingDeps): MeetingStore {
  const plans = newestOnly<BatchPlan>(PLAN_DEBOUNCE_MS);
  let loadedKey = '';

  return createStore<MeetingState & MeetingActions>()((set, get) => {
    function replan() {
      const people = selectedInputs(get().rows);
      if (!people.length) {
        plans.cancel();
        return set({ plan: null, planning: false, planError: null });
      }
      set({ planning: true });
      plans.ask(
        () => deps.send('batch.plan', { people, depth: get().depth }),
        (r) =>
          set(
            r.ok
              ? { plan: r.value, planning: false, planError: null }
              : { plan: null, planning: false, planError: toApiError(r.error) },
          ),
      );
    }

    async function entriesOf(ids: string[]): Promise<(HistoryEntry | null)[]> {
      return Promise.all(ids.map((id) => deps.send('history.get', { id }).catch(() => null)));
    }

    async function finish(job: BatchJob) {
      const entries = await deps.send('batch.entries', { id: job.id });
      const open = briefOfJob(job, get().reading, entries, deps.now());
      if (open.entries.length) await deps.saveBrief(open.brief).catch(() => undefined);
      set({ phase: 'brief', open });
    }

    return {
      reading: null,
      left: null,
      rows: [],
      depth: 'quick',
      plan: null,
      planning: false,
      planError: null,
      phase: 'choosing',
      job: null,
      error: null,
      open: null,

      load(reading, ownDomains, depth) {
        const key = meetingKey(reading);
        const people = meetingPeople(reading, ownDomains);
        if (people.learned && !ownDomains.includes(people.learned))
          void deps.learnDomain(people.learned).catch(() => undefined);
        if (key === loadedKey) {
          // the same meeting: the seller's choices stand; only what the domains now leave out changes
          const keep = new Set([...people.external, ...people.declined].map((a) => a.email));
          set({ reading, left: people.left, rows: get().rows.filter((r) => keep.has(r.email)) });
          return replan();
        }
        loadedKey = key;
        set({
          reading,
          left: people.left,
          depth,
          rows: [
            ...people.external.map((a) => ({ ...a, selected: true, declined: false })),
            ...people.declined.map((a) => ({ ...a, selected: false, declined: true })),
          ],
          phase: 'choosing',
          job: null,
          error: null,
          open: null,
        });
        replan();
      },

      toggle(email) {
        set({ rows: get().rows.map((r) => (r.email === email ? { ...r, selected: !r.selected } : r)) });
        replan();
      },

      edit(email, patch) {
        set({
          rows: get().rows.map((r) => (r.email === email ? { ...r, input: { ...r.input, ...patch } } : r)),
        });
        replan();
      },

      setDepth(depth) {
        set({ depth });
        replan();
      },

      async prepare() {
        const { rows, depth, phase } = get();
        const people = selectedInputs(rows);
        if (!people.length || phase === 'starting' || phase === 'running') return;
        set({ phase: 'starting', error: null });
        try {
          // the worker plans again and refuses, charging nothing, when the balance does not cover the batch
          const { jobId } = await deps.send('batch.start', { people, depth });
          set({ phase: 'running' });
          // done, or stopped by itself (out of credits, key refused: `job.pausedReason`): the brief of who is ready
          await finish(await settled(deps.watchBatch, jobId, (job) => set({ job })));
        } catch (e) {
          set({ phase: 'choosing', error: toApiError(e) });
          replan();
        }
      },

      async openBrief(brief) {
        const found = await entriesOf(brief.people.map((p) => p.entryId));
        set({
          phase: 'brief',
          open: {
            brief,
            entries: found.filter((e): e is HistoryEntry => !!e),
            missing: brief.people.filter((_, i) => !found[i]).map((p) => p.input),
          },
        });
      },

      async keepPlan(plan) {
        const open = get().open;
        if (!open) return;
        const brief = { ...open.brief, plan: plan.trim().slice(0, 4000) };
        set({ open: { ...open, brief } });
        await deps.saveBrief(brief).catch(() => undefined);
      },

      closeBrief() {
        set({ phase: 'choosing', open: null, job: null });
        replan();
      },
    };
  });
}
