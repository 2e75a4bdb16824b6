import { t, type Static } from "elysia";
import { Kpis } from "./metrics.ts";
import { DateText } from "../api/models.ts";

/** TypeBox models of the analytics reports and explore queries (spec 2.6, 2.8, 4.6, 4.7). */

/** The reports of spec 4.6. */
export const REPORTS = ["overview", "acquisition", "pages", "events", "audience", "locations", "campaigns", "behaviour", "attribution", "conversions", "realtime"] as const;
export type ReportName = (typeof REPORTS)[number];

const DateString = t.String({ description: "YYYY-MM-DD, site timezone" });
const Rate = t.Number({ minimum: 0, maximum: 1 });

/** `from` and `to` (spec 4.2), shared by every dated query. */
export const DatedQuery = {
  from: t.Optional(DateText({ description: "YYYY-MM-DD in the site timezone; default 27 days before `to`" })),
  to: t.Optional(DateText({ description: "YYYY-MM-DD, inclusive; default today in the site timezone" })),
};

export const ReportQuery = t.Object(DatedQuery);
export type ReportQuery = Static<typeof ReportQuery> & { country?: string; region?: string };

export const LocationsQuery = t.Object({
  ...DatedQuery,
  country: t.Optional(t.String({ pattern: "^[A-Za-z]{2}$", error: "must be an ISO 3166-1 alpha-2 code", description: "ISO alpha-2 code (either case), drills into regions" })),
  region: t.Optional(t.String({ description: "Only with country (else 422 on region): drills into cities" })),
});

const Period = { from: DateString, to: DateString, tz: t.String({ description: "Site timezone" }), currency: t.String() };

export const Overview = t.Object(
  {
    ...Period,
    current: Kpis,
    previous: Kpis,
    series: t.Array(t.Object({ date: DateString, sessions: t.Integer(), users: t.Integer(), pageviews: t.Integer(), conversions: t.Integer() }), {
      description: "Every day of the period, days without sessions as zeros",
    }),
    channels: t.Array(t.Object({ key: t.String(), sessions: t.Integer(), users: t.Integer(), engagementRate: Rate, conversions: t.Integer(), revenue: t.Number(), pageviews: t.Integer() })),
    pages: t.Array(t.Object({ path: t.String(), title: t.Union([t.String(), t.Null()]), views: t.Integer(), users: t.Integer() }), { description: "Top 10 by views" }),
    countries: t.Array(t.Object({ key: t.String({ description: "ISO alpha-2, or (not set)" }), sessions: t.Integer(), users: t.Integer() }), { description: "Top 10 by sessions" }),
    devices: t.Array(t.Object({ key: t.String(), sessions: t.Integer(), users: t.Integer() })),
  },
  { title: "AnalyticsOverview" },
);
export type Overview = Static<typeof Overview>;

/** One row of a grouped report: the group's key and the full metric set. */
export const MetricRow = t.Object({
  key: t.String(),
  users: t.Integer(),
  newUsers: t.Integer(),
  sessions: t.Integer(),
  pageviews: t.Integer(),
  engagementRate: Rate,
  bounceRate: Rate,
  avgEngagedSeconds: t.Number(),
  pagesPerSession: t.Number(),
  conversions: t.Integer(),
  conversionRate: Rate,
  revenue: t.Number(),
});
export type MetricRow = Static<typeof MetricRow>;

export const Acquisition = t.Object(
  {
    ...Period,
    channels: t.Array(MetricRow, { description: "By channel (snake case GA4 default channel group), most sessions first" }),
    sourceMedium: t.Array(MetricRow, { description: "By `source / medium`, most sessions first, top 100" }),
  },
  { title: "AnalyticsAcquisition" },
);

export const Pages = t.Object(
  {
    ...Period,
    rows: t.Array(
      t.Object({
        path: t.String(),
        title: t.Union([t.String(), t.Null()], { description: "The latest title seen for the path" }),
        views: t.Integer(),
        users: t.Integer(),
        entrances: t.Integer({ description: "Sessions that landed on the path" }),
        exits: t.Integer({ description: "Sessions whose last pageview was the path" }),
        engagedSeconds: t.Number({ description: "Engaged time while the path was shown" }),
        avgEngagedSeconds: t.Number({ description: "engagedSeconds / views" }),
      }),
      { description: "Most views first, top 200" },
    ),
  },
  { title: "AnalyticsPages" },
);

const Credit = t.Object({ conversions: t.Number({ description: "Fractional under linear (2 decimals)" }), revenue: t.Number({ description: "Site currency" }) });
export const Attribution = t.Object(
  {
    ...Period,
    lookbackDays: t.Integer({ description: "Sessions up to this many days before a converting session count as its touches" }),
    totals: Credit,
    rows: t.Array(
      t.Object({ key: t.String({ description: "Channel" }), firstTouch: Credit, lastTouch: Credit, lastNonDirect: Credit, linear: Credit }),
      { description: "Per channel that received credit under any model; most last-touch conversions first" },
    ),
  },
  { title: "AnalyticsAttribution" },
);

export const Conversions = t.Object(
  {
    ...Period,
    totals: t.Object({ conversions: t.Integer(), revenue: t.Number({ description: "Site currency only" }) }),
    byName: t.Array(t.Object({ name: t.String(), conversions: t.Integer(), revenue: t.Number({ description: "Site currency only" }), sessions: t.Integer(), users: t.Integer() }), {
      description: "Most conversions first",
    }),
    byCurrency: t.Array(t.Object({ currency: t.String(), conversions: t.Integer(), value: t.Number({ description: "In that currency" }) })),
    series: t.Array(t.Object({ date: DateString, conversions: t.Integer(), revenue: t.Number() }), { description: "Every day of the period" }),
  },
  { title: "AnalyticsConversions" },
);

export const Audience = t.Object(
  {
    ...Period,
    userTypes: t.Array(MetricRow, { description: "`new` (the visitor's first session) and `returning`" }),
    devices: t.Array(MetricRow),
    browsers: t.Array(MetricRow),
    operatingSystems: t.Array(MetricRow),
    languages: t.Array(MetricRow, { description: "Top 50" }),
    screens: t.Array(MetricRow, { description: "Width x height, top 50" }),
  },
  { title: "AnalyticsAudience" },
);

export const CampaignRow = t.Composite([
  MetricRow,
  t.Object({ campaign: t.String(), source: t.String(), medium: t.String() }),
]);
export type CampaignRow = Static<typeof CampaignRow>;

export const Campaigns = t.Object(
  {
    ...Period,
    rows: t.Array(CampaignRow, { description: "Per UTM campaign, source and medium (key joins the three with ' / '), most sessions first, top 200; sessions without a campaign are `(not set)`" }),
  },
  { title: "AnalyticsCampaigns" },
);

export const Locations = t.Object(
  {
    ...Period,
    level: t.Union([t.Literal("country"), t.Literal("region"), t.Literal("city")]),
    country: t.Union([t.String(), t.Null()]),
    region: t.Union([t.String(), t.Null()]),
    rows: t.Array(MetricRow, { description: "Countries; with `country` its regions; with `country` and `region` its cities. Most sessions first" }),
  },
  { title: "AnalyticsLocations" },
);

const Counted = { sessions: t.Integer({ description: "Sessions with at least one" }), users: t.Integer({ description: "Distinct visitors" }) };

export const Events = t.Object(
  {
    ...Period,
    totals: t.Object({ events: t.Integer({ description: "Custom events of every name" }), users: t.Integer({ description: "Distinct visitors who sent any" }) }),
    rows: t.Array(
      t.Object({
        name: t.String(),
        events: t.Integer(),
        ...Counted,
        eventsPerUser: t.Number({ description: "events / users, 2 decimals" }),
        properties: t.Array(
          t.Object({
            key: t.String(),
            events: t.Integer({ description: "Events that carried the property" }),
            values: t.Array(t.Object({ value: t.String({ description: "As text; null reads (not set)" }), events: t.Integer() }), { description: "Top 10" }),
          }),
          { description: "Top 10 properties by events" },
        ),
      }),
      { description: "Custom events (tidemark('event', name, props)) by name, most first, top 100" },
    ),
  },
  { title: "AnalyticsEvents" },
);

const VitalSummary = t.Union([
  t.Object({
    p75: t.Number({ description: "75th percentile (nearest rank): ms, whole; CLS unitless, 3 decimals" }),
    samples: t.Integer(),
    rating: t.Union([t.Literal("good"), t.Literal("needs_improvement"), t.Literal("poor")], { description: "Google's thresholds for the p75" }),
  }),
  t.Null(),
]);
const Vitals = { samples: t.Integer(), LCP: VitalSummary, INP: VitalSummary, CLS: VitalSummary, FCP: VitalSummary, TTFB: VitalSummary };
const Link = { href: t.String(), ...Counted };
const ScrollRate = (depth: number) => t.Number({ minimum: 0, maximum: 1, description: `Share of the path's views scrolled to ${depth} %` });

export const Behaviour = t.Object(
  {
    ...Period,
    landingPages: t.Array(MetricRow, { description: "Sessions by the page they started on, most first, top 100" }),
    exitPages: t.Array(
      t.Object({ path: t.String(), exits: t.Integer({ description: "Sessions whose last pageview was the path" }), views: t.Integer(), exitRate: Rate }),
      { description: "Most exits first, top 100; exitRate = exits / views" },
    ),
    scrollDepth: t.Object({
      pageviews: t.Integer(),
      reached: t.Array(t.Object({ percent: t.Integer(), pageviews: t.Integer({ description: "Pageviews scrolled at least this far" }), rate: Rate })),
      pages: t.Array(
        t.Object({ path: t.String(), views: t.Integer(), reached25: ScrollRate(25), reached50: ScrollRate(50), reached75: ScrollRate(75), reached90: ScrollRate(90) }),
        { description: "Most viewed first, top 50" },
      ),
    }),
    outboundLinks: t.Array(t.Object({ ...Link, clicks: t.Integer() }), { description: "Most clicks first, top 100" }),
    downloads: t.Array(t.Object({ ...Link, downloads: t.Integer() }), { description: "Most downloads first, top 100" }),
    forms: t.Array(t.Object({ form: t.String({ description: "Form id, name or action" }), submits: t.Integer(), ...Counted }), { description: "Most submits first, top 100" }),
    webVitals: t.Object({
      overall: t.Object(Vitals),
      pages: t.Array(t.Object({ path: t.String(), ...Vitals }), { description: "Most samples first, top 100" }),
    }),
  },
  { title: "AnalyticsBehaviour" },
);

const RealtimeGroup = { visitors: t.Integer({ description: "Distinct visitors in the last 30 minutes" }), pageviews: t.Integer() };
export const Realtime = t.Object(
  {
    at: t.String({ format: "date-time", description: "When the report was made (UTC)" }),
    activeVisitors: t.Integer({ description: "Distinct visitors with an event in the last 5 minutes" }),
    visitors: t.Integer({ description: "Distinct visitors in the last 30 minutes" }),
    pageviews: t.Integer({ description: "Pageviews in the last 30 minutes" }),
    series: t.Array(t.Object({ minute: t.String({ format: "date-time" }), ...RealtimeGroup }), { description: "30 minutes, oldest first, the current minute last" }),
    pages: t.Array(t.Object({ path: t.String(), ...RealtimeGroup }), { description: "Top 10 by visitors" }),
    sources: t.Array(t.Object({ key: t.String(), ...RealtimeGroup }), { description: "Top 10 traffic sources by visitors" }),
    countries: t.Array(t.Object({ key: t.String(), ...RealtimeGroup }), { description: "Top 10 by visitors" }),
  },
  { title: "AnalyticsRealtime" },
);
