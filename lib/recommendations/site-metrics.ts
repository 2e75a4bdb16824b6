import { Temporal } from "temporal-polyfill";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { sessionsInRange } from "../analytics/engine.ts";
import { asRate, metricOf } from "../analytics/metrics.ts";
import { vitalsByPath } from "../analytics/reports/behaviour.ts";
import type { DateRange } from "../date-range.ts";
import { reportPeriod, type Period } from "../analytics/period.ts";
import { popupFigures } from "../engagement/popup-report.ts";
import { readRows } from "../db/statements.ts";
import { dayIn } from "../time.ts";
import type { MetricKey, MetricValues } from "./facts.ts";


/** A site measured over the window (docs/recommendations.md "The site's metrics"). */
export interface SiteMeasurement {
  window: DateRange;
  sessions: number;
  /** Absent when the site has no data for a metric (no sessions, no vitals samples, no popup visitors, no clicks). */
  metrics: MetricValues;
}

export const WINDOW_DAYS = 28;

/** The last 28 complete days in the timezone: yesterday and the 27 days before it. */
export function windowOf(timezone: string, now: number): Period {
  const to = Temporal.PlainDate.from(dayIn(timezone, now)).subtract({ days: 1 });
  return reportPeriod({ from: to.subtract({ days: WINDOW_DAYS - 1 }).toString(), to: to.toString() }, timezone, now);
}

/** A site's metrics over the window, from the analytics engine and the site's store. */
export async function siteMetrics(site: AnalyticsSite, now: number): Promise<SiteMeasurement> {
  const period = windowOf(site.timezone, now);
  const { range, from, to } = period;
  const metrics: MetricValues = {};

  const { totals, groups } = sessionsInRange(site.data, { from, to, groupBy: ["device"] });
  const sessions = totals.sessions;
  if (sessions > 0) {
    for (const m of ["engagementRate", "bounceRate", "conversionRate", "pagesPerSession", "avgEngagedSeconds"] as const) metrics[m] = metricOf(m, totals);
    const mobile = groups[0].find((g) => g.key === "mobile")?.sums.sessions ?? 0;
    metrics.mobileShare = asRate(mobile, sessions);
    const [[leads]] = (await readRows(site.store, "SELECT count(*) FROM leads WHERE site_id = ? AND created_at >= ? AND created_at < ?", [site.id, range.start, range.end])) as [[number]];
    metrics.leadRate = Math.round((leads * 1000 * 100) / sessions) / 100;
  }

  // Path 0 is every page together.
  const vitals = vitalsByPath(site.data, from, to).get(0);
  if (vitals?.LCP) metrics.lcpP75 = vitals.LCP.p75;
  if (vitals?.INP) metrics.inpP75 = vitals.INP.p75;
  if (vitals?.CLS) metrics.clsP75 = vitals.CLS.p75;

  // The site's popups together, with the popup page's rate: leads among visitors who first saw one in the window.
  const popupIds = (await readRows(site.store, "SELECT id FROM popups WHERE site_id = ?", [site.id])) as [string][];
  let popupVisitors = 0, popupLeads = 0;
  for (const [id] of popupIds) {
    const { visitors, leads } = await popupFigures(site.store, id, period);
    popupVisitors += visitors;
    popupLeads += leads;
  }
  if (popupVisitors > 0) metrics.popupConversionRate = asRate(popupLeads, popupVisitors);

  const [[clicks, humanOrQr]] = (await readRows(
    site.store,
    "SELECT count(*), coalesce(sum(class IN ('human', 'qr')), 0) FROM short_link_clicks WHERE site_id = ? AND at >= ? AND at < ?",
    [site.id, range.start, range.end],
  )) as [[number, number]];
  if (clicks > 0) metrics.shortLinkHumanShare = asRate(humanOrQr, clicks);

  return { window: range, sessions, metrics };
}
