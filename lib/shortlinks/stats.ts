import { t, type Static } from "elysia";
import { DatedQuery } from "../analytics/models.ts";
import { datesOf, resolveRange } from "../date-range.ts";
import { readRows } from "../db/statements.ts";
import type { SiteWithStore } from "../analytics/site-cache.ts";
import { dayIn } from "../time.ts";
import type { ClickClass } from "./redirect.ts";
import { ShortLink } from "./models.ts";

export const ShortLinkStatsQuery = t.Object(DatedQuery);

const ByClass = { human: t.Integer(), bot: t.Integer(), preview: t.Integer(), qr: t.Integer() };

export const ShortLinkStats = t.Object({
  link: ShortLink,
  period: t.Object({ from: t.String(), to: t.String(), tz: t.String() }),
  clicks: t.Object(ByClass),
  days: t.Array(t.Object({ date: t.String(), ...ByClass })),
  countries: t.Array(t.Object({ country: t.String(), clicks: t.Integer() })),
  devices: t.Array(t.Object({ device: t.String(), clicks: t.Integer() })),
  referrers: t.Array(t.Object({ host: t.String(), clicks: t.Integer() })),
  outcomes: t.Object({ sessions: t.Integer(), engagedSessions: t.Integer(), leads: t.Integer(), conversions: t.Integer(), revenue: t.Number(), currency: t.String() }),
});
export type ShortLinkStats = Static<typeof ShortLinkStats>;

const CLASSES: ClickClass[] = ["human", "bot", "preview", "qr"];
/** Most clicked first, then by name; "(unknown)" for a click without one (no country found, no referrer). */
function ranked<K extends string>(counts: Map<string, number>, key: K) {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([name, clicks]) => ({ [key]: name, clicks }) as Record<K, string> & { clicks: number });
}
const bump = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/**
 * A link's stats (docs/campaigns.md): clicks by class and day, where the human and QR clicks
 * came from, and what the sessions they landed in (started in the period) became — engaged
 * (the session row's DESIGN 5 flag, set by ingest through metrics.ts isEngaged), conversions
 * and revenue in the site's currency, and leads of those visitors from that session on.
 */
export async function shortLinkStats(site: SiteWithStore, link: ShortLink, query: Static<typeof ShortLinkStatsQuery>, now: number): Promise<ShortLinkStats> {
  const linkId = link.id;
  const range = resolveRange(query, site.timezone, now);

  const clicks = { human: 0, bot: 0, preview: 0, qr: 0 };
  const days = new Map(datesOf(range).map((date) => [date, { date, human: 0, bot: 0, preview: 0, qr: 0 }]));
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  const referrers = new Map<string, number>();
  // By quarter hour: every timezone's midnight falls on one, so each bucket is one day; the
  // stats stay a few thousand rows however many clicks a link has.
  const QUARTER = 900_000;
  const byQuarter = (await readRows(
    site.store,
    `SELECT at / ${QUARTER}, class, count(*) FROM short_link_clicks WHERE link_id = ? AND at >= ? AND at < ? GROUP BY 1, 2`,
    [linkId, range.start, range.end],
  )) as [number, ClickClass, number][];
  for (const [quarter, cls, n] of byQuarter) {
    if (!CLASSES.includes(cls)) continue;
    clicks[cls] += n;
    const day = days.get(dayIn(site.timezone, quarter * QUARTER));
    if (day) day[cls] += n;
  }
  const origins = (await readRows(
    site.store,
    "SELECT country, device, referrer_host, count(*) FROM short_link_clicks WHERE link_id = ? AND at >= ? AND at < ? AND class IN ('human', 'qr') GROUP BY 1, 2, 3",
    [linkId, range.start, range.end],
  )) as [string | null, string | null, string | null, number][];
  for (const [country, device, referrer, n] of origins) {
    bump(countries, country ?? "(unknown)", n);
    bump(devices, device ?? "(unknown)", n);
    bump(referrers, referrer ?? "(direct)", n);
  }

  const [sums] = (await readRows(
    site.store,
    `SELECT count(*), coalesce(sum(s.engaged), 0), coalesce(sum(s.conversions), 0), coalesce(sum(s.revenue), 0)
     FROM short_link_sessions l JOIN session_rows s ON s.seq = l.session_seq
     WHERE l.link_id = ? AND l.site_id = ? AND s.started_at >= ? AND s.started_at < ?`,
    [linkId, site.id, range.start, range.end],
  )) as [number, number, number, number][];
  const [leads] = (await readRows(
    site.store,
    `SELECT count(DISTINCT d.id) FROM short_link_sessions l JOIN session_rows s ON s.seq = l.session_seq
     JOIN leads d ON d.site_id = l.site_id AND d.visitor = l.visitor_seq AND d.created_at >= s.started_at
     WHERE l.link_id = ? AND l.site_id = ? AND s.started_at >= ? AND s.started_at < ?`,
    [linkId, site.id, range.start, range.end],
  )) as [number][];

  return {
    link,
    period: { from: range.from, to: range.to, tz: range.tz },
    clicks,
    days: [...days.values()],
    countries: ranked(countries, "country"),
    devices: ranked(devices, "device"),
    referrers: ranked(referrers, "host"),
    outcomes: { sessions: sums[0], engagedSessions: sums[1], leads: leads[0], conversions: sums[2], revenue: Math.round(sums[3] * 100) / 100, currency: site.currency },
  };
}
