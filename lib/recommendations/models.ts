import { t, type Static } from "elysia";
import { NullableTimestamp, OneOf } from "../api/models.ts";
import { INDUSTRY_MAX } from "./benchmarking.ts";

/** Recommendations and benchmarks as the read API answers them (spec 2.12; docs/recommendations.md). */

export const SEVERITIES = ["high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];
export const RECOMMENDATION_STATUSES = ["open", "dismissed", "snoozed", "done"] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];
/** Why a group's percentiles are withheld. */
export const INELIGIBLE_REASONS = ["too_few_orgs", "dominant_org", "no_data", "opted_out", "below_min_sessions"] as const;

export const BenchmarkRow = t.Object({
  metric: t.String(),
  label: t.String(),
  value: t.Union([t.Number(), t.Null()], { description: "The site's own value over the window (null without data)" }),
  p25: t.Union([t.Number(), t.Null()]),
  p50: t.Union([t.Number(), t.Null()]),
  p75: t.Union([t.Number(), t.Null()]),
  source: t.String({ description: "peers: the percentiles are the industry group's; site: the site's value alone" }),
});

export const RecommendationItem = t.Object({
  ruleKey: t.String(),
  status: OneOf(RECOMMENDATION_STATUSES),
  score: t.Number(),
  severity: OneOf(SEVERITIES),
  title: t.String(),
  body: t.String(),
  action: t.String(),
  // Added fields (docs/recommendations.md).
  evidence: t.Record(t.String(), t.Unknown(), { description: "The pages, channels and numbers the finding rests on" }),
  snoozedUntil: NullableTimestamp,
});

export const Recommendations = t.Object({
  industry: t.String(),
  computedAt: NullableTimestamp,
  benchmarks: t.Object({
    orgs: t.Integer(),
    eligible: t.Boolean(),
    minSessions: t.Integer(),
    rows: t.Array(BenchmarkRow),
    // Added: the peer group as shown, and why percentiles are withheld.
    reason: t.Union([OneOf(INELIGIBLE_REASONS), t.Null()]),
    sizeBand: t.Union([t.Object({ p25: t.Integer(), p75: t.Integer() }), t.Null()], { description: "Contributing sites' sessions in the window" }),
    window: t.Union([t.Object({ from: t.String(), to: t.String() }), t.Null()]),
  }),
  canManage: t.Boolean(),
  items: t.Array(RecommendationItem),
});
export type Recommendations = Static<typeof Recommendations>;

/** Workspace → Settings, industry benchmarks: the org's peer group and whether it takes part. */
export const BenchmarkingView = t.Object({
  orgId: t.String(),
  industry: t.String({ description: "The peer group: organizations of the same industry are compared (lower-case)" }),
  optOut: t.Boolean({ description: "Opted out: neither contributes to nor receives peers' benchmarks" }),
});

export const BenchmarkingChange = t.Object(
  {
    industry: t.Optional(t.String({ minLength: 1, maxLength: INDUSTRY_MAX, pattern: "\\S", error: `must be 1 to ${INDUSTRY_MAX} characters, not only spaces` })),
    optOut: t.Optional(t.Boolean({ error: "must be true or false" })),
  },
  { additionalProperties: false },
);
