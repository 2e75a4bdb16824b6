import { orgs } from "../db/control-schema.ts";
import { readRows } from "../db/statements.ts";
import { ReachableStores } from "../db/reachable-stores.ts";
import type { Platform } from "../platform.ts";
import type { PlatformMetrics } from "./metrics.ts";

/** What the hooks service's workers have waiting, summed over every organization's store. */
export interface JobCounts {
  deliveriesPending: number;
  deliveriesFailed: number;
  schedulesDue: number;
  schedulesPaused: number;
  scansQueued: number;
}

/** Scrapes come every 15–60 s; a few seconds' cache keeps two scrapers (or a retry) from reading every store twice. */
const CACHE_MS = 5_000;

/** One store's counts: each an index-backed count (deliveries_due, report_schedules_due, cookie_scans_status). */
const COUNTS_SQL = `SELECT
  (SELECT count(*) FROM deliveries WHERE status = 'pending') AS deliveriesPending,
  (SELECT count(*) FROM deliveries WHERE status = 'failed') AS deliveriesFailed,
  (SELECT count(*) FROM report_schedules WHERE active = 1 AND next_attempt_at <= ?) AS schedulesDue,
  (SELECT count(*) FROM report_schedules WHERE active = 0) AS schedulesPaused,
  (SELECT count(*) FROM cookie_scans WHERE status = 'queued') AS scansQueued`;

export async function jobCounts(platform: Platform, stores: ReachableStores): Promise<JobCounts> {
  const total: JobCounts = { deliveriesPending: 0, deliveriesFailed: 0, schedulesDue: 0, schedulesPaused: 0, scansQueued: 0 };
  const all = platform.control.memo("metricsOrgs", () => platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all());
  for (const org of all) {
    // An org whose own database is down is left out (ReachableStores logs it), as the workers pass it over.
    const store = await stores.open(org);
    if (!store) continue;
    const [row] = (await readRows(store, COUNTS_SQL, [platform.now()], "objects")) as Record<keyof JobCounts, number>[];
    for (const key of Object.keys(total) as (keyof JobCounts)[]) total[key] += Number(row[key]);
  }
  return total;
}

/** Gauges of the hooks service's queues, read from the stores at scrape time (where the hooks service runs). */
export function watchJobs(metrics: PlatformMetrics, platform: Platform): void {
  const stores = new ReachableStores(platform.tenants, "metrics");
  let cached: { at: number; counts: Promise<JobCounts> } | null = null;
  const counts = () => {
    if (!cached || performance.now() - cached.at > CACHE_MS) cached = { at: performance.now(), counts: jobCounts(platform, stores) };
    return cached.counts;
  };
  const gauges: [keyof JobCounts, string, string][] = [
    ["deliveriesPending", "tidemark_webhook_deliveries_pending", "Outbound webhook deliveries waiting to be sent or retried"],
    ["deliveriesFailed", "tidemark_webhook_deliveries_failed", "Outbound webhook deliveries given up (failed)"],
    ["schedulesDue", "tidemark_report_schedules_due", "Active report schedules whose next attempt is due"],
    ["schedulesPaused", "tidemark_report_schedules_paused", "Report schedules paused (by a person, or after 3 failures)"],
    ["scansQueued", "tidemark_cookie_scans_queued", "Cookie scans queued"],
  ];
  for (const [key, name, help] of gauges) metrics.gauge(name, help, async () => (await counts())[key]);
}
