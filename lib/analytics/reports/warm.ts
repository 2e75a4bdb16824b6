import type { AnalyticsSite } from "../site-cache.ts";
import type { SiteData } from "../site-data.ts";
import { reportPeriod, type Period } from "../period.ts";
import { logLine } from "../../log.ts";
import { DATED_REPORTS } from "./dated.ts";
import { realtimeReport } from "./realtime.ts";

/** Every built-in report as the warm-up calls it: the dated ones over a period with no query options, and realtime. */
const REPORTS = [
  ...(Object.entries(DATED_REPORTS) as [string, (site: AnalyticsSite, period: Period, query: Record<string, never>) => unknown][]).map(
    ([name, report]) => [name, (site: AnalyticsSite, period: Period) => report(site, period, {})] as const,
  ),
  ["realtime", (site: AnalyticsSite, _period: Period, now: number) => realtimeReport(site, now)] as const,
];

/*
 * After a large site is loaded, the indexes each built-in report reads are built in the background
 * by answering every report once over the last 28 days (the answers are dropped), one report
 * per turn of the event loop so requests go between them. So the first call of any report
 * finds its indexes (each kept by the site's next snapshot, and mapped back after a restart),
 * instead of building them while someone waits. Indexes do not depend on the range.
 */
const warmed = new WeakSet<SiteData>();
/**
 * Sites smaller than this build a report's indexes on its first call in a few tens of ms;
 * warming them would only spend the query thread on sites that may be dropped again soon.
 */
const WORTH_WARMING = 500_000;
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Builds the report indexes of a site's data once (later calls for the same data do nothing). */
export async function warmReportIndexes(site: AnalyticsSite, now: number): Promise<void> {
  // A site mapped from a snapshot that kept indexes has what the last process built (warming included).
  // A site mapped from a snapshot written after a warm-up has them all; one that kept only some
  // reports' indexes runs those here in tens of ms and builds the others (kept next time).
  if (warmed.has(site.data) || site.data.reportIndexesBuilt || site.data.events.count < WORTH_WARMING) return;
  warmed.add(site.data);
  const started = performance.now();
  const period = reportPeriod({}, site.timezone, now);
  for (const [name, report] of REPORTS) {
    await turn();
    try {
      await report(site, period, now);
    } catch (error) {
      logLine({ level: "warn", msg: "report indexes not built", siteId: site.id, report: name, error: String(error) });
    }
  }
  site.data.reportIndexesBuilt = true;
  logLine({ msg: "report indexes built", siteId: site.id, ms: Math.round(performance.now() - started) });
}
