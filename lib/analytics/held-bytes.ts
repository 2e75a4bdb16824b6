/**
 * The bytes an object graph holds, for the loaded-sites memory budget: every typed array
 * exactly (its buffer's byteLength, each buffer once however many views share it), and
 * strings, arrays, Maps, Sets and objects by an estimate of their engine's layout. The walk
 * follows every property, so a column or index added to a site's data later is counted
 * without being named here; collections larger than SAMPLE are estimated from SAMPLE of
 * their items, so measuring a site costs about the same at 10 k and at 10 M events.
 */

/** Items looked at in a large array, Map or Set; the rest are assumed to be like them. */
export const SAMPLE = 64;
/** An object's header, and each property, array slot or collection entry's share. */
const OBJECT = 16;
const SLOT = 8;
/** A Map or Set entry in the engine's hash table: key, value and bucket. */
const ENTRY = 24;
/** A string's header; its characters take one byte each (two when any is beyond Latin-1). */
const STRING = 24;

/** A string's characters as the engine stores them. */
function stringBytes(s: string): number {
  // eslint-disable-next-line no-control-regex
  return STRING + (/[^\u0000-\u00ff]/.test(s) ? 2 * s.length : s.length);
}

export function heldBytes(root: unknown): number {
  const seen = new Set<object>();
  const buffers = new Set<ArrayBufferLike>();

  /** Sum of `measure(i)` over `n` items, from SAMPLE evenly spread ones when there are more. */
  const sampled = (n: number, measure: (i: number) => number): number => {
    if (n <= SAMPLE) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += measure(i);
      return sum;
    }
    let sum = 0;
    for (let k = 0; k < SAMPLE; k++) sum += measure(Math.floor((k * n) / SAMPLE));
    return (sum * n) / SAMPLE;
  };

  /** A Map's or Set's first SAMPLE entries stand for the others (iterating millions costs more than the answer is worth). */
  const entries = (size: number, items: Iterable<unknown>, measure: (item: unknown) => number): number => {
    let sum = 0;
    let n = 0;
    for (const item of items) {
      if (n === SAMPLE) break;
      sum += measure(item);
      n++;
    }
    return size * ENTRY + (n === 0 ? 0 : (sum * size) / n);
  };

  const walk = (value: unknown): number => {
    if (typeof value === "string") return stringBytes(value);
    if (value === null || typeof value !== "object") return 0;
    if (seen.has(value)) return 0;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      if (buffers.has(value.buffer)) return OBJECT;
      buffers.add(value.buffer);
      return OBJECT + value.buffer.byteLength;
    }
    if (value instanceof ArrayBuffer || value instanceof SharedArrayBuffer) {
      if (buffers.has(value)) return 0;
      buffers.add(value);
      return value.byteLength;
    }
    if (value instanceof Promise) return 0;
    if (Array.isArray(value)) return OBJECT + value.length * SLOT + sampled(value.length, (i) => walk(value[i]));
    if (value instanceof Map) return OBJECT + entries(value.size, value, (entry) => walk((entry as [unknown, unknown])[0]) + walk((entry as [unknown, unknown])[1]));
    if (value instanceof Set) return OBJECT + entries(value.size, value, walk);
    let sum = OBJECT;
    for (const key of Object.keys(value)) sum += SLOT + walk((value as Record<string, unknown>)[key]);
    return sum;
  };

  return walk(root);
}
