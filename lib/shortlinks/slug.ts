import { customAlphabet } from "nanoid";

/** Short-link slugs (docs/campaigns.md "Short links"): one `/l/` namespace for the instance. */

export const SLUG_PATTERN = /^[a-z0-9_-]{3,64}$/;

/** Paths a slug would shadow or be mistaken for, now or as the instance grows. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["api", "l", "v1", "admin", "login", "logout", "static", "assets", "qr", "healthz", "robots.txt", "favicon.ico"]);

export const RANDOM_SLUG_LENGTH = 7;
const random = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", RANDOM_SLUG_LENGTH);

/** 7 of [a-z0-9]: 36⁷ ≈ 7.8 × 10¹⁰ slugs, so a clash is rare and a retry settles it. */
export const randomSlug = (): string => random();

/** Slugs are case-insensitive: stored and looked up lower-case. */
export const foldSlug = (text: string): string => text.trim().toLowerCase();

/** What is wrong with an already folded slug, or null. */
export function slugProblem(slug: string): string | null {
  if (slug.length < 3 || slug.length > 64) return "must be 3 to 64 characters";
  if (!SLUG_PATTERN.test(slug)) return "may hold only a-z, 0-9, _ and -";
  if (RESERVED_SLUGS.has(slug)) return "is reserved";
  return null;
}
