import { describe, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { sessionsInRange, type Filter, type Group } from "../../lib/analytics/engine.ts";
import { keyingOf, prevSameOf, rollupOf } from "../../lib/analytics/keyings.ts";
import { ScratchLease } from "../../lib/analytics/columns.ts";
import type { SiteData } from "../../lib/analytics/site-data.ts";
import type { SessionSums } from "../../lib/analytics/metrics.ts";
import { dateOfEpochDay } from "../../lib/time.ts";
import { TestStore } from "../helpers/site-data.ts";
import { FIRST_DAY, randomHits, SITE } from "../helpers/analytics-oracle.ts";

/**
 * The engine asks a keying what it can do (roll up by day, keep a per-group index, hold codes
 * for one range only) and lends each keying of a query its own scratch: a query grouped by
 * date and filtered by a range-bound keying (the date again, over other days) counts exactly
 * what SQL counts.
 */

const SUMS = ["sessions", "users", "newUsers", "pageviews", "engagedSessions", "engagedMs", "conversions", "convertingSessions", "revenue"] as const;

/** Per day of [from, to] whose day is one of `days` (and device one of `devices`, when given): each sum, from SQL. */
function oracleByDay(db: Database, from: number, to: number, days: string[], devices: string[] | null, by: "day" | "day, channel"): Map<string, Record<string, number>> {
  const device = devices ? ` AND coalesce(device, '(not set)') IN (${devices.map(() => "?").join(",")})` : "";
  const key = by === "day" ? "day" : "day || ' | ' || coalesce(channel, '(not set)')";
  const rows = db
    .query(
      `SELECT ${key} AS key, count(*) AS sessions, count(DISTINCT visitor_id) AS users, sum(is_new) AS newUsers, sum(pageviews) AS pageviews,
         sum(engaged) AS engagedSessions, sum(engaged_ms) AS engagedMs, sum(conversions) AS conversions, sum(conversions > 0) AS convertingSessions, sum(revenue) AS revenue
       FROM sessions WHERE day BETWEEN ? AND ? AND day IN (${days.map(() => "?").join(",")})${device} GROUP BY 1`,
    )
    .all(dateOfEpochDay(from), dateOfEpochDay(to), ...days, ...(devices ?? [])) as ({ key: string } & Record<string, number>)[];
  return new Map(rows.map(({ key, ...sums }) => [key, sums]));
}

const asMap = (groups: Group[], key: (g: Group) => string = (g) => g.key) =>
  new Map(groups.map((g) => [key(g), Object.fromEntries(SUMS.map((k) => [k, Math.round(g.sums[k as keyof SessionSums] * 100) / 100]))]));
const rounded = (m: Map<string, Record<string, number>>) =>
  new Map([...m].map(([k, sums]) => [k, Object.fromEntries(SUMS.map((s) => [s, Math.round((sums[s] ?? 0) * 100) / 100]))]));

async function loaded(seed: number): Promise<{ data: SiteData; db: Database }> {
  const store = new TestStore().write(randomHits(seed));
  const data = await store.load(SITE);
  await data.loadVisitorIds(store.store);
  return { data, db: store.db };
}

describe("a query grouped by date and filtered by a range-bound keying", () => {
  for (const seed of [3, 11, 29]) {
    test(`seed ${seed}: every day's sums and users equal SQL's, alone and with a device filter, and by date and channel`, async () => {
      const { data, db } = await loaded(seed);
      const from = FIRST_DAY + 2, to = FIRST_DAY + 14;
      // Every other day of the range, and a day before it (the filter's own range is the query's).
      const days = [FIRST_DAY, ...Array.from({ length: 7 }, (_, i) => from + 2 * i)].map(dateOfEpochDay);
      const byDate: Filter = { dim: "date", op: "in", value: days };
      const byDevice: Filter = { dim: "device", op: "in", value: ["mobile"] };
      const expected = oracleByDay(db, from, to, days, null, "day");
      expect(expected.size).toBeGreaterThan(3);

      const alone = sessionsInRange(data, { from, to, groupBy: ["date"], filters: [byDate] });
      expect(asMap(alone.groups[0])).toEqual(rounded(expected));
      // Users over the whole selection: each visitor once.
      const users = db.query(`SELECT count(DISTINCT visitor_id) AS n FROM sessions WHERE day BETWEEN ? AND ? AND day IN (${days.map(() => "?").join(",")})`).get(dateOfEpochDay(from), dateOfEpochDay(to), ...days) as { n: number };
      expect(alone.totals.users).toBe(users.n);

      // The date filter as the second filter and as the first, grouped by date: both keyings' codes held at once.
      const withDevice = rounded(oracleByDay(db, from, to, days, ["mobile"], "day"));
      expect(asMap(sessionsInRange(data, { from, to, groupBy: ["date"], filters: [byDevice, byDate] }).groups[0])).toEqual(withDevice);
      expect(asMap(sessionsInRange(data, { from, to, groupBy: ["date"], filters: [byDate, byDevice] }).groups[0])).toEqual(withDevice);

      // Grouped by date and channel together, filtered by date: one pass, three keyings.
      const twice = sessionsInRange(data, { from, to, groupBy: ["date", "channel"], filters: [byDate] });
      expect(asMap(twice.groups[0])).toEqual(rounded(expected));
      const byChannel = db
        .query(`SELECT coalesce(channel, '(not set)') AS key, count(*) AS sessions, count(DISTINCT visitor_id) AS users FROM sessions WHERE day BETWEEN ? AND ? AND day IN (${days.map(() => "?").join(",")}) GROUP BY 1`)
        .all(dateOfEpochDay(from), dateOfEpochDay(to), ...days) as { key: string; sessions: number; users: number }[];
      expect(twice.groups[1].map((g) => ({ key: g.key, sessions: g.sums.sessions, users: g.sums.users })).sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual(byChannel.sort((a, b) => (a.key < b.key ? -1 : 1)));
    });
  }
});

describe("each keying of a query holds its own scratch", () => {
  test("two date keyings of one query, over different ranges, are lent different columns, each holding its own days", async () => {
    const { data } = await loaded(5);
    const scratch = new ScratchLease();
    const a = keyingOf(data, "date", { from: FIRST_DAY, to: FIRST_DAY + 3, scratch });
    const b = keyingOf(data, "date", { from: FIRST_DAY + 10, to: FIRST_DAY + 12, scratch });
    const codesA = a.codes();
    const codesB = b.codes();
    // Under one shared slot these were views of one buffer: the second keying's fill was the first's too.
    expect(codesA.buffer).not.toBe(codesB.buffer);
    const list = scratch.lendInts(16);
    expect(list.buffer).not.toBe(codesA.buffer);
    expect(list.buffer).not.toBe(codesB.buffer);
    // Each keying's codes are its range's days at its range's sessions.
    const day = data.sessions.day;
    let seen = 0;
    for (let p = 0; p < data.sessions.count; p++) {
      if (day[p] >= FIRST_DAY && day[p] <= FIRST_DAY + 3) (expect(codesA[p] - a.offset).toBe(day[p] - FIRST_DAY), seen++);
      if (day[p] >= FIRST_DAY + 10 && day[p] <= FIRST_DAY + 12) (expect(codesB[p] - b.offset).toBe(day[p] - FIRST_DAY - 10), seen++);
    }
    expect(seen).toBeGreaterThan(0);
    // Asked again, a keying answers the column it already filled.
    expect(a.codes()).toBe(codesA);
    scratch.close();
    // Once its query has ended, a keying's codes (back on the shelf) are refused, and the lease lends nothing.
    expect(() => a.codes()).toThrow("date codes read after their query ended");
    expect(() => scratch.lendInts(4)).toThrow("scratch lease used after its query closed it");
  });

  test("a closed lease's columns are lent again, to one holder at a time", () => {
    const first = new ScratchLease();
    // Longer than any column the shelf holds yet: only this one fits the next ask.
    const x = first.lendInts(1_000_000);
    first.close();
    const second = new ScratchLease();
    const y = second.lendInts(999_000);
    const z = second.lendInts(999_000);
    expect(y.buffer).toBe(x.buffer);
    expect(z.buffer).not.toBe(y.buffer);
    const marks = second.lendMarks(64);
    expect([...marks].every((m) => m === 0)).toBe(true);
    second.close();
  });

  test("a range-bound keying needs its query's range", async () => {
    const { data } = await loaded(5);
    expect(() => keyingOf(data, "date")).toThrow("the date keying is made per query: it needs the query's range");
  });
});

describe("what a keying can do is the keying's to say", () => {
  test("dates roll up by day and hold codes for one range; visitors keep no index; session columns roll up per group and keep an index", async () => {
    const { data } = await loaded(7);
    const scratch = new ScratchLease();
    const date = keyingOf(data, "date", { from: FIRST_DAY, to: FIRST_DAY + 5, scratch });
    expect([date.rollup, date.previous, date.range?.from]).toEqual(["days", "day", FIRST_DAY]);
    const visitor = keyingOf(data, "visitor");
    expect([visitor.rollup, visitor.previous, visitor.range]).toEqual(["none", "visitor", null]);
    for (const dim of ["channel", "sourceMedium", "userType"] as const) {
      const k = keyingOf(data, dim);
      expect([k.rollup, k.previous, k.range]).toEqual(["groups", "index", null]);
      expect(rollupOf(data, k)).toBeDefined();
      expect(prevSameOf(data, k).days.length).toBeGreaterThanOrEqual(data.sessions.count);
    }
    // Asking a keying for an index it does not keep is a bug, said at once.
    expect(() => rollupOf(data, date)).toThrow('the date keying keeps no rollup of its own (its rollup is "days")');
    expect(() => prevSameOf(data, visitor)).toThrow('the visitor keying keeps no previous-session index (its previous is "visitor")');
    scratch.close();
  });

  test("a visitor grouping, filtered or not, counts each visitor once (no rollup, no index asked)", async () => {
    const { data, db } = await loaded(13);
    const from = FIRST_DAY, to = FIRST_DAY + 20;
    const expected = db
      .query("SELECT visitor_id AS key, count(*) AS sessions FROM sessions WHERE day BETWEEN ? AND ? GROUP BY 1")
      .all(dateOfEpochDay(from), dateOfEpochDay(to)) as { key: string; sessions: number }[];
    for (const filters of [[], [{ dim: "date", op: "is_not", value: "1999-01-01" }]] as Filter[][]) {
      const got = sessionsInRange(data, { from, to, groupBy: ["visitor"], filters }).groups[0];
      expect(got.map((g) => ({ key: g.key, sessions: g.sums.sessions })).sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual(expected.sort((a, b) => (a.key < b.key ? -1 : 1)));
      expect(got.every((g) => g.sums.users === 1)).toBe(true);
    }
    expect(data.derivedIfMade(`prevSame:visitor`)).toBeUndefined();
    expect(data.derivedIfMade(`rollup:visitor`)).toBeUndefined();
  });
});
