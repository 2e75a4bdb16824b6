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
