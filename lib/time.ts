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

/** The `YYYY-MM-DD` date of an instant in a timezone. */
export function dayIn(timeZone: string, ms: number): string {
  return formatter(timeZone).format(ms);
}
