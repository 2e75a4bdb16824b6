import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestStore } from "../helpers/site-data.ts";
import { prng, SITE } from "../helpers/analytics-oracle.ts";
import type { Hit, StoredEvent } from "../../lib/ingest/apply.ts";
import { EVENT_TYPES } from "../../lib/db/event-types.ts";
import type { SiteData } from "../../lib/analytics/site-data.ts";
import { realtimeFromRows, realtimeReport } from "../../lib/analytics/reports/realtime.ts";
import { UNKEPT_EVENT_ROWS } from "../../lib/analytics/kept-events.ts";

const MINUTE = 60_000;
const NOW = Date.parse("2026-03-20T12:00:30Z");
/** The window's first minute (30 minutes, the current one last) and the active edge. */
const SINCE = NOW - 30_000 - 29 * MINUTE;
const ACTIVE_FROM = NOW - 5 * MINUTE;
/** Times on and around the edges, besides random ones from 45 minutes back to a few minutes ahead (late and early hits). */
const EDGES = [SINCE - 1, SINCE, SINCE + 1, ACTIVE_FROM - 1, ACTIVE_FROM, ACTIVE_FROM + 1, NOW, SINCE + 30 * MINUTE - 1, SINCE + 30 * MINUTE];

/** Sessions with events of every type (kept or not), some straddling the window's start, arriving in random order. */
function recentHits(seed: number): Hit[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const id = () => crypto.randomUUID();
  const visitors = Array.from({ length: 4 + Math.floor(rnd() * 20) }, id);
  const hits: Hit[] = [];
  for (let s = 0; s < 10 + rnd() * 60; s++) {
    const attrs = {
      source: pick([null, "google", "news", "bing"]), medium: null, campaign: null, term: null, content: null, channel: "direct", referrerHost: null,
      browser: "Chrome", os: "Windows", device: "desktop", country: pick([null, "DE", "US", "FR", "JP"]), region: null, city: null, language: null, screen: null,
    };
    const visitorId = pick(visitors), sessionId = id();
    let ts = NOW - 45 * MINUTE + Math.floor(rnd() * 50 * MINUTE);
    for (let b = 0; b < 1 + rnd() * 3; b++) {
      const events: StoredEvent[] = [];
      for (let e = 0; e < 1 + rnd() * 5; e++) {
        ts = rnd() < 0.15 ? pick(EDGES) : ts + Math.floor((rnd() - 0.3) * 4 * MINUTE);
        const type = pick(EVENT_TYPES);
        events.push({
          id: id(), ts, type, name: type === "pageview" || type === "engagement" || type === "scroll" ? null : pick(["a", "b"]), path: pick([null, "/", "/a", "/b", "/c"]), title: null,
          value: type === "engagement" || type === "scroll" || type === "vital" || type === "conversion" ? Math.floor(rnd() * 100) : null,
          currency: type === "conversion" ? "EUR" : null, orderId: null, href: type === "outbound" || type === "download" ? "https://x.example/" : null, props: null,
          ...(type === "identify" ? { userId: pick(["u1", "u2"]) } : {}),
          ...(type === "consent" ? { consent: { analytics: true, marketing: rnd() < 0.5 } } : {}),
        });
      }
      hits.push({ siteId: SITE, timezone: "Europe/Berlin", currency: "EUR", visitorId, sessionId, consent: { analytics: true, marketing: true }, attrs, events, receivedAt: NOW });
    }
  }
  // Arrival order is not time order.
  for (let i = hits.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [hits[i], hits[j]] = [hits[j], hits[i]];
  }
  return hits;
}

const fromColumns = (store: TestStore, data: SiteData, now = NOW) => realtimeReport({ id: SITE, timezone: "Europe/Berlin", currency: "EUR", store: store.store, data }, now);

test.each(Array.from({ length: 12 }, (_, i) => i + 1))("realtime from the columns equals realtime from the rows (log %d): loaded at once, bit by bit, from a snapshot", async (seed) => {
  const hits = recentHits(seed);
  const whole = new TestStore().write(hits);
  const expected = await realtimeFromRows(whole.store, SITE, NOW);
  // Unkept types too: the fixture has events the columns do not hold in the window.
  const kinds = whole.db.query("SELECT DISTINCT type FROM recent_events WHERE ts >= ? AND ts < ?").all(SINCE, SINCE + 30 * MINUTE) as { type: number }[];
  expect(kinds.length).toBeGreaterThan(10);
  expect(expected.visitors).toBeGreaterThan(0);
  expect(await fromColumns(whole, await whole.load(SITE))).toEqual(expected);

  // Read as hits keep arriving, realtime asked in between (the unkept events then come from the refreshes).
  const staged = new TestStore();
  const third = Math.ceil(hits.length / 3);
  let data = await staged.write(hits.slice(0, third)).load(SITE);
  expect(await fromColumns(staged, data)).toEqual(await realtimeFromRows(staged.store, SITE, NOW));
  data = await staged.write(hits.slice(third, 2 * third)).load(SITE, data);
  expect(await fromColumns(staged, data, NOW - 3 * MINUTE)).toEqual(await realtimeFromRows(staged.store, SITE, NOW - 3 * MINUTE));
  data = await staged.write(hits.slice(2 * third)).load(SITE, data);
  expect(await fromColumns(staged, data)).toEqual(expected);

  // From a snapshot, then extended by newer rows.
  const dir = mkdtempSync(join(tmpdir(), "tm-realtime-"));
  try {
    const path = join(dir, "site.cols");
    const store = new TestStore().write(hits.slice(0, third));
    const first = await store.load(SITE, undefined, path);
    await first.snapshotSaved();
    await fromColumns(store, first); // makes the tables' time blocks, which the next write keeps
    await first.saveSnapshot(store.store);
    const restored = await store.write(hits.slice(third)).load(SITE, undefined, path);
    expect(restored.restoredFromSnapshot).toBe(true);
    expect(restored.keptIndexes().map((k) => k.key)).toContain("timeBlocks:0");
    expect(await fromColumns(store, restored)).toEqual(expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("time blocks find every row of a window, rows out of time order included, as the table grows and after a snapshot kept them", async () => {
  const { TimeBlocks } = await import("../../lib/analytics/time-blocks.ts");
  const rnd = prng(7);
  const ts = new Float64Array(50_000);
  const table = { count: 0, ts } as unknown as import("../../lib/analytics/site-data.ts").EventTable;
  let blocks = new TimeBlocks();
  let t = 0;
  for (const count of [3_000, 20_000, 20_001, 50_000]) {
    for (let r = table.count; r < count; r++) ts[r] = rnd() < 0.01 ? Math.floor(rnd() * t) : (t += Math.floor(rnd() * 10));
    table.count = count;
    for (const [from, until] of [[t - 500, t + 1], [t / 2, t / 2 + 1000], [0, 10], [t + 1, t + 2]]) {
      const seen: number[] = [];
      blocks.rowsBetween(table, from, until, (r) => seen.push(r));
      const expected: number[] = [];
      for (let r = 0; r < count; r++) if (ts[r] >= from && ts[r] < until) expected.push(r);
      expect(seen).toEqual(expected);
    }
    // As a snapshot keeps them: the full blocks' latest times, taken back by a new process.
    const [kept] = blocks.keptColumns();
    blocks = new TimeBlocks((kept.array as Float64Array).slice(0, kept.count));
  }
});

test("realtime's read of the unkept types' rows uses their partial index (the migration and the query say the condition in the same words)", () => {
  const { db } = new TestStore();
  const plan = db.query(`EXPLAIN QUERY PLAN SELECT ts, session FROM recent_events WHERE site = ? AND ts >= ? AND ts < ? AND ${UNKEPT_EVENT_ROWS}`).all(1, 0, 1) as { detail: string }[];
  expect(plan.map((row) => row.detail).join(" ")).toContain("USING INDEX recent_events_unkept");
});
