/**
 * A body of the service as data. A `__proto__` key is dropped: JSON.parse keeps it as an own key, and any copy
 * of the object (a schema's output, a spread) would take it as the copy's prototype, so that a field the body
 * lacks would read the attacker's value. A `constructor` key is dropped too: zod's record check reads
 * `value.constructor.prototype`, and `"constructor": null` made it throw instead of failing the field. Undefined
 * when the text is not JSON.
 */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text, (key, value: unknown) =>
      key === '__proto__' || key === 'constructor' ? undefined : value,
    );
  } catch {
    return undefined;
  }
}

/** The most of a body the client reads: ten Plus analyses (the largest answer of the contract) are well under 1 MiB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A body longer than the client reads; nothing past the cap was taken from the network. */
export class BodyTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`body over ${MAX_BODY_BYTES} bytes`);
  }
}

/**
 * A body as text, read from the network up to `max` bytes: a declared length above it is refused before reading,
 * and a body that grows past it is cancelled there (BodyTooLarge), so a huge or endless answer costs the cap.
 */
export async function readBody(res: Response, max = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) {
    res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(declared);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > max) {
      reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(bytes);
    }
    text += decoder.decode(value, { stream: true });
  }
}
