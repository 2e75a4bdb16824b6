import { monotonicFactory } from "ulid";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const nextUlid = monotonicFactory();
const MASK48 = (1n << 48n) - 1n;

/**
 * A 24-hex, time-ordered id: 48-bit millisecond time + 48 random bits.
 * Both halves come from a monotonic ULID, so ids made in the same millisecond still sort
 * in creation order (the monotonic increment lives in the low random bits we keep).
 */
export function newId(): string {
  const u = nextUlid();
  let value = 0n;
  for (const ch of u) value = (value << 5n) | BigInt(CROCKFORD.indexOf(ch));
  const time = value >> 80n;
  const random = value & MASK48;
  return time.toString(16).padStart(12, "0") + random.toString(16).padStart(12, "0");
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
