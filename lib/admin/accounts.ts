import { eq } from "drizzle-orm";
import { users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import type { Platform } from "../platform.ts";
import { generatePassword } from "../auth/passwords.ts";
import { setPassword } from "../auth/password-change.ts";
import { disableTwoFactor } from "../auth/two-factor.ts";
import { clearSignInAttempts } from "../auth/account-lock.ts";
import { auditUser } from "../auth/user-audit.ts";
import { email } from "./validate.ts";

function userByEmail(platform: Platform, value: unknown) {
  const mail = email(value, "--email");
  const user = platform.control.db.select().from(users).where(eq(users.email, mail)).get();
  if (!user) throw new ApiError("NOT_FOUND", `No user ${mail}`, [{ path: "--email", message: "not found" }]);
  return user;
}

/**
 * `user set-password`: the given password (after the password rule) or a generated one, printed
 * once; the user's sessions end. The e-mail's verification is left as it was.
 */
export async function setUserPassword(platform: Platform, input: { email?: unknown; password?: unknown }) {
  const user = userByEmail(platform, input.email);
  if (input.password !== undefined && typeof input.password !== "string") throw new ApiError("VALIDATION_FAILED", "--password: needs a value", [{ path: "--password", message: "needs a value" }]);
  const password = input.password ?? generatePassword();
  await setPassword(platform, user, password, { path: "--password", actor: OPERATOR });
  return { id: user.id, email: user.email, ...(input.password === undefined ? { password } : {}) };
}

/** `user reset-2fa`: two-factor off and its recovery codes gone (a lost phone); the user enrols again. */
export async function resetTwoFactor(platform: Platform, input: { email?: unknown }) {
  const user = userByEmail(platform, input.email);
  await disableTwoFactor(platform, user, OPERATOR);
  return { id: user.id, email: user.email, twoFactorEnabled: false };
}

/** `user unlock`: forgets the checks counted against the address (lib/auth/account-lock.ts), which lifts its lock. */
export async function unlockUser(platform: Platform, input: { email?: unknown }) {
  const user = userByEmail(platform, input.email);
  clearSignInAttempts(platform, user.email);
  await auditUser(platform, user, { action: "user.unlocked", label: "Account unlocked by the operator", actor: OPERATOR });
  return { id: user.id, email: user.email, locked: false };
}
