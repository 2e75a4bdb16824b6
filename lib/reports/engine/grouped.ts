import { NOT_SET, sessionsInRange, type ReportDimension } from "../../analytics/engine.ts";
import { byMetric } from "../../analytics/rows.ts";
import { rowsInMemory, type EngineReportKey, type ReportRun } from "../report.ts";
import { groupRow } from "./rows.ts";

/**
 * The reports that are one grouping of the range's sessions with every metric: a row per
 * group with at least one session, most sessions first, then by the group's key (its columns
 * joined in order) — channel_performance, source_medium, referrers, geo and tech.
 */
function groupedReport(key: EngineReportKey, dim: ReportDimension, columns: readonly string[], keep: (parts: string[]) => boolean = () => true): ReportRun {
  return async (input) => {
    const site = await input.analytics();
    const r = sessionsInRange(site.data, { from: input.period.from, to: input.period.to, groupBy: [dim] });
    const rows = byMetric(r.groups[0], "sessions")
      .map((g) => groupRow(key, g, columns))
      .filter((row) => keep(columns.map((c) => row[c] as string)));
    return rowsInMemory(rows);
  };
}

export const channelPerformance = groupedReport("channel_performance", "channel", ["channel"]);
export const sourceMedium = groupedReport("source_medium", "sourceMediumChannel", ["source", "medium", "channel"]);
/** Sessions without a referring host (direct, tagged links without a referrer) are left out. */
export const referrers = groupedReport("referrers", "referrerChannel", ["referrer", "channel"], ([referrer]) => referrer !== NOT_SET);
export const geo = groupedReport("geo", "countryRegion", ["country", "region"]);
export const tech = groupedReport("tech", "deviceBrowserOs", ["device", "browser", "os"]);
