/** Calendar dates in a timezone (DST-correct through Intl). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats as YYYY-MM-DD.
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Every UTC offset and DST change in use falls on a quarter hour, so all instants of one
 * quarter hour share a date: ingest asks for the same few, and Intl formatting is slow.
 */
const QUARTER_HOUR = 15 * 60_000;
const recentDays = new Map<string, string>();

/** The `YYYY-MM-DD` date of an instant in a timezone. */
export function dayIn(timeZone: string, ms: number): string {
  const key = `${timeZone}|${Math.floor(ms / QUARTER_HOUR)}`;
  let day = recentDays.get(key);
  if (day === undefined) {
    day = formatter(timeZone).format(ms);
    if (recentDays.size >= 4096) recentDays.clear();
    recentDays.set(key, day);
  }
  return day;
}

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` date as days since 1970-01-01 (how stored rows keep calendar dates). */
export const epochDayOf = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;

/** Days since 1970-01-01 as a `YYYY-MM-DD` date. */
export const dateOfEpochDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The calendar date of an instant in a timezone, as days since 1970-01-01. */
export const epochDayIn = (timeZone: string, ms: number): number => epochDayOf(dayIn(timeZone, ms));

/** An instant (ms) as an ISO 8601 UTC timestamp, as the API answers times. */
export const isoAt = (ms: number): string => new Date(ms).toISOString();
