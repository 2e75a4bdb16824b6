import { and, eq } from "drizzle-orm";
import { memberships } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";

/** Roles that manage popups, wheels (docs/engagement.md) and the cookie inventory (docs/consent.md). */
const MANAGING_ROLES = ["owner", "admin"];

/**
 * `canManage` of the popup, wheel and cookie lists: a dashboard session of an owner or admin; never an
 * API key (a key reads, whoever made it).
 */
export function canManage(db: ControlReader, caller: { keyId: string | null; orgId: string; userId: string }): boolean {
  if (caller.keyId !== null) return false;
  const member = db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, caller.orgId), eq(memberships.userId, caller.userId))).get();
  return MANAGING_ROLES.includes(member?.role ?? "");
}
