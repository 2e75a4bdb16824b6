import { DIMENSIONS, sessionsInRange, type Dimension } from "../engine.ts";
import { metricOf, type SessionSums } from "../metrics.ts";
import { reportPeriod } from "../period.ts";
import { byMetric } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { Problems } from "./checks.ts";
import { EXPLORE_LIMITS, type ExploreQueryResult, type ExploreRequest } from "./model.ts";

const [MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT] = EXPLORE_LIMITS.limit;

/** Explore kind `query` (spec 2.8): metrics by one dimension, filtered, sorted by the first metric. */
export async function exploreQuery(site: AnalyticsSite, body: ExploreRequest, now: number): Promise<ExploreQueryResult> {
  const problems = new Problems();
  const q = problems.required(body.query, "query");
  const metrics = problems.metrics(q.metrics, "query.metrics");
  if (!(DIMENSIONS as readonly string[]).includes(q.dimension)) problems.add("query.dimension", `unknown dimension; one of ${DIMENSIONS.join(", ")}`);
  const filters = problems.filters(q.filters, "query.filters");
  const limit = problems.integer(q.limit, "query.limit", MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT);
  problems.check();
  const dimension = q.dimension as Dimension;

  const period = reportPeriod(body, site.timezone, now);
  // A filter on visitor ids compares every id; grouping by visitor needs only the rows returned.
  if (filters.some((f) => f.dim === "visitor")) await site.data.loadVisitorIds(site.store);
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, filters, groupBy: [dimension], top: { metric: metrics[0], limit } });
  // Visitors tie by when they were first seen (their ids are read only for the rows returned).
  const rows = (dimension === "visitor" ? byMetric(r.groups[0], metrics[0], (a, b) => a.code! - b.code!) : byMetric(r.groups[0], metrics[0])).slice(0, limit);
  if (dimension === "visitor") {
    await site.data.loadVisitorIds(site.store, rows.map((g) => g.code!));
    for (const g of rows) g.key = site.data.visitorUuid(g.code!);
  }
  const pick = (sums: SessionSums) => Object.fromEntries(metrics.map((m) => [m, metricOf(m, sums)]));
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    rows: rows.map((g) => ({ key: g.key, ...pick(g.sums) })),
    totals: pick(r.totals),
  };
}
