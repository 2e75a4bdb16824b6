import { and, eq } from "drizzle-orm";
import { sites } from "../../db/control-schema.ts";
import { reportScheduleRecipients, reportSchedules } from "../../db/tenant-schema.ts";
import type { TenantDb } from "../../db/tenants.ts";
import { ROLE_PERMISSIONS, isRole } from "../../auth/permissions.ts";
import { recordAudit, type Actor } from "../../audit.ts";
import { orgFeatureBlocked } from "../../leads/inbound.ts";
import { sendMail } from "../../mail.ts";
import { logLine } from "../../log.ts";
import type { Platform } from "../../platform.ts";
import { isReportKey, reportDefinition, type ReportDefinition } from "../catalogue.ts";
import { missingRecipientPermission, missingReportPermission } from "../access.ts";
import { exportReport, reportInput, reportJson } from "../export.ts";
import type { FileFormat } from "../models.ts";
import { orgMembers } from "./manage.ts";
import { recipientLinkUrl } from "./links.ts";
import { reportMail } from "./report-mail.ts";
import { runWindow, type ScheduleTiming } from "./timing.ts";

/**
 * One claimed run of a schedule (docs/reports.md "Schedules"): the checks that make it
 * `skipped`, then the report over its window, mailed to each recipient who may read it with the
 * file attached.
 */

/** The audit actor of what the schedule worker does on its own (pausing, leaving a recipient out). */
export const SCHEDULER: Actor = { type: "operator", id: "report-scheduler", name: "Report scheduler" };

export type Schedule = typeof reportSchedules.$inferSelect;

export type RunOutcome =
  | { status: "ok"; rows: number; recipients: number }
  | { status: "skipped"; error: string }
  | { status: "failed"; error: string; rows?: number };

export const timingOf = (s: Schedule, timezone: string): ScheduleTiming => ({ frequency: s.frequency as ScheduleTiming["frequency"], at: s.at, weekday: s.weekday, day: s.day, timezone });

export function siteOfSchedule(platform: Platform, orgId: string, s: Schedule) {
  return platform.control.db.select().from(sites).where(and(eq(sites.id, s.siteId), eq(sites.orgId, orgId))).get() ?? null;
}

/** An error as the schedule shows it: one line, and never the SMTP URL (it may hold a password). */
export function errorText(platform: Platform, error: unknown): string {
  let text = String((error as Error)?.message ?? error).split("\n")[0].slice(0, 500);
  if (platform.settings.smtpUrl) text = text.split(platform.settings.smtpUrl).join("SMTP_URL");
  return text.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, "//***@");
}

/** The owner's permissions now, or why the run cannot use them. */
function ownerCheck(platform: Platform, orgId: string, s: Schedule): { skip: string } | { skip?: undefined; piiAccess: boolean } {
  const owner = orgMembers(platform, orgId).find((m) => m.userId === s.ownerUserId);
  if (!owner || !isRole(owner.role)) return { skip: "The schedule's owner is no longer a member of the organization" };
  const def = reportDefinition(s.reportKey);
  if (!def) return { skip: `The report ${s.reportKey} no longer exists` };
  const permissions = ROLE_PERMISSIONS[owner.role];
  const missing = missingReportPermission(def, s.format as FileFormat, permissions);
  if (missing) return { skip: `The schedule's owner (${owner.role}) no longer holds ${missing.permission}` };
  for (const feature of ["reports", ...(def.feature ? [def.feature] : [])] as const) {
    if (orgFeatureBlocked(platform, orgId, feature)) return { skip: `The organization's plan does not include ${feature}` };
  }
  return { piiAccess: permissions.has("analytics.pii.read") };
}

type Members = ReturnType<typeof orgMembers>;

type Recipient = { email: string; state: string };

/** Members' addresses while they stay members, confirmed addresses; never pending or unsubscribed ones. */
async function sendingTo(db: TenantDb, members: Members, scheduleId: string): Promise<Recipient[]> {
  const rows = await db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, scheduleId));
  return rows
    .filter((r) => (r.state === "member" && members.some((m) => m.email === r.email)) || r.state === "confirmed")
    .map(({ email, state }) => ({ email, state }))
    .sort((a, b) => (a.email < b.email ? -1 : 1));
}

/**
 * Why this recipient may not be sent the report now, or null (docs/reports.md "Whose
 * permissions"): a member's own role decides, as if they read the report themselves; an address
 * outside the organization holds no permission and is never sent a `pii` report.
 */
function recipientRefusal(members: Members, def: ReportDefinition, recipient: Recipient): string | null {
  const member = members.find((m) => m.email === recipient.email);
  if (!member && recipient.state === "member") return "an address no longer a member's";
  if (!member) return def.pii ? "an address outside the organization (a report of personal data goes to members only)" : null;
  if (!isRole(member.role)) return `a member whose role ${member.role} is unknown`;
  const missing = missingRecipientPermission(def, ROLE_PERMISSIONS[member.role]);
  return missing ? `a member (${member.role}) lacking ${missing.permission}` : null;
}

/** Why the recipient may not be sent the report at this moment (the org's members read afresh), or null. */
const refusalNow = (platform: Platform, orgId: string, def: ReportDefinition, recipient: Recipient) => recipientRefusal(orgMembers(platform, orgId), def, recipient);

/** One audit entry for the recipients an attempt left out: how many and why (roles, permissions), never their addresses. */
function auditLeftOut(db: TenantDb, s: Schedule, def: ReportDefinition, siteName: string, listed: number, left: string[], now: number): Promise<void> {
  const reasons = [...new Set(left)];
  return recordAudit(db, {
    actor: SCHEDULER,
    action: "report.recipients_skipped",
    label: `${def.title} (${siteName}): ${left.length} of ${listed} recipients not sent the report: ${reasons.join("; ")}`,
    target: { type: "report_schedule", id: s.id },
    meta: { reportKey: s.reportKey, recipients: listed, skipped: left.length, reasons },
    at: now,
  });
}

export async function sendRun(platform: Platform, db: TenantDb, orgId: string, s: Schedule, now: number): Promise<RunOutcome> {
  const site = siteOfSchedule(platform, orgId, s);
  if (!site) return { status: "skipped", error: "The site no longer exists" };
  const owner = ownerCheck(platform, orgId, s);
  if (owner.skip !== undefined) return { status: "skipped", error: owner.skip };
  if (!isReportKey(s.reportKey)) return { status: "skipped", error: `The report ${s.reportKey} no longer exists` };
  const def = reportDefinition(s.reportKey)!;
  const listed = await sendingTo(db, orgMembers(platform, orgId), s.id);
  if (listed.length === 0) return { status: "skipped", error: "No recipient left: every address is unsubscribed, unconfirmed or no longer a member" };
  // Nobody listed may read the report: nothing is built, nothing sent.
  const refusals = listed.map((recipient) => refusalNow(platform, orgId, def, recipient));
  if (refusals.every((r) => r !== null)) {
    await auditLeftOut(db, s, def, site.name, listed.length, refusals as string[], now);
    return { status: "skipped", error: `No recipient may read this report: ${[...new Set(refusals)].join("; ")}` };
  }
  if (!platform.settings.smtpUrl) return { status: "failed", error: "SMTP_URL is not set" };

  let rows: number | undefined;
  const left: string[] = [];
  try {
    const window = runWindow(timingOf(s, site.timezone), s.runDueAt);
    const input = await reportInput(platform, orgId, site.id, window, owner.piiAccess, now);
    const report = await reportJson(s.reportKey, input);
    const file = await exportReport(s.reportKey, input, s.format as FileFormat, site.name);
    rows = file.total;
    const content = new Uint8Array(await new Response(file.body).arrayBuffer());
    const attachment = { filename: file.filename, contentType: file.contentType, content };
    const failures: string[] = [];
    for (const recipient of listed) {
      // Each recipient's own permissions when their mail goes (a role changed while the report was built counts).
      const refusal = refusalNow(platform, orgId, def, recipient);
      const to = recipient.email;
      if (refusal !== null) {
        left.push(refusal);
        continue;
      }
      const unsubscribeUrl = recipientLinkUrl(platform, { orgId, scheduleId: s.id, email: to, purpose: "unsubscribe" });
      try {
        await sendMail(platform.settings, reportMail(to, { site: site.name, report, file: attachment, unsubscribeUrl }));
      } catch (error) {
        failures.push(errorText(platform, error));
      }
    }
    const sent = listed.length - left.length;
    if (failures.length > 0) return { status: "failed", error: `${failures.length} of ${sent} mails not sent: ${failures[0]}`, rows };
    if (sent === 0) return { status: "skipped", error: `No recipient may read this report: ${[...new Set(left)].join("; ")}` };
    return { status: "ok", rows: file.total, recipients: sent };
  } catch (error) {
    return { status: "failed", error: errorText(platform, error), rows };
  } finally {
    // The mails that went out stay sent: a failed audit write is logged, not a failed run (whose retry would send them again).
    if (left.length > 0) {
      await auditLeftOut(db, s, def, site.name, listed.length, left, now).catch((error) =>
        logLine({ level: "error", msg: "report schedule: recipients left out, but the audit entry was not written", orgId, scheduleId: s.id, error: errorText(platform, error) }),
      );
    }
  }
}
