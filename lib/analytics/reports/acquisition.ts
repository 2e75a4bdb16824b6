import { sessionsInRange } from "../engine.ts";
import type { Period } from "../period.ts";
import { byMetric, metricRow } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

/** Channels and source / medium pairs with every metric. */
export function acquisitionReport(site: AnalyticsSite, period: Period) {
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["channel", "sourceMedium"] });
  const [channels, sourceMedium] = r.groups;
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    channels: byMetric(channels, "sessions").map(metricRow),
    sourceMedium: byMetric(sourceMedium, "sessions").slice(0, 100).map(metricRow),
  };
}
