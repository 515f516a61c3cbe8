import { describe, expect, it } from 'vitest';
import { embeddingVector } from '@/lib/api/model-schemas';
import { failure, setupSandbox } from './sandbox';

/* The /v1 model API against the sandbox. */

const sb = setupSandbox();
const chatReq = {
  model: 'service-chat',
  messages: [
    { role: 'system', content: 'Você escreve mensagens curtas de prospecção.' },
    { role: 'user', content: 'Escreva uma abordagem para Ana Souza, CFO na Nubank.' },
  ],
  temperature: 0.7,
};

describe('models', () => {
  it('lists the five models and gets one by id', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const list = await client.models.list();
    expect(list.data.map((m) => m.id).sort()).toEqual([
      'service-chat',
      'service-completion',
      'service-completion-large',
      'service-embedding',
      'service-embedding-large',
    ]);
    const model = await client.models.get('service-chat');
    expect(model).toMatchObject({ id: 'service-chat', object: 'model' });
    expect(model.permission?.[0]?.object).toBe('model_permission');
  });
});

describe('chat completions', () => {
  it('answers without streaming', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const body = await client.chat(chatReq);
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]?.message.content?.length).toBeGreaterThan(0);
    expect(body.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams deltas that add up to the same reply', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const whole = (await client.chat(chatReq)).choices[0]?.message.content;
    const deltas: string[] = [];
    for await (const delta of client.chatStream(chatReq)) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(whole);
  });

  it('stopping the iteration early ends the stream; a cancelled stream is ABORTED', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const first: string[] = [];
    for await (const delta of client.chatStream(chatReq)) {
      first.push(delta);
      if (first.length === 2) break;
    }
    expect(first).toHaveLength(2);

    const ctl = new AbortController();
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const delta of client.chatStream(chatReq, { signal: ctl.signal })) {
          seen.push(delta);
          ctl.abort();
        }
      })(),
    );
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ code: 'ABORTED', charged: 'no' });
  });
});

describe('completions and embeddings', () => {
  it('completes text, honouring n and echo', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const body = await client.completions({
      model: 'service-completion',
      prompt: 'Prezada Ana,',
      n: 2,
      echo: true,
      max_tokens: 20,
    });
    expect(body.object).toBe('text_completion');
    expect(body.choices).toHaveLength(2);
    for (const choice of body.choices) expect(choice.text.startsWith('Prezada Ana,')).toBe(true);
  });

  it('returns float and base64 embeddings that decode to the same vector', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const float = await client.embeddings({
      model: 'service-embedding',
      input: ['Ana Souza, CFO', 'Bruno Lima, CTO'],
    });
    expect(float.data).toHaveLength(2);
    const vector = float.data[0]?.embedding;
    expect(Array.isArray(vector) && vector.length).toBe(1536);
    const base64 = await client.embeddings({
      model: 'service-embedding',
      input: ['Ana Souza, CFO', 'Bruno Lima, CTO'],
      encoding_format: 'base64',
    });
    expect(typeof base64.data[0]?.embedding).toBe('string');
    const decoded = embeddingVector(base64.data[0]!.embedding);
    const floats = embeddingVector(vector as number[]);
    expect(decoded).toHaveLength(1536);
    decoded.forEach((x, i) => expect(x).toBeCloseTo(floats[i]!, 5));
    const large = await client.embeddings({ model: 'service-embedding-large', input: 'x' });
    expect(embeddingVector(large.data[0]!.embedding)).toHaveLength(3072);
  });
});

describe('model API errors', () => {
  it('400 invalid_request', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const error = await failure(client.chat({ model: 'service-chat', messages: [] }));
    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      action: 'edit_input',
      charged: 'no',
    });
    expect(error.details?.serviceMessage).toContain('messages');
    expect((await failure(client.chat({ ...chatReq, temperature: 3 }))).code).toBe('invalid_request');
  });

  it('401 authentication_error', async () => {
    const error = await failure(sb.client('complete_api_naoexiste').models.list());
    expect(error).toMatchObject({ code: 'authentication_error', status: 401, action: 'fix_key' });
    const streamed = await failure(
      (async () => {
        for await (const _ of sb.client('complete_api_naoexiste').chatStream(chatReq)) void _;
      })(),
    );
    expect(streamed.code).toBe('authentication_error');
  });

  it('404 model_not_found', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    const error = await failure(client.models.get('modelo-que-nao-existe'));
    expect(error).toMatchObject({ code: 'model_not_found', status: 404, action: 'edit_input' });
  });

  it('429 rate_limit_exceeded after 100 requests in a minute, with the wait', async () => {
    const client = sb.client(await sb.account({ tier: 'complete' }));
    await Promise.all(Array.from({ length: 100 }, () => client.models.get('service-chat')));
    const error = await failure(client.models.list());
    expect(error).toMatchObject({
      code: 'rate_limit_exceeded',
      status: 429,
      action: 'retry_after',
      charged: 'no',
    });
    // A minute-long wait is reported rather than waited for.
    expect(error.retryAfterSec).toBeGreaterThan(30);
  });
});
