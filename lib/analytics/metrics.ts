import { t, type Static } from "elysia";

/**
 * The metrics of DESIGN section 5, defined once. Every report, funnel, explore query and
 * export adds up the same session sums and derives its metrics here, so two screens never
 * disagree about what "engagement rate" means.
 */

export const METRICS = [
  "users",
  "newUsers",
  "sessions",
  "pageviews",
  "engagementRate",
  "bounceRate",
  "avgEngagedSeconds",
  "pagesPerSession",
  "conversions",
  "conversionRate",
  "revenue",
] as const;
export type Metric = (typeof METRICS)[number];

/** GA4's engaged session: engaged for at least this long, or ≥ 2 pageviews, or ≥ 1 conversion. */
export const ENGAGED_SESSION_MS = 10_000;

/** Whether a session with these sums is engaged (ingest stores the answer on the session). */
export const isEngaged = (engagedMs: number, pageviews: number, conversions: number): boolean =>
  engagedMs >= ENGAGED_SESSION_MS || pageviews >= 2 || conversions >= 1;

/** The same rule in SQL, over three SQL expressions (1 or 0). */
export const isEngagedSql = (engagedMs: string, pageviews: string, conversions: string): string =>
  `CASE WHEN ${engagedMs} >= ${ENGAGED_SESSION_MS} OR ${pageviews} >= 2 OR ${conversions} >= 1 THEN 1 ELSE 0 END`;

/**
 * Revenue is the sum of conversion values in the site currency; a conversion in another
 * currency keeps its own and is left out (no exchange rates). No currency means the site's.
 */
export const countsAsRevenue = (currency: string | null, siteCurrency: string): boolean => (currency ?? siteCurrency) === siteCurrency;

/** What a group of sessions adds up to; every metric is derived from these. */
export interface SessionSums {
  /** Sessions started in the range (a session belongs to the day of its first event). */
  sessions: number;
  /** Sessions with ≥ 10 s engaged, or ≥ 2 pageviews, or ≥ 1 conversion. */
  engagedSessions: number;
  engagedMs: number;
  pageviews: number;
  /** Conversion events, an orderId counted once per site ever. */
  conversions: number;
  /** Sessions with at least one conversion. */
  convertingSessions: number;
  /** Conversion values in the site currency. */
  revenue: number;
  /** Distinct visitors with a session in the group. */
  users: number;
  /** Of those, visitors whose first-ever session started in the range. */
  newUsers: number;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  // EPSILON keeps halves that binary floating point stores just below .5 (1.005) rounding up.
  return Math.round((value + Math.sign(value) * Number.EPSILON * Math.abs(value)) * f) / f;
};
/** Rates are 0..1 to 4 decimals; an empty group's rate is 0, not NaN. */
export const asRate = (part: number, whole: number) => (whole > 0 ? round(part / whole, 4) : 0);
export const asSeconds = (ms: number) => round(ms / 1000, 1);
export const asMoney = (amount: number) => round(amount, 2);

/** One metric of a group, rounded as DESIGN section 5 says. */
export function metricOf(metric: Metric, s: SessionSums): number {
  switch (metric) {
    case "users":
      return s.users;
    case "newUsers":
      return s.newUsers;
    case "sessions":
      return s.sessions;
    case "pageviews":
      return s.pageviews;
    case "engagementRate":
      return asRate(s.engagedSessions, s.sessions);
    case "bounceRate":
      return s.sessions > 0 ? round(1 - s.engagedSessions / s.sessions, 4) : 0;
    case "avgEngagedSeconds":
      return s.sessions > 0 ? asSeconds(s.engagedMs / s.sessions) : 0;
    case "pagesPerSession":
      return s.sessions > 0 ? round(s.pageviews / s.sessions, 2) : 0;
    case "conversions":
      return s.conversions;
    case "conversionRate":
      return asRate(s.convertingSessions, s.sessions);
    case "revenue":
      return asMoney(s.revenue);
  }
}

/** The KPI object of spec 2.6. */
export const Kpis = t.Object({
  sessions: t.Integer(),
  users: t.Integer(),
  newUsers: t.Integer({ description: "Visitors whose first-ever session started in the period" }),
  pageviews: t.Integer(),
  engagementRate: t.Number({ minimum: 0, maximum: 1 }),
  avgEngagedSeconds: t.Number(),
  pagesPerSession: t.Number(),
  conversions: t.Integer(),
  revenue: t.Number({ description: "In the site currency" }),
});
export type Kpis = Static<typeof Kpis>;

export function kpisOf(s: SessionSums): Kpis {
  const m = (metric: Metric) => metricOf(metric, s);
  return {
    sessions: m("sessions"),
    users: m("users"),
    newUsers: m("newUsers"),
    pageviews: m("pageviews"),
    engagementRate: m("engagementRate"),
    avgEngagedSeconds: m("avgEngagedSeconds"),
    pagesPerSession: m("pagesPerSession"),
    conversions: m("conversions"),
    revenue: m("revenue"),
  };
}
