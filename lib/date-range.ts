import { Temporal } from "temporal-polyfill";
import { invalid } from "./errors.ts";
import { dayIn } from "./time.ts";

/**
 * A report's period (spec 4.2, DESIGN section 3): calendar dates in the site's timezone,
 * `to` inclusive, read as the UTC instants [from 00:00, to + 1 00:00) in that zone — so a
 * day is 23 or 25 hours long across a DST change.
 */
export interface DateRange {
  from: string;
  to: string;
  tz: string;
  /** First instant of `from` (ms since epoch). */
  start: number;
  /** First instant after `to` (exclusive). */
  end: number;
  /** Calendar days in the range, `from` and `to` included. */
  days: number;
}

/** The longest distance from `from` to `to`, in days (spec 4.2). */
export const MAX_SPAN_DAYS = 400;
/** Without `from`, the range is the 28 days ending with `to`. */
export const DEFAULT_DAYS = 28;

/**
 * The years a report may name: no site has data outside them, and every date derived from one
 * (the default `from`, the previous period) stays an ordinary four-digit year.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** A calendar date as text (the OpenAPI schemas use the same pattern: lib/api/models.ts DateText). */
export const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const DATE = new RegExp(DATE_PATTERN);

/** YYYY-MM-DD naming a day that exists (not 2026-02-30), else null: what the document's `format: date` means (RFC 3339 full-date). */
export function calendarDay(value: string): Temporal.PlainDate | null {
  if (!DATE.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: "reject" });
  } catch {
    return null;
  }
}

/** The one reader of calendar dates (`from`/`to`, a snooze's `until`): YYYY-MM-DD within FIRST_YEAR..LAST_YEAR, else 422 naming the field. */
export function parseDate(value: string, field: string): Temporal.PlainDate {
  const date = calendarDay(value);
  if (!date) throw invalid(field, "must be a calendar date YYYY-MM-DD");
  if (date.year < FIRST_YEAR || date.year > LAST_YEAR) throw invalid(field, `must be a date in the years ${FIRST_YEAR} to ${LAST_YEAR}`);
  return date;
}

/** Start of a calendar day in a zone (the first existing instant, should midnight be skipped). */
export const startOf = (date: Temporal.PlainDate, tz: string) => date.toZonedDateTime({ timeZone: tz }).epochMilliseconds;

function rangeBetween(from: Temporal.PlainDate, to: Temporal.PlainDate, tz: string): DateRange {
  return {
    from: from.toString(),
    to: to.toString(),
    tz,
    start: startOf(from, tz),
    end: startOf(to.add({ days: 1 }), tz),
    days: from.until(to, { largestUnit: "days" }).days + 1,
  };
}

/**
 * Resolves `from`/`to` as spec 4.2 reads them: `to` defaults to today in the site timezone,
 * `from` to 27 days before `to`. Bad dates, `from` after `to` and a span over 400 days are
 * 422 VALIDATION_FAILED naming the field.
 */
export function resolveRange(query: { from?: string; to?: string }, tz: string, now: number): DateRange {
  const to = query.to !== undefined ? parseDate(query.to, "to") : Temporal.PlainDate.from(dayIn(tz, now));
  const from = query.from !== undefined ? parseDate(query.from, "from") : to.subtract({ days: DEFAULT_DAYS - 1 });
  if (Temporal.PlainDate.compare(from, to) > 0) throw invalid("from", "must not be after to");
  const range = rangeBetween(from, to, tz);
  if (range.days - 1 > MAX_SPAN_DAYS) throw invalid("from", `must be at most ${MAX_SPAN_DAYS} days before to`);
  return range;
}

/** The same number of days immediately before a range (a report's "previous period"). */
export function previousRange(range: DateRange): DateRange {
  const from = Temporal.PlainDate.from(range.from);
  return rangeBetween(from.subtract({ days: range.days }), from.subtract({ days: 1 }), range.tz);
}

/** Every date of a range in order, for series that must show days without data as zeros. */
export function datesOf(range: DateRange): string[] {
  const dates: string[] = [];
  let day = Temporal.PlainDate.from(range.from);
  for (let i = 0; i < range.days; i++, day = day.add({ days: 1 })) dates.push(day.toString());
  return dates;
}
