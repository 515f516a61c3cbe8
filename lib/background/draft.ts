import type * as z from 'zod/mini';
import { browser, type Browser } from 'wxt/browser';
import { ApiFailure, makeApiError, toApiError, type ApiError } from '@/lib/api/errors';
import {
  clampMaxTokens,
  clampTemperature,
  createRateLimiter,
  MAX_DRAFT_CHARS,
  type RateLimiter,
} from '@/lib/draft/limits';
import { forChannel } from '@/lib/draft/channel';
import {
  DRAFT_PORT,
  draftRequestSchema,
  MEETING_PORT,
  meetingPlanRequestSchema,
  REVIEW_PORT,
  reviewRequestSchema,
  type DraftMessage,
} from '@/lib/draft/port';
import { buildDraftPrompt } from '@/lib/draft/prompt';
import { buildReviewPrompt } from '@/lib/draft/review';
import { buildMeetingPlanPrompt } from '@/lib/meeting/prompt';
import { createSimilarity, type Similarity } from '@/lib/draft/similar';
import type { History } from '@/lib/history';
import type { ParsedRequest } from '@/lib/messaging';
import { cutAt } from '@/lib/text';
import type { ClientFactory } from './api';
import { createKeeper } from './kept';
import type { KeepAlive } from './keep-alive';
import { refusal } from './refusal';
import { senderKind } from './sender';
import type { HistoryEntry, SimilarPeople } from '@/lib/model';

/* Outreach drafting (streamed through a Port) and "similar people". Both use only the /v1 model API. */

export interface DraftServiceOptions {
  client: ClientFactory;
  history: History;
  keepAlive: KeepAlive;
  limiter?: RateLimiter;
  similarity?: Similarity;
}

const INVALID = { pt: 'Pedido de mensagem com dados inválidos.', en: 'Draft request with invalid data.' };
const GONE = {
  pt: 'Esta análise não está mais no histórico.',
  en: 'This analysis is no longer in the history.',
};

const MODEL_CTX = { api: 'model', endpoint: '/v1/chat/completions' } as const;

/** Keeps within the model API's rate limit: refuses, with the wait, rather than be refused. */
function admitUnder(limiter: RateLimiter, endpoint: string): void {
  const waitMs = limiter.take();
  if (waitMs > 0) {
    throw new ApiFailure(
      makeApiError(
        'rate_limit_exceeded',
        { api: 'model', endpoint, sent: false },
        {
          retryAfterSec: Math.ceil(waitMs / 1000),
        },
      ),
    );
  }
}

/** "Similar people": the vectors of the history's entries, embedded under the model API's rate limit. */
function createSimilarService({
  client,
  history,
  limiter,
  kept,
  similarity: given,
}: {
  client: ClientFactory;
  history: History;
  limiter: RateLimiter;
  kept: ReturnType<typeof createKeeper>;
  similarity?: Similarity;
}) {
  const similarity =
    given ??
    createSimilarity({
      client: () => client(),
      beforeRequest: () => admitUnder(limiter, '/v1/embeddings'),
      nextTurn: () => limiter.take(),
      read: async (ids) =>
        (await Promise.all(ids.map((id) => history.get(id)))).filter((e): e is HistoryEntry => e !== null),
    });

  // Vectors go with their entries: as they are deleted or expire, and once a worker life for those that went while
  // no service listened (a worker stopped in between, or this service not yet built).
  history.onRemoved((ids) => {
    similarity.forget(ids).catch((e: unknown) => console.error('embeddings', e));
  });
  let tidying: Promise<number> | null = null;
  const tidied = () =>
    (tidying ??= (async () => similarity.prune(await history.summaries()))().catch((e: unknown) => {
      tidying = null;
      throw e;
    }));

  return {
    /** The top people like this entry's, among other people already analysed. No profile credits. */
    async similar({ entryId }: ParsedRequest<'draft.similar'>): Promise<SimilarPeople> {
      const entry = await kept.get(entryId);
      if (!entry) return { people: [], filling: null };
      await tidied();
      return similarity.similar(entry, await history.people());
    },

    /**
     * Reads the vectors of "similar people" into memory (the worker's tidy step, a second after a wake), and embeds in
     * the background the entries still without one (a request that failed before the worker stopped, for one).
     */
    async warmSimilar(): Promise<void> {
      await similarity.warm();
      await tidied();
      await similarity.embedLater((await history.summaries()).map((e) => e.id));
    },

    /** Embeds these saved entries in the background, in batches; never waits for it, never throws. */
    embedLater(ids: readonly string[]): void {
      similarity.embedLater(ids).catch((e: unknown) => console.error('embeddings', e));
    },

    /** Resolves when the background embedding has stopped (tests and the benchmark). */
    similarSettled: () => similarity.settled(),
  };
}

type Work = (raw: unknown, signal: AbortSignal, post: (m: DraftMessage) => void) => Promise<void>;

/** Serves one Port, of an extension page only: its first message is the request; a disconnect stops the work. */
function serve(port: Browser.runtime.Port, work: Work, keepAlive: KeepAlive): void {
  const ours = { id: browser.runtime.id, origin: browser.runtime.getURL('/') };
  if (senderKind(port.sender ?? {}, ours).kind !== 'page') return port.disconnect();
  const stop = new AbortController();
  port.onDisconnect.addListener(() => stop.abort());
  const post = (m: DraftMessage) => {
    if (!stop.signal.aborted) port.postMessage(m);
  };
  const onRequest = (raw: unknown) => {
    port.onMessage.removeListener(onRequest);
    const running = work(raw, stop.signal, post).catch((e: unknown) => {
      const error: ApiError = toApiError(e, MODEL_CTX);
      post({ type: 'error', error });
    });
    void keepAlive.hold(running);
  };
  port.onMessage.addListener(onRequest);
}

export function createDraftService(options: DraftServiceOptions) {
  const { client, history, keepAlive } = options;
  const limiter = options.limiter ?? createRateLimiter();
  // An analysis the history had no room for is kept in the session: it can be drafted from too.
  const kept = createKeeper(history);

  const admit = (endpoint: string) => admitUnder(limiter, endpoint);

  /** A draft or review request checked, the analysis it is about, and the model API admitted under the limits. */
  async function prepare<S extends z.ZodMiniType<{ entryId: string }>>(schema: S, raw: unknown) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new ApiFailure(refusal('INVALID_REQUEST', INVALID, 'none'));
    const req = parsed.data as z.output<S>;
    const entry = await kept.get(req.entryId);
    if (!entry) throw new ApiFailure(refusal('INVALID_REQUEST', GONE, 'none'));
    const api = await client();
    admit(MODEL_CTX.endpoint);
    return { req, entry, api };
  }

  async function generate(raw: unknown, signal: AbortSignal, post: (m: DraftMessage) => void) {
    const { req, entry, api } = await prepare(draftRequestSchema, raw);
    const messages = buildDraftPrompt({
      analysis: entry.analysis,
      input: {
        name: [entry.input.primeiro_nome, entry.input.ultimo_nome].filter(Boolean).join(' '),
        company: entry.input.empresa,
      },
      notes: req.notes,
      channel: req.channel,
      tone: req.tone,
      length: req.length,
      language: req.language,
    });
    const chat = {
      model: req.model,
      messages,
      temperature: clampTemperature(req.temperature),
      max_tokens: clampMaxTokens(req.maxTokens, req.model),
    };
    let whole = '';
    let truncated = false;
    for await (const text of api.chatStream(chat, { signal })) {
      if (whole.length + text.length > MAX_DRAFT_CHARS) {
        // Past the limit, whatever max_tokens said: keep what fits, stop the stream (leaving the loop cancels
        // the request) and say so.
        const fits = cutAt(text, MAX_DRAFT_CHARS - whole.length);
        whole += fits;
        if (fits) post({ type: 'delta', text: fits });
        truncated = true;
        break;
      }
      whole += text;
      post({ type: 'delta', text });
    }
    // The draft is kept with the person's analysis: it is never written (and paid for) again to be inserted.
    const at = Date.now();
    const version = {
      id: `d${at.toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      channel: req.channel,
      text: forChannel(req.channel, whole).trim(),
      createdAt: at,
      updatedAt: at,
    };
    const versions = version.text
      ? await history.saveDraft(entry.id, entry.personKey, version).catch(() => undefined)
      : undefined;
    post({ type: 'done', ...(truncated && { truncated }), ...(versions && { versions }) });
  }

  /** "Revisar meu texto": only the analysis and the seller's text go to the model. */
  async function review(raw: unknown, signal: AbortSignal, post: (m: DraftMessage) => void) {
    const { req, entry, api } = await prepare(reviewRequestSchema, raw);
    const messages = buildReviewPrompt({
      analysis: entry.analysis,
      text: req.text,
      channel: req.channel,
      language: req.language,
    });
    const chat = { model: req.model, messages, temperature: 0.3, max_tokens: clampMaxTokens(700, req.model) };
    for await (const text of api.chatStream(chat, { signal })) post({ type: 'delta', text });
    post({ type: 'done' });
  }

  /** "Plano da conversa": one paragraph from the meeting's title and its people's analyses; no profile credits. */
  async function meetingPlan(raw: unknown, signal: AbortSignal, post: (m: DraftMessage) => void) {
    const parsed = meetingPlanRequestSchema.safeParse(raw);
    if (!parsed.success) throw new ApiFailure(refusal('INVALID_REQUEST', INVALID, 'none'));
    const req = parsed.data;
    const entries = (await Promise.all(req.entryIds.map((id) => kept.get(id)))).filter((e) => e !== null);
    if (!entries.length) throw new ApiFailure(refusal('INVALID_REQUEST', GONE, 'none'));
    const api = await client();
    admit(MODEL_CTX.endpoint);
    const messages = buildMeetingPlanPrompt({
      title: req.title,
      language: req.language,
      people: entries.map((e) => ({
        name: [e.input.primeiro_nome, e.input.ultimo_nome].filter(Boolean).join(' '),
        company: e.input.empresa,
        analysis: e.analysis,
      })),
    });
    const chat = { model: req.model, messages, temperature: 0.4, max_tokens: clampMaxTokens(400, req.model) };
    let whole = 0;
    for await (const text of api.chatStream(chat, { signal })) {
      const fits = cutAt(text, MAX_DRAFT_CHARS - whole);
      whole += fits.length;
      if (fits) post({ type: 'delta', text: fits });
      if (fits.length < text.length) break;
    }
    post({ type: 'done' });
  }

  const WORK = { [DRAFT_PORT]: generate, [REVIEW_PORT]: review, [MEETING_PORT]: meetingPlan } as const;

  return {
    /** One Port per generation: the first message is the request; a disconnect stops it. */
    connect(port: Browser.runtime.Port): void {
      if (Object.hasOwn(WORK, port.name)) serve(port, WORK[port.name as keyof typeof WORK], keepAlive);
    },

    /** The drafts to this entry's person, oldest first. */
    drafts: ({ entryId }: ParsedRequest<'draft.list'>) => history.drafts(entryId),

    /** The seller's edit of a version (or a new version, e.g. an applied review). */
    async saveDraft({ entryId, text, channel, versionId }: ParsedRequest<'draft.save'>) {
      const entry = await kept.get(entryId);
      if (!entry) throw new ApiFailure(refusal('INVALID_REQUEST', GONE, 'none'));
      const at = Date.now();
      const old = versionId ? (await history.drafts(entryId)).find((v) => v.id === versionId) : undefined;
      const id = old?.id ?? `d${at.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      return history.saveDraft(entryId, entry.personKey, {
        id,
        channel,
        text,
        createdAt: old?.createdAt ?? at,
        updatedAt: at,
      });
    },

    ...createSimilarService({ client, history, limiter, kept, similarity: options.similarity }),
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
