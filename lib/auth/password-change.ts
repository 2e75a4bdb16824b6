import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import type { Actor } from "../audit.ts";
import { hashPassword, passwordMatches, passwordProblem } from "./passwords.ts";
import { revokeUserSessions, type LiveSession, type UserRow } from "./sessions.ts";
import { recordFailedSignIn, refuseIfLocked } from "./account-lock.ts";
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

/** POST /me/password: the current password proves the person (a wrong one counts toward the lock). */
export async function changePassword(platform: Platform, live: LiveSession, input: { currentPassword: string; newPassword: string }, ip: string): Promise<void> {
  refuseIfLocked(platform, live.user.id);
  if (!(await passwordMatches(input.currentPassword, live.user.passwordHash))) {
    await recordFailedSignIn(platform, live.user, ip, "current password");
    throw new ApiError("UNAUTHENTICATED", "The current password is wrong", [{ path: "currentPassword", message: "is wrong" }]);
  }
  await setPassword(platform, live.user, input.newPassword, { path: "newPassword", keep: live.session.id });
}
