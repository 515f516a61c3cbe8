/** The /v1 model API, through the unmodified `openai` client and over plain HTTP. */
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { countTokens } from './model-text';
import { type Json, setupSandbox } from './test-helpers';

const { call, url } = setupSandbox();
let client: OpenAI;
beforeAll(() => {
  client = new OpenAI({ apiKey: DEMO_KEYS.complete, baseURL: `${url()}/v1`, maxRetries: 0 });
});
const v1 = (path: string, body?: unknown, key: string = DEMO_KEYS.complete) =>
  call(`/v1${path}`, { body, headers: { authorization: `Bearer ${key}` } });
const question = [{ role: 'user' as const, content: 'Como abordar uma diretora financeira de um banco?' }];
const MODEL_IDS = [
  'service-chat',
  'service-completion',
  'service-completion-large',
  'service-embedding',
  'service-embedding-large',
];

describe('models', () => {
  it('lists the five models with their permission objects', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model as Json);
    expect(models.map((m) => m.id)).toEqual(MODEL_IDS);
    for (const model of models) {
      expect(model).toMatchObject({
        object: 'model',
        owned_by: expect.any(String),
        root: model.id,
        parent: null,
      });
      expect(model.permission[0]).toMatchObject({
        object: 'model_permission',
        allow_create_engine: expect.any(Boolean),
        allow_sampling: expect.any(Boolean),
        allow_logprobs: expect.any(Boolean),
        allow_search_indices: expect.any(Boolean),
        allow_view: expect.any(Boolean),
        allow_fine_tuning: expect.any(Boolean),
        organization: expect.any(String),
        group: null,
        is_blocking: false,
      });
    }
  });

  it('gets one model, and 404 model_not_found for an unknown one', async () => {
    expect((await client.models.retrieve('service-embedding-large')).id).toBe('service-embedding-large');
    await expect(client.models.retrieve('gpt-unknown')).rejects.toMatchObject({
      status: 404,
      code: 'model_not_found',
    });
  });
});

describe('chat completions', () => {
  it('answers a chat.completion with Portuguese text and token usage, deterministically', async () => {
    const completion = await client.chat.completions.create({ model: 'service-chat', messages: question });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('service-chat');
    const [choice] = completion.choices;
    expect(choice?.message.role).toBe('assistant');
    expect(choice?.message.content).toMatch(/sugiro três passos/);
    expect(choice?.finish_reason).toBe('stop');
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBe(countTokens(choice!.message.content!));
    expect(usage.prompt_tokens).toBe(3 + 4 + countTokens(question[0]!.content));
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    const again = await client.chat.completions.create({ model: 'service-chat', messages: question });
    expect(again.choices[0]?.message.content).toBe(choice?.message.content);
  });

  it('stops at max_tokens with finish_reason length', async () => {
    const completion = await client.chat.completions.create({
      model: 'service-chat',
      messages: question,
      max_tokens: 5,
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage?.completion_tokens).toBe(5);
    expect(countTokens(completion.choices[0]!.message.content!)).toBe(5);
  });

  it('streams the same text as server-sent chunks', async () => {
    const plain = await client.chat.completions.create({ model: 'service-chat', messages: question });
    const stream = await client.chat.completions.create({
      model: 'service-chat',
      messages: question,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const chunks = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(text).toBe(plain.choices[0]?.message.content);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.usage).toEqual(plain.usage);
  });

  it('sends text/event-stream ending with data: [DONE]', async () => {
    const { headers, body } = await v1('/chat/completions', {
      model: 'service-chat',
      messages: question,
      stream: true,
    });
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(body).toMatch(/^data: \{/);
    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });
});

describe('completions', () => {
  const prompt = 'Três dicas para a primeira reunião com um cliente B2B:';
  const complete = (extra: Partial<OpenAI.CompletionCreateParamsNonStreaming> = {}) =>
    client.completions.create({ model: 'service-completion', prompt, max_tokens: 200, ...extra });

  it('answers a text_completion and honours n', async () => {
    const completion = await complete({ n: 2 });
    expect(completion.object).toBe('text_completion');
    expect(completion.choices.map((c) => c.index)).toEqual([0, 1]);
    expect(completion.choices[0]?.text).not.toBe(completion.choices[1]?.text);
    expect(completion.usage?.prompt_tokens).toBe(countTokens(prompt));
    expect(completion.usage?.completion_tokens).toBe(
      completion.choices.reduce((sum, c) => sum + countTokens(c.text), 0),
    );
  });

  it('defaults to 16 tokens and honours max_tokens', async () => {
    const short = await client.completions.create({ model: 'service-completion', prompt });
    expect(short.choices[0]?.finish_reason).toBe('length');
    expect(short.usage?.completion_tokens).toBe(16);
    const three = await complete({ max_tokens: 3 });
    expect(countTokens(three.choices[0]!.text)).toBe(3);
  });

  it('honours echo', async () => {
    const plain = await complete();
    const echoed = await complete({ echo: true });
    expect(echoed.choices[0]?.text).toBe(prompt + plain.choices[0]?.text);
    expect(echoed.usage?.completion_tokens).toBe(plain.usage?.completion_tokens);
  });

  it('honours stop', async () => {
    const plain = (await complete()).choices[0]!.text;
    const stopWord = plain.split(' ').filter(Boolean)[4]!;
    const stopped = await complete({ stop: ['zzz', stopWord] });
    expect(stopped.choices[0]?.text).toBe(plain.slice(0, plain.indexOf(stopWord)));
    expect(stopped.choices[0]?.finish_reason).toBe('stop');
  });

  it('honours suffix: a passage leading into it, with its tokens counted in the prompt', async () => {
    const suffix = ' O próximo passo é agendar a demonstração.';
    const plain = await complete();
    const inserted = await complete({ suffix });
    expect(inserted.choices[0]?.text).not.toBe(plain.choices[0]?.text);
    expect(inserted.choices[0]?.text).not.toContain(suffix.trim());
    expect(inserted.usage?.prompt_tokens).toBe(countTokens(prompt) + countTokens(suffix));
  });

  it('numbers choices across several prompts', async () => {
    const completion = await client.completions.create({
      model: 'service-completion-large',
      prompt: ['A', 'B'],
      n: 2,
    });
    expect(completion.choices.map((c) => c.index)).toEqual([0, 1, 2, 3]);
  });

  it('returns logprobs when asked', async () => {
    const completion = await complete({ logprobs: 2, max_tokens: 4 });
    const logprobs = completion.choices[0]?.logprobs;
    expect(logprobs?.tokens).toHaveLength(4);
    expect(logprobs?.token_logprobs).toHaveLength(4);
    expect(Object.keys(logprobs?.top_logprobs?.[0] ?? {})).toHaveLength(2);
    expect((await complete()).choices[0]?.logprobs).toBeNull();
  });

  it('streams completions', async () => {
    const plain = await complete();
    let text = '';
    for await (const chunk of await client.completions.create({
      model: 'service-completion',
      prompt,
      max_tokens: 200,
      stream: true,
    })) {
      text += chunk.choices[0]?.text ?? '';
    }
    expect(text).toBe(plain.choices[0]?.text);
  });
});

describe('embeddings', () => {
  const norm = (v: number[]) => Math.hypot(...v);
  const cosine = (a: number[], b: number[]) =>
    a.reduce((sum, x, i) => sum + x * b[i]!, 0) / (norm(a) * norm(b));

  it('embeds in 1536 dimensions, deterministically, as unit vectors', async () => {
    const a = await client.embeddings.create({
      model: 'service-embedding',
      input: 'diretora financeira',
      encoding_format: 'float',
    });
    const b = await client.embeddings.create({
      model: 'service-embedding',
      input: 'diretora financeira',
      encoding_format: 'float',
    });
    expect(a.object).toBe('list');
    expect(a.data[0]?.object).toBe('embedding');
    expect(a.data[0]?.embedding).toHaveLength(1536);
    expect(a.data[0]?.embedding).toEqual(b.data[0]?.embedding);
    expect(norm(a.data[0]!.embedding)).toBeCloseTo(1, 6);
    expect(a.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
  });

  it('embeds in 3072 dimensions with the large model, one vector per input', async () => {
    const result = await client.embeddings.create({
      model: 'service-embedding-large',
      input: ['um', 'dois', 'três'],
      encoding_format: 'float',
    });
    expect(result.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(result.data[0]?.embedding).toHaveLength(3072);
  });

  it('answers base64 that decodes to the same float32 vector (the client default)', async () => {
    const float = await client.embeddings.create({
      model: 'service-embedding',
      input: 'gestão de pipeline',
      encoding_format: 'float',
    });
    const decoded = await client.embeddings.create({
      model: 'service-embedding',
      input: 'gestão de pipeline',
    });
    expect(decoded.data[0]?.embedding).toHaveLength(1536);
    decoded.data[0]!.embedding.forEach((x, i) => expect(x).toBeCloseTo(float.data[0]!.embedding[i]!, 6));
    const raw = await v1('/embeddings', {
      model: 'service-embedding',
      input: 'gestão de pipeline',
      encoding_format: 'base64',
    });
    expect(typeof raw.body.data[0].embedding).toBe('string');
    expect(Buffer.from(raw.body.data[0].embedding, 'base64').length).toBe(1536 * 4);
  });

  it('puts texts that share words closer than unrelated ones', async () => {
    const { data } = await client.embeddings.create({
      model: 'service-embedding',
      input: [
        'diretora de vendas em São Paulo',
        'diretora de vendas no Recife',
        'receita de bolo de cenoura',
      ],
      encoding_format: 'float',
    });
    const [a, b, c] = data.map((d) => d.embedding) as [number[], number[], number[]];
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
  });
});

describe('errors', () => {
  it('answers a bad key with 401 authentication_error in the {error: {message, type, code}} shape', async () => {
    const bad = new OpenAI({ apiKey: 'basic_api_nope', baseURL: `${url()}/v1`, maxRetries: 0 });
    await expect(bad.models.list()).rejects.toMatchObject({ status: 401, code: 'authentication_error' });
    const raw = await call('/v1/models');
    expect(raw.status).toBe(401);
    expect(raw.body).toEqual({
      error: { message: expect.any(String), type: 'authentication_error', code: 'authentication_error' },
    });
  });

  it.each([
    ['a temperature above 2', { model: 'service-chat', messages: question, temperature: 2.5 }],
    ['no messages', { model: 'service-chat', messages: [] }],
    ['an unknown role', { model: 'service-chat', messages: [{ role: 'robot', content: 'oi' }] }],
    ['a model of another kind', { model: 'service-embedding', messages: question }],
    ['an unknown model', { model: 'service-chat-9', messages: question }],
    ['max_tokens above the context', { model: 'service-chat', messages: question, max_tokens: 100_000 }],
  ])('answers %s on chat with 400 invalid_request', async (_label, body) => {
    const { status, body: error } = await v1('/chat/completions', body);
    expect(status).toBe(400);
    expect(error.error.code).toBe('invalid_request');
    expect(typeof error.error.message).toBe('string');
  });

  it.each([
    ['best_of below n', '/completions', { model: 'service-completion', prompt: 'x', n: 3, best_of: 2 }],
    [
      'five stop sequences',
      '/completions',
      { model: 'service-completion', prompt: 'x', stop: ['a', 'b', 'c', 'd', 'e'] },
    ],
    ['a missing prompt', '/completions', { model: 'service-completion' }],
    [
      'an unknown encoding_format',
      '/embeddings',
      { model: 'service-embedding', input: 'x', encoding_format: 'int8' },
    ],
    ['an empty input', '/embeddings', { model: 'service-embedding', input: '' }],
    ['token arrays as input', '/embeddings', { model: 'service-embedding', input: [[1, 2, 3]] }],
  ])('answers %s with 400 invalid_request', async (_label, path, body) => {
    const { status, body: error } = await v1(path, body);
    expect(status).toBe(400);
    expect(error.error.code).toBe('invalid_request');
  });

  it('answers malformed JSON with 400 and an unknown route with 404', async () => {
    const malformed = await call('/v1/chat/completions', {
      raw: '{',
      headers: { authorization: `Bearer ${DEMO_KEYS.basic}` },
    });
    expect(malformed.status).toBe(400);
    expect((await v1('/images/generations', { prompt: 'x' })).status).toBe(404);
  });
});
