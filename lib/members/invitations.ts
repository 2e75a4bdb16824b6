import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { invitations, users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { hashSecret } from "../auth/api-key.ts";
import type { Role } from "../auth/permissions.ts";
import { setPassword } from "../auth/password-change.ts";
import { userActor, type UserRef } from "../auth/user-audit.ts";
import { escapeHtml, sendMail } from "../mail.ts";
import type { Platform } from "../platform.ts";
import { addMember, type MemberPaths } from "./manage.ts";

export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
const PATHS: MemberPaths = { email: "email", user: "userId", role: "role" };

/**
 * Workspace → Members → Invite: the person becomes a member with `role` at once (audited
 * `member.invited`). Someone new gets a link to set their password (`PUBLIC_URL/accept-invitation?token=…`,
 * 7 days, once); someone with an account already gets a note to sign in. Without SMTP_URL the link is logged.
 */
export async function inviteMember(platform: Platform, org: { id: string; name: string; dbUrl: string | null; plan: string }, input: { name: string; email: string; role: Role }, inviter: UserRef) {
  const { id, user, isNew } = await addMember(platform, org, input, userActor(inviter), { action: "member.invited", paths: PATHS });
  const now = platform.now();
  let link = `${platform.settings.publicUrl}/sign-in`;
  if (user.passwordHash === null) {
    const token = randomBytes(32).toString("base64url");
    platform.control.write((db) => db.insert(invitations).values({ hash: hashSecret(token), orgId: org.id, userId: id, invitedBy: inviter.id, expiresAt: now + INVITATION_TTL_MS, createdAt: now }).run());
    link = `${platform.settings.publicUrl}/accept-invitation?token=${token}`;
  }
  const opening = `${inviter.name} invited you to ${org.name} on Tidemark as ${input.role}.`;
  const action = user.passwordHash === null ? "Set your password (the link works once, for 7 days)" : "Sign in with your account";
  await sendMail(platform.settings, {
    to: user.email,
    subject: `You are invited to ${org.name} on Tidemark`,
    text: `Hello ${user.name},\n\n${opening}\n\n${action}:\n\n${link}\n\nIf you did not expect this mail, ignore it.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(opening)}</p><p><a href="${link}">${action}</a></p><p>If you did not expect this mail, ignore it.</p>`,
    link,
  });
  return { id, isNew };
}

/**
 * The invitation link's token and a new password: the password is set (the rule of
 * docs/decisions.md), the e-mail counts as verified (the link came to it), the link is used up.
 * Unknown, used or expired → 422 (details path `token`).
 */
export async function acceptInvitation(platform: Platform, token: string, password: string): Promise<{ email: string }> {
  const now = platform.now();
  const hash = hashSecret(token);
  const row = platform.control.db.select().from(invitations).where(eq(invitations.hash, hash)).get();
  if (!row || row.usedAt !== null || row.expiresAt <= now) {
    throw new ApiError("VALIDATION_FAILED", "token: the invitation link is unknown, already used or expired; ask for a new invitation", [{ path: "token", message: "is unknown, already used or expired" }]);
  }
  const user = platform.control.db.select().from(users).where(eq(users.id, row.userId)).get()!;
  await setPassword(platform, user, password, { path: "password" });
  platform.control.write((db) => {
    db.update(invitations).set({ usedAt: now }).where(eq(invitations.hash, hash)).run();
    db.update(users).set({ emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id)).run();
  });
  return { email: user.email };
}
