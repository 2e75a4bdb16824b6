import { and, asc, eq, gt } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { failedSignIns } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { LOCK_LOOKBACK_MS, lockedUntil } from "./lock.ts";
import { auditUser, type UserRef } from "./user-audit.ts";

function lockEnd(platform: Platform, userId: string, now: number): number | null {
  const times = platform.control.db
    .select({ at: failedSignIns.at })
    .from(failedSignIns)
    .where(and(eq(failedSignIns.userId, userId), gt(failedSignIns.at, now - LOCK_LOOKBACK_MS)))
    .orderBy(asc(failedSignIns.at))
    .all()
    .map((r) => r.at);
  return lockedUntil(times, now);
}

const lockedError = (until: number, now: number) => {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return new ApiError("ACCOUNT_LOCKED", `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minutes`, [{ path: "account", message: `locked until ${new Date(until).toISOString()}` }], { "retry-after": String(seconds) });
};

/** 423 ACCOUNT_LOCKED (with Retry-After) while the account is locked. */
export function refuseIfLocked(platform: Platform, userId: string): void {
  const now = platform.now();
  const until = lockEnd(platform, userId, now);
  if (until !== null) throw lockedError(until, now);
}

/**
 * Counts a failed password or second factor (audited as user.login_failed); the failure that
 * locks the account is answered 423 at once and audited as user.locked.
 */
export async function recordFailedSignIn(platform: Platform, user: UserRef, ip: string, reason: string): Promise<void> {
  const now = platform.now();
  platform.control.write((db) => db.insert(failedSignIns).values({ userId: user.id, at: now, ip }).run());
  await auditUser(platform, user, { action: "user.login_failed", label: `Failed sign-in (${reason}) from ${ip}`, meta: { reason }, ip });
  const until = lockEnd(platform, user.id, now);
  if (until !== null) {
    await auditUser(platform, user, { action: "user.locked", label: `Account locked until ${new Date(until).toISOString()}`, meta: { until: new Date(until).toISOString() }, ip });
    throw lockedError(until, now);
  }
}

/** `admin user unlock`: forgets the failures that lock the account. */
export function clearFailedSignIns(platform: Platform, userId: string): void {
  platform.control.write((db) => db.delete(failedSignIns).where(eq(failedSignIns.userId, userId)).run());
}
