/**
 * The sign-in lock's rule (docs/decisions.md, docs/operations.md "Security"), as pure functions of
 * the attempts counted in one scope. A scope is an e-mail address (from sources it has not signed
 * in from), an address from one source, or one source over every address.
 */
export interface LockRule {
  /** This many attempts within `windowMs` lock the scope… */
  limit: number;
  windowMs: number;
}

/** 10 checks within 15 minutes lock an address (and an address from one source). */
export const ADDRESS_RULE: LockRule = { limit: 10, windowMs: 15 * 60_000 };
/** 30 checks within 15 minutes, whatever the addresses, lock the source. */
export const SOURCE_RULE: LockRule = { limit: 30, windowMs: 15 * 60_000 };
/** …for 15 minutes the first time; each further lock in the lookback lasts twice the one before… */
export const FIRST_LOCK_MS = 15 * 60_000;
/** …up to this. */
export const LONGEST_LOCK_MS = 4 * 3_600_000;
/** Attempts older than this neither lock nor make a lock longer. */
export const LOCK_LOOKBACK_MS = 24 * 3_600_000;

/** A counted attempt: its row id (the order attempts were reserved in) and time. */
export interface Attempt {
  id: number;
  at: number;
}

export interface Lock {
  until: number;
  /** The attempt that completed the limit (it is answered 423, the ones before it 401). */
  startedBy: number;
}

/**
 * The lock in force at `now`, or null. Attempts are taken in reservation order; once `limit` of
 * them fall within the window, the scope is locked from the last one's time, and counting starts
 * again after the lock (attempts made during it, from sources it does not apply to, do not count).
 */
export function lockAt(attempts: readonly Attempt[], rule: LockRule, now: number): Lock | null {
  const ordered = attempts.toSorted((a, b) => a.id - b.id);
  let lock: Lock | null = null;
  let locks = 0;
  let counted: number[] = [];
  for (const attempt of ordered) {
    if (lock && attempt.at < lock.until) continue;
    counted = counted.filter((at) => at >= attempt.at - rule.windowMs);
    counted.push(attempt.at);
    if (counted.length >= rule.limit) {
      lock = { until: attempt.at + Math.min(FIRST_LOCK_MS * 2 ** locks, LONGEST_LOCK_MS), startedBy: attempt.id };
      locks++;
      counted = [];
    }
  }
  return lock && lock.until > now ? lock : null;
}
