import { expect, test } from "bun:test";
import type { Hit, StoredEvent } from "../../lib/ingest/apply.ts";
import type { SiteData } from "../../lib/analytics/site-data.ts";
import { siteDataOf } from "../helpers/site-data.ts";
import { DIMENSIONS, sessionsInRange, type Filter } from "../../lib/analytics/engine.ts";
import type { SessionSums } from "../../lib/analytics/metrics.ts";
import { dateOfEpochDay, epochDayOf } from "../../lib/time.ts";
import { conversionsInRange } from "../../lib/analytics/conversions.ts";

/** A small seeded PRNG (mulberry32): the same seed gives the same event log. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SITE = "0123456789abcdef01234567";
const START = Date.parse("2026-03-20T00:00:00Z");
const hex = (rnd: () => number, n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join("");
const uuidFrom = (rnd: () => number) => `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-8${hex(rnd, 3)}-${hex(rnd, 12)}`;

/** Random visitors, sessions and events over 20 days across the spring DST change, through ingest's own writer. */
async function randomLog(seed: number): Promise<SiteData> {
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
      source: pick([null, "google", "news"]), medium: pick([null, "organic", "email"]), campaign: pick([null, "spring"]), channel, referrerHost: null,
      browser: pick(["Chrome", "Firefox"]), os: pick(["Windows", "iOS"]), device: pick(["desktop", "mobile", "tablet"]),
      country: pick([null, "DE", "US", "FR"]), region: pick([null, "BE", "CA"]), city: null, language: "en", screen: null,
    };
    for (let b = 0; b < 1 + rnd() * 3; b++) {
      const events: StoredEvent[] = [];
      for (let e = 0; e < 1 + rnd() * 4; e++) {
        ts += Math.floor(rnd() * 120_000);
        const type = pick(["pageview", "pageview", "engagement", "conversion", "event"]);
        events.push({
          id: uuidFrom(rnd), ts, type, name: type === "conversion" ? "buy" : type === "event" ? "click" : null, path: pick(["/", "/a", "/b"]), title: null,
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
  return siteDataOf(SITE, hits);
}

const ADDITIVE: (keyof SessionSums)[] = ["sessions", "engagedSessions", "engagedMs", "pageviews", "conversions", "convertingSessions", "revenue", "newUsers"];
const sumOf = (rows: { sums: SessionSums }[], k: keyof SessionSums) => rows.reduce((n, r) => n + r.sums[k], 0);
/** A filter every session passes: it sends the engine down its filtered path. */
const everything: Filter = { dim: "channel", op: "is_not", value: "(none of these)" };

test.each(Array.from({ length: 25 }, (_, i) => i + 1))("random event log %d: totals, rows and both engine paths agree", async (seed) => {
  const data = await randomLog(seed);
  const rnd = prng(seed * 7919);
  const first = epochDayOf("2026-03-20");
  for (let round = 0; round < 4; round++) {
    const from = first + Math.floor(rnd() * 15);
    const to = from + Math.floor(rnd() * 10);
    const overview = sessionsInRange(data, { from, to });
    const filtered = sessionsInRange(data, { from, to, filters: [everything] });
    // The rollup path and the per-session path count the same sessions and the same users.
    expect(filtered.totals).toEqual(overview.totals);
    for (const dim of DIMENSIONS) {
      for (const result of [sessionsInRange(data, { from, to, groupBy: [dim] }), sessionsInRange(data, { from, to, groupBy: [dim], filters: [everything] })]) {
        for (const k of ADDITIVE) expect(sumOf(result.groups[0], k)).toBeCloseTo(overview.totals[k], 6);
        // A visitor can fall in several groups, never in none.
        expect(sumOf(result.groups[0], "users")).toBeGreaterThanOrEqual(overview.totals.users);
      }
    }
    // The conversions report reads events, the others session sums: they must agree.
    const range = { from: dateOfEpochDay(from), to: dateOfEpochDay(to), tz: "Europe/Berlin", start: 0, end: 0, days: to - from + 1 };
    const conversions = conversionsInRange(data, { range, from, to }, "EUR");
    expect(conversions.totals.conversions).toBe(overview.totals.conversions);
    expect(conversions.totals.revenue).toBeCloseTo(overview.totals.revenue, 2);
    const byDate = sessionsInRange(data, { from, to, groupBy: ["date"], filters: [everything] }).groups[0];
    for (const k of ADDITIVE) expect(sumOf(byDate, k)).toBeCloseTo(overview.totals[k], 6);
  }
  // Every session counted somewhere: the whole log equals the sessions stored.
  expect(sessionsInRange(data, { from: first - 1, to: first + 25 }).totals.sessions).toBe(data.sessions.count);
});
