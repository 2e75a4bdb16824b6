import { and, eq } from "drizzle-orm";
import { orgs, sites } from "../../db/control-schema.ts";
import { reportScheduleRecipients, reportSchedules } from "../../db/tenant-schema.ts";
import type { Platform } from "../../platform.ts";
import { reportDefinition } from "../catalogue.ts";
import { linkExpired, readLinkToken, type LinkPurpose } from "./links.ts";

/**
 * What a confirmation or unsubscribe link does (docs/reports.md "Schedules", "Who"). Reading a
 * link changes nothing (mail scanners fetch links); acting on it is a POST.
 */

export interface LinkTarget {
  purpose: LinkPurpose;
  email: string;
  /** "{site}: {report title}" */
  report: string;
  state: string;
  /** A confirmation link past its lifetime: shown as expired, and following it changes nothing. */
  expired: boolean;
}

/** The link's recipient row, or null for a bad token, a purpose that does not match, or a schedule or address gone. */
export async function linkTarget(platform: Platform, purpose: string, token: string): Promise<LinkTarget | null> {
  const link = readLinkToken(platform.secret, token);
  if (!link || link.purpose !== purpose) return null;
  const org = platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).where(eq(orgs.id, link.orgId)).get();
  if (!org) return null;
  const { db } = await platform.tenants.get(org);
  const schedule = (await db.select().from(reportSchedules).where(eq(reportSchedules.id, link.scheduleId)))[0];
  const recipient = (await db.select().from(reportScheduleRecipients).where(and(eq(reportScheduleRecipients.scheduleId, link.scheduleId), eq(reportScheduleRecipients.email, link.email))))[0];
  if (!schedule || !recipient) return null;
  const site = platform.control.db.select({ name: sites.name }).from(sites).where(eq(sites.id, schedule.siteId)).get();
  return {
    purpose: link.purpose,
    email: link.email,
    report: `${site?.name ?? schedule.siteId}: ${reportDefinition(schedule.reportKey)?.title ?? schedule.reportKey}`,
    state: recipient.state,
    expired: linkExpired(link, platform.now()),
  };
}

/**
 * Confirms a pending address (a confirmed, member or unsubscribed one stays as it is: an old
 * confirmation mail never undoes an unsubscribe) or unsubscribes an address for good. An expired
 * link changes nothing.
 */
export async function followLink(platform: Platform, purpose: string, token: string): Promise<LinkTarget | null> {
  const target = await linkTarget(platform, purpose, token);
  const link = readLinkToken(platform.secret, token);
  if (!target || !link) return null;
  if (target.expired) return target;
  const next = purpose === "unsubscribe" ? "unsubscribed" : target.state === "pending" ? "confirmed" : target.state;
  if (next !== target.state) {
    const org = platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).where(eq(orgs.id, link.orgId)).get()!;
    const { db } = await platform.tenants.get(org);
    await db
      .update(reportScheduleRecipients)
      .set({ state: next, updatedAt: platform.now() })
      .where(and(eq(reportScheduleRecipients.scheduleId, link.scheduleId), eq(reportScheduleRecipients.email, link.email)));
  }
  return { ...target, state: next };
}
