import { and, desc, eq } from "drizzle-orm";
import { benchmarkResults, orgs } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";
import { recommendationRuns, recommendations } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { notFound } from "../errors.ts";
import { METRIC_KEYS, METRIC_LABELS } from "./metric-labels.ts";
import type { Recommendations } from "./models.ts";

type Benchmarks = Recommendations["benchmarks"];
type Item = Recommendations["items"][number];
type Reason = NonNullable<Benchmarks["reason"]>;

export interface RecommendationsSite {
  orgId: string;
  id: string;
  store: TenantStore;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * `GET …/recommendations`: the site's active items (highest score first) with the benchmarks of
 * its industry's latest published day. Before the nightly job has run for the site there is
 * nothing to show: no items, no rows, reason `no_data`.
 */
export async function readRecommendations(control: ControlReader, site: RecommendationsSite, options: { canManage: boolean; minSessions: number; now: number }): Promise<Recommendations> {
  const org = control.select({ industry: orgs.industry, optOut: orgs.benchmarkOptOut }).from(orgs).where(eq(orgs.id, site.orgId)).get();
  if (!org) throw notFound("Organization");
  const run = await site.store.db.select().from(recommendationRuns).where(eq(recommendationRuns.siteId, site.id)).get();
  const rows = await site.store.db
    .select()
    .from(recommendations)
    .where(and(eq(recommendations.siteId, site.id), eq(recommendations.active, 1)))
    .orderBy(desc(recommendations.score), recommendations.ruleKey);
  return {
    industry: org.industry,
    computedAt: run ? isoOf(run.computedAt) : null,
    benchmarks: benchmarksOf(control, org, run ?? null, options.minSessions),
    canManage: options.canManage,
    items: rows.map((row) => itemOf(row, options.now)),
  };
}

/** A snoozed item whose date has passed is open again, whatever the next nightly run says. */
export function itemOf(row: typeof recommendations.$inferSelect, now: number): Item {
  const snoozed = row.status === "snoozed" && row.snoozedUntil !== null && row.snoozedUntil > now;
  const status = (row.status === "snoozed" && !snoozed ? "open" : row.status) as Item["status"];
  return {
    ruleKey: row.ruleKey,
    status,
    score: row.score,
    severity: row.severity as Item["severity"],
    title: row.title,
    body: row.body,
    action: row.action,
    evidence: JSON.parse(row.evidence) as Record<string, unknown>,
    snoozedUntil: snoozed ? isoOf(row.snoozedUntil!) : null,
  };
}

type Run = typeof recommendationRuns.$inferSelect;

function benchmarksOf(control: ControlReader, org: { industry: string; optOut: boolean }, run: Run | null, minSessions: number): Benchmarks {
  const none = (reason: Reason, rows: Benchmarks["rows"] = []): Benchmarks => ({
    orgs: 0,
    eligible: false,
    minSessions,
    rows,
    reason,
    sizeBand: null,
    window: run ? { from: run.windowFrom, to: run.windowTo } : null,
  });
  if (!run) return none(org.optOut ? "opted_out" : "no_data");
  const values = JSON.parse(run.metrics) as Record<string, number>;
  const siteRows = METRIC_KEYS.map((metric) => ({ metric, label: METRIC_LABELS[metric], value: values[metric] ?? null, p25: null, p50: null, p75: null, source: "site" }));
  if (org.optOut) return none("opted_out", siteRows);
  const latest = control.select({ day: benchmarkResults.day }).from(benchmarkResults).where(eq(benchmarkResults.industry, org.industry)).orderBy(desc(benchmarkResults.day)).limit(1).get();
  if (!latest) return none("no_data", siteRows);
  const results = new Map(
    control.select().from(benchmarkResults).where(and(eq(benchmarkResults.industry, org.industry), eq(benchmarkResults.day, latest.day))).all().map((r) => [r.metric, r]),
  );
  // The group (orgs, size band, why withheld) is the same for every metric; the first published metric speaks for it.
  const group = METRIC_KEYS.map((m) => results.get(m)).find((r) => r !== undefined) ?? [...results.values()][0];
  const peersOf = (metric: string) => {
    const r = results.get(metric);
    return r?.eligible ? r : null;
  };
  // A site under the contribution threshold would compare a noisy value with its peers: it sees its own values only.
  const tooSmall = run.sessions < minSessions;
  const rows = siteRows.map((row) => {
    const peers = tooSmall ? null : peersOf(row.metric);
    return peers ? { ...row, p25: peers.p25, p50: peers.p50, p75: peers.p75, source: "peers" } : row;
  });
  const eligible = rows.some((r) => r.source === "peers");
  return {
    orgs: group.orgs,
    eligible,
    minSessions,
    rows,
    reason: eligible ? null : tooSmall ? "below_min_sessions" : ((group.reason ?? "no_data") as Reason),
    sizeBand: group.sizeP25 !== null && group.sizeP75 !== null ? { p25: group.sizeP25, p75: group.sizeP75 } : null,
    window: { from: run.windowFrom, to: run.windowTo },
  };
}
