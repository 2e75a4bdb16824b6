import type { Platform } from "../platform.ts";
import { auditInOrg, OPERATOR, type AuditEntry } from "../audit.ts";

/** Writes an operator action to the org's audit log (a missing row is reported, not fatal: auditInOrg). */
export function auditAdmin(platform: Platform, org: { id: string; dbUrl: string | null }, entry: Omit<AuditEntry, "actor">): Promise<string | null> {
  return auditInOrg(platform, org, { actor: OPERATOR, ...entry });
}
