import { and, desc, eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import type { ControlReader } from "../db/control.ts";
import { recommendationRuns, recommendations } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { notFound } from "../errors.ts";
import { peerRowsForSite } from "./benchmarks.ts";
import { isoAt } from "../time.ts";
import type { Recommendations } from "./models.ts";

type Benchmarks = Recommendations["benchmarks"];
type Item = Recommendations["items"][number];
type Reason = NonNullable<Benchmarks["reason"]>;

export interface RecommendationsSite {
  orgId: string;
  id: string;
  store: TenantStore;
}


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
    computedAt: run ? isoAt(run.computedAt) : null,
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
    snoozedUntil: snoozed ? isoAt(row.snoozedUntil!) : null,
  };
}

type Run = typeof recommendationRuns.$inferSelect;

/** The benchmark rows as the nightly job compared the site (lib/recommendations/benchmarks.ts peerRowsForSite), over its last run's window. */
function benchmarksOf(control: ControlReader, org: { industry: string; optOut: boolean }, run: Run | null, minSessions: number): Benchmarks {
  if (!run) return { orgs: 0, eligible: false, minSessions, rows: [], reason: (org.optOut ? "opted_out" : "no_data") as Reason, sizeBand: null, window: null };
  const peers = peerRowsForSite(control, org, { sessions: run.sessions, metrics: JSON.parse(run.metrics) as Record<string, number> }, { benchmarkMinSessions: minSessions });
  return { orgs: peers.orgs, eligible: peers.eligible, minSessions, rows: peers.rows, reason: peers.reason, sizeBand: peers.sizeBand, window: { from: run.windowFrom, to: run.windowTo } };
}
