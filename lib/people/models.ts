import { t, type Static } from "elysia";
import { DateText, OneOf, QueryModel, Timestamp, NullableTimestamp, UUID_PATTERN } from "../api/models.ts";
import { STAGES, TIERS } from "./scoring.ts";
import { LEAD_SOURCES } from "../leads/lead.ts";
import { PageQuery } from "../paging.ts";

/** TypeBox models of the people endpoints: visitors (spec 2.10, 4.9), profiles (2.14), leads (2.11, 4.10). */

export { VISITOR_VIEWS } from "./views.ts";
import { VISITOR_VIEWS } from "./views.ts";
/** How the lead list can be asked for; csv only in an interactive two-factor session. */
export const LEAD_FORMATS = ["json", "csv"] as const;
/** Rows per page of the visitor and lead lists. */
export const PAGE_SIZE = 50;

const Text = (title: string, description: string, maxLength = 200) => t.Optional(t.String({ title, description, maxLength }));

export const VisitorListQuery = QueryModel({
  view: t.Optional(OneOf(VISITOR_VIEWS, { title: "view", description: "Default recent: latest activity first; hot: hot and very hot, highest score first; identified: with a user id or a lead; customers: stage customer" })),
  tier: t.Optional(OneOf(TIERS, { title: "tier" })),
  stage: t.Optional(OneOf(STAGES, { title: "stage" })),
  channel: Text("channel", "Visitors with a session from this channel in the range (snake case, as reports name channels)"),
  campaign: Text("campaign", "Visitors with a session of this UTM campaign in the range"),
  minScore: t.Optional(t.Integer({ title: "minScore", minimum: 0, maximum: 100, description: "Lead score at least this" })),
  q: Text("q", "The start of a visitor id; with analytics.pii.read also the name or e-mail of the visitor's leads (contains, case-insensitive)", 320),
  from: t.Optional(DateText({ title: "from", description: "YYYY-MM-DD in the site timezone; default 27 days before `to`. Visitors with a session in the range are listed" })),
  to: t.Optional(DateText({ title: "to", description: "YYYY-MM-DD, inclusive; default today in the site timezone" })),
  page: PageQuery(`1-based; ${PAGE_SIZE} visitors a page`),
});
export type VisitorListQuery = Static<typeof VisitorListQuery>;

const Touch = t.Object({ channel: t.String(), source: t.String(), campaign: t.String() }, { description: "(direct) and (not set) stand for no source and no campaign" });
const Nullable = (description: string) => t.Union([t.String(), t.Null()], { description });

export const VisitorListItem = t.Object({
  visitorId: t.String({ format: "uuid" }),
  name: Nullable("From the visitor's latest lead; masked without analytics.pii.read"),
  email: Nullable("From the visitor's latest lead; masked (first character, then ***) without analytics.pii.read"),
  leadScore: t.Integer({ minimum: 0, maximum: 100 }),
  tier: OneOf(TIERS),
  stage: OneOf(STAGES),
  sessions: t.Integer(),
  pageviews: t.Integer(),
  conversions: t.Integer(),
  revenue: t.Number({ description: "Site currency" }),
  country: Nullable("ISO alpha-2 of the latest session"),
  device: Nullable("Of the latest session"),
  firstSeenAt: Timestamp,
  lastSeenAt: Timestamp,
  firstTouch: Touch,
  lastTouch: Touch,
});
export type VisitorListItem = Static<typeof VisitorListItem>;

const Counts = (keys: readonly string[], description: string) => t.Object(Object.fromEntries(keys.map((k) => [k, t.Integer()])), { description });

export const VisitorList = t.Object(
  {
    items: t.Array(VisitorListItem),
    total: t.Integer(),
    page: t.Integer(),
    pages: t.Integer(),
    tiers: Counts(TIERS, "Visitors per tier, over the list filtered by everything but tier"),
    stages: Counts(STAGES, "Visitors per stage, over the list filtered by everything but stage"),
    currency: t.String(),
    canExport: t.Boolean({ description: "False for API keys: exporting people needs an interactive two-factor session" }),
  },
  { title: "VisitorList" },
);
export type VisitorList = Static<typeof VisitorList>;

export const LeadListQuery = QueryModel({
  source: t.Optional(OneOf(LEAD_SOURCES, { title: "source" })),
  campaign: Text("campaign", "Exact campaign"),
  q: Text("q", "The start of the lead's visitor id; with analytics.pii.read also the name, e-mail, phone or company (contains, case-insensitive)", 320),
  from: t.Optional(DateText({ title: "from", description: "YYYY-MM-DD in the site timezone; default 27 days before `to` (leads created in the range)" })),
  to: t.Optional(DateText({ title: "to", description: "YYYY-MM-DD, inclusive; default today in the site timezone" })),
  page: PageQuery(`1-based; ${PAGE_SIZE} leads a page`),
  format: t.Optional(OneOf(LEAD_FORMATS, { title: "format", message: "must be json (csv needs an interactive two-factor session)", description: "json (default); csv is answered 403 FORBIDDEN to API keys (it needs an interactive two-factor session)" })),
});
export type LeadListQuery = Static<typeof LeadListQuery>;

export const LeadItem = t.Object({
  id: t.String(),
  createdAt: Timestamp,
  source: OneOf(LEAD_SOURCES),
  sourceName: t.String(),
  name: Nullable("Masked without analytics.pii.read"),
  email: Nullable("Masked without analytics.pii.read"),
  phone: Nullable("Masked without analytics.pii.read"),
  company: Nullable("Masked without analytics.pii.read"),
  message: Nullable("[hidden] without analytics.pii.read"),
  path: Nullable("Page path"),
  country: Nullable("ISO alpha-2"),
  channel: Nullable(""),
  campaign: Nullable(""),
  sourceMedium: Nullable("source / medium"),
});
export type LeadItem = Static<typeof LeadItem>;

export const LeadList = t.Object(
  {
    items: t.Array(LeadItem),
    total: t.Integer(),
    page: t.Integer(),
    pages: t.Integer(),
    bySource: t.Record(t.String(), t.Integer(), { description: "Leads per source present, over the list filtered by everything but source" }),
    pii: t.Boolean({ description: "True when unmasked contact details are included" }),
    canExport: t.Boolean({ description: "False for API keys" }),
  },
  { title: "LeadList" },
);
export type LeadList = Static<typeof LeadList>;

export const VisitorParams = t.Object({ orgId: t.String(), siteId: t.String(), visitorId: t.String({ pattern: UUID_PATTERN, error: "must be a UUID" }) });

const ProfileSession = t.Object({
  id: t.String({ format: "uuid" }),
  visitorId: t.String({ format: "uuid" }),
  startedAt: Timestamp,
  lastAt: Timestamp,
  pageviews: t.Integer(),
  engagedSeconds: t.Number(),
  engaged: t.Boolean(),
  conversions: t.Integer(),
  revenue: t.Number(),
  channel: t.String(),
  source: Nullable("Without marketing consent only the channel is kept"),
  medium: Nullable(""),
  campaign: Nullable(""),
  referrer: Nullable("Referrer host"),
  landing: Nullable(""),
  exit: Nullable(""),
  device: Nullable(""),
  browser: Nullable(""),
  os: Nullable(""),
  country: Nullable(""),
  region: Nullable(""),
  city: Nullable(""),
  pages: t.Array(t.Object({ path: t.String(), title: Nullable(""), at: Timestamp }), { description: "Pageviews in time order" }),
});

export const VisitorProfile = t.Object(
  {
    visitorId: t.String({ format: "uuid" }),
    visitorIds: t.Array(t.String({ format: "uuid" }), { description: "Every visitor id linked to the same person by identify() user ids (a lead's e-mail links no visitor); this one first" }),
    userId: Nullable("The identify() user id"),
    name: Nullable("From the person's latest lead; masked without analytics.pii.read"),
    email: Nullable("Masked without analytics.pii.read"),
    leadScore: t.Integer({ minimum: 0, maximum: 100 }),
    tier: t.String(),
    stage: t.String(),
    reasons: t.Array(t.Object({ factor: t.String(), points: t.Integer(), detail: t.String() }), { description: "What the score is made of (docs/people.md)" }),
    scoreHistory: t.Array(t.Object({ at: Timestamp, score: t.Integer(), tier: t.String() }), { description: "The score as each session ended, oldest first" }),
    firstSeenAt: Timestamp,
    lastSeenAt: Timestamp,
    totals: t.Object({ sessions: t.Integer(), pageviews: t.Integer(), engagedSeconds: t.Number(), conversions: t.Integer(), revenue: t.Number() }),
    currency: t.String(),
    sessions: t.Array(ProfileSession, { description: "Newest first, the latest 100" }),
    campaigns: t.Array(t.Object({ campaign: t.String(), source: t.String(), medium: t.String(), sessions: t.Integer(), firstAt: Timestamp, lastAt: Timestamp })),
    conversions: t.Array(t.Object({ name: t.String(), value: t.Number(), currency: t.String(), at: Timestamp, sessionId: t.String({ format: "uuid" }) }), { description: "Newest first" }),
    leads: t.Array(LeadItem, { description: "Newest first" }),
    pii: t.Boolean({ description: "True when unmasked contact details are included" }),
  },
  { title: "VisitorProfile" },
);
export type VisitorProfile = Static<typeof VisitorProfile>;

export { NullableTimestamp };
