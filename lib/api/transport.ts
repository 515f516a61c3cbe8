import { HTTPError, TimeoutError as KyTimeoutError, type KyInstance, type KyResponse } from 'ky';
import type { EndpointSpec } from './endpoints';
import {
  ApiFailure,
  isRateLimit,
  makeApiError,
  toApiError,
  type ApiError,
  type ErrorContext,
} from './errors';
import { errorFromResponse, parseRetryAfter } from './response-errors';
import { BodyTooLarge, parseBody, readBody } from './json';

/*
 * One call of the client, sent and answered: the deadline that bounds it, the verdict read from an error answer,
 * and the two re-send rules. ./client.ts names the calls and reads what they answer.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** Replaces the endpoint's own timeout (for a stream: the longest silence). */
  timeoutMs?: number;
  /** Told before each automatic wait after a 429, with the seconds it will wait. */
  onRateLimitWait?: (seconds: number) => void;
}

/*
 * Re-sending. Two rules, and no third:
 *  - ky re-sends idempotent GETs (all free) after a network failure, a 408, a 429 or a 500/502/503/504, waiting the
 *    answer's Retry-After (read by parseRetryAfter) or its backoff, at most GET_RETRIES times;
 *  - a POST is never re-sent by ky (`methods: ['get']`): a charging POST that timed out, dropped or got a 5xx may
 *    have been charged. The client itself re-sends a POST only after a 429, the one answer that says the request
 *    was not processed (`resendAfterRateLimit`), and the batch pacer is told of each wait.
 */
export const GET_RETRIES = 2;
export const GET_RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
const POST_RATE_LIMIT_RESENDS = 2;
/** A longer Retry-After is reported to the user (with when to come back) instead of waited for. */
const MAX_AUTO_WAIT_SEC = 30;
/** How long after ky's timeout our own timer gives up on a fetch that ignores ky's abort. */
const BACKSTOP_MS = 1_000;
/** ky's own backoff between GET retries: 0.3 s, then 0.6 s. */
const backoffSec = (retry: number) => 0.3 * 2 ** (retry - 1);

/** The wait taken after a 429 (1 s when the service named none), or undefined when it is too long to wait. */
function rateLimitWait(error: ApiError): number | undefined {
  const sec = error.retryAfterSec ?? 1;
  return sec <= MAX_AUTO_WAIT_SEC ? sec : undefined;
}

interface Deadline {
  /** Aborted when the caller cancels or the timer runs out. */
  signal: AbortSignal;
  /** (Re)starts the timer: the request fails with TIMEOUT unless disarmed within `ms`. */
  arm(ms: number): void;
  disarm(): void;
  /** The request is over: stops the timer and stops following the caller's signal. */
  done(): void;
  /**
   * `p`, or a rejection as soon as the signal aborts, even when whatever produces `p` does not honour the
   * signal (Node's fetch can lose a Request's signal to garbage collection; undici issue 4068).
   */
  guard<T>(p: Promise<T>): Promise<T>;
  timedOut(): boolean;
}

/**
 * The caller's signal, followed by a listener rather than AbortSignal.any (a listener also keeps a caller's
 * AbortSignal.timeout alive until it fires, which some runtimes, Node 20, do not do for AbortSignal.any), and a
 * timer for what ky's `timeout` does not cover: ky's ends with the answer's headers, this one bounds reading the
 * body and each silence of a stream.
 */
function deadline(outer: AbortSignal | undefined): Deadline {
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  const disarm = () => clearTimeout(timer);
  const arm = (ms: number) => {
    disarm();
    timer = setTimeout(() => {
      expired = true;
      ctl.abort(new DOMException('The service took too long', 'TimeoutError'));
    }, ms);
  };
  const follow = () => ctl.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: ctl.signal,
    arm,
    disarm,
    done: () => {
      disarm();
      outer?.removeEventListener('abort', follow);
    },
    timedOut: () => expired,
    guard: (p) => {
      const { signal } = ctl;
      return new Promise((resolve, reject) => {
        if (signal.aborted) {
          p.catch(() => undefined);
          return reject(signal.reason as Error);
        }
        const onAbort = () => reject(signal.reason as Error);
        signal.addEventListener('abort', onAbort, { once: true });
        p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** What the last answer of a call said, read by the afterResponse hook. */
interface Verdict {
  error: ApiError;
  /** The error answer's body, parsed (Plus's fallback is read from it). */
  body: unknown;
  /** Seconds before ky sends the GET again; undefined: it is not sent again. */
  resendAfterSec?: number;
}

/** A call's answer once its headers are in: accepted (the body still to read), or an error answer. */
type Opened =
  | { ok: true; res: Response; d: Deadline; ms: number }
  | { ok: false; error: ApiError; body: unknown };

/** The two APIs' ky instances (./client.ts configures them) and the origin each must answer from. */
export interface Transport {
  http: Record<EndpointSpec['api'], KyInstance>;
  origins: Record<EndpointSpec['api'], string>;
}

/** A redirect (opaque in a browser, a 3xx elsewhere) or an answer from another origin is refused. */
function refused(
  origins: Transport['origins'],
  spec: EndpointSpec,
  res: Response,
  ctx: ErrorContext,
): ApiError | undefined {
  const redirected = res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);
  let foreign = false;
  try {
    foreign = res.url !== '' && new URL(res.url).origin !== origins[spec.api];
  } catch {
    foreign = true;
  }
  if (!redirected && !foreign && !res.redirected) return undefined;
  // The configured service answered with a redirect instead of processing the request.
  return makeApiError('REDIRECTED', { ...ctx, sent: false }, { status: res.status || undefined });
}

/** Seconds before ky sends a GET again after this error answer; undefined when it is not sent again. */
function getResendWait(error: ApiError, res: Response, retry: number): number | undefined {
  if (retry > GET_RETRIES || !GET_RETRY_STATUSES.includes(res.status)) return undefined;
  if (isRateLimit(error.code)) return rateLimitWait(error);
  const told = res.status === 503 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
  if (told !== undefined) return told <= MAX_AUTO_WAIT_SEC ? told : undefined;
  return backoffSec(retry);
}

/** What a call that got no usable answer met: a timeout, the caller's cancel, or the network's failure. */
export function transportError(e: unknown, d: Deadline, opts: CallOptions, ctx: ErrorContext): ApiError {
  if (e instanceof ApiFailure) return e.error;
  if (e instanceof KyTimeoutError || d.timedOut()) return makeApiError('TIMEOUT', ctx);
  if (opts.signal?.aborted) {
    const reason: unknown = opts.signal.reason;
    return makeApiError(
      reason instanceof DOMException && reason.name === 'TimeoutError' ? 'TIMEOUT' : 'ABORTED',
      ctx,
    );
  }
  return toApiError(e, ctx);
}

/** The accepted answer's body, read under its deadline, which ends with it. */
export async function readText(
  res: Response,
  d: Deadline,
  opts: CallOptions,
  ctx: ErrorContext,
): Promise<string> {
  try {
    return await d.guard(readBody(res));
  } catch (e) {
    if (e instanceof BodyTooLarge) {
      throw new ApiFailure(
        makeApiError('BAD_RESPONSE', ctx, {
          status: res.status,
          details: { serviceMessage: `answer over ${Math.round(e.bytes / 1024)} KiB, not read` },
        }),
      );
    }
    throw new ApiFailure(transportError(e, d, opts, ctx));
  } finally {
    d.done();
  }
}

/**
 * Sends one request through ky (GETs re-sent there) and waits for its headers. An accepted answer comes back
 * with its deadline armed for reading the body; an error answer as its ApiError; anything else is thrown.
 */
export async function open(
  t: Transport,
  spec: EndpointSpec,
  opts: CallOptions,
  ctx: ErrorContext,
  init: { path?: string; json?: unknown; accept?: string },
): Promise<Opened> {
  const ms = opts.timeoutMs ?? spec.timeoutMs;
  const d = deadline(opts.signal);
  let sends = 0;
  let sentAt = 0;
  let verdict: Verdict | undefined;
  const judge = async (res: KyResponse): Promise<Verdict | undefined> => {
    const refusal = refused(t.origins, spec, res, ctx);
    if (refusal || res.ok) {
      // A clone: ky keeps the original for the caller; this copy is not read.
      res.body?.cancel().catch(() => undefined);
      return refusal && { error: refusal, body: undefined };
    }
    // An error body past the cap is not read: the status alone tells the error.
    const body = parseBody(
      await d.guard(readBody(res)).catch((e: unknown) => {
        if (e instanceof BodyTooLarge) return '';
        throw e;
      }),
    );
    const error = errorFromResponse(res.status, body, res.headers, ctx);
    if (spec.method !== 'GET') return { error, body };
    const resendAfterSec = getResendWait(error, res, sends);
    if (resendAfterSec !== undefined && isRateLimit(error.code)) opts.onRateLimitWait?.(resendAfterSec);
    return { error, body, resendAfterSec };
  };
  try {
    const res = await d.guard(
      t.http[spec.api]((init.path ?? spec.path).replace(/^\//, ''), {
        method: spec.method,
        json: init.json,
        signal: d.signal,
        // Until the answer's headers, per attempt; the body is bounded by the same figure (afterResponse).
        timeout: ms,
        ...(init.accept && { headers: { accept: init.accept } }),
        retry: {
          // After an answer, the wait it asked for (or 0 when it is not to be re-sent, see beforeRetry);
          // after a network failure, ky's backoff.
          delay: (retry) => 1000 * (verdict ? (verdict.resendAfterSec ?? 0) : backoffSec(retry)),
        },
        hooks: {
          beforeRequest: [
            () => {
              sends++;
              sentAt = Date.now();
              verdict = undefined;
              // ky's timeout ends the wait for the headers; this one, a little later, is for a fetch that does
              // not honour ky's abort (ky's promise then never settles).
              d.arm(ms + BACKSTOP_MS);
            },
          ],
          afterResponse: [
            async (_request, _options, res) => {
              d.arm(Math.max(0, ms - (Date.now() - sentAt)));
              verdict = await judge(res);
            },
          ],
          beforeRetry: [
            () => {
              // A redirect, a wait too long to take, the last try: thrown here, ky does not send again.
              if (verdict && verdict.resendAfterSec === undefined) throw new ApiFailure(verdict.error);
            },
          ],
        },
      }),
    );
    // An ok answer refused by the afterResponse hook (from another origin: a fetch that followed a redirect).
    if (verdict) throw new ApiFailure(verdict.error);
    return { ok: true, res, d, ms };
  } catch (e) {
    d.done();
    const answered = e instanceof HTTPError || (e instanceof ApiFailure && e.error === verdict?.error);
    if (answered && verdict) return { ok: false, error: verdict.error, body: verdict.body };
    throw new ApiFailure(transportError(e, d, opts, ctx));
  }
}

/**
 * The one re-send ky is not asked to do: a POST the service answered with a 429 (not processed), after the wait
 * it named. Anything else a POST meets is final here: a charging call is never sent twice on a guess.
 */
export async function resendAfterRateLimit<T>(
  spec: EndpointSpec,
  opts: CallOptions,
  ctx: ErrorContext,
  once: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    // Cancelled before anything was sent: certainly not charged.
    if (opts.signal?.aborted) throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
    try {
      return await once();
    } catch (e) {
      const error = toApiError(e, ctx);
      const waitSec =
        spec.method === 'POST' && isRateLimit(error.code) && attempt < POST_RATE_LIMIT_RESENDS
          ? rateLimitWait(error)
          : undefined;
      if (waitSec === undefined) throw e instanceof ApiFailure ? e : new ApiFailure(error);
      opts.onRateLimitWait?.(waitSec);
      try {
        await sleep(waitSec * 1000, opts.signal);
      } catch {
        // A 429 was not processed: cancelling the wait charges nothing.
        throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
      }
    }
  }
}
