import { t, type Static } from "elysia";
import { OneOf } from "../api/models.ts";
import { DatedQuery } from "../analytics/models.ts";

/** Ad platforms spend rows come from (docs/campaigns.md "Ad spend"). */
export const AD_PLATFORMS = ["google_ads", "meta_ads", "microsoft_ads", "linkedin_ads", "tiktok_ads", "other"] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/** The attribution report's four models, as the insights query names them. */
export const INSIGHT_MODELS = ["first_touch", "last_touch", "last_non_direct", "linear"] as const;
export type InsightModel = (typeof INSIGHT_MODELS)[number];

export const InsightsQuery = t.Object({
  ...DatedQuery,
  model: t.Optional(OneOf(INSIGHT_MODELS, { description: "Attribution model crediting conversions and revenue; default last_non_direct" })),
});
export type InsightsQuery = Static<typeof InsightsQuery>;

const Nullable = <T extends ReturnType<typeof t.Number>>(s: T) => t.Union([s, t.Null()]);

/** One row of the answer: a channel, a campaign, unmatched spend or sessions, a currency kept apart, or the totals. */
export const InsightRow = t.Object({
  channel: t.Union([t.String(), t.Null()], { description: "Channel (GA4 default grouping); null on totals" }),
  campaign: t.Union([t.String(), t.Null()], { description: "Campaign name as matched; null on channel rows and totals" }),
  platform: t.Union([OneOf(AD_PLATFORMS), t.Null()]),
  currency: t.String({ description: "The spend's currency: the site's, except in otherCurrencies" }),
  spend: t.Number(),
  impressions: t.Integer(),
  clicks: t.Integer(),
  platformConversions: t.Number({ description: "The platform's own count, beside ours, never added" }),
  platformConversionValue: t.Number(),
  sessions: t.Integer(),
  engagedSessions: t.Integer(),
  leads: t.Integer(),
  conversions: t.Number({ description: "Credited by the model (linear gives fractions)" }),
  revenue: t.Number(),
  cpc: Nullable(t.Number({ description: "spend / clicks" })),
  cpl: Nullable(t.Number({ description: "spend / leads" })),
  cpa: Nullable(t.Number({ description: "spend / conversions" })),
  roas: Nullable(t.Number({ description: "revenue / spend" })),
});
export type InsightRow = Static<typeof InsightRow>;

export const PlatformState = t.Object({
  platform: OneOf(AD_PLATFORMS),
  state: OneOf(["not_connected", "import"] as const),
  lastSyncAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const MarketingInsights = t.Object({
  from: t.String(),
  to: t.String(),
  tz: t.String(),
  currency: t.String(),
  model: OneOf(INSIGHT_MODELS),
  platforms: t.Array(PlatformState),
  channels: t.Array(InsightRow),
  campaigns: t.Array(InsightRow),
  unmatched: t.Array(InsightRow),
  otherCurrencies: t.Array(InsightRow),
  totals: InsightRow,
});
export type MarketingInsights = Static<typeof MarketingInsights>;
