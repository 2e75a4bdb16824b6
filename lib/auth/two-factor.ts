import { and, eq, isNull } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { recoveryCodes, users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import type { Actor } from "../audit.ts";
import { acceptedTotpStep, newTotpSecret, totpEnrolment } from "./totp.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";
import { markEnrolment, markSecondFactor, type LiveSession, type UserRow } from "./sessions.ts";
import { checkUnderLock } from "./account-lock.ts";
import { checkStepUp } from "./session-rules.ts";
import { reprovePassword } from "./password-change.ts";
import { auditUser } from "./user-audit.ts";

/**
 * Starts (or restarts) an enrolment: a new pending secret, shown as a URI and QR code. The
 * password comes first: a session alone (perhaps stolen) cannot put its own device on the account.
 */
export async function startTwoFactor(platform: Platform, live: LiveSession, password: string, ip: string) {
  const { user } = live;
  if (user.twoFactorEnabledAt !== null) throw new ApiError("CONFLICT", "Two-factor is already on: turn it off first to enrol a new device", [{ path: "twoFactor", message: "already enabled" }]);
  await reprovePassword(platform, live, password, "password", ip);
  const secret = newTotpSecret();
  platform.control.write((db) => db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id)).run());
  return totpEnrolment(secret, user.email);
}

/**
 * A code from the app proves the pending secret: two-factor is on, ten new recovery codes are
 * returned (once; stored hashed). The session is not asked for the second factor it just set up,
 * but this is no step-up: the device is the one the session chose, not proof of the person.
 */
export async function confirmTwoFactor(platform: Platform, live: LiveSession, code: string): Promise<{ recoveryCodes: string[] }> {
  const { user } = live;
  if (user.twoFactorEnabledAt !== null || !user.totpPendingSecret) throw new ApiError("CONFLICT", "No two-factor enrolment is pending (POST /api/v1/me/two-factor starts one)", [{ path: "code", message: "no enrolment pending" }]);
  const now = platform.now();
  const step = acceptedTotpStep(user.totpPendingSecret, code, null, now);
  if (step === null) throw new ApiError("VALIDATION_FAILED", "code: does not match the new secret (check the device's clock)", [{ path: "code", message: "does not match the new secret" }]);
  const codes = newRecoveryCodes();
  const secret = user.totpPendingSecret;
  platform.control.write((db) => {
    db.update(users).set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step, twoFactorEnabledAt: now }).where(eq(users.id, user.id)).run();
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
    db.insert(recoveryCodes).values(codes.map((c) => ({ hash: recoveryCodeHash(c), userId: user.id, createdAt: now }))).run();
  });
  markEnrolment(platform.control, live.session.id, now);
  await auditUser(platform, user, { action: "user.2fa_enabled", label: "Two-factor sign-in turned on" });
  return { recoveryCodes: codes };
}

/** DELETE /me/two-factor: the user turns it off with a recent second factor (step-up) and the password. */
export async function turnOffTwoFactor(platform: Platform, live: LiveSession, password: string, ip: string): Promise<void> {
  checkStepUp(live.session.secondFactorAt, platform.now());
  await reprovePassword(platform, live, password, "password", ip);
  await disableTwoFactor(platform, live.user);
}

/** Turns two-factor off (turnOffTwoFactor, or the operator's `user reset-2fa`). */
export async function disableTwoFactor(platform: Platform, user: UserRow, actor?: Actor): Promise<void> {
  platform.control.write((db) => {
    db.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, twoFactorEnabledAt: null }).where(eq(users.id, user.id)).run();
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
  });
  await auditUser(platform, user, { action: "user.2fa_disabled", label: actor ? `Two-factor reset by ${actor.name}` : "Two-factor sign-in turned off", actor });
}

/**
 * The second factor of a sign-in, or a step-up: a TOTP code (each step accepted once) or an
 * unused recovery code. A wrong one is 401 naming the field and counts toward the lock.
 */
export async function passSecondFactor(platform: Platform, live: LiveSession, input: { code?: string; recoveryCode?: string }, ip: string): Promise<void> {
  const { user } = live;
  const { totpSecret } = user;
  if (!totpSecret) throw new ApiError("CONFLICT", "Two-factor is not turned on for this account: enrol first (POST /api/v1/me/two-factor)", [{ path: "code", message: "two-factor not enabled" }]);
  const now = platform.now();
  const field = input.code !== undefined ? "code" : "recoveryCode";
  const check = async () => {
    if (input.code !== undefined) {
      const step = acceptedTotpStep(totpSecret, input.code, user.totpLastStep, now);
      if (step === null) return false;
      platform.control.write((db) => db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id)).run());
      return true;
    }
    if (input.recoveryCode === undefined) return false;
    const hash = recoveryCodeHash(input.recoveryCode);
    const used = platform.control.write((db) =>
      db.update(recoveryCodes).set({ usedAt: now }).where(and(eq(recoveryCodes.hash, hash), eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))).returning({ hash: recoveryCodes.hash }).all(),
    );
    return used.length === 1;
  };
  if (!(await checkUnderLock(platform, { address: user.email, user }, ip, field === "code" ? "totp" : "recovery code", check))) {
    throw new ApiError("UNAUTHENTICATED", field === "code" ? "Wrong or already used code" : "Unknown or already used recovery code", [{ path: field, message: "is wrong or already used" }]);
  }
  markSecondFactor(platform.control, live.session.id, now);
}
