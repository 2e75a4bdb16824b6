import { t, type Static, type TSchema } from "elysia";
import { DIMENSIONS, FILTER_OPS } from "../engine.ts";
import { METRICS } from "../metrics.ts";
import { FunnelStepModel } from "../funnels/definition.ts";
import { DateText, JsonInteger, OneOf } from "../../api/models.ts";

/** TypeBox models of `POST …/explore` (spec 2.8, 4.7; docs/analytics.md, docs/funnels.md). */

export const EXPLORE_KINDS = ["query", "segments", "retention", "paths"] as const;
export type ExploreKind = (typeof EXPLORE_KINDS)[number];
export const RETENTION_PERIODS = ["week", "month"] as const;

/** The bounds of explore's numbers: [minimum, maximum, default]. */
export const EXPLORE_LIMITS = {
  limit: [1, 1000, 50],
  segments: [1, 4, 0],
  periods: [1, 26, 0],
  depth: [1, 5, 3],
  branches: [1, 10, 5],
} as const;
const { limit, segments, periods, depth, branches } = EXPLORE_LIMITS;

const DateString = t.String({ description: "YYYY-MM-DD, site timezone" });
const Rate = t.Number({ minimum: 0, maximum: 1 });
const Whole = ([minimum, maximum]: readonly number[], description: string) => JsonInteger({ minimum, maximum, error: `must be a whole number from ${minimum} to ${maximum}`, description });

/** Every filter value is text (`in`: a non-empty list of them); which the operator takes is checked by explore. */
export const ExploreFilter = t.Object(
  {
    dim: OneOf(DIMENSIONS, { message: `unknown dimension; one of ${DIMENSIONS.join(", ")}` }),
    op: OneOf(FILTER_OPS, { message: `unknown operator; one of ${FILTER_OPS.join(", ")}`, description: "is/is_not/in compare exactly; contains/not_contains/starts_with ignore case" }),
    value: t.Union([t.String(), t.Array(t.String())], { description: "A string; a non-empty list of strings for `in`" }),
  },
  {
    allOf: [
      { if: { properties: { op: { const: "in" } }, required: ["op"] }, then: { properties: { value: { type: "array", minItems: 1 } } }, else: { properties: { value: { type: "string" } } } },
    ],
  },
);
export type ExploreFilterInput = Static<typeof ExploreFilter>;

const Metrics = (what: string) =>
  t.Array(OneOf(METRICS, { message: `unknown metric; one of ${METRICS.join(", ")}` }), { minItems: 1, error: "must be an array naming at least one metric", description: `One or more metrics${what}` });

/** The kind's own object is required (`required` in checks.ts): said for the document as `if`/`then`, one rule per kind. */
const kindNeedsItsObject = EXPLORE_KINDS.map((kind) => ({ if: { properties: { kind: { const: kind } }, required: ["kind"] }, then: { required: [kind] } }));

export const ExploreRequest = t.Object(
  {
    kind: OneOf(EXPLORE_KINDS),
    from: t.Optional(DateText()),
    to: t.Optional(DateText()),
    query: t.Optional(
      t.Object({
        metrics: Metrics("; rows are sorted by the first"),
        dimension: OneOf(DIMENSIONS, { message: `unknown dimension; one of ${DIMENSIONS.join(", ")}` }),
        filters: t.Optional(t.Array(ExploreFilter)),
        limit: t.Optional(Whole(limit, `Rows returned, default ${limit[2]}`)),
      }),
    ),
    segments: t.Optional(
      t.Object({
        metrics: Metrics(""),
        list: t.Array(t.Object({ name: t.String({ minLength: 1, maxLength: 100, pattern: "\\S", error: "must be 1 to 100 characters" }), filters: t.Optional(t.Array(ExploreFilter)) }), {
          minItems: segments[0],
          maxItems: segments[1],
          error: `must be an array of ${segments[0]} to ${segments[1]} segments`,
        }),
      }),
    ),
    retention: t.Optional(
      t.Object({
        period: OneOf(RETENTION_PERIODS, { description: "week (ISO, Monday first) or month" }),
        periods: t.Optional(Whole(periods, "Periods per cohort; default 12 weeks or 6 months")),
      }),
    ),
    paths: t.Optional(
      t.Object({
        start: FunnelStepModel,
        depth: Whole(depth, "Steps after the start"),
        branches: t.Optional(Whole(branches, `Branches kept per node, default ${branches[2]}`)),
      }),
    ),
  },
  { title: "ExploreRequest", description: "kind and the object named after it", allOf: kindNeedsItsObject },
);
export type ExploreRequest = Static<typeof ExploreRequest>;

const Period = { from: DateString, to: DateString, tz: t.String() };

export const ExploreQueryResult = t.Object(
  {
    ...Period,
    rows: t.Array(t.Object({ key: t.String({ description: "The row's value of the dimension" }) }, { additionalProperties: t.Number() }), { description: "`key` plus one number per requested metric" }),
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
        series: t.Array(t.Object({ date: DateString }, { additionalProperties: t.Number() }), { description: "Every day: `date` plus one number per metric" }),
      }),
    ),
  },
  { title: "ExploreSegmentsResult", description: "kind segments" },
);
export type SegmentsResult = Static<typeof SegmentsResult>;

export const RetentionResult = t.Object(
  {
    ...Period,
    period: OneOf(RETENTION_PERIODS),
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
