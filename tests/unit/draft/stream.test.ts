import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';

/*
 * The streamed chat as the draft reads it, over a body cut into arbitrary chunks (the SSE parser's own cases are
 * in tests/unit/api/sse.test.ts): what reaches the user is the deltas, whatever the framing.
 */

const chunk = (content: string) =>
  JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });

function clientServing(chunks: string[]) {
  const fetch: typeof globalThis.fetch = async (input) => {
    // ky waits for its request body to be read, as a real fetch does.
    if (input instanceof Request) await input.text();
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (const c of chunks) ctl.enqueue(enc.encode(c));
        ctl.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return createApiClient({
    baseUrl: 'http://127.0.0.1:1',
    llmBaseUrl: 'http://127.0.0.1:1',
    apiKey: 'k',
    fetch,
  });
}

async function deltas(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const d of clientServing(chunks).chatStream({ model: 'service-chat', messages: [] }))
    out.push(d);
  return out;
}

describe('streamed chat', () => {
  it('reads deltas from chunks split mid-line and mid-JSON', async () => {
    const text = `data: ${chunk('Olá')}\n\ndata: ${chunk(', Ana')}\n\ndata: [DONE]\n\n`;
    for (const size of [1, 3, 17]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(await deltas(chunks)).toEqual(['Olá', ', Ana']);
    }
  });

  it('joins a JSON chunk written over several data lines', async () => {
    // Cut between two JSON tokens, where the joining newline is whitespace.
    const json = chunk('um');
    const cut = json.indexOf('"choices":') + '"choices":'.length;
    const [a, b] = [json.slice(0, cut), json.slice(cut)];
    expect(await deltas([`data: ${a}\ndata: ${b}\n\n`, 'data: [DONE]\n\n'])).toEqual(['um']);
  });

  it('stops at [DONE], ignoring anything after it', async () => {
    expect(await deltas([`data: ${chunk('fim')}\n\ndata: [DONE]\n\ndata: ${chunk('depois')}\n\n`])).toEqual([
      'fim',
    ]);
  });

  it('skips malformed lines and data that is not a chunk', async () => {
    expect(
      await deltas([
        ': comentário\n',
        'linha sem dois pontos\n\n',
        'data: {não é json\n\n',
        `data: ${chunk('ok')}\n\n`,
        'data: {"outra":"coisa"}\n\n',
        'data: [DONE]\n\n',
      ]),
    ).toEqual(['ok']);
  });

  it('a stream that ends without [DONE] or a finish reason is a dropped connection', async () => {
    await expect(deltas([`data: ${chunk('meio')}\n\n`])).rejects.toMatchObject({
      error: { code: 'NETWORK' },
    });
  });
});
