/** How numbers read on the page. */

const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });

export const formatInteger = (n: number) => integer.format(n);
export const formatDecimal = (n: number) => decimal.format(n);
export const formatPercent = (n: number) => percent.format(n);
export const formatMoney = (n: number, currency: string) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${decimal.format(n)} ${currency}`;
  }
};
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

/** Change against the previous period: "+12.5%", "−3%", or null when there is nothing to compare. */
export function formatChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const change = (current - previous) / previous;
  return `${change > 0 ? "+" : change < 0 ? "−" : "±"}${percent.format(Math.abs(change))}`;
}

/** `organic_search` → `Organic search` (GA4 channel keys and device types are lower snake case). */
export const humanize = (key: string) => (/^[a-z]/.test(key) ? key[0]!.toUpperCase() + key.slice(1).replace(/_/g, " ") : key);

const regions = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
/** `DE` → `Germany`; anything that is not a two-letter code (`(not set)`) as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  try {
    return regions?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** An instant as the reader's locale writes it. */
export const formatTime = (iso: string) => new Date(iso).toLocaleString();
/** An instant where the site is, to the minute and 24-hour: "2026-11-30 08:00" (the banner names the zone). */
export function formatInZone(iso: string, timezone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
/** A value the API may leave out (null), shown as a dash. */
export const orDash = (value: string | null) => value ?? "—";

/** A p-value: three decimals, or "< 0.001"; a dash for a test's control (null). */
export const formatP = (p: number | null) => (p === null ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));
/** A relative change against a control: "+12.5%", "−3%"; a dash when there is none (null). */
export const formatUplift = (u: number | null) => (u === null ? "—" : `${u > 0 ? "+" : u < 0 ? "−" : "±"}${percent.format(Math.abs(u))}`);
/** A rate's interval: "12.1% – 18.3%". */
export const formatInterval = ([lo, hi]: readonly number[]) => `${percent.format(lo ?? 0)} – ${percent.format(hi ?? 0)}`;
