import { and, eq, gte, lt, count as countOf } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { NOT_SET, sessionsInRange, type Group } from "../analytics/engine.ts";
import { metricOf } from "../analytics/metrics.ts";
import { vitalsByPath } from "../analytics/reports/behaviour.ts";
import { PAID_CHANNELS } from "../channels.ts";
import { consentSite, cookieInventory } from "../consent/inventory-read.ts";
import type { DateRange } from "../date-range.ts";
import { integrations, leads, popups } from "../db/tenant-schema.ts";
import { popupDetail } from "../engagement/popup-report.ts";
import { hitSpans, rejectedHostsOf, statusOf } from "../sites/status.ts";
import { orgSite } from "../sites/sites.ts";
import { epochDayOf } from "../time.ts";
import type { DeviceFacts, LandingPageFacts, OwnFacts, PeerBenchmarks, PopupFacts, MetricValues, WebhookFacts } from "./facts.ts";

const TOP_LANDING_PAGES = 10;
const TOP_REFERRERS = 5;

/** The site's own values, as the job measured them over the window (its `recommendation_runs` row). */
export interface MeasuredSite {
  sessions: number;
  metrics: MetricValues;
}

/** Benchmark rows (as `benchmarks.rows`) → the percentiles of the rows that are the peers'. */
export function peerBenchmarksOf(rows: readonly { metric: string; p25: number | null; p50: number | null; p75: number | null; source: string }[]): PeerBenchmarks {
  const peers: PeerBenchmarks = {};
  for (const r of rows) {
    if (r.source === "peers" && r.p25 !== null && r.p50 !== null && r.p75 !== null) peers[r.metric as keyof PeerBenchmarks] = { p25: r.p25, p50: r.p50, p75: r.p75 };
  }
  return peers;
}

const bySessions = (a: Group, b: Group) => b.sums.sessions - a.sums.sessions || (a.key < b.key ? -1 : 1);
const deviceOf = (groups: Group[], device: string): DeviceFacts => {
  const sums = groups.find((g) => g.key === device)?.sums;
  return sums ? { sessions: sums.sessions, conversions: sums.convertingSessions, conversionRate: metricOf("conversionRate", sums) } : { sessions: 0, conversions: 0, conversionRate: 0 };
};

/**
 * Everything the rules look at for one site over the window (docs/recommendations.md "Rules"):
 * the engine's sessions by landing page, channel, device and referrer, the vitals per path, and
 * the stores' leads, cookie inventory, popups with their A/B test, webhooks, hits and rejected hosts.
 */
export async function gatherFacts(platform: Platform, orgId: string, site: AnalyticsSite, window: DateRange, measured: MeasuredSite): Promise<OwnFacts> {
  const now = platform.now();
  const data = site.data;
  const from = epochDayOf(window.from), to = epochDayOf(window.to);
  const grouped = sessionsInRange(data, { from, to, groupBy: ["landing", "channel", "device", "referrer"] });
  const [landing, channel, device, referrer] = grouped.groups;

  // Vitals are kept per path code; the landing page groups are keyed by path.
  const vitals = new Map([...vitalsByPath(data, from, to)].filter(([code]) => code !== 0).map(([code, v]) => [data.paths.keys[code]!, v]));
  const landingPages: LandingPageFacts[] = [...landing!].filter((g) => g.key !== NOT_SET).sort(bySessions).slice(0, TOP_LANDING_PAGES).map((g) => {
    const v = vitals.get(g.key);
    return { path: g.key, sessions: g.sums.sessions, lcpP75: v?.LCP?.p75 ?? null, inpP75: v?.INP?.p75 ?? null, clsP75: v?.CLS?.p75 ?? null };
  });

  const paidChannels = [...channel!].filter((g) => PAID_CHANNELS.has(g.key)).sort(bySessions)
    .map((g) => ({ channel: g.key, sessions: g.sums.sessions, bounceRate: metricOf("bounceRate", g.sums) }));
  // Paid sessions (a click id files a session under a paid channel) by campaign: (not set) is untagged.
  const paidByCampaign = sessionsInRange(data, { from, to, filters: [{ dim: "channel", op: "in", value: [...PAID_CHANNELS] }], groupBy: ["campaign"] });
  const untagged = paidByCampaign.groups[0]!.find((g) => g.key === NOT_SET)?.sums.sessions ?? 0;

  const referrers = [...referrer!].filter((g) => g.key !== NOT_SET).sort(bySessions).slice(0, TOP_REFERRERS)
    .map((g) => ({ host: g.key, sessions: g.sums.sessions, conversions: g.sums.conversions }));

  const db = site.store.db;
  const [leadCount] = await db.select({ n: countOf() }).from(leads).where(and(eq(leads.siteId, site.id), gte(leads.createdAt, window.start), lt(leads.createdAt, window.end)));

  const inventory = await cookieInventory(await consentSite(platform, orgId, site.id), false);
  const violating = inventory.items.filter((i) => i.violation).map((i) => i.name);

  const popupRows = await db.select({ id: popups.id, name: popups.name, status: popups.status }).from(popups).where(eq(popups.siteId, site.id));
  const popupFacts: PopupFacts[] = [];
  for (const row of popupRows) {
    const detail = await popupDetail(site, row.id, { from: window.from, to: window.to }, now);
    popupFacts.push({ popupId: row.id, name: row.name, views: detail.views, visitors: detail.visitors, leads: detail.leads, conversionRate: detail.visitors > 0 ? detail.conversionRate : null, ab: abFacts(detail.test) });
  }

  const hooks = await db.select().from(integrations).where(and(eq(integrations.siteId, site.id), eq(integrations.kind, "webhook_out")));
  const webhooks: WebhookFacts[] = hooks.map((h) => ({ webhookId: h.id, name: hostOf(h.url), url: h.url ?? "", enabled: h.status === "active", failingSince: h.failingSince }));

  const control = orgSite(platform.control.db, orgId, site.id);
  const span = (await hitSpans(db, [site.id])).get(site.id);
  const rejected = (await rejectedHostsOf(db, site.id)).filter((h) => h.lastSeenAt >= window.start);

  return {
    siteId: site.id,
    siteName: control.name,
    window: { from: window.from, to: window.to },
    now,
    minSessions: platform.settings.benchmarkMinSessions,
    sessions: measured.sessions,
    conversions: grouped.totals.conversions,
    leads: leadCount?.n ?? 0,
    metrics: measured.metrics,
    landingPages,
    paidChannels,
    paid: { sessions: paidByCampaign.totals.sessions, untagged },
    consentViolations: { count: violating.length, names: violating },
    devices: { mobile: deviceOf(device!, "mobile"), desktop: deviceOf(device!, "desktop") },
    popups: popupFacts,
    referrers,
    webhooks,
    siteStatus: statusOf(control, span?.lastHitAt ?? null, now),
    rejectedHosts: rejected.map((h) => ({ host: h.host, hits: h.hits })),
  };
}

function hostOf(url: string | null): string {
  if (!url) return "webhook";
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

type TestResult = Awaited<ReturnType<typeof popupDetail>>["test"];

/** A lead-rate test with a winner: its worst other variant (by lead rate) is the loser still shown. */
function abFacts(test: TestResult): PopupFacts["ab"] {
  if (!test || test.variants.length < 2) return null;
  const rate = (v: { n: number; leads: number }) => (v.n > 0 ? v.leads / v.n : 0);
  const winner = test.verdict === "winner" ? test.variants.find((v) => v.key === test.winner) ?? null : null;
  const others = winner ? test.variants.filter((v) => v.key !== winner.key && v.n > 0).sort((a, b) => rate(a) - rate(b)) : [];
  const loser = others[0] ?? null;
  return {
    finished: winner !== null,
    winner: winner?.key ?? null,
    loser: loser?.key ?? null,
    winnerRate: winner ? rate(winner) : null,
    loserRate: loser ? rate(loser) : null,
    loserVisitors: loser?.n ?? 0,
  };
}
