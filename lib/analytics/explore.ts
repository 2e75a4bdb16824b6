import { ApiError, type ErrorDetail } from "../errors.ts";
import { DIMENSIONS, FILTER_OPS, sessionsInRange, type Dimension, type Filter, type FilterOp } from "./engine.ts";
import { METRICS, metricOf, type Metric } from "./metrics.ts";
import type { ExploreRequest, ExploreResult } from "./models.ts";
import { reportPeriod } from "./period.ts";
import { byMetric } from "./rows.ts";
import type { AnalyticsSite } from "./site-cache.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
/** Kinds of spec 4.7 that this version does not build yet. */
const LATER_KINDS = ["segments", "retention", "paths"];

interface QuerySpec {
  metrics: Metric[];
  dimension: Dimension;
  filters: Filter[];
  limit: number;
}

/** Checks a kind `query` body item by item; every problem is reported with its path. */
export function checkExploreQuery(body: ExploreRequest): QuerySpec {
  const details: ErrorDetail[] = [];
  const bad = (path: string, message: string) => details.push({ path, message });
  if (body.kind !== "query") {
    bad("kind", LATER_KINDS.includes(body.kind) ? `kind ${body.kind} is not available in this version yet; use query` : "must be query, segments, retention or paths");
    throw new ApiError("VALIDATION_FAILED", "Invalid explore request", details);
  }
  const q = body.query;
  if (!q) {
    bad("query", "required for kind query");
    throw new ApiError("VALIDATION_FAILED", "Invalid explore request", details);
  }
  if (q.metrics.length === 0) bad("query.metrics", "name at least one metric");
  q.metrics.forEach((m, i) => {
    if (!(METRICS as readonly string[]).includes(m)) bad(`query.metrics.${i}`, `unknown metric; one of ${METRICS.join(", ")}`);
  });
  if (!(DIMENSIONS as readonly string[]).includes(q.dimension)) bad("query.dimension", `unknown dimension; one of ${DIMENSIONS.join(", ")}`);
  (q.filters ?? []).forEach((f, i) => {
    if (!(DIMENSIONS as readonly string[]).includes(f.dim)) bad(`query.filters.${i}.dim`, `unknown dimension; one of ${DIMENSIONS.join(", ")}`);
    if (!(FILTER_OPS as readonly string[]).includes(f.op)) bad(`query.filters.${i}.op`, `unknown operator; one of ${FILTER_OPS.join(", ")}`);
    else if (f.op === "in" ? !Array.isArray(f.value) || f.value.length === 0 : typeof f.value !== "string") {
      bad(`query.filters.${i}.value`, f.op === "in" ? "must be a non-empty list of strings" : "must be a string");
    }
  });
  const limit = q.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) bad("query.limit", `must be an integer from 1 to ${MAX_LIMIT}`);
  if (details.length > 0) throw new ApiError("VALIDATION_FAILED", "Invalid explore request", details);
  return {
    metrics: q.metrics as Metric[],
    dimension: q.dimension as Dimension,
    filters: (q.filters ?? []).map((f) => ({ dim: f.dim as Dimension, op: f.op as FilterOp, value: f.value })),
    limit,
  };
}

/** Explore kind `query` (spec 2.8): metrics by one dimension, filtered, sorted by the first metric. */
export async function exploreQuery(site: AnalyticsSite, body: ExploreRequest, now: number): Promise<ExploreResult> {
  const spec = checkExploreQuery(body);
  const period = reportPeriod(body, site.timezone, now);
  if (spec.dimension === "visitor" || spec.filters.some((f) => f.dim === "visitor")) await site.data.loadVisitorIds(site.store);
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, filters: spec.filters, groupBy: [spec.dimension] });
  const pick = (sums: Parameters<typeof metricOf>[1]) => Object.fromEntries(spec.metrics.map((m) => [m, metricOf(m, sums)]));
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    rows: byMetric(r.groups[0], spec.metrics[0]).slice(0, spec.limit).map((g) => ({ key: g.key, ...pick(g.sums) })),
    totals: pick(r.totals),
  };
}
