import { and, eq } from "drizzle-orm";
import { memberships, orgs, users } from "../db/control-schema.ts";
import { reportSchedules } from "../db/tenant-schema.ts";
import { ApiError } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import type { Platform } from "../platform.ts";
import type { ScheduleChange } from "../reports/models.ts";
import { schedulesOfSite } from "../reports/schedules/list.ts";
import { createSchedule, deleteSchedule, setScheduleActive, updateSchedule, type ScheduleScope } from "../reports/schedules/manage.ts";
import { email, idFlag, integer, requireText } from "./validate.ts";
import { siteAndStore } from "./site-store.ts";
import { SCHEDULE_FLAGS } from "./flags.ts";

/** `schedule create|update|pause|resume|delete|list`: flags to the same core as the dashboard (lib/reports/schedules/manage.ts). */

type Flags = Record<string, unknown>;

/** The core names fields; the operator typed flags. */
const FLAG_OF: Record<string, string> = { reportKey: "--report", frequency: "--frequency", at: "--at", weekday: "--weekday", day: "--day", recipients: "--recipients", format: "--format", owner: "--owner", siteId: "--site", scheduleId: "--id" };
const flagPath = (path: string) => FLAG_OF[path] ?? (path.startsWith("recipients[") ? "--recipients" : path);

async function asFlags<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const details = error.details.map((d) => ({ ...d, path: d.path === undefined ? undefined : flagPath(d.path), ...(d.path?.startsWith("recipients[") ? { item: d.path } : {}) }));
    throw new ApiError(error.code, error.message, details, error.headers);
  }
}

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** `--weekday`: an ISO number 1–7, or a day's English name or its first three letters (`mon`, `Monday`). */
function weekdayFlag(value: unknown): number {
  const name = typeof value === "string" ? value.trim().toLowerCase() : "";
  const named = name.length >= 3 ? WEEKDAYS.findIndex((d) => d.startsWith(name) && (name.length === 3 || d === name)) : -1;
  if (named >= 0) return named + 1;
  if (/^[a-z]+$/.test(name)) throw new ApiError("VALIDATION_FAILED", "Invalid --weekday", [{ path: "--weekday", message: "must be 1–7 (1 = Monday) or a day's name such as mon or monday" }]);
  return integer(value, "--weekday", 1, 7);
}

function changeOf(flags: Flags): ScheduleChange {
  const change: ScheduleChange = {};
  const text = (name: string) => (flags[name] === undefined ? undefined : requireText(flags[name], `--${name}`, 100));
  change.reportKey = text("report");
  change.frequency = text("frequency");
  change.at = text("at");
  change.format = text("format");
  if (flags.weekday !== undefined) change.weekday = weekdayFlag(flags.weekday);
  if (flags.day !== undefined) change.day = integer(flags.day, "--day", 1, 31);
  const recipients = flags.recipients === undefined ? undefined : requireText(flags.recipients, "--recipients", 20 * 256);
  if (recipients !== undefined) change.recipients = recipients.split(",").map((a) => a.trim());
  for (const key of Object.keys(change) as (keyof ScheduleChange)[]) if (change[key] === undefined) delete change[key];
  return change;
}

/** `--owner EMAIL` (a member of the site's org), or the org's first owner. */
function ownerOf(platform: Platform, orgId: string, flag: unknown): string {
  const db = platform.control.db;
  if (flag === undefined) {
    const first = db.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.role, "owner"))).orderBy(memberships.createdAt).get();
    if (!first) throw new ApiError("VALIDATION_FAILED", "The organization has no owner; name one with --owner", [{ path: "--owner", message: "is required: the organization has no owner" }]);
    return first.userId;
  }
  const address = email(flag, "--owner");
  const member = db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, orgId)))
    .where(eq(users.email, address))
    .get();
  if (!member) throw new ApiError("VALIDATION_FAILED", `${address} is not a member of the site's organization`, [{ path: "--owner", message: "is not a member of the organization" }]);
  return member.userId;
}

export async function createScheduleCommand(platform: Platform, flags: Flags) {
  const { site } = await siteAndStore(platform, flags.site);
  const change = changeOf(flags);
  const ownerUserId = ownerOf(platform, site.orgId, flags.owner);
  return asFlags(() =>
    createSchedule(
      platform,
      { orgId: site.orgId, siteId: site.id },
      { reportKey: change.reportKey ?? "", frequency: change.frequency ?? "", at: change.at ?? "", weekday: change.weekday, day: change.day, recipients: change.recipients ?? [], format: change.format ?? "" },
      { actor: OPERATOR, ownerUserId },
    ),
  );
}

/** `--id` alone names a schedule: the organization whose store holds it. */
async function scheduleScope(platform: Platform, flags: Flags): Promise<ScheduleScope> {
  const id = idFlag(flags.id, "--id");
  for (const org of platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all()) {
    const store = await platform.tenants.get(org);
    const found = await store.db.select({ id: reportSchedules.id }).from(reportSchedules).where(eq(reportSchedules.id, id));
    if (found.length > 0) return { orgId: org.id, scheduleId: id };
  }
  throw new ApiError("NOT_FOUND", `No schedule ${id}`, [{ path: "--id", message: "not found" }]);
}

export async function updateScheduleCommand(platform: Platform, flags: Flags) {
  const scope = await scheduleScope(platform, flags);
  const change = changeOf(flags);
  if (Object.keys(change).length === 0) throw new ApiError("VALIDATION_FAILED", "Nothing to change", [{ path: "--id", message: `give at least one of ${SCHEDULE_FLAGS.map((f) => `--${f}`).join(", ")}` }]);
  return asFlags(() => updateSchedule(platform, scope, change, { actor: OPERATOR }));
}

export const scheduleActiveCommand = (active: boolean) => async (platform: Platform, flags: Flags) => {
  const scope = await scheduleScope(platform, flags);
  return asFlags(() => setScheduleActive(platform, scope, active, { actor: OPERATOR }));
};

export async function deleteScheduleCommand(platform: Platform, flags: Flags) {
  const scope = await scheduleScope(platform, flags);
  return asFlags(() => deleteSchedule(platform, scope, { actor: OPERATOR }));
}

export async function listSchedulesCommand(platform: Platform, flags: Flags) {
  const { site, store } = await siteAndStore(platform, flags.site);
  return { schedules: await schedulesOfSite(store.db, platform.control, site) };
}
