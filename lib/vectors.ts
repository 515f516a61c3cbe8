/*
 * A leaf module (it imports nothing), so that storage (lib/storage/idb.ts) and the similarity search alike may use it.
 * Embedding vectors as the similarity search keeps them: the unit vector, one signed byte a dimension. Cosine
 * similarity is then a dot product of small integers, and 1536 dimensions take 1.5 kB on disk and in memory
 * (against 6 kB as Float32 and 12 kB as plain numbers); the score moves by well under 0.01.
 */

/** What a unit vector's components are scaled by before rounding to a signed byte. */
export const SCALE = 127;

/** The vector as one byte a dimension, after scaling it to length 1; null when it has no direction or a bad value. */
export function quantize(vector: ArrayLike<unknown>): Int8Array | null {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return null;
    norm += x * x;
  }
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  const k = SCALE / Math.sqrt(norm);
  const out = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = Math.round((vector[i] as number) * k);
  return out;
}

/** A quantized vector with its squared length, worked out once when it is kept: comparing two is then one dot product. */
export interface UnitVector {
  readonly bytes: Int8Array;
  readonly lengthSquared: number;
}

export function unitVector(bytes: Int8Array): UnitVector {
  let lengthSquared = 0;
  for (let i = 0; i < bytes.length; i++) lengthSquared += bytes[i]! * bytes[i]!;
  return { bytes, lengthSquared };
}

/**
 * Cosine similarity of two kept vectors, -1 to 1: their dot product over the product of the lengths kept with them
 * (both near SCALE, as the vectors are unit length before rounding; dividing by them, not by SCALE squared, keeps
 * the score exact to the bit). Vectors of different lengths compare over the shorter, with its lengths.
 */
export function cosine(a: UnitVector, b: UnitVector): number {
  const x = a.bytes;
  const y = b.bytes;
  if (x.length !== y.length) return shorterCosine(x, y);
  if (a.lengthSquared === 0 || b.lengthSquared === 0) return 0;
  let dot = 0;
  for (let i = 0; i < x.length; i++) dot += x[i]! * y[i]!;
  return dot / Math.sqrt(a.lengthSquared * b.lengthSquared);
}

/** Vectors of two lengths (a damaged one: a model's are all one length) compare over their common dimensions. */
function shorterCosine(a: Int8Array, b: Int8Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
