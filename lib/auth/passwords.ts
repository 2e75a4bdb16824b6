import { randomBytes } from "node:crypto";
import type { Settings } from "../config.ts";

/** The password rule (docs/decisions.md): long enough, not a common password, not the e-mail. */
export const MIN_PASSWORD_LENGTH = 10;
/** Argon2 takes any length; a bound keeps a hash from being asked to chew megabytes. */
export const MAX_PASSWORD_LENGTH = 200;

let common: Set<string> | null = null;

/**
 * The 49,233 most common passwords of zxcvbn-ts's dictionary (@zxcvbn-ts/language-common, MIT;
 * ranked from leaked-password corpora), loaded on first use (~50 ms) and compared lowercased.
 */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    common = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  }
  return common;
}

/** Why a new password is refused, or null when it is acceptable. */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase()) return "must not be the e-mail address";
  if ((await commonPasswords()).has(lower)) return "is one of the most common passwords; choose another";
  return null;
}

export type PasswordCost = Pick<Settings, "passwordHashMemoryKib" | "passwordHashTime">;

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", memoryCost: cost.passwordHashMemoryKib, timeCost: cost.passwordHashTime });
}

/** Never the Sync variant: a hash takes tens of milliseconds the event loop must not wait. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

const ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A random one-time password (20 characters, ~115 bits) the operator hands over. */
export function generatePassword(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  // 256 % 54 skews slightly; rejection keeps each character uniform.
  for (const b of bytes) {
    if (b < 256 - (256 % ALPHABET.length)) out += ALPHABET[b % ALPHABET.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : generatePassword(length);
}
