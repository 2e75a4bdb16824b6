import { conversionsInRange } from "../conversions.ts";
import type { Period } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";

/** Conversions by name, value and currency, with a zero-filled daily series. */
export function conversionsReport(site: AnalyticsSite, period: Period) {
  return { from: period.range.from, to: period.range.to, tz: site.timezone, currency: site.currency, ...conversionsInRange(site.data, period, site.currency) };
}
