import { t, type Static, type TSchema } from "elysia";
import { DIMENSIONS, FILTER_OPS } from "../engine.ts";
import { METRICS } from "../metrics.ts";
import { FunnelStepModel } from "../funnels/definition.ts";

/** TypeBox models of `POST …/explore` (spec 2.8, 4.7; docs/analytics.md, docs/funnels.md). */

export const EXPLORE_KINDS = ["query", "segments", "retention", "paths"] as const;
export type ExploreKind = (typeof EXPLORE_KINDS)[number];

const DateString = t.String({ description: "YYYY-MM-DD, site timezone" });
const Rate = t.Number({ minimum: 0, maximum: 1 });

export const ExploreFilter = t.Object({
  dim: t.String({ description: `One of: ${DIMENSIONS.join(", ")}` }),
  op: t.String({ description: `One of: ${FILTER_OPS.join(", ")}. is/is_not/in compare exactly; contains/not_contains/starts_with ignore case` }),
  value: t.Union([t.String(), t.Array(t.String())], { description: "A string; a list of strings for `in`" }),
});
export type ExploreFilterInput = Static<typeof ExploreFilter>;

const Metrics = (what: string) => t.Array(t.String(), { description: `One or more of: ${METRICS.join(", ")}${what}` });

export const ExploreRequest = t.Object(
  {
    kind: t.String({ description: EXPLORE_KINDS.join(", ") }),
    from: t.Optional(t.String()),
    to: t.Optional(t.String()),
    query: t.Optional(
      t.Object({
        metrics: Metrics("; rows are sorted by the first"),
        dimension: t.String({ description: `One of: ${DIMENSIONS.join(", ")}` }),
        filters: t.Optional(t.Array(ExploreFilter)),
        limit: t.Optional(t.Number({ description: "Rows returned, default 50, at most 1000" })),
      }),
    ),
    segments: t.Optional(
      t.Object({
        metrics: Metrics(""),
        list: t.Array(t.Object({ name: t.String({ description: "1 to 100 characters" }), filters: t.Optional(t.Array(ExploreFilter)) }), { description: "1 to 4 segments" }),
      }),
    ),
    retention: t.Optional(
      t.Object({
        period: t.String({ description: "week (ISO, Monday first) or month" }),
        periods: t.Optional(t.Number({ description: "Periods per cohort, 1 to 26; default 12 weeks or 6 months" })),
      }),
    ),
    paths: t.Optional(
      t.Object({
        start: t.Object(
          { kind: t.String({ description: "page or event" }), match: t.Optional(t.String()), value: t.Optional(t.String()), eventType: t.Optional(t.String()), name: t.Optional(t.String()) },
          { description: "Where paths begin: a page or an event, as a funnel step" },
        ),
        depth: t.Number({ description: "Steps after the start, 1 to 5" }),
        branches: t.Optional(t.Number({ description: "Branches kept per node, 1 to 10, default 5" })),
      }),
    ),
  },
  { title: "ExploreRequest", description: "kind and the object named after it" },
);
export type ExploreRequest = Static<typeof ExploreRequest>;

const Period = { from: DateString, to: DateString, tz: t.String() };

export const ExploreQueryResult = t.Object(
  {
    ...Period,
    rows: t.Array(t.Record(t.String(), t.Union([t.String(), t.Number()])), { description: "`key` plus one number per requested metric" }),
    totals: t.Record(t.String(), t.Number(), { description: "One number per requested metric, over all rows (not only those returned)" }),
  },
  { title: "ExploreResult", description: "kind query (spec 2.8)" },
);
export type ExploreQueryResult = Static<typeof ExploreQueryResult>;

export const SegmentsResult = t.Object(
  {
    ...Period,
    segments: t.Array(
      t.Object({
        name: t.String(),
        totals: t.Record(t.String(), t.Number(), { description: "One number per requested metric" }),
        series: t.Array(t.Record(t.String(), t.Union([t.String(), t.Number()])), { description: "Every day: `date` plus one number per metric" }),
      }),
    ),
  },
  { title: "ExploreSegmentsResult", description: "kind segments" },
);
export type SegmentsResult = Static<typeof SegmentsResult>;

export const RetentionResult = t.Object(
  {
    ...Period,
    period: t.String({ description: "week or month" }),
    cohorts: t.Array(
      t.Object({
        cohort: DateString,
        size: t.Integer({ description: "Visitors whose first session started in the cohort's period (within from/to)" }),
        periods: t.Array(t.Object({ period: t.Integer({ description: "0: the cohort's own period" }), visitors: t.Integer(), rate: Rate }), {
          description: "Periods that have begun, in order",
        }),
      }),
      { description: "Oldest first" },
    ),
  },
  { title: "ExploreRetentionResult", description: "kind retention" },
);
export type RetentionResult = Static<typeof RetentionResult>;

/**
 * A node of a paths tree. Paths are at most 5 steps deep, so the model nests five levels
 * (the deepest nodes have no children) rather than recursing: every level is documented and
 * checked, and Elysia's types follow it.
 */
const pathNode = <T extends TSchema>(children: T) =>
  t.Object({ step: t.String({ description: "A page path, (exit) or (other)" }), sessions: t.Integer(), children: t.Array(children, { description: "The biggest branches, then (other)" }) });
export const PathNodeModel = pathNode(pathNode(pathNode(pathNode(pathNode(t.Never())))));
export type PathNode = Static<typeof PathNodeModel>;

export const PathsResult = t.Object(
  {
    ...Period,
    start: t.Object({ label: t.String(), sessions: t.Integer({ description: "Sessions of the range with the start" }) }),
    tree: t.Array(PathNodeModel),
  },
  { title: "ExplorePathsResult", description: "kind paths" },
);
export type PathsResult = Static<typeof PathsResult>;

export const ExploreResponse = t.Union([ExploreQueryResult, SegmentsResult, RetentionResult, PathsResult], { description: "The shape of the requested kind" });

export { FunnelStepModel };
