import { and, desc, eq } from "drizzle-orm";
import type { ControlReader, ControlStore } from "../db/control.ts";
import { benchmarkInputs, benchmarkResults, orgs, sites } from "../db/control-schema.ts";
import { METRIC_KEYS } from "./facts.ts";
import { METRIC_LABELS } from "./metric-labels.ts";

/**
 * Industry benchmarks (docs/recommendations.md "Peer groups and benchmarks"): an organization
 * counts once, its contributing sites averaged by sessions; percentiles are published only for
 * at least k organizations none of which holds more than the maximum share of the sessions. The
 * size band follows the same rule: below it, a band over one or two organizations' sites would
 * give away their session counts.
 */

export interface BenchmarkSettings {
  benchmarkMinSessions: number;
  benchmarkMinOrgs: number;
  benchmarkMaxShare: number;
}

/** One contributing site's aggregates: what leaves its tenant store. */
export interface BenchmarkInput {
  orgId: string;
  sessions: number;
  metrics: Record<string, number>;
}

export type IneligibleReason = "too_few_orgs" | "dominant_org" | "no_data";

export interface MetricBenchmark {
  orgs: number;
  eligible: boolean;
  reason: IneligibleReason | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
}

export interface BenchmarkGroup {
  metrics: Record<string, MetricBenchmark>;
  /** The contributing sites' sessions, p25–p75; null when the organizations behind them may not be published (too few, or one dominant), or without sites. */
  sizeBand: { p25: number; p75: number } | null;
}

/** The p-quantile by linear interpolation between order statistics (h = (n − 1)·p); `sorted` ascending, non-empty. */
export function interpolatedQuantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Percentiles of an industry's organizations per metric, plus its size band. Pure. */
export function benchmarkGroup(inputs: readonly BenchmarkInput[], settings: BenchmarkSettings): BenchmarkGroup {
  const contributing = inputs.filter((i) => i.sessions >= settings.benchmarkMinSessions);
  // Every metric, those without values too (`no_data`): a day's results then say so, rather
  // than leave an earlier day's percentiles to be read as the latest.
  const metrics: Record<string, MetricBenchmark> = {};
  for (const metric of METRIC_KEYS) {
    // Per organization: session-weighted sums of the sites that have this metric.
    const byOrg = new Map<string, { weighted: number; sessions: number }>();
    for (const input of contributing) {
      const value = input.metrics[metric];
      if (value === undefined || !Number.isFinite(value)) continue;
      const acc = byOrg.get(input.orgId) ?? { weighted: 0, sessions: 0 };
      acc.weighted += value * input.sessions;
      acc.sessions += input.sessions;
      byOrg.set(input.orgId, acc);
    }
    metrics[metric] = metricBenchmark([...byOrg.values()], settings);
  }
  const sessionsByOrg = new Map<string, number>();
  for (const input of contributing) sessionsByOrg.set(input.orgId, (sessionsByOrg.get(input.orgId) ?? 0) + input.sessions);
  const sizes = contributing.map((i) => i.sessions).sort((a, b) => a - b);
  const sizeBand =
    sizes.length && withheldReason([...sessionsByOrg.values()], settings) === null
      ? { p25: Math.round(interpolatedQuantile(sizes, 0.25)), p75: Math.round(interpolatedQuantile(sizes, 0.75)) }
      : null;
  return { metrics, sizeBand };
}

/** Why figures over these organizations (their sessions each) may not be published, or null when they may. */
function withheldReason(orgSessions: readonly number[], settings: BenchmarkSettings): IneligibleReason | null {
  if (orgSessions.length === 0) return "no_data";
  if (orgSessions.length < settings.benchmarkMinOrgs) return "too_few_orgs";
  const total = orgSessions.reduce((sum, sessions) => sum + sessions, 0);
  if (orgSessions.some((sessions) => sessions > settings.benchmarkMaxShare * total)) return "dominant_org";
  return null;
}

function metricBenchmark(orgValues: { weighted: number; sessions: number }[], settings: BenchmarkSettings): MetricBenchmark {
  const reason = withheldReason(orgValues.map((o) => o.sessions), settings);
  if (reason) return { orgs: orgValues.length, eligible: false, reason, p25: null, p50: null, p75: null };
  const sorted = orgValues.map((o) => o.weighted / o.sessions).sort((a, b) => a - b);
  return {
    orgs: orgValues.length,
    eligible: true,
    reason: null,
    p25: round4(interpolatedQuantile(sorted, 0.25)),
    p50: round4(interpolatedQuantile(sorted, 0.5)),
    p75: round4(interpolatedQuantile(sorted, 0.75)),
  };
}

// ---- Control-store IO ----

/**
 * A site's input: its latest window replaces whatever it had, so a group is each site's latest
 * input and a site's earlier windows never stand in for one it no longer contributes.
 */
export function writeBenchmarkInput(
  control: ControlStore,
  row: { siteId: string; orgId: string; industry: string; windowTo: string; sessions: number; metrics: Record<string, number> },
  now: number,
): void {
  control.write((db) => {
    db.delete(benchmarkInputs).where(eq(benchmarkInputs.siteId, row.siteId)).run();
    db.insert(benchmarkInputs).values({ ...row, metrics: JSON.stringify(row.metrics), computedAt: now }).run();
  });
}

/** Drop a site's input (it no longer contributes: opted out or under the minimum). */
export function removeBenchmarkInput(control: ControlStore, siteId: string): void {
  control.write((db) => db.delete(benchmarkInputs).where(eq(benchmarkInputs.siteId, siteId)).run());
}

/**
 * Compute and store an industry's results for `day` from each site's latest input (sites in
 * different timezones end their windows on different days).
 */
export function writeIndustryResults(control: ControlStore, industry: string, day: string, settings: BenchmarkSettings, now: number): BenchmarkGroup {
  const inputs = latestInputs(control, industry);
  const group = benchmarkGroup(inputs, settings);
  control.write((db) => {
    db.delete(benchmarkResults).where(and(eq(benchmarkResults.industry, industry), eq(benchmarkResults.day, day))).run();
    for (const [metric, b] of Object.entries(group.metrics)) {
      db.insert(benchmarkResults).values({ industry, day, metric, ...b, sizeP25: group.sizeBand?.p25 ?? null, sizeP75: group.sizeBand?.p75 ?? null, computedAt: now }).run();
    }
  });
  return group;
}

/** Each site's latest input in an industry, from sites that still exist in organizations still in it and not opted out. */
export function latestInputs(control: ControlStore, industry: string): BenchmarkInput[] {
  return control.db
    .select({ orgId: benchmarkInputs.orgId, sessions: benchmarkInputs.sessions, metrics: benchmarkInputs.metrics })
    .from(benchmarkInputs)
    .innerJoin(orgs, eq(orgs.id, benchmarkInputs.orgId))
    .innerJoin(sites, and(eq(sites.id, benchmarkInputs.siteId), eq(sites.orgId, benchmarkInputs.orgId)))
    .where(and(eq(benchmarkInputs.industry, industry), eq(orgs.benchmarkOptOut, false), eq(orgs.industry, industry)))
    .all()
    .map((r) => ({ orgId: r.orgId, sessions: r.sessions, metrics: JSON.parse(r.metrics) as Record<string, number> }));
}

export interface PeerRows {
  industry: string;
  orgs: number;
  eligible: boolean;
  reason: IneligibleReason | "opted_out" | "below_min_sessions" | null;
  sizeBand: { p25: number; p75: number } | null;
  rows: { metric: string; label: string; value: number | null; p25: number | null; p50: number | null; p75: number | null; source: "peers" | "site" }[];
}

/**
 * The benchmark rows a site is compared with: its own values beside its industry's latest
 * published percentiles. An opted-out organization gets its values alone (`opted_out`); so does a
 * site under the minimum sessions (`below_min_sessions`: a value from so few sessions is too noisy
 * to rank against peers), though the group's organizations and size band (where published) are still given.
 */
export function peerRowsForSite(
  control: ControlReader,
  org: { industry: string; optOut: boolean },
  site: { sessions: number; metrics: Record<string, number> },
  settings: Pick<BenchmarkSettings, "benchmarkMinSessions">,
): PeerRows {
  const { industry } = org;
  const own = (metric: string) => site.metrics[metric] ?? null;
  if (org.optOut) {
    return {
      industry, orgs: 0, eligible: false, reason: "opted_out", sizeBand: null,
      rows: METRIC_KEYS.map((metric) => ({ metric, label: METRIC_LABELS[metric], value: own(metric), p25: null, p50: null, p75: null, source: "site" as const })),
    };
  }
  const latestDay = control.select({ day: benchmarkResults.day }).from(benchmarkResults).where(eq(benchmarkResults.industry, industry)).orderBy(desc(benchmarkResults.day)).limit(1).get()?.day;
  const results = latestDay
    ? control.select().from(benchmarkResults).where(and(eq(benchmarkResults.industry, industry), eq(benchmarkResults.day, latestDay))).all()
    : [];
  const byMetric = new Map(results.map((r) => [r.metric, r]));
  const tooSmall = site.sessions < settings.benchmarkMinSessions;
  const rows = METRIC_KEYS.map((metric) => {
    const r = byMetric.get(metric);
    const published = !tooSmall && r?.eligible === true;
    return { metric, label: METRIC_LABELS[metric], value: own(metric), p25: published ? r.p25 : null, p50: published ? r.p50 : null, p75: published ? r.p75 : null, source: published ? ("peers" as const) : ("site" as const) };
  });
  const orgCount = results.reduce((max, r) => Math.max(max, r.orgs), 0);
  const eligible = rows.some((r) => r.source === "peers");
  // The group's reason is that of the metrics it has data for; metrics nobody measures are no_data.
  const groupReason = (results.find((r) => r.reason && r.reason !== "no_data")?.reason as IneligibleReason | undefined) ?? "no_data";
  const first = results[0];
  return {
    industry,
    orgs: orgCount,
    eligible,
    reason: eligible ? null : tooSmall ? "below_min_sessions" : groupReason,
    sizeBand: first && first.sizeP25 !== null && first.sizeP75 !== null ? { p25: first.sizeP25, p75: first.sizeP75 } : null,
    rows,
  };
}
