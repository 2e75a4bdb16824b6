import { and, count, eq } from "drizzle-orm";
import { memberships, users } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import { newId } from "../ids.ts";
import { ROLES } from "../auth/permissions.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { enforceLimit } from "./limits.ts";
import { email, idFlag, membershipOf, oneOf, orgById, requireText } from "./validate.ts";

/** Creates the user (or finds them by e-mail) and makes them a member of the org. */
export async function createUser(platform: Platform, input: { org?: unknown; name?: unknown; email?: unknown; role?: unknown }) {
  const db = platform.control.db;
  const org = orgById(db, idFlag(input.org, "--org"));
  const name = requireText(input.name, "--name");
  const mail = email(input.email, "--email");
  const role = input.role === undefined ? "viewer" : oneOf(input.role, "--role", ROLES);
  const existing = db.select().from(users).where(eq(users.email, mail)).get();
  const id = existing?.id ?? newId();
  const member = existing && db.select().from(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, existing.id))).get();
  if (member) throw new ApiError("CONFLICT", `${mail} is already a member of this organization`, [{ path: "--email", message: "already a member" }]);
  const [{ seats }] = db.select({ seats: count() }).from(memberships).where(eq(memberships.orgId, org.id)).all();
  enforceLimit(org.plan, "seats", seats);
  platform.control.write((db) => {
    if (!existing) db.insert(users).values({ id, name, email: mail, createdAt: platform.now() }).run();
    db.insert(memberships).values({ orgId: org.id, userId: id, role, createdAt: platform.now() }).run();
  });
  await auditAdmin(platform, org, { action: "member.added", label: `${name} <${mail}> added as ${role}`, target: { type: "user", id }, meta: { role } });
  return { id };
}

/** `user role`: changes a member's role; their keys narrow or widen with it at once. */
export async function setRole(platform: Platform, input: { org?: unknown; user?: unknown; role?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  const role = oneOf(input.role, "--role", ROLES);
  const m = membershipOf(platform.control.db, org.id, userId);
  platform.control.write((db) => db.update(memberships).set({ role }).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, userId))).run());
  await auditAdmin(platform, org, { action: "member.role_changed", label: `Role ${m.role} → ${role}`, target: { type: "user", id: userId }, meta: { from: m.role, to: role } });
  return { id: userId, role };
}

/** `user remove`: the member leaves the org; every key they created stops working (401). */
export async function removeMember(platform: Platform, input: { org?: unknown; user?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const userId = idFlag(input.user, "--user");
  membershipOf(platform.control.db, org.id, userId);
  platform.control.write((db) => db.delete(memberships).where(and(eq(memberships.orgId, org.id), eq(memberships.userId, userId))).run());
  await auditAdmin(platform, org, { action: "member.removed", label: "Member removed", target: { type: "user", id: userId } });
  return { id: userId };
}
