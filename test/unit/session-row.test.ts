import { expect, test } from "bun:test";
import type { Hit, StoredEvent } from "../../lib/ingest/apply.ts";
import { SESSION_ATTRIBUTES, SESSION_DIMS, SESSION_READ, SESSION_ROW, type SessionAttrs } from "../../lib/db/session-row.ts";
import { isEngaged } from "../../lib/analytics/metrics.ts";
import { TestStore } from "../helpers/site-data.ts";

/**
 * The writer (ingest's applyHits) and the reader (the engine's SiteData) must agree on every
 * column of the session row: each value the engine holds is checked against the stored row,
 * read by column name, and each attribute against what ingest was given.
 */

const SITE = "0123456789abcdef01234567";
const T0 = Date.parse("2026-05-04T10:00:00Z");
const uuid = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, "0")}`;
const event = (n: number, type: string, ts: number, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  id: uuid(100 + n), ts, type, name: null, path: null, title: null, value: null, currency: null, orderId: null, href: null, props: null, ...extra,
});
/** Every attribute a text of its own, so a value read from another column shows. */
const attrs = Object.fromEntries(SESSION_ATTRIBUTES.map((k) => [k, `${k}-value`])) as SessionAttrs;
const hit = (events: StoredEvent[], receivedAt: number): Hit => ({
  siteId: SITE, timezone: "UTC", currency: "EUR", visitorId: uuid(1), sessionId: uuid(2), consent: { analytics: true, marketing: false }, attrs, events, receivedAt,
});

async function expectReaderMatchesStore(store: TestStore, data: Awaited<ReturnType<TestStore["load"]>>) {
  const stored = store.db.query("SELECT * FROM session_rows").all() as Record<string, number | null>[];
  expect(stored.length).toBe(1);
  expect(data.sessions.count).toBe(1);
  const row = stored[0];
  const text = (id: number | null) => (id === null ? null : (store.db.query("SELECT value FROM strings WHERE id = ?").get(id) as { value: string }).value);
  // A column the engine reads through an expression (readAs) holds that expression's value.
  const read = store.db.query(`SELECT ${SESSION_READ.select} FROM session_rows`).values()[0];
  SESSION_READ.columns.forEach((c, i) => {
    expect({ column: c.sql, value: data.sessions[c.key][0] }).toEqual({ column: c.sql, value: read[i] as number });
    const entry = SESSION_ROW.find((e) => e.key === c.key);
    if (entry) expect({ column: c.sql, value: data.sessions[c.key][0] }).toEqual({ column: c.sql, value: row[entry.column] as number });
  });
  for (const column of SESSION_DIMS) {
    const dim = data.dims[column];
    expect({ column, value: dim.keys[dim.at(0)] }).toEqual({ column, value: text(row[column]) });
  }
  for (const key of SESSION_ATTRIBUTES) {
    const column = SESSION_ROW.find((e) => e.key === key)!.column;
    expect({ key, value: text(row[column]) }).toEqual({ key, value: attrs[key] });
  }
}

test("every column ingest writes is the column the engine reads, when a session is created and when a later batch merges into it", async () => {
  const store = new TestStore();
  store.write([hit([event(1, "pageview", T0 + 60_000, { path: "/b" }), event(2, "engagement", T0 + 70_000, { value: 9_999 })], T0 + 70_000)]);
  const data = await store.load(SITE);
  await expectReaderMatchesStore(store, data);
  expect(data.sessions.engaged[0]).toBe(0);
  expect(data.dims.landing.keys[data.dims.landing.at(0)]).toBe("/b");

  // A late batch: an earlier pageview (the new landing page), a later one (the exit) and one more engaged millisecond.
  store.write([hit([event(3, "pageview", T0, { path: "/a" }), event(4, "pageview", T0 + 120_000, { path: "/c" }), event(5, "engagement", T0 + 121_000, { value: 1 })], T0 + 130_000)]);
  await store.load(SITE, data);
  await expectReaderMatchesStore(store, data);
  const s = data.sessions;
  expect([s.startedAt[0], data.lastAtOf(0), s.lastAfterStart[0], s.pageviews[0], s.engagedMs[0], s.isNew[0], s.consented[0]]).toEqual([T0, T0 + 121_000, 121_000, 3, 10_000, 1, 1]);
  expect([data.dims.landing.keys[data.dims.landing.at(0)], data.dims.exit.keys[data.dims.exit.at(0)]]).toEqual(["/a", "/c"]);
  // The SQL form of the engaged rule (the update) agrees with the JS form (the insert).
  expect(s.engaged[0]).toBe(isEngaged(10_000, 3, 0) ? 1 : 0);
  expect(s.engaged[0]).toBe(1);
});

test("the engaged-session rule: 10 s engaged, or 2 pageviews, or a conversion", () => {
  expect(isEngaged(9_999, 1, 0)).toBe(false);
  expect(isEngaged(10_000, 0, 0)).toBe(true);
  expect(isEngaged(0, 2, 0)).toBe(true);
  expect(isEngaged(0, 0, 1)).toBe(true);
});

test("a session merged from batches is engaged by the SQL rule exactly when the JS rule says so", async () => {
  // Each case: two batches of one session; the second merges through the UPDATE's SQL rule.
  const cases: [StoredEvent[], StoredEvent[], boolean][] = [
    [[event(1, "engagement", T0, { value: 5_000 })], [event(2, "engagement", T0 + 1, { value: 4_999 })], false],
    [[event(1, "engagement", T0, { value: 5_000 })], [event(2, "engagement", T0 + 1, { value: 5_000 })], true],
    [[event(1, "pageview", T0, { path: "/" })], [event(2, "pageview", T0 + 1, { path: "/x" })], true],
    [[event(1, "pageview", T0, { path: "/" })], [event(2, "conversion", T0 + 1, { name: "buy", value: 0, currency: "EUR" })], true],
  ];
  for (const [first, second, engaged] of cases) {
    const store = new TestStore();
    store.write([hit(first, T0)]).write([hit(second, T0 + 1)]);
    const data = await store.load(SITE);
    expect(data.sessions.engaged[0]).toBe(engaged ? 1 : 0);
  }
});

test("the engine's 32-bit session columns: a stored engaged_ms or session span beyond 2^32 - 1 ms (or below 0) is loaded clamped, never wrapped", async () => {
  const store = new TestStore();
  store.write([hit([event(1, "pageview", T0, { path: "/" })], T0)]);
  const cases: [number, number, number, number][] = [
    // engaged_ms, last_at, then what the engine holds: engagedMs, lastAfterStart
    [2 ** 32 - 1, T0 + 2 ** 32 - 1, 2 ** 32 - 1, 2 ** 32 - 1],
    [2 ** 32 + 5, T0 + 2 ** 32 + 5, 2 ** 32 - 1, 2 ** 32 - 1],
    [-3, T0 - 3, 0, 0],
  ];
  for (const [engagedMs, lastAt, heldEngaged, heldSpan] of cases) {
    store.db.run("UPDATE session_rows SET engaged_ms = ?, last_at = ?", [engagedMs, lastAt]);
    const data = await store.load(SITE);
    expect([data.sessions.engagedMs[0], data.sessions.lastAfterStart[0], data.lastAtOf(0)]).toEqual([heldEngaged, heldSpan, T0 + heldSpan]);
  }
});
