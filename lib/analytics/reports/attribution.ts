import { attributedConversions, LOOKBACK_DAYS } from "../attribution.ts";
import type { Period } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";

/** Conversions and revenue credited per channel by first touch, last touch, last non-direct touch and linear. */
export function attributionReport(site: AnalyticsSite, period: Period) {
  const { rows, totals } = attributedConversions(site.data, period.from, period.to);
  return { from: period.range.from, to: period.range.to, tz: site.timezone, currency: site.currency, lookbackDays: LOOKBACK_DAYS, totals, rows };
}
