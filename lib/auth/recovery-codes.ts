import { randomBytes } from "node:crypto";
import { hashSecret } from "./api-key.ts";

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-style base32 without look-alikes, so a code read off paper types back right. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Ten codes like `k3f9x-2mq7d` (50 random bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored and looked up by this: case, spaces and the dash do not matter when typed back. */
export function recoveryCodeHash(code: string): string {
  return hashSecret(code.toLowerCase().replace(/[\s-]/g, ""));
}
