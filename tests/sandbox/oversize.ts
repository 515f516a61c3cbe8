/**
 * Oversized and slow bodies, over real HTTP: what a broken or hostile service may send. Armed with
 * `POST /__sandbox/oversize` (kept apart from the other faults: its own admin route, its own state), cleared by
 * `{"kind": null}` or `POST /__sandbox/reset`.
 */
import type { ServerResponse } from 'node:http';
import { ANALYSIS_ENDPOINTS } from './endpoints';
import { isRecord, sendJson, sleep, type SandboxRequest } from './http';
import type { SandboxState } from './state';

export const OVERSIZE_KINDS = [
  /** Analyses answer 500 in the enhanced format whose `message` and `user_action` are `size` characters. */
  'error_message',
  /** Analyses answer 404 with `count` suggestions of `size` characters each. */
  'suggestions',
  /** Analyses answer 422 with `count` validation issues of `size` characters each. */
  'validation_issues',
  /** `/tiers-disponiveis` lists `count` plans of `count` features; the texts of the first are `size` characters. */
  'tiers',
  /** `/health` and `/status` answer with `size`-character texts. */
  'status_texts',
  /** `/v1/models` lists `count` models, each with a `size`-character owner. */
  'models',
  /** The model API answers 400 with a `size`-character message. */
  'model_error',
  /** Streamed chats send `count` deltas of `size` characters, far past any max_tokens. */
  'draft_huge',
  /**
   * Streamed chats send a first delta (LONG_LINE_BEFORE), then one `size`-character `data:` line (no line break
   * until its end), then another delta (LONG_LINE_AFTER) and the end of the stream.
   */
  'draft_long_line',
  /** Streamed chats send TRICKLE_TEXT (with accents and an emoji), written `chunk` bytes at a time. */
  'draft_trickle',
  /** Every JSON answer of the profile API is written `chunk` bytes every `delay_ms`. */
  'slow_body',
  /**
   * Every answer of the profile API is a 200 whose JSON body runs to `size` bytes, with no declared length, written
   * as fast as the client reads (nothing is charged). `written` (in `GET /__sandbox/oversize`) lists, answer by
   * answer, how many bytes went out before the body ended or the client hung up, and `hung_up` whether the client
   * closed the connection before the end.
   */
  'endless_body',
] as const;
export type OversizeKind = (typeof OVERSIZE_KINDS)[number];

export interface Oversize {
  kind: OversizeKind;
  size: number;
  count: number;
  chunk: number;
  delay_ms: number;
}

/** The draft `draft_trickle` streams, so a test can compare what arrived. */
/** The delta before the long line of `draft_long_line`, and the one after it. */
export const LONG_LINE_BEFORE = 'Olá, Ana! Vi que a Nubank ';
export const LONG_LINE_AFTER = 'e este trecho vem depois da linha longa.';

export const TRICKLE_TEXT =
  'Olá, Ana! Vi que a Nubank está ampliando a operação de crédito — ação ousada 🚀. Podemos conversar 15 min na quinta?';

const DEFAULTS = { size: 1024 * 1024, count: 1, chunk: 1, delay_ms: 0 };
const armed = new WeakMap<SandboxState, Oversize>();
/** Each `endless_body` answer, in order: the bytes it sent, and whether the client hung up before its end. */
const answered = new WeakMap<SandboxState, { written: number; hungUp: boolean }[]>();

function parse(body: unknown): { ok: true; value: Oversize | null } | { ok: false; message: string } {
  if (!isRecord(body)) return { ok: false, message: 'Envie {kind, size?, count?, chunk?, delay_ms?}' };
  if (body.kind === null) return { ok: true, value: null };
  if (!OVERSIZE_KINDS.includes(body.kind as OversizeKind))
    return { ok: false, message: `kind deve ser ${OVERSIZE_KINDS.join(', ')} ou null` };
  const out: Oversize = { kind: body.kind as OversizeKind, ...DEFAULTS };
  for (const name of ['size', 'count', 'chunk', 'delay_ms'] as const) {
    const v = body[name];
    if (v === undefined) continue;
    if (
      !Number.isInteger(v) ||
      (v as number) < (name === 'delay_ms' ? 0 : 1) ||
      (v as number) > 1024 * 1024 * 1024
    )
      return { ok: false, message: `${name} deve ser um inteiro positivo` };
    out[name] = v as number;
  }
  return { ok: true, value: out };
}

/** A text of `size` characters that reads as words. */
const filler = (size: number, word = 'muito ') => word.repeat(Math.ceil(size / word.length)).slice(0, size);

/** A 200 JSON body of `size` bytes, 64 KiB a write, each after the client took the last; stops when it hangs up. */
async function endless(res: ServerResponse, size: number, wrote: (bytes: number) => void) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const head = '{"saldo_atual": 10, "padding": "';
  const piece = Buffer.from(filler(64 * 1024, 'x'));
  res.write(head);
  wrote(head.length);
  for (let left = size - head.length - 2; left > 0 && !res.destroyed; left -= piece.length) {
    const part = left < piece.length ? piece.subarray(0, left) : piece;
    wrote(part.length);
    if (!res.write(part)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  if (!res.destroyed) res.end('"}');
}

/** Writes `text` `chunk` bytes at a time (each write its own HTTP chunk), pausing `delayMs` between them. */
async function trickle(
  res: ServerResponse,
  text: string | Buffer,
  chunk: number,
  delayMs: number,
  end: () => void = () => void res.end(),
) {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let at = 0; at < bytes.length; at += chunk) {
    if (res.destroyed) return;
    res.write(bytes.subarray(at, at + chunk));
    await (delayMs > 0 ? sleep(delayMs) : new Promise((r) => setImmediate(r)));
  }
  end();
}

const chatChunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-oversize',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'service-chat',
    choices: [{ index: 0, delta: finish ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

async function streamChat(res: ServerResponse, o: Oversize) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  if (o.kind === 'draft_trickle') {
    const words = TRICKLE_TEXT.split(/(?<= )/);
    return trickle(
      res,
      `${words.map((w) => chatChunk(w)).join('')}${chatChunk('', 'stop')}data: [DONE]\n\n`,
      o.chunk,
      o.delay_ms,
    );
  }
  if (o.kind === 'draft_long_line') {
    res.write(chatChunk(LONG_LINE_BEFORE));
    res.write(`data: {"choices":[{"index":0,"delta":{"content":"${filler(o.size, 'x')}`);
    return void res.end(`"}}]}\n\n${chatChunk(LONG_LINE_AFTER)}${chatChunk('', 'stop')}data: [DONE]\n\n`);
  }
  const piece = filler(o.size);
  for (let i = 0; i < o.count; i++) {
    if (res.destroyed) return;
    // Respect backpressure: a client that stopped reading stops the stream.
    if (!res.write(chatChunk(piece))) await new Promise((r) => res.once('drain', r));
  }
  res.end(`${chatChunk('', 'stop')}data: [DONE]\n\n`);
}

const enhanced = (type: string, message: string, suggestions: string[]) => ({
  success: false,
  error: { type, message, user_action: message, suggestions },
});

/** Answers the request when an armed fault covers it; false lets the sandbox answer as usual. */
export async function handleOversize(
  state: SandboxState,
  req: SandboxRequest,
  res: ServerResponse,
): Promise<boolean> {
  const route = `${req.method} ${req.path}`;
  if (route === 'POST /__sandbox/reset') {
    armed.delete(state);
    return false;
  }
  if (route === 'GET /__sandbox/oversize') {
    const o = armed.get(state);
    const answers = answered.get(state) ?? [];
    const lists = { written: answers.map((a) => a.written), hung_up: answers.map((a) => a.hungUp) };
    return (sendJson(res, 200, o ? { ...o, ...lists } : null), true);
  }
  if (route === 'POST /__sandbox/oversize') {
    let body: unknown;
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    const update = parse(body);
    if (!update.ok) return (sendJson(res, 400, { error: update.message }), true);
    if (update.value) armed.set(state, update.value);
    else armed.delete(state);
    answered.delete(state);
    return (sendJson(res, 200, update.value), true);
  }
  const o = armed.get(state);
  if (!o || req.path.startsWith('/__sandbox/')) return false;
  const analysis = req.method === 'POST' && ANALYSIS_ENDPOINTS.some((e) => e.path === req.path);
  const list = (n: number, size: number) => Array.from({ length: n }, (_, i) => `${i + 1}. ${filler(size)}`);
  const json = (status: number, body: unknown) => sendJson(res, status, body);
  switch (o.kind) {
    case 'error_message':
      if (!analysis) return false;
      return (json(500, enhanced('server_error', filler(o.size), [])), true);
    case 'suggestions':
      if (!analysis) return false;
      return (json(404, enhanced('profile_not_found', 'Perfil não encontrado', list(o.count, o.size))), true);
    case 'validation_issues':
      if (!analysis) return false;
      json(422, {
        error: 'Dados públicos insuficientes',
        error_code: 'INSUFFICIENT_DATA',
        details: { validation_issues: list(o.count, o.size), profiles_found: 1, confidence_score: 0.3 },
      });
      return true;
    case 'tiers': {
      if (req.path !== '/tiers-disponiveis') return false;
      const tier = (i: number) => ({
        nome: `Plano ${i} ${filler(o.size)}`,
        tier: 'complete',
        preco: filler(o.size),
        // Long features in the first plan only: all of them at `size` would pass the client's byte cap.
        funcionalidades: list(o.count, i === 0 ? o.size : 10),
        endpoints_permitidos: ['/crm'],
        creditos_por_uso: Object.fromEntries(list(60, 10).map((k, n) => [k, n])),
      });
      json(200, {
        message: filler(o.size),
        tiers_disponiveis: Array.from({ length: o.count }, (_, i) => tier(i)),
        upgrade_info: { message: filler(o.size), upgrade_benefits: list(o.count, o.size) },
      });
      return true;
    }
    case 'status_texts':
      if (req.path === '/health' || req.path === '/saude') {
        json(200, { status: 'healthy', message: filler(o.size), version: filler(o.size) });
        return true;
      }
      if (req.path === '/status')
        return (json(200, { status: filler(o.size), api_health: filler(o.size) }), true);
      return false;
    case 'models':
      if (req.path !== '/v1/models') return false;
      json(200, {
        object: 'list',
        data: Array.from({ length: o.count }, (_, i) => ({
          id: `service-chat-${i}`,
          object: 'model',
          owned_by: filler(o.size),
        })),
      });
      return true;
    case 'model_error':
      if (!req.path.startsWith('/v1/') || req.method !== 'POST') return false;
      json(400, { error: { message: filler(o.size), type: 'invalid_request', code: 'invalid_request' } });
      return true;
    case 'draft_huge':
    case 'draft_long_line':
    case 'draft_trickle':
      if (route !== 'POST /v1/chat/completions') return false;
      await streamChat(res, o);
      return true;
    case 'endless_body': {
      if (req.path.startsWith('/v1/')) return false;
      const answer = { written: 0, hungUp: false };
      answered.set(state, [...(answered.get(state) ?? []), answer]);
      res.once('close', () => (answer.hungUp = !res.writableFinished));
      await endless(res, o.size, (n) => (answer.written += n));
      return true;
    }
    case 'slow_body': {
      if (req.path.startsWith('/v1/')) return false;
      // The usual answer, written slowly: its single end(body) becomes a trickle.
      const end = res.end.bind(res);
      res.end = ((body?: unknown) => {
        if (typeof body === 'string' || Buffer.isBuffer(body))
          void trickle(res, body, o.chunk, o.delay_ms, () => void end());
        else end();
        return res;
      }) as typeof res.end;
      return false;
    }
  }
}
