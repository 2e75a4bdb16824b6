import { asc, eq, inArray } from "drizzle-orm";
import { reportScheduleRecipients, reportSchedules } from "../../db/tenant-schema.ts";
import type { TenantDb } from "../../db/tenants.ts";
import { users } from "../../db/control-schema.ts";
import type { ControlStore } from "../../db/control.ts";
import { reportDefinition } from "../catalogue.ts";
import type { FileFormat, Frequency, RecipientState, ScheduleItem, ScheduleStatus } from "../models.ts";

/** The states whose address a run sends to (a member's only while they stay a member: checked at send time). */
export const SENDING_STATES: readonly RecipientState[] = ["member", "confirmed"];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A site's schedules as the catalogue shows them (spec 2.9's fields first), oldest first. */
export async function schedulesOfSite(db: TenantDb, control: ControlStore, site: { id: string; timezone: string }): Promise<ScheduleItem[]> {
  const rows = await db.select().from(reportSchedules).where(eq(reportSchedules.siteId, site.id)).orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id));
  if (rows.length === 0) return [];
  const recipients = await db
    .select()
    .from(reportScheduleRecipients)
    .where(inArray(reportScheduleRecipients.scheduleId, rows.map((r) => r.id)))
    .orderBy(asc(reportScheduleRecipients.email));
  const owners = new Map(
    control.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.ownerUserId))]))
      .all()
      .map((u) => [u.id, u.name]),
  );
  return rows.map((r) => {
    const mine = recipients.filter((x) => x.scheduleId === r.id);
    return {
      id: r.id,
      reportKey: r.reportKey,
      title: reportDefinition(r.reportKey)?.title ?? r.reportKey,
      frequency: r.frequency as Frequency,
      recipients: mine.filter((x) => SENDING_STATES.includes(x.state as RecipientState)).map((x) => x.email),
      active: r.active === 1,
      nextRunAt: r.active === 1 ? iso(r.nextAttemptAt) : null,
      lastRunAt: iso(r.lastRunAt),
      lastStatus: r.lastStatus as ScheduleStatus | null,
      lastError: r.lastError,
      at: r.at,
      weekday: r.weekday,
      day: r.day,
      format: r.format as FileFormat,
      timezone: site.timezone,
      pausedReason: r.active === 1 ? null : ((r.pausedReason ?? "paused") as "paused" | "failures"),
      recipientStates: mine.map((x) => ({ email: x.email, state: x.state as RecipientState })),
      owner: owners.get(r.ownerUserId) ?? null,
    };
  });
}
