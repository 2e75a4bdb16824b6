import type { ExploreFilterInput, ExploreRequest, EXPLORE_LIMITS as Limits } from "../../../lib/analytics/explore/model.ts";
import type { Metric } from "../../../lib/analytics/metrics.ts";
import type { Dimension, FilterOp } from "../../../lib/analytics/engine.ts";
import type { Range } from "./dates.ts";
import { route, withQuery } from "./router.ts";
import { DIMENSIONS, EXPLORE_KINDS, EVENT_TYPES_LIST, FILTER_OPS, METRICS, PAGE_MATCHES } from "./vocabulary.ts";

/**
 * The explore page's choices, kept in the URL so every view is a link (as filters.ts and
 * dates.ts keep theirs): `kind`; the query's `m` (metrics, repeated), `dim`, `ef` (filters,
 * `dim:op:value`, `in` values joined by commas) and `limit`; segment i's name `s<i>` and filters
 * `s<i>f`; retention's `period` and `periods`; paths' start (`pk` page|event, `pm`/`pv` or
 * `pe`/`pn`), `depth` and `branches`. Unknown words are dropped; numbers go to the server as
 * written, so an out-of-range one is answered by its 422.
 */

export type ExploreKind = ExploreRequest["kind"];
export type ExploreFilter = ExploreFilterInput & { dim: Dimension; op: FilterOp };
export type PathStart = NonNullable<ExploreRequest["paths"]>["start"];
export interface Segment {
  name: string;
  filters: ExploreFilter[];
}
export interface ExploreView {
  kind: ExploreKind;
  metrics: Metric[];
  dimension: Dimension;
  filters: ExploreFilter[];
  limit: number;
  segments: Segment[];
  period: "week" | "month";
  periods: number | null;
  start: PathStart;
  depth: number;
  branches: number;
}

/** Explore's bounds: [minimum, maximum, default], typed as the server's (a change there fails here). */
export const LIMITS: typeof Limits = { limit: [1, 1000, 50], segments: [1, 4, 0], periods: [1, 26, 0], depth: [1, 5, 3], branches: [1, 10, 5] };
const DEFAULT_METRICS: Metric[] = ["users", "sessions", "pageviews", "conversions"];

const one = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T => values.find((v) => v === raw) ?? fallback;
const number = (raw: string | null, fallback: number) => (raw !== null && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : fallback);

export function parseFilter(raw: string): ExploreFilter | null {
  const [dim, op, ...rest] = raw.split(":");
  const value = rest.join(":");
  const d = DIMENSIONS.find((x) => x === dim);
  const o = FILTER_OPS.find((x) => x === op);
  if (!d || !o) return null;
  return { dim: d, op: o, value: o === "in" ? value.split(",") : value };
}
export const encodeFilter = (f: ExploreFilter) => `${f.dim}:${f.op}:${Array.isArray(f.value) ? f.value.join(",") : f.value}`;
const filtersIn = (query: URLSearchParams, name: string) => query.getAll(name).flatMap((raw) => parseFilter(raw) ?? []);

export function exploreViewOf(query: URLSearchParams): ExploreView {
  const metrics = METRICS.filter((m) => query.getAll("m").includes(m));
  const segments: Segment[] = [];
  for (let i = 0; i < LIMITS.segments[1]; i++) {
    const name = query.get(`s${i}`);
    if (name !== null) segments.push({ name, filters: filtersIn(query, `s${i}f`) });
  }
  const pk = one(["page", "event"] as const, query.get("pk"), "page");
  const start: PathStart =
    pk === "page"
      ? { kind: "page", match: one(PAGE_MATCHES, query.get("pm"), "equals"), value: query.get("pv") ?? "/" }
      : { kind: "event", eventType: one(EVENT_TYPES_LIST, query.get("pe"), "event"), name: query.get("pn") ?? "" };
  return {
    kind: one(EXPLORE_KINDS, query.get("kind"), "query"),
    metrics: metrics.length > 0 ? metrics : DEFAULT_METRICS,
    dimension: one(DIMENSIONS, query.get("dim"), "channel"),
    filters: filtersIn(query, "ef"),
    limit: number(query.get("limit"), LIMITS.limit[2]),
    segments: segments.length > 0 ? segments : [{ name: "All visitors", filters: [] }],
    period: one(["week", "month"] as const, query.get("period"), "week"),
    periods: query.get("periods") === null ? null : number(query.get("periods"), 0),
    start,
    depth: number(query.get("depth"), LIMITS.depth[2]),
    branches: number(query.get("branches"), LIMITS.branches[2]),
  };
}

export const exploreView = () => exploreViewOf(route.value.query);

/** The URL with the segments replaced (their names and filters renumbered from 0), and any other changes. */
export function withSegments(segments: Segment[], other: Record<string, string | string[] | null> = {}): string {
  const changes: Record<string, string | string[] | null> = { ...other };
  for (let i = 0; i < LIMITS.segments[1]; i++) {
    changes[`s${i}`] = segments[i]?.name ?? null;
    changes[`s${i}f`] = segments[i]?.filters.map(encodeFilter) ?? null;
  }
  return withQuery(changes);
}

/** The request a view makes: the kind, the range, and the kind's own object. */
export function requestOf(view: ExploreView, range: Range): ExploreRequest {
  const dated = { from: range.from, to: range.to };
  switch (view.kind) {
    case "query":
      return { kind: "query", ...dated, query: { metrics: view.metrics, dimension: view.dimension, filters: view.filters, limit: view.limit } };
    case "segments":
      return { kind: "segments", ...dated, segments: { metrics: view.metrics, list: view.segments } };
    case "retention":
      return { kind: "retention", ...dated, retention: { period: view.period, ...(view.periods === null ? {} : { periods: view.periods }) } };
    case "paths":
      return { kind: "paths", ...dated, paths: { start: view.start, depth: view.depth, branches: view.branches } };
  }
}
