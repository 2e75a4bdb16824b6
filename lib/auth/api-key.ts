import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const KEY_PREFIX = "exk_";
const SECRET_BYTES = 32;
/** 32 random bytes in base62 are 43 characters; keys shorter than this cannot be ours. */
const KEY_RE = /^exk_[0-9A-Za-z]{43,64}$/;

function base62(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = "";
  while (value > 0n) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(43, "0");
}

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = KEY_PREFIX + base62(randomBytes(SECRET_BYTES));
  return { key, hash: hashSecret(key), prefix: key.slice(0, 10) };
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_RE.test(value);
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Constant-time comparison of two secrets: both are hashed first, so lengths always match. */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/** Constant-time comparison of two hex digests of equal kind. */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** A random secret for webhooks and tokens: `prefix_` + base62. */
export function randomSecret(prefix: string, bytes = 24): string {
  return `${prefix}_${base62(randomBytes(bytes)).replace(/^0+/, "")}`;
}
