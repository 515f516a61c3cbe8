import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, MAX_BODY_BYTES, readBody } from '@/lib/api/json';

/** A response whose body comes in `chunks`, counting what the reader pulled and whether it cancelled. */
function chunked(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const seen = { pulls: 0, cancelled: false };
  let i = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        seen.pulls++;
        if (i < chunks.length) controller.enqueue(chunks[i++]!);
        else controller.close();
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { res: new Response(body, { headers }), seen };
}

const bytes = (n: number) => new Uint8Array(n).fill(0x78);

describe('readBody', () => {
  it('reads a body up to the cap whole', async () => {
    const { res } = chunked([bytes(6), bytes(4)]);
    expect(await readBody(res, 10)).toBe('x'.repeat(10));
  });

  it('stops at the cap: a growing body is cancelled there, nothing further is pulled', async () => {
    const { res, seen } = chunked(Array.from({ length: 1000 }, () => bytes(4)));
    const read = readBody(res, 10);
    await expect(read).rejects.toBeInstanceOf(BodyTooLarge);
    await expect(read).rejects.toMatchObject({ bytes: 12 });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulls).toBeLessThanOrEqual(4);
  });

  it('refuses a declared length over the cap before reading', async () => {
    const { res, seen } = chunked([bytes(4)], { 'content-length': String(MAX_BODY_BYTES + 1) });
    await expect(readBody(res)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(seen.pulls).toBeLessThanOrEqual(1);
    expect(seen.cancelled).toBe(true);
  });

  it('an empty or bodiless answer is the empty text', async () => {
    expect(await readBody(new Response(null))).toBe('');
    expect(await readBody(chunked([]).res)).toBe('');
  });

  it('gives any UTF-8 text back, however its bytes were split', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (text, cuts) => {
          const all = new TextEncoder().encode(text);
          const at = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
          const parts = [0, ...at, all.length]
            .slice(1)
            .map((end, i, ends) => all.subarray(i ? ends[i - 1] : 0, end));
          expect(await readBody(chunked(parts).res)).toBe(text);
        },
      ),
    );
  });
});
