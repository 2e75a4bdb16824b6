import { and, eq } from "drizzle-orm";
import { memberships, orgs } from "../db/control-schema.ts";
import { ApiError, notFound } from "../errors.ts";
import { isRole, type Role } from "./permissions.ts";
import type { Platform } from "../platform.ts";

/**
 * The workspace pages (API keys, members, integrations) are for the org's owners and admins:
 * not a member → 404 (the org's existence is not revealed), another role → 403. `what` names
 * the page in the refusal.
 */
export function orgForManager(platform: Platform, orgId: string, userId: string, what: string) {
  const db = platform.control.db;
  const member = db.select().from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))).get();
  const org = member && db.select().from(orgs).where(eq(orgs.id, orgId)).get();
  if (!member || !org || !isRole(member.role)) throw notFound("Organization");
  if (member.role !== "owner" && member.role !== "admin") throw new ApiError("FORBIDDEN", `Only the organization's owners and admins manage ${what}`);
  return { org, role: member.role as Role };
}
