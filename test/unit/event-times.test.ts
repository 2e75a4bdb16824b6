import { expect, test } from "bun:test";
import { EventTimes, OUTSIDE, SHIFT, SLACK } from "../../lib/analytics/event-times.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEPT_EVENT_TYPES } from "../../lib/analytics/kept-events.ts";
import { randomHits, SITE } from "../helpers/analytics-oracle.ts";
import { TestStore } from "../helpers/site-data.ts";

const DAY = 86_400_000;
const T0 = Date.parse("2026-11-01T12:00:00.123Z");

/** Sets `times` in order and checks every row reads back exactly; returns the rows kept outside the offsets. */
function roundTrip(times: number[]): { times: EventTimes; outside: number[] } {
  const t = new EventTimes();
  times.forEach((ts, row) => t.set(row, ts));
  times.forEach((ts, row) => expect(t.at(row)).toBe(ts));
  const outside = times.map((_, row) => row).filter((row) => t.offset[row] === OUTSIDE);
  expect([...t.outside.keys()]).toEqual(outside);
  return { times: t, outside };
}

test("a busy table's times are offsets from their block's base, exact to the ms, late events (up to 72 h older than the block's first row) included", () => {
  const times = Array.from({ length: 5000 }, (_, row) => T0 + row * 997 - (row % 50 === 7 ? 72 * 3600_000 : 0) + (row % 300 === 1 ? 10 * 60_000 : 0));
  const { outside, times: t } = roundTrip(times);
  expect(outside).toEqual([]);
  expect(t.base.length).toBeGreaterThanOrEqual(Math.ceil(5000 / (1 << SHIFT)));
  expect(t.base[0]).toBe(T0 - SLACK);
});

test("rows that do not fit their block's offsets keep their time outside: older than the base, ~46+ days after the block's first row, fractional ms, the extremes", () => {
  const times = [
    T0, // block 0's first row: base T0 - 4 days
    T0 - SLACK, // exactly the base: offset 0
    T0 - SLACK - 1, // 1 ms before the base
    T0 - 400 * DAY, // a store written by something else
    T0 - SLACK + 0xffff_fffe, // the largest offset that fits
    T0 - SLACK + 0xffff_ffff, // the sentinel's own value: outside
    T0 + 60 * DAY, // a quiet type: two months after the block's first row
    T0 + 0.5, // not a whole ms
    0,
    8.64e15,
  ];
  const { outside } = roundTrip(times);
  expect(outside).toEqual([2, 3, 5, 6, 7, 8, 9]);
});

test("a quiet table (a row every 6 hours over a year): each block of 256 rows spans 64 days, so the rows past ~46 days are outside, and every time still reads back", () => {
  const times = Array.from({ length: 1460 }, (_, row) => T0 + row * 6 * 3600_000);
  const { outside } = roundTrip(times);
  // A block's base is 4 days before its first row, an offset reaches 49.7 days: its rows 0..182
  // (up to 45.5 days after the first) fit, rows 183..255 are outside.
  expect(outside).toEqual(times.map((_, row) => row).filter((row) => row % 256 >= 183));
});

test("the outside times are kept by a snapshot (as JSON pairs) and read back", () => {
  const { times: t } = roundTrip([T0, T0 - 30 * DAY, T0 + 1, T0 + 100 * DAY]);
  const again = new EventTimes(t.base, t.offset);
  again.outsideFromJSON(JSON.parse(JSON.stringify(t.outsideToJSON())));
  for (let row = 0; row < 4; row++) expect(again.at(row)).toBe(t.at(row));
});

test("the loader's and a snapshot's tables read every stored event time exactly (random logs whose sessions start in random order over 20 days: many rows outside)", async () => {
  for (const seed of [1, 4, 10]) {
    const store = new TestStore().write(randomHits(seed));
    const path = join(mkdtempSync(join(tmpdir(), "event-times-")), "site.cols");
    const loaded = await store.load(SITE, undefined, path);
    await loaded.snapshotSaved();
    const restored = await store.load(SITE, undefined, path);
    expect(restored.restoredFromSnapshot).toBe(true);
    const stored = (store.db.query(`SELECT ts FROM event_rows WHERE type IN (${KEPT_EVENT_TYPES.join(", ")}) ORDER BY seq`).all() as { ts: number }[]).map((r) => r.ts);
    for (const data of [loaded, restored]) {
      const times: number[] = [];
      for (let e = 0; e < data.events.count; e++) times.push(data.tsOf(e));
      expect(times).toEqual(stored);
    }
    const outside = loaded.tables.reduce((n, t) => n + (t?.ts.outside.size ?? 0), 0);
    expect(outside > 0).toBe(seed !== 1); // log 1 starts with its earliest session: every row fits
  }
});
