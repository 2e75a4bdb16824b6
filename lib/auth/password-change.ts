import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import type { Actor } from "../audit.ts";
import { hashPassword, passwordMatches, passwordProblem } from "./passwords.ts";
import { revokeUserSessions, type LiveSession, type UserRow } from "./sessions.ts";
import { checkUnderLock } from "./account-lock.ts";
import { auditUser } from "./user-audit.ts";

/**
 * Sets a user's password after the rule (docs/decisions.md) and ends their sessions but `keep`.
 * `path` names the field a refused password is reported under.
 */
export async function setPassword(platform: Platform, user: UserRow, password: string, options: { path: string; keep?: string; actor?: Actor }): Promise<void> {
  const problem = await passwordProblem(password, user.email);
  if (problem) throw new ApiError("VALIDATION_FAILED", `${options.path}: ${problem}`, [{ path: options.path, message: problem }]);
  const hash = await hashPassword(password, platform.settings);
  const now = platform.now();
  platform.control.write((db) => {
    db.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id)).run();
    revokeUserSessions(db, user.id, now, options.keep);
  });
  await auditUser(platform, user, { action: "user.password_changed", label: options.actor ? `Password set by ${options.actor.name}` : "Password changed", actor: options.actor });
}

/**
 * A signed-in user proves the person again with their password (a wrong one is 401 at `path` and
 * counts toward the lock): before a password change, and before two-factor is enrolled or turned off.
 */
export async function reprovePassword(platform: Platform, live: LiveSession, password: string, path: string, ip: string): Promise<void> {
  const { user } = live;
  const passed = await checkUnderLock(platform, { address: user.email, user }, ip, "current password", () => passwordMatches(password, user.passwordHash));
  if (!passed) throw new ApiError("UNAUTHENTICATED", "The current password is wrong", [{ path, message: "is wrong" }]);
}

/** POST /me/password: the current password proves the person. */
export async function changePassword(platform: Platform, live: LiveSession, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
  await reprovePassword(platform, live, input.currentPassword, "currentPassword", ip);
  await setPassword(platform, live.user, input.newPassword, { path: "newPassword", keep: live.session.id });
}
