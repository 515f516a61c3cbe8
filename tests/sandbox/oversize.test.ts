import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { TRICKLE_TEXT } from './oversize';
import { startSandbox, type RunningSandbox } from './server';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());

const arm = (body: unknown) =>
  fetch(`${sb.url}/__sandbox/oversize`, { method: 'POST', body: JSON.stringify(body) });
const crm = () =>
  fetch(`${sb.url}/crm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': DEMO_KEYS.complete },
    body: JSON.stringify({ primeiro_nome: 'Ana', empresa: 'Nubank' }),
  });

describe('oversize faults', () => {
  it('validates what it is given', async () => {
    expect((await arm({ kind: 'nope' })).status).toBe(400);
    expect((await arm({ kind: 'suggestions', size: -1 })).status).toBe(400);
    expect((await arm({ kind: 'suggestions', count: 3, size: 10 })).status).toBe(200);
    expect(await (await fetch(`${sb.url}/__sandbox/oversize`)).json()).toMatchObject({ kind: 'suggestions' });
  });

  it('sends a 1 MiB error message, uncharged, until cleared or reset', async () => {
    await arm({ kind: 'error_message' });
    const res = await crm();
    const body = (await res.json()) as { error: { message: string } };
    expect(res.status).toBe(500);
    expect(body.error.message).toHaveLength(1024 * 1024);
    await fetch(`${sb.url}/__sandbox/reset`, { method: 'POST' });
    expect((await crm()).status).toBe(200);
  });

  it('trickles a stream one byte per write and a JSON answer a few bytes at a time', async () => {
    await arm({ kind: 'draft_trickle', chunk: 1 });
    const res = await fetch(`${sb.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEMO_KEYS.complete}` },
      body: JSON.stringify({
        model: 'service-chat',
        messages: [{ role: 'user', content: 'oi' }],
        stream: true,
      }),
    });
    const text = await res.text();
    const content = [...text.matchAll(/^data: (\{.*\})$/gm)]
      .map(
        (m) =>
          (JSON.parse(m[1]!) as { choices: { delta: { content?: string } }[] }).choices[0]!.delta.content ??
          '',
      )
      .join('');
    expect(content).toBe(TRICKLE_TEXT);
    await arm({ kind: 'slow_body', chunk: 5 });
    expect(((await (await crm()).json()) as { analise?: unknown }).analise).toBeDefined();
    await arm({ kind: null });
  });
});
