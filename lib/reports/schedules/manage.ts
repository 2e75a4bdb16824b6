import { and, asc, eq, inArray } from "drizzle-orm";
import { memberships, orgs, sites, users } from "../../db/control-schema.ts";
import { reportRuns, reportScheduleRecipients, reportSchedules } from "../../db/tenant-schema.ts";
import type { TenantDb } from "../../db/tenants.ts";
import { ApiError, invalid, type ErrorDetail } from "../../errors.ts";
import { isEmailAddress } from "../../email-address.ts";
import { newId } from "../../ids.ts";
import { recordAudit, type Actor } from "../../audit.ts";
import { escapeHtml, sendMail } from "../../mail.ts";
import { ROLE_PERMISSIONS, isRole } from "../../auth/permissions.ts";
import type { Platform } from "../../platform.ts";
import { reportDefinition, REPORT_KEYS, type ReportDefinition } from "../catalogue.ts";
import { missingReportPermission } from "../access.ts";
import { FILE_FORMATS, FREQUENCIES, type FileFormat, type Frequency, type ScheduleChange, type ScheduleInput, type ScheduleItem } from "../models.ts";
import { nextRunAfter, type ScheduleTiming } from "./timing.ts";
import { schedulesOfSite } from "./list.ts";
import { recipientLinkUrl } from "./links.ts";

/**
 * Creating, changing, pausing, resuming and deleting a report schedule (docs/reports.md
 * "Schedules"): the one core the admin CLI and the dashboard call. Every field is checked and
 * each problem names its field; nothing is stored unless all are right.
 */

export const MAX_RECIPIENTS = 20;
const AT_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface ScheduleScope {
  orgId: string;
  siteId?: string;
  scheduleId?: string;
}

/** Who makes the change (the audit entry's actor) and, on create, whose permissions the sends use. */
export interface ScheduleBy {
  actor: Actor;
  /** The schedule's owner (control store user id), on create: the dashboard user, or the CLI's --owner. */
  ownerUserId?: string;
}

interface Fields {
  reportKey: string;
  frequency: Frequency;
  at: string;
  weekday: number | null;
  day: number | null;
  recipients: string[];
  format: FileFormat;
}

type Row = typeof reportSchedules.$inferSelect;

function validationFailed(details: ErrorDetail[]): ApiError {
  return new ApiError("VALIDATION_FAILED", details.map((d) => `${d.path}: ${d.message}`).join("; "), details);
}

/** SMTP_URL is what lets a schedule send at all; creating or resuming one without it is refused. */
function requireSmtp(platform: Platform): void {
  if (!platform.settings.smtpUrl) throw invalid("SMTP_URL", "is not set, so no scheduled report could be sent; set SMTP_URL (and MAIL_FROM) and restart");
}

const dayNumber = (value: unknown, min: number, max: number) => typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** The whole schedule as it will be stored: `base` (the stored one, on update) with `change` over it. */
function checkedFields(change: ScheduleChange, base: Fields | null): Fields {
  const details: ErrorDetail[] = [];
  const problem = (path: string, message: string) => details.push({ path, message });
  const given = <K extends keyof ScheduleChange>(key: K) => change[key] !== undefined;

  const reportKey = given("reportKey") ? change.reportKey : base?.reportKey;
  if (typeof reportKey !== "string" || !reportDefinition(reportKey)) problem("reportKey", `must be one of ${REPORT_KEYS.join(", ")}`);
  const frequency = given("frequency") ? change.frequency : base?.frequency;
  if (!(FREQUENCIES as readonly unknown[]).includes(frequency)) problem("frequency", `must be one of ${FREQUENCIES.join(", ")}`);
  const at = given("at") ? change.at : base?.at;
  if (typeof at !== "string" || !AT_RE.test(at)) problem("at", "must be a time HH:MM (24-hour, 00:00–23:59)");
  const format = given("format") ? change.format : base?.format;
  if (!(FILE_FORMATS as readonly unknown[]).includes(format)) problem("format", `must be one of ${FILE_FORMATS.join(", ")}`);

  // weekday belongs to weekly schedules and day to monthly ones; a change of frequency drops the other's.
  const dayOf = (key: "weekday" | "day", only: Frequency, max: number, range: string): number | null => {
    const value = change[key];
    if (value !== undefined && value !== null) {
      if (frequency !== only) problem(key, `is only for a ${only} schedule`);
      else if (!dayNumber(value, 1, max)) problem(key, `must be ${range}`);
      else return value;
      return null;
    }
    if (frequency !== only) return null;
    return base?.frequency === only && value !== null ? base[key] : 1;
  };
  const weekday = dayOf("weekday", "weekly", 7, "an ISO weekday from 1 (Monday) to 7 (Sunday)");
  const day = dayOf("day", "monthly", 31, "a day of the month from 1 to 31");

  let recipients: string[] = base?.recipients ?? [];
  if (given("recipients")) {
    recipients = [];
    if (!Array.isArray(change.recipients)) problem("recipients", `must be a list of 1–${MAX_RECIPIENTS} e-mail addresses`);
    else {
      if (change.recipients.length === 0) problem("recipients", "must name at least one address");
      if (change.recipients.length > MAX_RECIPIENTS) problem("recipients", `must name at most ${MAX_RECIPIENTS} addresses`);
      change.recipients.forEach((value, i) => {
        const address = typeof value === "string" ? value.trim().toLowerCase() : "";
        if (address.length > 254 || !isEmailAddress(address)) problem(`recipients[${i}]`, "is not an e-mail address");
        else if (recipients.includes(address)) problem(`recipients[${i}]`, "is named twice");
        else recipients.push(address);
      });
    }
  } else if (!base) problem("recipients", "is required");
  if (details.length > 0) throw validationFailed(details);
  return { reportKey: reportKey as string, frequency: frequency as Frequency, at: at as string, weekday, day, recipients, format: format as FileFormat };
}

function siteOf(platform: Platform, orgId: string, siteId: string) {
  const site = platform.control.db.select().from(sites).where(and(eq(sites.id, siteId), eq(sites.orgId, orgId))).get();
  if (!site) throw new ApiError("NOT_FOUND", `No site ${siteId} in this organization`, [{ path: "siteId", message: "not found" }]);
  return site;
}

/** The org's members' addresses (lower case), with their user ids and roles. */
export function orgMembers(platform: Platform, orgId: string) {
  return platform.control.db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.orgId, orgId))
    .orderBy(asc(memberships.createdAt))
    .all()
    .map((m) => ({ ...m, email: m.email.toLowerCase() }));
}

/** The owner must hold what the report needs as a file (the same rule as each send re-checks). */
function checkOwner(platform: Platform, orgId: string, ownerUserId: string, def: ReportDefinition, format: FileFormat): void {
  const member = orgMembers(platform, orgId).find((m) => m.userId === ownerUserId);
  if (!member) throw new ApiError("VALIDATION_FAILED", "The schedule's owner is not a member of the organization", [{ path: "owner", message: "is not a member of the organization" }]);
  const missing = isRole(member.role) ? missingReportPermission(def, format, ROLE_PERMISSIONS[member.role]) : { permission: "reports.export" };
  if (missing) {
    throw new ApiError("FORBIDDEN", `The schedule's owner (${member.role}) lacks ${missing.permission}, which sending ${def.key} as ${format} needs`, [
      { path: "owner", message: `needs ${missing.permission}` },
    ]);
  }
}

const timingOf = (f: Pick<Fields, "frequency" | "at" | "weekday" | "day">, timezone: string): ScheduleTiming => ({ frequency: f.frequency, at: f.at, weekday: f.weekday, day: f.day, timezone });

async function storedSchedule(platform: Platform, scope: ScheduleScope) {
  if (!scope.scheduleId) throw new ApiError("NOT_FOUND", "No schedule named", [{ path: "scheduleId", message: "is required" }]);
  const db = await storeOf(platform, scope.orgId);
  const row = (await db.select().from(reportSchedules).where(eq(reportSchedules.id, scope.scheduleId)))[0];
  if (!row || (scope.siteId !== undefined && row.siteId !== scope.siteId)) {
    throw new ApiError("NOT_FOUND", `No schedule ${scope.scheduleId}`, [{ path: "scheduleId", message: "not found" }]);
  }
  const recipients = await db.select().from(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, row.id)).orderBy(asc(reportScheduleRecipients.email));
  return { db, row, recipients, site: siteOf(platform, scope.orgId, row.siteId) };
}

async function storeOf(platform: Platform, orgId: string): Promise<TenantDb> {
  const org = platform.control.db.select().from(orgs).where(eq(orgs.id, orgId)).get();
  if (!org) throw new ApiError("NOT_FOUND", `No organization ${orgId}`, [{ path: "orgId", message: "not found" }]);
  return (await platform.tenants.get(org)).db;
}

async function itemOf(platform: Platform, db: TenantDb, site: { id: string; timezone: string }, id: string): Promise<ScheduleItem> {
  const item = (await schedulesOfSite(db, platform.control, site)).find((s) => s.id === id);
  if (!item) throw new ApiError("NOT_FOUND", `No schedule ${id}`, [{ path: "scheduleId", message: "not found" }]);
  return item;
}

/** Mails a non-member address its confirmation link (it receives nothing before it is confirmed). */
async function mailConfirmation(platform: Platform, orgId: string, scheduleId: string, email: string, what: { site: string; title: string; frequency: Frequency }): Promise<void> {
  const link = recipientLinkUrl(platform, { orgId, scheduleId, email, purpose: "confirm" });
  const subject = `Confirm: ${what.site}: ${what.title}, ${what.frequency}`;
  const text = `You were added to the ${what.frequency} report "${what.title}" of ${what.site} (Tidemark).\n\nTo receive it, confirm this address:\n${link}\n\nIf you did not expect this mail, ignore it: nothing is sent to you until you confirm.\n`;
  const html = `<p>You were added to the ${escapeHtml(what.frequency)} report <b>${escapeHtml(what.title)}</b> of ${escapeHtml(what.site)} (Tidemark).</p><p><a href="${escapeHtml(link)}">Confirm this address</a> to receive it.</p><p>If you did not expect this mail, ignore it: nothing is sent to you until you confirm.</p>`;
  await sendMail(platform.settings, { to: email, subject, text, html, link });
}

/**
 * Writes the recipients list: addresses already on it keep their state (a confirmed or
 * unsubscribed address stays so), members' addresses are `member`, others `pending`. Returns the
 * new pending addresses, to be mailed their confirmation once the change is stored.
 */
async function writeRecipients(platform: Platform, db: TenantDb, orgId: string, scheduleId: string, wanted: string[], existing: { email: string; state: string }[], now: number): Promise<string[]> {
  const memberEmails = new Set(orgMembers(platform, orgId).map((m) => m.email));
  const kept = new Map(existing.map((r) => [r.email, r.state]));
  const removed = existing.filter((r) => !wanted.includes(r.email)).map((r) => r.email);
  if (removed.length > 0) await db.delete(reportScheduleRecipients).where(and(eq(reportScheduleRecipients.scheduleId, scheduleId), inArray(reportScheduleRecipients.email, removed)));
  const pending: string[] = [];
  for (const email of wanted) {
    const before = kept.get(email);
    const state = memberEmails.has(email) && before !== "unsubscribed" ? "member" : (before ?? "pending");
    if (before === state) continue;
    if (state === "pending") pending.push(email);
    await db
      .insert(reportScheduleRecipients)
      .values({ scheduleId, email, state, updatedAt: now })
      .onConflictDoUpdate({ target: [reportScheduleRecipients.scheduleId, reportScheduleRecipients.email], set: { state, updatedAt: now } });
  }
  return pending;
}

/** Audit details: the schedule's shape and how many addresses, never the addresses (docs/reports.md). */
const auditMeta = (f: Fields, extra: Record<string, unknown> = {}) => ({ reportKey: f.reportKey, frequency: f.frequency, at: f.at, weekday: f.weekday, day: f.day, format: f.format, recipients: f.recipients.length, ...extra });

const fieldsOf = (row: Row, recipients: { email: string }[]): Fields => ({
  reportKey: row.reportKey,
  frequency: row.frequency as Frequency,
  at: row.at,
  weekday: row.weekday,
  day: row.day,
  recipients: recipients.map((r) => r.email),
  format: row.format as FileFormat,
});

/** The schedule's own columns (recipients live in their table). */
const storedFields = ({ recipients: _, ...columns }: Fields) => columns;

export async function createSchedule(platform: Platform, scope: ScheduleScope, input: ScheduleInput, by: ScheduleBy): Promise<ScheduleItem> {
  requireSmtp(platform);
  if (!scope.siteId) throw new ApiError("NOT_FOUND", "No site named", [{ path: "siteId", message: "is required" }]);
  const site = siteOf(platform, scope.orgId, scope.siteId);
  const fields = checkedFields(input, null);
  const def = reportDefinition(fields.reportKey)!;
  const ownerUserId = by.ownerUserId ?? (by.actor.type === "user" ? by.actor.id : undefined);
  if (!ownerUserId) throw new ApiError("VALIDATION_FAILED", "A schedule needs an owner whose permissions its sends use", [{ path: "owner", message: "is required" }]);
  checkOwner(platform, scope.orgId, ownerUserId, def, fields.format);

  const db = await storeOf(platform, scope.orgId);
  const now = platform.now();
  const id = newId();
  const next = nextRunAfter(timingOf(fields, site.timezone), now);
  await db.insert(reportSchedules).values({
    id,
    siteId: site.id,
    ...storedFields(fields),
    ownerUserId,
    active: 1,
    pausedReason: null,
    createdAt: now,
    updatedAt: now,
    runDueAt: next,
    nextAttemptAt: next,
    failures: 0,
  });
  const pending = await writeRecipients(platform, db, scope.orgId, id, fields.recipients, [], now);
  await recordAudit(db, { actor: by.actor, action: "report.schedule_created", label: `${def.title} (${site.name})`, target: { type: "report_schedule", id }, meta: auditMeta(fields, { siteId: site.id, pending: pending.length }), at: now });
  for (const email of pending) await mailConfirmation(platform, scope.orgId, id, email, { site: site.name, title: def.title, frequency: fields.frequency });
  return itemOf(platform, db, site, id);
}

export async function updateSchedule(platform: Platform, scope: ScheduleScope, change: ScheduleChange, by: ScheduleBy): Promise<ScheduleItem> {
  const { db, row, recipients, site } = await storedSchedule(platform, scope);
  const before = fieldsOf(row, recipients);
  const fields = checkedFields(change, before);
  const def = reportDefinition(fields.reportKey)!;
  if (fields.reportKey !== before.reportKey || fields.format !== before.format) checkOwner(platform, scope.orgId, row.ownerUserId, def, fields.format);
  const now = platform.now();
  const retimed = fields.frequency !== before.frequency || fields.at !== before.at || fields.weekday !== before.weekday || fields.day !== before.day;
  const next = retimed ? nextRunAfter(timingOf(fields, site.timezone), now) : null;
  await db
    .update(reportSchedules)
    .set({
      ...storedFields(fields),
      updatedAt: now,
      // A new time starts over: the next send is computed from now and earlier failures no longer count.
      ...(next === null ? {} : { runDueAt: next, nextAttemptAt: next, failures: 0 }),
    })
    .where(eq(reportSchedules.id, row.id));
  const pending = await writeRecipients(platform, db, scope.orgId, row.id, fields.recipients, recipients, now);
  const changed = (Object.keys(fields) as (keyof Fields)[]).filter((k) => JSON.stringify(fields[k]) !== JSON.stringify(before[k]));
  await recordAudit(db, { actor: by.actor, action: "report.schedule_updated", label: `${def.title} (${site.name})`, target: { type: "report_schedule", id: row.id }, meta: auditMeta(fields, { changed, pending: pending.length }), at: now });
  for (const email of pending) await mailConfirmation(platform, scope.orgId, row.id, email, { site: site.name, title: def.title, frequency: fields.frequency });
  return itemOf(platform, db, site, row.id);
}

/** Pause (`active` false, reason `paused`) or resume (the next send computed from now, failures forgotten). */
export async function setScheduleActive(platform: Platform, scope: ScheduleScope, active: boolean, by: ScheduleBy): Promise<ScheduleItem> {
  if (active) requireSmtp(platform);
  const { db, row, recipients, site } = await storedSchedule(platform, scope);
  const fields = fieldsOf(row, recipients);
  const def = reportDefinition(row.reportKey);
  const now = platform.now();
  if ((row.active === 1) !== active) {
    if (active) {
      const next = nextRunAfter(timingOf(fields, site.timezone), now);
      await db.update(reportSchedules).set({ active: 1, pausedReason: null, failures: 0, runDueAt: next, nextAttemptAt: next, updatedAt: now }).where(eq(reportSchedules.id, row.id));
    } else {
      await db.update(reportSchedules).set({ active: 0, pausedReason: "paused", updatedAt: now }).where(eq(reportSchedules.id, row.id));
    }
    await recordAudit(db, {
      actor: by.actor,
      action: active ? "report.schedule_resumed" : "report.schedule_paused",
      label: `${def?.title ?? row.reportKey} (${site.name})`,
      target: { type: "report_schedule", id: row.id },
      meta: auditMeta(fields, active ? {} : { reason: "paused" }),
      at: now,
    });
  }
  return itemOf(platform, db, site, row.id);
}

export async function deleteSchedule(platform: Platform, scope: ScheduleScope, by: ScheduleBy): Promise<{ deleted: true; id: string }> {
  const { db, row, recipients, site } = await storedSchedule(platform, scope);
  const now = platform.now();
  await db.delete(reportScheduleRecipients).where(eq(reportScheduleRecipients.scheduleId, row.id));
  await db.delete(reportRuns).where(eq(reportRuns.scheduleId, row.id));
  await db.delete(reportSchedules).where(eq(reportSchedules.id, row.id));
  const def = reportDefinition(row.reportKey);
  await recordAudit(db, { actor: by.actor, action: "report.schedule_deleted", label: `${def?.title ?? row.reportKey} (${site.name})`, target: { type: "report_schedule", id: row.id }, meta: auditMeta(fieldsOf(row, recipients)), at: now });
  return { deleted: true, id: row.id };
}
