import { t, type Static } from "elysia";
import { NullableTimestamp, OneOf } from "../api/models.ts";

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
