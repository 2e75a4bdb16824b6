import { and, eq, gt, lte } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import type { ControlDb } from "../db/control.ts";
import { signInAttempts, userSessions } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { ADDRESS_RULE, LOCK_LOOKBACK_MS, SOURCE_RULE, lockAt, type Attempt, type Lock } from "./lock.ts";
import { auditUser, type UserRef } from "./user-audit.ts";

/** A source this account signed in from within this long is its own: the address lock spares it. */
export const KNOWN_SOURCE_MS = 30 * 24 * 3_600_000;

/** Whose secret is checked: the address as typed (lowercased), and its user when there is one. */
export interface SignInSubject {
  address: string;
  user: UserRef | null;
}

type Scope = "account" | "source";
interface ScopedLock extends Lock {
  scope: Scope;
}

/** Whether the user signed in from `source` recently (never, for an address without a user). */
function knownSource(db: Pick<ControlDb, "select">, user: UserRef | null, source: string, now: number): boolean {
  if (!user) return false;
  const row = db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, user.id), eq(userSessions.ip, source), gt(userSessions.createdAt, now - KNOWN_SOURCE_MS)))
    .get();
  return row !== undefined;
}

/**
 * The locks in force on a check of `subject`'s secret from `source` at `now`:
 * the source over every address; the address from this source; the address from any source,
 * unless the account signed in from this one recently (so guesses from elsewhere cannot shut the
 * owner out of the places they use).
 */
function locksOn(db: Pick<ControlDb, "select">, subject: SignInSubject, source: string, now: number): ScopedLock[] {
  const since = now - LOCK_LOOKBACK_MS;
  const columns = { id: signInAttempts.id, at: signInAttempts.at, source: signInAttempts.source };
  const ofAddress = db.select(columns).from(signInAttempts).where(and(eq(signInAttempts.address, subject.address), gt(signInAttempts.at, since))).all();
  const ofSource: Attempt[] = db.select(columns).from(signInAttempts).where(and(eq(signInAttempts.source, source), gt(signInAttempts.at, since))).all();
  const locks: ScopedLock[] = [];
  const add = (lock: Lock | null, scope: Scope) => lock && locks.push({ ...lock, scope });
  add(lockAt(ofSource, SOURCE_RULE, now), "source");
  add(lockAt(ofAddress.filter((a) => a.source === source), ADDRESS_RULE, now), "account");
  if (!knownSource(db, subject.user, source, now)) add(lockAt(ofAddress, ADDRESS_RULE, now), "account");
  return locks;
}

const longest = (locks: readonly ScopedLock[]) => locks.reduce((a, b) => (b.until > a.until ? b : a));

const lockedError = (lock: ScopedLock, now: number) => {
  const seconds = Math.max(1, Math.ceil((lock.until - now) / 1000));
  return new ApiError(
    "ACCOUNT_LOCKED",
    `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minutes`,
    [{ path: lock.scope, message: `locked until ${new Date(lock.until).toISOString()}` }],
    { "retry-after": String(seconds) },
  );
};

/**
 * Runs one check of a password or second factor under the lock (docs/decisions.md): the attempt
 * is counted in the same immediate transaction that finds no lock — before the slow check starts
 * — so concurrent guesses cannot pass the limit; a check that succeeds is uncounted again. A
 * locked scope is 423 ACCOUNT_LOCKED with Retry-After and the check does not run. A failure is
 * audited (user.login_failed) and false; the failure that completes a limit is 423 at once
 * (audited user.locked). Known and unknown addresses go through the same steps.
 */
export async function checkUnderLock(platform: Platform, subject: SignInSubject, source: string, reason: string, check: () => Promise<boolean>): Promise<boolean> {
  const now = platform.now();
  const reserved = platform.control.write((db) => {
    db.delete(signInAttempts).where(lte(signInAttempts.at, now - LOCK_LOOKBACK_MS)).run();
    const locks = locksOn(db, subject, source, now);
    if (locks.length > 0) return longest(locks);
    return db.insert(signInAttempts).values({ address: subject.address, source, at: now }).returning({ id: signInAttempts.id }).get().id;
  });
  if (typeof reserved !== "number") throw lockedError(reserved, now);
  let passed = false;
  try {
    passed = await check();
  } finally {
    if (passed) platform.control.write((db) => db.delete(signInAttempts).where(eq(signInAttempts.id, reserved)).run());
  }
  if (passed) return true;
  const { user } = subject;
  if (user) await auditUser(platform, user, { action: "user.login_failed", label: `Failed sign-in (${reason}) from ${source}`, meta: { reason }, ip: source });
  const started = locksOn(platform.control.db, subject, source, now).filter((l) => l.startedBy === reserved);
  if (started.length > 0) {
    const lock = longest(started);
    if (user) await auditUser(platform, user, { action: "user.locked", label: `Account locked until ${new Date(lock.until).toISOString()}`, meta: { until: new Date(lock.until).toISOString(), scope: lock.scope }, ip: source });
    throw lockedError(lock, now);
  }
  return false;
}

/** `admin user unlock`: forgets the attempts counted against the address, from every source. */
export function clearSignInAttempts(platform: Platform, address: string): void {
  platform.control.write((db) => db.delete(signInAttempts).where(eq(signInAttempts.address, address)).run());
}
