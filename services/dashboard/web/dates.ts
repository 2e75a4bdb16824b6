/** Date ranges in the site's timezone (spec 4.2: `from`/`to` are YYYY-MM-DD there, inclusive). */
import { route } from "./router.ts";

export const PRESETS = [
  { key: "7d", label: "Last 7 days" },
  { key: "28d", label: "Last 28 days" },
  { key: "90d", label: "Last 90 days" },
  { key: "month", label: "This month" },
] as const;
export type Preset = (typeof PRESETS)[number]["key"];
export const DEFAULT_PRESET: Preset = "28d";

export interface Range {
  from: string;
  to: string;
  /** The preset it came from, or "custom". */
  preset: Preset | "custom";
}

/** Today's date where the site is. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The range the query names: `from`+`to` (custom) or `range` (a preset, default the last 28 days). */
export function rangeOf(query: URLSearchParams, timezone: string): Range {
  const from = query.get("from");
  const to = query.get("to");
  if (from && to && DATE.test(from) && DATE.test(to)) return { from, to, preset: "custom" };
  const preset = (PRESETS.find((p) => p.key === query.get("range"))?.key ?? DEFAULT_PRESET) as Preset;
  const today = todayIn(timezone);
  const start = preset === "month" ? `${today.slice(0, 8)}01` : addDays(today, -(Number.parseInt(preset, 10) - 1));
  return { from: start, to: today, preset };
}

/** The range part of the current query, kept on links that leave a page and come back (a profile and its list). */
export function rangeQuery(range: Range): string {
  return range.preset === "custom" ? `?from=${range.from}&to=${range.to}` : route.value.query.get("range") ? `?range=${range.preset}` : "";
}
