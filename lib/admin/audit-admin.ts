import type { Platform } from "../platform.ts";
import { OPERATOR, recordAudit, type AuditEntry } from "../audit.ts";
import { logLine } from "../log.ts";

/**
 * Writes an operator action to the org's audit log. An org whose own database is down still
 * gets the change (it lives in control.sqlite); the missing audit row is reported, not fatal.
 */
export async function auditAdmin(platform: Platform, org: { id: string; dbUrl: string | null }, entry: Omit<AuditEntry, "actor">): Promise<string | null> {
  try {
    const store = await platform.tenants.get(org);
    await recordAudit(store.db, { actor: OPERATOR, at: platform.now(), ...entry });
    return null;
  } catch (error) {
    logLine({ level: "warn", msg: "audit entry not written", orgId: org.id, action: entry.action, error: String((error as Error).message ?? error) });
    return String((error as Error).message ?? error);
  }
}
