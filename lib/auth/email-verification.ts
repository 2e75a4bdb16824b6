import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { emailTokens, users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { escapeHtml, sendMail } from "../mail.ts";
import { hashSecret } from "./api-key.ts";
import { auditUser } from "./user-audit.ts";
import type { UserRow } from "./sessions.ts";

export const EMAIL_TOKEN_TTL_MS = 24 * 3_600_000;

/** Whether a link sent earlier can still be used (sign-in then sends none). */
export function hasLiveEmailToken(platform: Platform, userId: string): boolean {
  const now = platform.now();
  return platform.control.db.select({ hash: emailTokens.hash }).from(emailTokens).where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now))).get() !== undefined;
}

/** Mails a new verification link (`${PUBLIC_URL}/verify-email?token=…`, valid 24 h, once). */
export async function sendVerificationLink(platform: Platform, user: UserRow): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const now = platform.now();
  platform.control.write((db) => db.insert(emailTokens).values({ hash: hashSecret(token), userId: user.id, expiresAt: now + EMAIL_TOKEN_TTL_MS, createdAt: now }).run());
  const link = `${platform.settings.publicUrl}/verify-email?token=${token}`;
  await sendMail(platform.settings, {
    to: user.email,
    subject: "Verify your e-mail address for Tidemark",
    text: `Hello ${user.name},\n\nopen this link to verify your e-mail address (valid for 24 hours):\n\n${link}\n\nIf you did not expect this mail, ignore it.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p><a href="${link}">Verify your e-mail address</a> (valid for 24 hours).</p><p>If you did not expect this mail, ignore it.</p>`,
    link,
  });
}


/** The token of a link → the user's e-mail counts as verified. Unknown, used or expired → 422. */
export async function verifyEmail(platform: Platform, token: string): Promise<void> {
  const now = platform.now();
  const hash = hashSecret(token);
  const row = platform.control.db.select().from(emailTokens).where(eq(emailTokens.hash, hash)).get();
  if (!row || row.usedAt !== null || row.expiresAt <= now) {
    throw new ApiError("VALIDATION_FAILED", "token: the link is unknown, already used or expired; ask for a new one", [{ path: "token", message: "is unknown, already used or expired" }]);
  }
  const user = platform.control.db.select().from(users).where(eq(users.id, row.userId)).get()!;
  platform.control.write((db) => {
    db.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.hash, hash)).run();
    db.update(users).set({ emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id)).run();
  });
  await auditUser(platform, user, { action: "user.email_verified", label: `E-mail ${user.email} verified` });
}
