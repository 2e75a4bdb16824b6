import { eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { Platform } from "../platform.ts";

/**
 * Every member's dashboard sessions need a second factor (members without one are sent to
 * enrolment): `admin org two-factor` and Workspace → Members set it through here.
 */
export async function setTwoFactorRequirement(platform: Platform, org: { id: string; dbUrl: string | null }, required: boolean, actor: Actor) {
  platform.control.write((db) => db.update(orgs).set({ requireTwoFactor: required }).where(eq(orgs.id, org.id)).run());
  await auditInOrg(platform, org, { actor, action: "org.two_factor_required", label: `Two-factor ${required ? "required" : "no longer required"} for members`, target: { type: "org", id: org.id }, meta: { required } });
  return { id: org.id, requireTwoFactor: required };
}
