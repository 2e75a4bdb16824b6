import { monotonicFactory } from "ulid";

const nextUlid = monotonicFactory();
const TWO_48 = 2 ** 48;
/** Crockford base-32 digit values by character code. */
const DIGIT = new Uint8Array(128);
for (const [i, c] of [..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"].entries()) DIGIT[c.charCodeAt(0)] = i;

/**
 * A 24-hex, time-ordered id: 48-bit millisecond time + 48 random bits, both from a monotonic
 * ULID, so ids made in the same millisecond still sort in creation order (the monotonic
 * increment lives in the low random bits we keep). Decoded with plain numbers — its first 10
 * characters (the time) and last 10 (50 random bits, of which the low 48) stay below 2^53 —
 * not BigInt: ids are made on hot paths (a short-link click each), where BigInt cost a fifth of
 * the redirect's CPU.
 */
export function newId(): string {
  const u = nextUlid();
  let time = 0;
  for (let i = 0; i < 10; i++) time = time * 32 + DIGIT[u.charCodeAt(i)];
  let random = 0;
  for (let i = 16; i < 26; i++) random = random * 32 + DIGIT[u.charCodeAt(i)];
  return time.toString(16).padStart(12, "0") + (random % TWO_48).toString(16).padStart(12, "0");
}

/** A UUID's 16 bytes, as session and visitor rows keep it (its shape checked before). */
export function uuidBytes(uuid: string): Uint8Array {
  const bytes = new Uint8Array(16);
  for (let i = 0, at = 0; i < 16; i++, at += 2) {
    if (uuid.charCodeAt(at) === 45) at++; // "-"
    bytes[i] = (hexValue(uuid.charCodeAt(at)) << 4) | hexValue(uuid.charCodeAt(at + 1));
  }
  return bytes;
}
const hexValue = (c: number): number => (c <= 57 ? c - 48 : (c | 32) - 87);

/** A UUID from its 32 hex digits (as SQLite's `lower(hex(uid))` gives a stored uid back). */
export const uuidOfHex = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const ID_PATTERN = "^[0-9a-f]{24}$";
const idRe = new RegExp(ID_PATTERN);
export function isId(value: string): boolean {
  return idRe.test(value);
}
