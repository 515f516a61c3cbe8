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
