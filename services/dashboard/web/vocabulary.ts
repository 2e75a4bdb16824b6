import type { Metric } from "../../../lib/analytics/metrics.ts";
import type { Dimension, FilterOp } from "../../../lib/analytics/engine.ts";
import type { Breakdown } from "../../../lib/analytics/funnels/run.ts";
import type { EVENT_TYPES, FunnelStep, MODES, PageMatch, SCOPES } from "../../../lib/analytics/funnels/definition.ts";
import type { ExploreKind, RETENTION_PERIODS } from "../../../lib/analytics/explore/model.ts";
import type { EngagementStatus, PopupLayout, PRIZE_KINDS, TriggerKind } from "../../../lib/engagement/types.ts";
import type { Category, ItemKind } from "../../../lib/consent/categories.ts";
import type { Match, ScanView } from "../../../lib/consent/models.ts";
import type { HANDLINGS, MODES as CONSENT_MODES } from "../../../lib/consent/settings.ts";
import type { AdPlatform, InsightModel } from "../../../lib/spend/models.ts";

/**
 * What the analysis pages call the API's words. Each list is a `Record` over the type the server
 * defines its list with, so the type checker keeps the two in step (a value added or dropped there
 * fails here) without shipping the server's modules to the browser. The key order is the order of
 * the pickers.
 */

const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as K[];

export const METRIC_LABELS: Record<Metric, string> = {
  users: "Users",
  newUsers: "New users",
  sessions: "Sessions",
  pageviews: "Pageviews",
  engagementRate: "Engagement rate",
  bounceRate: "Bounce rate",
  avgEngagedSeconds: "Engaged time",
  pagesPerSession: "Pages / session",
  conversions: "Conversions",
  conversionRate: "Conversion rate",
  revenue: "Revenue",
};
export const METRICS = keysOf(METRIC_LABELS);

export const DIMENSION_LABELS: Record<Dimension, string> = {
  channel: "Channel",
  source: "Source",
  medium: "Medium",
  campaign: "Campaign",
  term: "Campaign term",
  content: "Campaign content",
  landing: "Landing page",
  device: "Device",
  browser: "Browser",
  os: "Operating system",
  country: "Country",
  region: "Region",
  city: "City",
  language: "Language",
  date: "Date",
  visitor: "Visitor",
};
export const DIMENSIONS = keysOf(DIMENSION_LABELS);
/** Some dimensions' labels, in the order given: a page that offers a few dimensions names them as explore does. */
export const dimensionLabels = <D extends Dimension>(dims: readonly D[]) => Object.fromEntries(dims.map((d) => [d, DIMENSION_LABELS[d]])) as Record<D, string>;

export const FILTER_OP_LABELS: Record<FilterOp, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  not_contains: "does not contain",
  starts_with: "starts with",
  in: "is one of",
};
export const FILTER_OPS = keysOf(FILTER_OP_LABELS);

export const BREAKDOWN_LABELS: Record<Breakdown, string> = { none: "None", ...dimensionLabels(["channel", "device", "country", "source", "campaign"] as const) };
export const BREAKDOWNS = keysOf(BREAKDOWN_LABELS);

export const PAGE_MATCH_LABELS: Record<PageMatch, string> = { equals: "equals", starts_with: "starts with", contains: "contains", regex: "matches the pattern" };
export const PAGE_MATCHES = keysOf(PAGE_MATCH_LABELS);

export const STEP_KIND_LABELS: Record<FunnelStep["kind"], string> = { page: "Page view", event: "Event or conversion" };
export const EVENT_TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = { event: "Custom event", conversion: "Conversion" };
export const EVENT_TYPES_LIST = keysOf(EVENT_TYPE_LABELS);

export const MODE_LABELS: Record<(typeof MODES)[number], string> = { closed: "Closed (enter at step 1, in order)", open: "Open (enter at any step)" };
export const SCOPE_LABELS: Record<(typeof SCOPES)[number], string> = { session: "Within one session", user: "Across a visitor's sessions" };

export const EXPLORE_KIND_LABELS: Record<ExploreKind, string> = { query: "Query", segments: "Segments", retention: "Retention", paths: "Paths" };
export const EXPLORE_KINDS = keysOf(EXPLORE_KIND_LABELS);

export const RETENTION_PERIOD_LABELS: Record<(typeof RETENTION_PERIODS)[number], string> = { week: "Weekly", month: "Monthly" };

/** Popups' and spin wheels' words (lib/engagement/types.ts). */
export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = { draft: "Draft", active: "Active", paused: "Paused", archived: "Archived" };
export const POPUP_LAYOUT_LABELS: Record<PopupLayout, string> = { modal: "Modal", slide_in: "Slide-in", bar: "Bar", fullscreen: "Full screen" };
export const TRIGGER_LABELS: Record<TriggerKind, string> = {
  exit_intent: "Exit intent",
  scroll: "Scroll depth",
  time_on_page: "Time on page",
  inactivity: "Inactivity",
  pageviews: "Pages viewed",
  click: "Click",
  immediately: "Immediately",
};
export const PRIZE_LABELS: Record<(typeof PRIZE_KINDS)[number], string> = { coupon_pool: "Coupon from a pool", static_code: "Fixed code", none: "No prize" };

/** The consent page's words (docs/consent.md). The category order is the inventory's. */
export const CATEGORY_LABELS: Record<Category, string> = { marketing: "Marketing", analytics: "Analytics", personalization: "Personalization", unknown: "Unknown", necessary: "Necessary" };
export const CATEGORIES_LIST = keysOf(CATEGORY_LABELS);
export const ITEM_KIND_LABELS: Record<ItemKind, string> = { cookie: "Cookie", storage: "Storage key", host: "Third-party host" };
export const ITEM_KINDS_LIST = keysOf(ITEM_KIND_LABELS);
export const MATCH_LABELS: Record<Match, string> = {
  override: "This site's own classification",
  builtin: "Tidemark's own key",
  name: "Open Cookie Database, by name",
  prefix: "Open Cookie Database, by name prefix",
  host: "By the host's vendor",
  none: "Not classified",
};
export const SCAN_STATUS_LABELS: Record<ScanView["status"], string> = { none: "Never scanned", queued: "Queued", running: "Running", done: "Done", failed: "Failed" };
export const SCAN_TRIGGER_LABELS: Record<NonNullable<ScanView["trigger"]>, string> = { cli: "the admin CLI", dashboard: "the dashboard", schedule: "the schedule" };
export const CONSENT_MODE_LABELS: Record<(typeof CONSENT_MODES)[number], string> = {
  "opt-in": "Opt-in: nothing persistent until the visitor accepts",
  "opt-out": "Opt-out: granted until the visitor declines",
  none: "None: no banner, the page reports consent itself",
};
export const HANDLING_LABELS: Record<(typeof HANDLINGS)[number], string> = { respect: "Respected: treated as a refusal, no banner", ignore: "Ignored" };

/** The marketing insights' attribution models (the attribution report's four); the default first. */
export const INSIGHT_MODEL_LABELS: Record<InsightModel, string> = {
  last_non_direct: "Last non-direct click",
  first_touch: "First touch",
  last_touch: "Last touch",
  linear: "Linear",
};
export const INSIGHT_MODELS = keysOf(INSIGHT_MODEL_LABELS);

/** The ad platforms spend comes from, in the API's order. */
export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = {
  google_ads: "Google Ads",
  meta_ads: "Meta Ads",
  microsoft_ads: "Microsoft Ads",
  linkedin_ads: "LinkedIn Ads",
  tiktok_ads: "TikTok Ads",
  other: "Other",
};
