/**
 * When an outbound delivery is tried again (docs/leads.md has the table): exponential backoff
 * with full jitter — after the n-th failed attempt the next waits a uniformly random time
 * between 0 and min(12 h, 1 min × 2^(n−1)) — for 21 attempts in all, about three days on
 * average (at most about six). Full jitter spreads the retries of many deliveries to an
 * endpoint that was down instead of sending them all back at once.
 */

/** Attempts a delivery gets, the first included. */
export const MAX_ATTEMPTS = 21;
export const BASE_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 12 * 3_600_000;
/** A Retry-After beyond this is read as this (a receiver cannot park a delivery for weeks). */
export const MAX_RETRY_AFTER_MS = MAX_DELAY_MS;
/** An endpoint that has failed, with no success since, for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;

/** The longest wait after the `attempt`-th failed attempt (1-based). */
export const retryCeilingMs = (attempt: number): number => Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));

/** Full jitter: anywhere from 0 to the ceiling; `random` gives [0, 1). */
export const retryDelayMs = (attempt: number, random: () => number = Math.random): number => Math.floor(random() * retryCeilingMs(attempt));

/** What an answer means: 2xx delivered; 429, 5xx, timeouts and network errors (null) are tried again; anything else fails for good. */
export type Verdict = "delivered" | "retry" | "failed";

export function verdictOf(status: number | null): Verdict {
  if (status === null) return "retry";
  if (status >= 200 && status < 300) return "delivered";
  if (status === 429 || (status >= 500 && status < 600)) return "retry";
  return "failed";
}

/** A Retry-After header (seconds, or an HTTP date) as ms from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month ("Sun, 01 Mar 2026 12:05:00 GMT"); Date.parse alone takes "-5" for a year.
  const at = /[A-Za-z]{3}/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export type NextStep = { status: "delivered" } | { status: "failed" } | { status: "pending"; nextAttemptAt: number };

/**
 * After attempt number `attempt` (1-based) got `verdict`: delivered, failed, or pending until
 * the next attempt — the jittered backoff, or the receiver's Retry-After when that is later
 * (up to 12 hours).
 */
export function nextStep(attempt: number, verdict: Verdict, now: number, retryAfter: number | null = null, random: () => number = Math.random): NextStep {
  if (verdict === "delivered") return { status: "delivered" };
  if (verdict === "failed" || attempt >= MAX_ATTEMPTS) return { status: "failed" };
  const wait = Math.max(retryDelayMs(attempt, random), Math.min(retryAfter ?? 0, MAX_RETRY_AFTER_MS));
  return { status: "pending", nextAttemptAt: now + wait };
}
