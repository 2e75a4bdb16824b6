import { Temporal } from "temporal-polyfill";
import type { Frequency } from "../models.ts";

/**
 * When a schedule sends and which days its mail covers (docs/reports.md "Schedules"). Times are
 * local to the site's timezone through Temporal (DST-aware): a time that does not exist on a
 * spring-forward day sends at the first instant after the gap, a time that happens twice on a
 * fall-back day sends at the first.
 */

export interface ScheduleTiming {
  frequency: Frequency;
  /** HH:MM */
  at: string;
  /** ISO weekday 1–7 (weekly). */
  weekday: number | null;
  /** Day of the month 1–31 (monthly; a shorter month uses its last day). */
  day: number | null;
  timezone: string;
}

function sendsOn(t: ScheduleTiming, date: Temporal.PlainDate): boolean {
  if (t.frequency === "daily") return true;
  if (t.frequency === "weekly") return date.dayOfWeek === (t.weekday ?? 1);
  return date.day === Math.min(t.day ?? 1, date.daysInMonth);
}

/** The first instant (ms) the schedule sends strictly after `after`. */
export function nextRunAfter(t: ScheduleTiming, after: number): number {
  const time = Temporal.PlainTime.from(t.at);
  let date = Temporal.Instant.fromEpochMilliseconds(after).toZonedDateTimeISO(t.timezone).toPlainDate();
  // A monthly schedule is at most two months away; a bound keeps a bad timing from looping.
  for (let i = 0; i < 70; i++, date = date.add({ days: 1 })) {
    if (!sendsOn(t, date)) continue;
    const at = date.toZonedDateTime({ timeZone: t.timezone, plainTime: time }).epochMilliseconds;
    if (at > after) return at;
  }
  throw new Error(`no send time within 70 days for ${JSON.stringify(t)}`);
}

/**
 * The data a run due at `dueAt` covers: the last whole day, ISO week (Monday–Sunday) or
 * calendar month before the local date it is due, in the site's timezone.
 */
export function runWindow(t: Pick<ScheduleTiming, "frequency" | "timezone">, dueAt: number): { from: string; to: string } {
  const due = Temporal.Instant.fromEpochMilliseconds(dueAt).toZonedDateTimeISO(t.timezone).toPlainDate();
  if (t.frequency === "daily") {
    const day = due.subtract({ days: 1 });
    return { from: day.toString(), to: day.toString() };
  }
  if (t.frequency === "weekly") {
    const monday = due.subtract({ days: due.dayOfWeek - 1 }).subtract({ weeks: 1 });
    return { from: monday.toString(), to: monday.add({ days: 6 }).toString() };
  }
  const first = due.with({ day: 1 }).subtract({ months: 1 });
  return { from: first.toString(), to: first.with({ day: first.daysInMonth }).toString() };
}
