/** The engine-vs-SQL oracle: random event logs as ingest writes them, and checks of every number against SQL. */
import { expect } from "bun:test";
import type { Hit, StoredEvent } from "../../lib/ingest/apply.ts";
import type { Database } from "bun:sqlite";
import { DIMENSIONS, sessionsInRange, type Dimension, type Filter } from "../../lib/analytics/engine.ts";
import type { SessionSums } from "../../lib/analytics/metrics.ts";
import { dateOfEpochDay, epochDayOf } from "../../lib/time.ts";
import { conversionsInRange } from "../../lib/analytics/conversions.ts";
import { tallyInRange } from "../../lib/analytics/event-tally.ts";
import { CUSTOM_EVENT } from "../../lib/analytics/site-data.ts";
import type { SiteData } from "../../lib/analytics/site-data.ts";

/** A small seeded PRNG (mulberry32): the same seed gives the same event log. */
export function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SITE = "0123456789abcdef01234567";
const START = Date.parse("2026-03-20T00:00:00Z");
const hex = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join("");
const uuidFrom = (rnd: () => number) => `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-8${hex(rnd, 3)}-${hex(rnd, 12)}`;

/** Random visitors, sessions and events over 20 days across the spring DST change, as ingest's writer would get them. */
export function randomHits(seed: number): Hit[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const visitors = Array.from({ length: 5 + Math.floor(rnd() * 30) }, () => uuidFrom(rnd));
  const hits: Hit[] = [];
  const orderIds = ["o1", "o2", "o3", "o4"];
  for (let i = 0; i < 20 + rnd() * 80; i++) {
    const sessionId = uuidFrom(rnd);
    const visitorId = pick(visitors);
    let ts = START + Math.floor(rnd() * 20 * 86_400_000);
    const channel = pick(["direct", "organic_search", "paid_search", "email", "referral", "organic_social"]);
    const attrs = {
      source: pick([null, "google", "news"]), medium: pick([null, "organic", "email"]), campaign: pick([null, "spring"]), term: pick([null, "shoes", "red shoes"]), content: pick([null, "banner-a", "banner-b"]), channel, referrerHost: null,
      browser: pick(["Chrome", "Firefox"]), os: pick(["Windows", "iOS"]), device: pick(["desktop", "mobile", "tablet"]),
      country: pick([null, "DE", "US", "FR"]), region: pick([null, "BE", "CA"]), city: pick([null, "Berlin", "Paris"]), language: pick([null, "en", "de-DE"]), screen: null,
    };
    const start = ts;
    for (let b = 0; b < 1 + rnd() * 3; b++) {
      const events: StoredEvent[] = [];
      // Now and then a batch arrives late with events from before the session's start (another day, maybe).
      if (b > 0 && rnd() < 0.08) ts = start - Math.floor(rnd() * 86_400_000);
      for (let e = 0; e < 1 + rnd() * 4; e++) {
        ts += Math.floor(rnd() * 120_000);
        const type = pick(["pageview", "pageview", "engagement", "conversion", "event"]);
        events.push({
          id: uuidFrom(rnd), ts, type, name: type === "conversion" ? pick(["buy", "signup"]) : type === "event" ? pick(["click", "share"]) : null, path: pick(["/", "/a", "/b"]), title: null,
          value: type === "engagement" ? Math.floor(rnd() * 20_000) : type === "conversion" ? Math.floor(rnd() * 100) : null,
          currency: type === "conversion" ? "EUR" : null, orderId: type === "conversion" && rnd() < 0.5 ? pick(orderIds) : null, href: null, props: null,
        });
      }
      // Now and then a batch is sent again (the tracker retries): nothing may count twice.
      const hit: Hit = { siteId: SITE, timezone: "Europe/Berlin", currency: "EUR", visitorId, sessionId, consent: { analytics: true, marketing: true }, attrs, events, receivedAt: ts };
      hits.push(hit);
      if (rnd() < 0.1) hits.push({ ...hit });
    }
  }
  return hits;
}

/** SQL (over the store's `sessions` view) giving each dimension's key, as the engine names groups. */
const KEY_SQL: Record<Dimension, string> = {
  channel: "channel", source: "source", medium: "medium", campaign: "campaign", landing: "landing_path", country: "country", region: "region",
  device: "device", browser: "browser", os: "os", visitor: "visitor_id", date: "day", term: "term", content: "content", city: "city", language: "language",
};
const keySql = (dim: Dimension) => `coalesce(${KEY_SQL[dim]}, '(not set)')`;

/** The oracle: each group's sums and distinct visitors, straight from SQL. */
function oracle(db: Database, from: number, to: number, dim: Dimension | null, filter: Filter | null): Map<string, Record<string, number>> {
  const where = filter ? ` AND ${keySql(filter.dim as Dimension)} IN (${(filter.value as string[]).map(() => "?").join(",")})` : "";
  const rows = db
    .query(
      `SELECT ${dim ? keySql(dim) : "''"} AS key, count(*) AS sessions, count(DISTINCT visitor_id) AS users, sum(pageviews) AS pageviews, sum(engaged) AS engagedSessions,
         sum(engaged_ms) AS engagedMs, sum(conversions) AS conversions, sum(conversions > 0) AS convertingSessions, sum(revenue) AS revenue, sum(is_new) AS newUsers
       FROM sessions WHERE day BETWEEN ? AND ?${where} GROUP BY 1`,
    )
    .all(dateOfEpochDay(from), dateOfEpochDay(to), ...((filter?.value as string[]) ?? [])) as ({ key: string } & Record<string, number>)[];
  return new Map(rows.map(({ key, ...sums }) => [key, sums]));
}

function expectGroups(result: { key: string; sums: SessionSums }[], expected: Map<string, Record<string, number>>) {
  expect(result.map((g) => g.key).sort()).toEqual([...expected.keys()].sort());
  for (const g of result) for (const [k, v] of Object.entries(expected.get(g.key)!)) expect(g.sums[k as keyof SessionSums]).toBeCloseTo(v, 6);
}

/** Totals: the oracle's one row, or zeros when the range holds no session. */
function expectTotals(totals: SessionSums, expected: Map<string, Record<string, number>>) {
  const row = expected.get("") ?? {};
  for (const k of Object.keys(totals) as (keyof SessionSums)[]) expect(totals[k]).toBeCloseTo(row[k] ?? 0, 6);
}

export const FIRST_DAY = epochDayOf("2026-03-19");

const ADDITIVE: (keyof SessionSums)[] = ["sessions", "engagedSessions", "engagedMs", "pageviews", "conversions", "convertingSessions", "revenue", "newUsers"];
const sumOf = (rows: { sums: SessionSums }[], k: keyof SessionSums) => rows.reduce((n, r) => n + r.sums[k], 0);

/**
 * Five random ranges and filters: every data set's totals, groups per dimension, pages,
 * custom-event tallies and conversions equal the oracle's over `db` (which holds the same log).
 */
export function expectMatchesSql(datasets: SiteData[], db: Database, seed: number): void {
  const rnd = prng(seed * 7919);
  const first = FIRST_DAY;
  for (let round = 0; round < 5; round++) {
    const from = first + Math.floor(rnd() * 15);
    const to = from + Math.floor(rnd() * 10);
    // Filters on an original dimension and on each added one (term, content, city, language).
    const filter: Filter = [
      { dim: "device", op: "in", value: rnd() < 0.5 ? ["mobile"] : ["desktop", "tablet"] },
      { dim: "term", op: "in", value: rnd() < 0.5 ? ["shoes"] : ["red shoes", "(not set)"] },
      { dim: "content", op: "in", value: ["banner-a"] },
      { dim: "city", op: "in", value: rnd() < 0.5 ? ["Berlin"] : ["Paris", "(not set)"] },
      { dim: "language", op: "in", value: ["de-DE"] },
    ][round % 5] as Filter;
    for (const d of datasets) {
      const totals = sessionsInRange(d, { from, to }).totals;
      expectTotals(totals, oracle(db, from, to, null, null));
      expectTotals(sessionsInRange(d, { from, to, filters: [filter] }).totals, oracle(db, from, to, null, filter));
      for (const dim of DIMENSIONS) {
        const unfiltered = sessionsInRange(d, { from, to, groupBy: [dim] });
        expectGroups(unfiltered.groups[0], oracle(db, from, to, dim, null));
        expectGroups(sessionsInRange(d, { from, to, groupBy: [dim], filters: [filter] }).groups[0], oracle(db, from, to, dim, filter));
        // Totals are over all rows: additive metrics are the sum of the rows.
        for (const k of ADDITIVE) expect(sumOf(unfiltered.groups[0], k)).toBeCloseTo(totals[k], 6);
      }
      // Pages: views and distinct visitors per path of the range's sessions.
      const pages = sessionsInRange(d, { from, to, pages: true }).pages!.filter((p) => p.views > 0);
      const expected = db
        .query("SELECT e.path, count(*) AS views, count(DISTINCT e.visitor_id) AS users FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.type = 'pageview' AND s.day BETWEEN ? AND ? GROUP BY 1")
        .all(dateOfEpochDay(from), dateOfEpochDay(to));
      expect(pages.map(({ path, views, users }) => ({ path, views, users })).sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(expected as never);
      // Custom events per name: events, sessions and visitors with one (the LabelPrev indexes).
      const tally = tallyInRange(d, from, to, CUSTOM_EVENT);
      const perName = db
        .query(`SELECT e.name, count(*) AS events, count(DISTINCT e.session_id) AS sessions, count(DISTINCT e.visitor_id) AS users
                FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.type = 'event' AND s.day BETWEEN ? AND ? GROUP BY 1 ORDER BY 2 DESC, 1`)
        .all(dateOfEpochDay(from), dateOfEpochDay(to));
      expect(tally.rows(10).map(({ label, events, sessions, users }) => ({ name: d.labels.keys[label], events, sessions, users }))).toEqual(perName as never);
      const eventUsers = db
        .query("SELECT count(DISTINCT e.visitor_id) AS n FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.type = 'event' AND s.day BETWEEN ? AND ?")
        .get(dateOfEpochDay(from), dateOfEpochDay(to)) as { n: number };
      expect(tally.users).toBe(eventUsers.n);
      // The conversions report reads events, the others session sums: they must agree.
      const range = { from: dateOfEpochDay(from), to: dateOfEpochDay(to), tz: "Europe/Berlin", start: 0, end: 0, days: to - from + 1 };
      const conversions = conversionsInRange(d, { range, from, to }, "EUR");
      expect(conversions.totals.conversions).toBe(totals.conversions);
      expect(conversions.totals.revenue).toBeCloseTo(totals.revenue, 2);
      // Per conversion name: conversions, distinct sessions and distinct visitors.
      const perConversion = db
        .query(`SELECT e.name, count(*) AS conversions, count(DISTINCT e.session_id) AS sessions, count(DISTINCT e.visitor_id) AS users
                FROM events e JOIN sessions s ON s.id = e.session_id WHERE e.type = 'conversion' AND s.day BETWEEN ? AND ? GROUP BY 1 ORDER BY 1`)
        .all(dateOfEpochDay(from), dateOfEpochDay(to));
      expect(conversions.byName.map(({ name, conversions, sessions, users }) => ({ name, conversions, sessions, users })).sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual(perConversion as never);
    }
  }
}
