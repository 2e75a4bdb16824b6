import type { Severity } from "./models.ts";

/**
 * What the rules look at for one site over the window (docs/recommendations.md "Rules"): the
 * site's metrics, its peer group's percentiles, and the evidence each rule names. Gathered once
 * per nightly run so that every rule is a pure function of it.
 */

/** The metric keys of docs/recommendations.md "The site's metrics". */
export const METRIC_KEYS = [
  "engagementRate", "bounceRate", "conversionRate", "pagesPerSession", "avgEngagedSeconds", "mobileShare",
  "leadRate", "lcpP75", "inpP75", "clsP75", "popupConversionRate", "shortLinkHumanShare",
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
/** A metric without data is absent, not zero. */
export type MetricValues = Partial<Record<MetricKey, number>>;

export interface PeerPercentiles { p25: number; p50: number; p75: number }
/** The industry group's published percentiles; empty when the group is not eligible or opted out. */
export type PeerBenchmarks = Partial<Record<MetricKey, PeerPercentiles>>;

export interface LandingPageFacts { path: string; sessions: number; lcpP75: number | null; inpP75: number | null; clsP75: number | null }
export interface PaidChannelFacts { channel: string; sessions: number; bounceRate: number }
export interface DeviceFacts { sessions: number; conversions: number; conversionRate: number }
export interface PopupAbFacts {
  /** The test has a declared winner (finished); the losing variant and the traffic it still gets. */
  finished: boolean;
  winner: string | null;
  loser: string | null;
  winnerRate: number | null;
  loserRate: number | null;
  /** Visitors shown the losing variant in the window (its exposures). */
  loserVisitors: number;
}
/** A popup over the window, as its page shows it: `conversionRate` is leads ÷ visitors (null without visitors). */
export interface PopupFacts { popupId: string; name: string; views: number; visitors: number; leads: number; conversionRate: number | null; ab: PopupAbFacts | null }
export interface ReferrerFacts { host: string; sessions: number; conversions: number }
export interface WebhookFacts { webhookId: string; name: string; url: string; enabled: boolean; failingSince: number | null }
export interface RejectedHostFacts { host: string; hits: number }

export interface SiteFacts {
  siteId: string;
  siteName: string;
  window: { from: string; to: string };
  /** When the facts were gathered (ms): "failing for over 1 hour" is measured from here. */
  now: number;
  /** BENCHMARK_MIN_SESSIONS: also the volume at which "no conversions" is meaningful. */
  minSessions: number;
  sessions: number;
  conversions: number;
  leads: number;
  metrics: MetricValues;
  peers: PeerBenchmarks;
  /** Top-10 landing pages by sessions, with their vitals' p75 (null without samples). */
  landingPages: LandingPageFacts[];
  paidChannels: PaidChannelFacts[];
  /** Paid sessions (click id or paid channel) and how many of them lack utm_campaign. */
  paid: { sessions: number; untagged: number };
  consentViolations: { count: number; names: string[] };
  devices: { mobile: DeviceFacts; desktop: DeviceFacts };
  popups: PopupFacts[];
  /** Top-5 referrers by sessions. */
  referrers: ReferrerFacts[];
  webhooks: WebhookFacts[];
  siteStatus: string;
  rejectedHosts: RejectedHostFacts[];
}

/** What the site's own data gives (step 1 of the job); the peers' percentiles are added once every industry is computed. */
export type OwnFacts = Omit<SiteFacts, "peers">;

export interface Finding {
  ruleKey: string;
  severity: Severity;
  score: number;
  title: string;
  body: string;
  action: string;
  evidence: Record<string, unknown>;
}
