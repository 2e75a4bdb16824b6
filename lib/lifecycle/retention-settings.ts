import { eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { Platform } from "../platform.ts";

export { RETENTION_LIMITS } from "./retention-limits.ts";

/** An organization's retention (docs/data-lifecycle.md "Retention"), as the CLI prints and the dashboard shows it. */
export interface RetentionSettings {
  orgId: string;
  /** Months raw events, sessions and visitors are kept. */
  eventsMonths: number;
  /** Days a finished webhook delivery keeps its body. */
  deliveryDays: number;
}

export function retentionOf(db: ControlReader, orgId: string): RetentionSettings | null {
  const row = db.select({ eventsMonths: orgs.retentionMonths, deliveryDays: orgs.deliveryBodyDays }).from(orgs).where(eq(orgs.id, orgId)).get();
  return row ? { orgId, ...row } : null;
}

/**
 * Changes what is given (already validated against RETENTION_LIMITS) and audits
 * `org.retention_changed` with the values before and after; an unchanged setting writes nothing.
 */
export async function changeRetention(
  platform: Platform,
  org: { id: string; dbUrl: string | null },
  change: Partial<Pick<RetentionSettings, "eventsMonths" | "deliveryDays">>,
  actor: Actor,
): Promise<RetentionSettings> {
  const before = retentionOf(platform.control.db, org.id)!;
  const after = { ...before, ...change };
  if (after.eventsMonths === before.eventsMonths && after.deliveryDays === before.deliveryDays) return before;
  platform.control.write((db) => db.update(orgs).set({ retentionMonths: after.eventsMonths, deliveryBodyDays: after.deliveryDays }).where(eq(orgs.id, org.id)).run());
  await auditInOrg(platform, org, {
    actor,
    action: "org.retention_changed",
    label: `Retention set to ${after.eventsMonths} months of analytics, ${after.deliveryDays} days of webhook bodies`,
    target: { type: "org", id: org.id },
    meta: { before: { eventsMonths: before.eventsMonths, deliveryDays: before.deliveryDays }, after: { eventsMonths: after.eventsMonths, deliveryDays: after.deliveryDays } },
  });
  return after;
}
