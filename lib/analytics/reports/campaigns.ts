import { KEY_JOIN, sessionsInRange } from "../engine.ts";
import type { CampaignRow } from "../models.ts";
import type { Period } from "../period.ts";
import { byMetric, metricRow } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

const TOP = 200;

/** UTM campaigns with their source and medium. */
export function campaignsReport(site: AnalyticsSite, period: Period) {
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["campaignSourceMedium"] });
  const rows: CampaignRow[] = byMetric(r.groups[0], "sessions")
    .slice(0, TOP)
    .map((g) => {
      const [campaign, source, medium] = g.key.split(KEY_JOIN);
      return { ...metricRow(g), campaign, source, medium };
    });
  return { from: period.range.from, to: period.range.to, tz: site.timezone, currency: site.currency, rows };
}
