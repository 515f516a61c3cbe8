/** The /v1 model API of 4.4, OpenAI-compatible: models, chat completions, completions, embeddings. */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { modelError } from './errors';
import { header, isRecord, parseJson, sendJson, type SandboxRequest } from './http';
import {
  MODELS,
  chatReply,
  completionText,
  countTokens,
  embed,
  finish,
  logprobsOf,
  modelObject,
  toBase64,
  tokenize,
  type ModelKind,
} from './model-text';
import type { SandboxState } from './state';

class BadRequest extends Error {}
type Body = Record<string, unknown>;

function optionalNumber(
  body: Body,
  name: string,
  min: number,
  max: number,
  integer = false,
): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new BadRequest(`${name} deve ser ${integer ? 'um inteiro' : 'um número'}`);
  }
  if (value < min || value > max) throw new BadRequest(`${name} deve estar entre ${min} e ${max}`);
  return value;
}

function optionalBoolean(body: Body, name: string): boolean {
  const value = body[name] ?? false;
  if (typeof value !== 'boolean') throw new BadRequest(`${name} deve ser booleano`);
  return value;
}

function optionalString(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new BadRequest(`${name} deve ser texto`);
  return value;
}

/** A string or a non-empty array of strings. */
function textList(body: Body, name: string, required: boolean, maxItems: number): string[] {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw new BadRequest(`${name} é obrigatório`);
    return [];
  }
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((item) => typeof item === 'string')) {
    throw new BadRequest(`${name} deve ser texto ou uma lista não vazia de textos`);
  }
  if (list.length > maxItems) throw new BadRequest(`${name} aceita no máximo ${maxItems} itens`);
  return list;
}

function modelFor(body: Body, kind: ModelKind) {
  const id = body.model;
  if (typeof id !== 'string' || id === '') throw new BadRequest('model é obrigatório');
  const model = MODELS.find((m) => m.id === id);
  if (!model) throw new BadRequest(`Modelo desconhecido: ${id}`);
  if (model.kind !== kind) throw new BadRequest(`O modelo ${id} não atende a este endpoint`);
  return model;
}

/** Shared sampling parameters; validated even though deterministic templates ignore them. */
function sampling(body: Body) {
  optionalNumber(body, 'temperature', 0, 2);
  optionalNumber(body, 'top_p', 0, 1);
  optionalNumber(body, 'presence_penalty', -2, 2);
  optionalNumber(body, 'frequency_penalty', -2, 2);
  if (body.logit_bias !== undefined && body.logit_bias !== null && !isRecord(body.logit_bias)) {
    throw new BadRequest('logit_bias deve ser um objeto');
  }
  optionalString(body, 'user');
  return {
    n: optionalNumber(body, 'n', 1, 10, true) ?? 1,
    stop: textList(body, 'stop', false, 4),
    stream: optionalBoolean(body, 'stream'),
    includeUsage: isRecord(body.stream_options) && body.stream_options.include_usage === true,
  };
}

const usage = (prompt: number, completion: number) => ({
  prompt_tokens: prompt,
  completion_tokens: completion,
  total_tokens: prompt + completion,
});

/** Server-sent events, one `data:` line per chunk, then `data: [DONE]`. */
async function stream(res: ServerResponse, chunks: unknown[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  for (const chunk of chunks) {
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end('data: [DONE]\n\n');
}

function messagesOf(body: Body) {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    throw new BadRequest('messages deve ser uma lista não vazia');
  return messages.map((m, i) => {
    if (!isRecord(m) || typeof m.role !== 'string') throw new BadRequest(`messages[${i}] precisa de role`);
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(m.role)) {
      throw new BadRequest(`messages[${i}].role inválido: ${m.role}`);
    }
    const content = m.content ?? '';
    if (typeof content === 'string') return { role: m.role, content };
    if (Array.isArray(content) && content.every((p) => isRecord(p) && typeof p.text === 'string')) {
      return { role: m.role, content: content.map((p) => (p as { text: string }).text).join('\n') };
    }
    throw new BadRequest(`messages[${i}].content deve ser texto`);
  });
}

async function chat(body: Body, res: ServerResponse, now: number) {
  const model = modelFor(body, 'chat');
  const messages = messagesOf(body);
  const { n, stop, stream: streamed, includeUsage } = sampling(body);
  const promptTokens = messages.reduce((sum, m) => sum + 4 + countTokens(m.content), 3);
  const room = model.maxTokens - promptTokens;
  if (room <= 0) throw new BadRequest(`A conversa excede o contexto de ${model.maxTokens} tokens do modelo`);
  const maxTokens =
    optionalNumber(body, 'max_completion_tokens', 1, room, true) ??
    optionalNumber(body, 'max_tokens', 1, room, true) ??
    room;
  const choices = Array.from({ length: n }, (_, index) => ({
    index,
    ...finish(chatReply(messages, index), stop, maxTokens),
  }));
  const completionTokens = choices.reduce((sum, c) => sum + c.tokens, 0);
  const head = {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    created: Math.floor(now / 1000),
    model: model.id,
  };

  if (!streamed) {
    return sendJson(res, 200, {
      ...head,
      object: 'chat.completion',
      choices: choices.map((c) => ({
        index: c.index,
        message: { role: 'assistant', content: c.text },
        logprobs: null,
        finish_reason: c.reason,
      })),
      usage: usage(promptTokens, completionTokens),
    });
  }
  const chunk = (index: number, delta: object, finishReason: string | null) => ({
    ...head,
    object: 'chat.completion.chunk',
    choices: [{ index, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  await stream(res, [
    ...choices.flatMap((c) => [
      chunk(c.index, { role: 'assistant', content: '' }, null),
      ...tokenize(c.text).map((token) => chunk(c.index, { content: token }, null)),
      chunk(c.index, {}, c.reason),
    ]),
    ...(includeUsage
      ? [
          {
            ...head,
            object: 'chat.completion.chunk',
            choices: [],
            usage: usage(promptTokens, completionTokens),
          },
        ]
      : []),
  ]);
}

async function completions(body: Body, res: ServerResponse, now: number) {
  const model = modelFor(body, 'completion');
  const prompts = textList(body, 'prompt', true, 20);
  const suffix = optionalString(body, 'suffix');
  const { n, stop, stream: streamed, includeUsage } = sampling(body);
  const bestOf = optionalNumber(body, 'best_of', 1, 20, true) ?? n;
  if (bestOf < n) throw new BadRequest('best_of deve ser maior ou igual a n');
  const logprobs = optionalNumber(body, 'logprobs', 0, 5, true);
  const echo = optionalBoolean(body, 'echo');
  const maxTokens = optionalNumber(body, 'max_tokens', 0, model.maxTokens, true) ?? 16;
  const promptTokens = prompts.map((p) => countTokens(p) + countTokens(suffix ?? ''));
  if (promptTokens.some((t) => t + maxTokens > model.maxTokens)) {
    throw new BadRequest(`Prompt mais max_tokens excede o contexto de ${model.maxTokens} tokens do modelo`);
  }
  const choices = prompts.flatMap((prompt, p) =>
    Array.from({ length: n }, (_, i) => {
      const done = finish(completionText(prompt, i, suffix), stop, maxTokens);
      const text = echo ? prompt + done.text : done.text;
      return { index: p * n + i, text, tokens: done.tokens, reason: done.reason };
    }),
  );
  const total = usage(
    promptTokens.reduce((a, b) => a + b, 0),
    choices.reduce((sum, c) => sum + c.tokens, 0),
  );
  const head = {
    id: `cmpl-${randomBytes(12).toString('hex')}`,
    object: 'text_completion',
    created: Math.floor(now / 1000),
    model: model.id,
  };
  const lp = (text: string) => (logprobs === undefined ? null : logprobsOf(text, logprobs));

  if (!streamed) {
    return sendJson(res, 200, {
      ...head,
      choices: choices.map((c) => ({
        text: c.text,
        index: c.index,
        logprobs: lp(c.text),
        finish_reason: c.reason,
      })),
      usage: total,
    });
  }
  const chunk = (index: number, text: string, reason: string | null) => ({
    ...head,
    choices: [{ text, index, logprobs: lp(text), finish_reason: reason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  await stream(res, [
    ...choices.flatMap((c) => [
      ...tokenize(c.text).map((t) => chunk(c.index, t, null)),
      chunk(c.index, '', c.reason),
    ]),
    ...(includeUsage ? [{ ...head, choices: [], usage: total }] : []),
  ]);
}

function embeddings(body: Body, res: ServerResponse) {
  const model = modelFor(body, 'embedding');
  const inputs = textList(body, 'input', true, 2048);
  if (inputs.some((text) => text === '')) throw new BadRequest('input não pode conter textos vazios');
  if (inputs.some((text) => countTokens(text) > model.maxTokens)) {
    throw new BadRequest(`Cada input deve ter no máximo ${model.maxTokens} tokens`);
  }
  const format = optionalString(body, 'encoding_format') ?? 'float';
  if (format !== 'float' && format !== 'base64')
    throw new BadRequest('encoding_format deve ser float ou base64');
  const dimensions =
    optionalNumber(body, 'dimensions', 1, model.dimensions ?? 0, true) ?? model.dimensions ?? 0;
  optionalString(body, 'user');
  const tokens = inputs.reduce((sum, text) => sum + countTokens(text), 0);
  sendJson(res, 200, {
    object: 'list',
    data: inputs.map((text, index) => {
      const vector = embed(text, dimensions);
      return { object: 'embedding', embedding: format === 'base64' ? toBase64(vector) : vector, index };
    }),
    model: model.id,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

export async function handleModelApi(
  state: SandboxState,
  req: SandboxRequest,
  res: ServerResponse,
): Promise<void> {
  const fail = (status: number, code: string, message: string, headers?: Record<string, string>) =>
    sendJson(res, status, modelError(code, message), headers);
  const key = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  if (!state.accounts.get(key)) {
    return fail(
      401,
      'authentication_error',
      'Chave ausente ou inválida: envie Authorization: Bearer <API_KEY>',
    );
  }
  const wait = state.limitModelRequest(key!);
  if (wait > 0) {
    return fail(429, 'rate_limit_exceeded', 'Limite de 100 requisições por minuto excedido', {
      'retry-after': String(wait),
    });
  }

  const modelPath = /^\/v1\/models\/(.+)$/.exec(req.path);
  if (req.method === 'GET' && req.path === '/v1/models') {
    return sendJson(res, 200, { object: 'list', data: MODELS.map((m) => modelObject(m.id)) });
  }
  if (req.method === 'GET' && modelPath) {
    const model = modelObject(decodeURIComponent(modelPath[1]!));
    return model
      ? sendJson(res, 200, model)
      : fail(404, 'model_not_found', `Modelo não encontrado: ${modelPath[1]}`);
  }
  const routes: Record<string, (body: Body) => Promise<void> | void> = {
    '/v1/chat/completions': (body) => chat(body, res, state.now()),
    '/v1/completions': (body) => completions(body, res, state.now()),
    '/v1/embeddings': (body) => embeddings(body, res),
  };
  const route = routes[req.path];
  if (!route) return fail(404, 'invalid_request', `Rota desconhecida: ${req.method} ${req.path}`);
  if (req.method !== 'POST') return fail(405, 'invalid_request', `Use POST em ${req.path}`);
  const json = parseJson(req);
  if (!json.ok) return fail(400, 'invalid_request', json.message);
  if (!isRecord(json.value)) return fail(400, 'invalid_request', 'O corpo deve ser um objeto JSON');
  try {
    await route(json.value);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    fail(400, 'invalid_request', error.message);
  }
}
