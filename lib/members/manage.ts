import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import { invitations, memberships, users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { newId } from "../ids.ts";
import type { Role } from "../auth/permissions.ts";
import { revokeUserSessions } from "../auth/sessions.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import { enforceLimit } from "../admin/limits.ts";
import type { Platform } from "../platform.ts";

/**
 * Adding, re-roling and removing an org's members: one contract for the admin CLI (lib/admin/users.ts,
 * acting as the operator) and the dashboard's Workspace → Members (acting as the signed-in owner or
 * admin). Callers validate their own input shape and name their own fields in errors (`paths`).
 */

type Org = { id: string; dbUrl: string | null; plan: string };
export type MemberPaths = { email: string; user: string; role: string };
export const CLI_PATHS: MemberPaths = { email: "--email", user: "--user", role: "--role" };

/**
 * Makes the user (found by e-mail, or created without a password) a member with `role`; a member
 * already → 409, a full plan → LIMIT_EXCEEDED. Audited as `action` (member.added, member.invited).
 */
export async function addMember(
  platform: Platform,
  org: Org,
  input: { name: string; email: string; role: Role },
  actor: Actor,
  options: { action: "member.added" | "member.invited"; paths: MemberPaths },
) {
  const db = platform.control.db;
  const existing = db.select().from(users).where(eq(users.email, input.email)).get();
  const id = existing?.id ?? newId();
  const member = existing && db.select().from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, existing.id))).get();
  if (member) throw new ApiError("CONFLICT", `${input.email} is already a member of this organization`, [{ path: options.paths.email, message: "already a member" }]);
  const [{ seats }] = db.select({ seats: count() }).from(memberships).where(eq(memberships.orgId, org.id)).all();
  enforceLimit(org.plan, "seats", seats);
  const now = platform.now();
  platform.control.write((db) => {
    if (!existing) db.insert(users).values({ id, name: input.name, email: input.email, createdAt: now }).run();
    db.insert(memberships).values({ orgId: org.id, userId: id, role: input.role, createdAt: now }).run();
  });
  const verb = options.action === "member.invited" ? "invited" : "added";
  await auditInOrg(platform, org, { actor, action: options.action, label: `${input.name} <${input.email}> ${verb} as ${input.role}`, target: { type: "user", id }, meta: { role: input.role } });
  const user = db.select().from(users).where(eq(users.id, id)).get()!;
  return { id, user, isNew: !existing };
}

/** The member's row in this org, or 404 naming `path`. */
export function memberOf(platform: Platform, orgId: string, userId: string, path: string) {
  const m = platform.control.db.select().from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))).get();
  if (!m) throw new ApiError("NOT_FOUND", `User ${userId} is not a member of this organization`, [{ path, message: "not a member of the organization" }]);
  return m;
}

/** An org keeps at least one owner: taking the last one away → 409. */
function keepAnOwner(platform: Platform, orgId: string, current: string, path: string): void {
  if (current !== "owner") return;
  const [{ owners }] = platform.control.db.select({ owners: count() }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.role, "owner"))).all();
  if (owners <= 1) throw new ApiError("CONFLICT", "The organization's last owner cannot be demoted or removed: make another member owner first", [{ path, message: "last owner" }]);
}

/** A member's new role; their keys narrow or widen with it at once. */
export async function changeRole(platform: Platform, org: Org, userId: string, role: Role, actor: Actor, paths: MemberPaths) {
  const m = memberOf(platform, org.id, userId, paths.user);
  if (m.role !== role) keepAnOwner(platform, org.id, m.role, paths.role);
  platform.control.write((db) => db.update(memberships).set({ role }).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, userId))).run());
  if (m.role !== role) {
    await auditInOrg(platform, org, { actor, action: "member.role_changed", label: `Role ${m.role} → ${role}`, target: { type: "user", id: userId }, meta: { from: m.role, to: role } });
  }
  return { id: userId, role, from: m.role };
}

/**
 * The member leaves the org: every key they created stops working (401) and their dashboard
 * sessions end (a session is the user's, not the org's: they sign in again for their other orgs).
 */
export async function removeMember(platform: Platform, org: Org, userId: string, actor: Actor, paths: MemberPaths) {
  const m = memberOf(platform, org.id, userId, paths.user);
  keepAnOwner(platform, org.id, m.role, paths.user);
  const now = platform.now();
  platform.control.write((db) => {
    db.delete(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, userId))).run();
    db.update(invitations).set({ usedAt: now }).where(and(eq(invitations.orgId, org.id), eq(invitations.userId, userId), isNull(invitations.usedAt))).run();
    revokeUserSessions(db, userId, now);
  });
  await auditInOrg(platform, org, { actor, action: "member.removed", label: "Member removed", target: { type: "user", id: userId }, meta: { role: m.role } });
  return { id: userId };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The org's members, oldest first: role, two-factor and whether they have accepted their invitation. */
export function orgMembers(platform: Platform, orgId: string) {
  const db = platform.control.db;
  const now = platform.now();
  const pending = new Set(
    db.select({ userId: invitations.userId }).from(invitations).where(and(eq(invitations.orgId, orgId), isNull(invitations.usedAt), gt(invitations.expiresAt, now))).all().map((r) => r.userId),
  );
  return db
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(asc(memberships.createdAt), asc(users.email))
    .all()
    .map(({ m, u }) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: m.role as Role,
      twoFactorEnabled: u.twoFactorEnabledAt !== null,
      emailVerified: u.emailVerifiedAt !== null,
      /** No password yet: the invitation is still open (or expired: invite again). */
      state: u.passwordHash !== null ? ("active" as const) : pending.has(u.id) ? ("invited" as const) : ("invitation_expired" as const),
      memberSince: iso(m.createdAt)!,
    }));
}

/**
 * What an admin may not do (DESIGN 3: owners hold the org): make someone owner, or change or
 * remove an owner. Owners may do all of it (the last owner stays: keepAnOwner).
 */
export function checkRoleAuthority(actorRole: Role, change: { current?: string; next?: Role }): void {
  if (actorRole === "owner") return;
  if (change.current === "owner" || change.next === "owner") throw new ApiError("FORBIDDEN", "Only an owner can make someone owner, or change or remove an owner");
}
