/** The account lock (docs/decisions.md): 10 failed sign-ins within 15 minutes lock it for 15 minutes. */
export const LOCK_FAILURES = 10;
export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_DURATION_MS = 15 * 60_000;
/** Failures older than this can no longer lock or extend a lock. */
export const LOCK_LOOKBACK_MS = LOCK_WINDOW_MS + LOCK_DURATION_MS;

/**
 * When the lock ends (ms), or null when the account is not locked at `now`. `failures` are the
 * times of failed attempts, ascending: any 10 within 15 minutes lock until the 10th + 15 min.
 */
export function lockedUntil(failures: readonly number[], now: number): number | null {
  let until: number | null = null;
  for (let i = LOCK_FAILURES - 1; i < failures.length; i++) {
    if (failures[i] - failures[i - LOCK_FAILURES + 1] <= LOCK_WINDOW_MS) {
      const end = failures[i] + LOCK_DURATION_MS;
      if (end > now && (until === null || end > until)) until = end;
    }
  }
  return until;
}
