import { hostname } from "node:os";
import { and, eq } from "drizzle-orm";
import { passDone, passPlatform, type Platform } from "../platform.ts";
import { jobRuns, orgs, sites } from "../db/control-schema.ts";
import { ReachableStores } from "../db/reachable-stores.ts";
import { runProgram } from "../db/statements.ts";
import { withAnalyticsSite } from "../analytics/site-cache.ts";
import { breathing } from "../event-loop.ts";
import { logLine } from "../log.ts";
import { dayIn } from "../time.ts";
import { notFound } from "../errors.ts";
import { peerRowsForSite, removeBenchmarkInput, writeBenchmarkInput, writeIndustryResults } from "./benchmarks.ts";
import { gatherFacts, peerBenchmarksOf } from "./gather-facts.ts";
import { rulesFor } from "./rules/index.ts";
import { siteMetrics, type SiteMeasurement } from "./site-metrics.ts";
import type { OwnFacts } from "./facts.ts";
import { storeFindings } from "./store-findings.ts";

/** The job's name in `job_runs`. */
export const RECOMMENDATIONS_JOB = "recommendations";

export interface JobSummary {
  day: string;
  sites: number;
  /** Sites whose input entered their industry's group. */
  contributed: number;
  industries: number;
  findings: number;
  /** Sites passed over because their store could not be opened or their computation failed. */
  failed: number;
}

const owner = () => `${hostname()}:${process.pid}`;

/** Claim the day's run across processes: the first insert of (job, day) wins. */
export function claimRun(platform: Platform, day: string): boolean {
  const claimed = platform.control.write((db) =>
    db.insert(jobRuns).values({ job: RECOMMENDATIONS_JOB, day, owner: owner(), startedAt: platform.now() }).onConflictDoNothing().returning({ day: jobRuns.day }).all(),
  );
  return claimed.length === 1;
}

/** The nightly pass: claimed once per UTC day; null when another process (or an earlier pass) has it. */
export async function nightlyRecommendations(platform: Platform, stopped: () => boolean = () => false): Promise<JobSummary | null> {
  const day = dayIn("UTC", platform.now());
  if (!claimRun(platform, day)) return null;
  const summary = await computeRecommendations(platform, { stopped });
  platform.control.write((db) =>
    db.update(jobRuns).set({ finishedAt: platform.now(), result: JSON.stringify(summary) }).where(and(eq(jobRuns.job, RECOMMENDATIONS_JOB), eq(jobRuns.day, day))).run(),
  );
  return summary;
}

/**
 * The job's steps without the claim (the nightly pass, and `admin recommendations compute`):
 * every site's metrics → `benchmark_inputs`; every industry's percentiles → `benchmark_results`;
 * every site's rules → its store's `recommendations`. With `siteId`, only that site's metrics
 * and rules are computed, and its industry's percentiles again (from every site's latest input).
 *
 * Each site's data is read once, in step 1: its metrics and the facts the rules read (small:
 * top pages, channels, popups…), then let go of (`withAnalyticsSite`); step 3 only adds the
 * peers' percentiles and writes the findings. The pass breathes between sites, so the hooks
 * service's other work, and a stop, are not held up by it.
 */
export async function computeRecommendations(shared: Platform, options: { siteId?: string; stopped?: () => boolean } = {}): Promise<JobSummary> {
  const platform = passPlatform(shared);
  try {
    return await computeWith(platform, options);
  } finally {
    passDone(platform);
  }
}

async function computeWith(platform: Platform, options: { siteId?: string; stopped?: () => boolean }): Promise<JobSummary> {
  const stopped = options.stopped ?? (() => false);
  const breathe = breathing();
  const now = platform.now();
  const day = dayIn("UTC", now);
  const { benchmarkMinSessions } = platform.settings;
  const control = platform.control.db;
  const allSites = control.select({ id: sites.id, orgId: sites.orgId }).from(sites).where(options.siteId ? eq(sites.id, options.siteId) : undefined).orderBy(sites.createdAt, sites.id).all();
  if (options.siteId && allSites.length === 0) throw notFound("Site");
  const sitesOf = Map.groupBy(allSites, (s) => s.orgId);
  const allOrgs = control.select({ id: orgs.id, dbUrl: orgs.dbUrl, industry: orgs.industry, optOut: orgs.benchmarkOptOut }).from(orgs).orderBy(orgs.createdAt, orgs.id).all().filter((o) => sitesOf.has(o.id));
  const summary: JobSummary = { day, sites: 0, contributed: 0, industries: 0, findings: 0, failed: 0 };
  const stores = new ReachableStores(platform.tenants, "recommendations");

  // Step 1: metrics and facts, and the inputs of the sites that contribute.
  const measuredSites = new Map<string, { siteId: string; measured: SiteMeasurement; facts: OwnFacts }[]>();
  for await (const { org } of stores.each(allOrgs, stopped)) {
    const measuredHere: { siteId: string; measured: SiteMeasurement; facts: OwnFacts }[] = [];
    measuredSites.set(org.id, measuredHere);
    for (const site of sitesOf.get(org.id)!) {
      if (stopped()) break;
      try {
        const { measured, facts } = await withAnalyticsSite(platform, org.id, site.id, async (analytics) => {
          const measured = await siteMetrics(analytics, now);
          return { measured, facts: await gatherFacts(platform, org.id, analytics, measured.window, measured) };
        });
        if (!org.optOut && measured.sessions >= benchmarkMinSessions) {
          writeBenchmarkInput(platform.control, { siteId: site.id, orgId: org.id, industry: org.industry, windowTo: measured.window.to, sessions: measured.sessions, metrics: measured.metrics }, now);
          summary.contributed++;
        } else removeBenchmarkInput(platform.control, site.id);
        measuredHere.push({ siteId: site.id, measured, facts });
      } catch (error) {
        logLine({ level: "error", msg: "recommendations: a site's metrics failed", orgId: org.id, siteId: site.id, error: String((error as Error)?.message ?? error) });
      }
      await breathe();
    }
  }

  // Step 2: every industry that has a contributing organization among those gone over.
  const industries = [...new Set(allOrgs.filter((o) => !o.optOut).map((o) => o.industry))].sort();
  for (const industry of industries) writeIndustryResults(platform.control, industry, day, platform.settings, now);
  summary.industries = industries.length;

  // Step 3: each site's rules against its peers, its findings into its org's store.
  for await (const { org, store } of stores.each(allOrgs.filter((o) => measuredSites.get(o.id)?.length), stopped)) {
    for (const { siteId, measured, facts } of measuredSites.get(org.id)!) {
      if (stopped()) break;
      try {
        const peers = peerRowsForSite(control, org, measured, platform.settings);
        const findings = rulesFor({ ...facts, peers: peerBenchmarksOf(peers.rows) });
        await runProgram(store, storeFindings(siteId, findings, measured, now));
        summary.findings += findings.length;
        summary.sites++;
      } catch (error) {
        logLine({ level: "error", msg: "recommendations: a site's rules failed", orgId: org.id, siteId, error: String((error as Error)?.message ?? error) });
      }
      await breathe();
    }
  }
  // Every site not done: its store could not be opened, a step threw (logged), or the pass stopped.
  summary.failed = allSites.length - summary.sites;
  return summary;
}
