import { describe, expect, test } from "bun:test";
import { growColumns, heldDay, MAX_DAY, NO_DAY } from "../../lib/analytics/columns.ts";
import { sessionsInRange } from "../../lib/analytics/engine.ts";
import { SiteData } from "../../lib/analytics/site-data.ts";
import { randomHits, SITE } from "../helpers/analytics-oracle.ts";
import { TestStore } from "../helpers/site-data.ts";

/**
 * Day columns are 16 bits with 0 as "none" (lib/analytics/columns.ts): a day outside
 * 1..65535 is clamped, never wrapped, and a range starting on or before 1970-01-01 (day 0)
 * still sees NO_DAY as "before the range".
 */

test("heldDay clamps into 1..65535", () => {
  expect([-40000, -1, 0, 1, 20_416, MAX_DAY, MAX_DAY + 1, 100_000].map(heldDay)).toEqual([1, 1, 1, 1, 20_416, 65535, 65535, 65535]);
  expect(new Uint16Array([heldDay(70_000)])[0]).toBe(65535); // unclamped, 70 000 would wrap to 4464
});

test("a stored day outside 1..65535 is loaded clamped (a foreign or damaged store), not wrapped", async () => {
  const store = new TestStore().write(randomHits(3));
  const seqs = (store.db.query("SELECT seq FROM session_rows ORDER BY seq LIMIT 3").all() as { seq: number }[]).map((r) => r.seq);
  const stored = [-5, 70_000, 65_535];
  seqs.forEach((seq, i) => store.db.run("UPDATE session_rows SET day = ? WHERE seq = ?", [stored[i], seq]));
  const d = await store.load(SITE);
  const dayOf = (seq: number) => d.sessions.day[d.sessions.seq.indexOf(seq)];
  expect(seqs.map(dayOf)).toEqual([1, 65535, 65535]);
  // An event row's day is its session's: the row lies in its table's window of that day.
  d.tables.forEach((t, type) => {
    for (let r = 0; r < t.count; r++) {
      const day = d.sessions.day[t.session[r]];
      const [start, end] = d.tableWindow(type, day, day);
      expect(r >= start && r < end).toBe(true);
    }
  });
});

/** Visitor 0: sessions on days 1 and 2 (channels a, b); visitor 1: one session on day 2 (channel a). */
function earlySite(): SiteData {
  const d = new SiteData(1);
  const s = d.sessions;
  growColumns(s, 3);
  for (const group of d.dimGroups) group.tuples = new Int32Array(3);
  d.prevOfVisitor = Int32Array.from([-1, 0, -1]);
  d.prevDay = Uint16Array.from([NO_DAY, 1, NO_DAY]);
  d.lastEvent = new Int32Array(3).fill(-1);
  d.lastOfVisitor = Int32Array.from([1, 2]);
  d.strings.push("a", "b");
  const rows = [[0, 1, 1], [0, 2, 2], [1, 2, 1]];
  rows.forEach(([visitor, day, channel], p) => {
    s.visitor[p] = visitor;
    s.seq[p] = p + 1;
    s.startedAt[p] = day * 86_400_000;
    s.day[p] = day;
    d.dims.channel.set(p, d.dims.channel.code(channel));
    d.sessionDays.note(day, p);
  });
  s.count = 3;
  return d;
}

describe("a range starting on or before day 0", () => {
  for (const from of [-3650, -1, 0, 1]) {
    test(`from ${from}: users count as from day 1`, () => {
      const d = earlySite();
      const r = sessionsInRange(d, { from, to: 10, groupBy: ["channel", "date"] });
      expect(r.totals.sessions).toBe(3);
      expect(r.totals.users).toBe(2);
      expect(Object.fromEntries(r.groups[0].map((g) => [g.key, g.sums.users]))).toEqual({ a: 2, b: 1 });
      expect(Object.fromEntries(r.groups[1].map((g) => [g.key, g.sums.users]))).toEqual({ "1970-01-02": 1, "1970-01-03": 2 });
      // Filtered too (session by session, with the date keying's codes).
      const f = sessionsInRange(d, { from, to: 10, groupBy: ["date"], filters: [{ dim: "channel", op: "in", value: ["a", "b"] }] });
      expect(f.totals.users).toBe(2);
      expect(Object.fromEntries(f.groups[0].map((g) => [g.key, g.sums.users]))).toEqual({ "1970-01-02": 1, "1970-01-03": 2 });
    });
  }
});
