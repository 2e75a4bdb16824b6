import { eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { hashPassword, passwordMatches } from "./passwords.ts";
import { createSession, lookUpSession, type LiveSession } from "./sessions.ts";
import { checkUnderLock } from "./account-lock.ts";
import { auditUser } from "./user-audit.ts";

export interface Caller {
  ip: string;
  userAgent: string | null;
}

const wrongCredentials = () => new ApiError("UNAUTHENTICATED", "Wrong e-mail or password");

/** A hash of nothing anyone knows, verified for unknown e-mails so both answers take as long. */
let decoy: Promise<string> | null = null;

/**
 * E-mail and password → a new session (and its cookie value). A wrong e-mail and a wrong
 * password get the same 401, and both count toward the lock (lib/auth/account-lock.ts) the same
 * way, so a 423 does not tell whether the address has an account.
 */
export async function signIn(platform: Platform, input: { email: string; password: string }, caller: Caller): Promise<{ token: string; live: LiveSession }> {
  const email = input.email.trim().toLowerCase();
  const user = platform.control.db.select().from(users).where(eq(users.email, email)).get() ?? null;
  decoy ??= hashPassword(crypto.randomUUID(), platform.settings);
  const hash = user?.passwordHash ?? (await decoy);
  const passed = await checkUnderLock(platform, { address: email, user }, caller.ip, "password", async () => (await passwordMatches(input.password, hash)) && user !== null);
  if (!passed || !user) throw wrongCredentials();
  const now = platform.now();
  const { token } = createSession(platform.control, { userId: user.id, ip: caller.ip, userAgent: caller.userAgent, now });
  await auditUser(platform, user, { action: "user.login", label: `Signed in from ${caller.ip}`, meta: { userAgent: caller.userAgent?.slice(0, 200) ?? null }, ip: caller.ip });
  const found = lookUpSession(platform.control, token, now, platform.settings);
  if (found.status !== "live") throw new Error("a session just created is not live");
  return { token, live: found.live };
}
