import { and, eq } from "drizzle-orm";
import { memberships, orgs } from "../db/control-schema.ts";
import { ApiError, notFound } from "../errors.ts";
import { isRole, ROLE_PERMISSIONS, type Permission, type Role } from "./permissions.ts";
import type { Platform } from "../platform.ts";

/** The org and the user's role in it; not a member → 404 (the org's existence is not revealed). */
function orgMembership(platform: Platform, orgId: string, userId: string) {
  const db = platform.control.db;
  const member = db.select().from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))).get();
  const org = member && db.select().from(orgs).where(eq(orgs.id, orgId)).get();
  if (!member || !org || !isRole(member.role)) throw notFound("Organization");
  return { org, role: member.role as Role };
}

/**
 * The workspace pages (API keys, members, integrations) are for the org's owners and admins:
 * not a member → 404 (the org's existence is not revealed), another role → 403. `what` names
 * the page in the refusal.
 */
export function orgForManager(platform: Platform, orgId: string, userId: string, what: string) {
  const found = orgMembership(platform, orgId, userId);
  if (found.role !== "owner" && found.role !== "admin") throw new ApiError("FORBIDDEN", `Only the organization's owners and admins manage ${what}`);
  return found;
}

/** A session change open to every role holding `permission` (report schedules: reports.export): not a member → 404, a role without it → 403 naming it. */
export function orgForPermission(platform: Platform, orgId: string, userId: string, permission: Permission) {
  const found = orgMembership(platform, orgId, userId);
  if (!ROLE_PERMISSIONS[found.role].has(permission)) throw new ApiError("FORBIDDEN", `Your role lacks the permission ${permission}`, [{ path: "permission", message: permission }]);
  return found;
}
