import { describe, expect, test } from "bun:test";
import { groupByKey, groupByKeyScratch, growColumns, NO_DAY, ROW_BLOCK, tableCapacity, TYPE_SLOTS } from "../../lib/analytics/columns.ts";
import { CUSTOM_EVENT, PAGEVIEW, SiteData } from "../../lib/analytics/site-data.ts";
import { keyingOf, LABELLED_TYPES, LabelPrev, PagePrev, PrevSame } from "../../lib/analytics/keyings.ts";

/**
 * The derived indexes' first builds (bulk passes over the columns) against their per-visitor
 * updates (what follows every change): both must give the same columns, on cases the
 * engine-vs-SQL property test rarely draws — long chains of alternating groups, chains out of
 * load order, events out of time order within a session.
 */

let seed = 7;
const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n);

/** A site of `visitors` visitors with sessions in shuffled start order and events in shuffled time. */
function siteData(visitors: number, sessions: number): SiteData {
  const d = new SiteData(1);
  const s = d.sessions;
  growColumns(s, sessions);
  for (const group of d.dimGroups) group.tuples = new Int32Array(sessions);
  d.prevOfVisitor = new Int32Array(sessions).fill(-1);
  d.prevDay = new Uint16Array(sessions).fill(NO_DAY);
  d.lastEvent = new Int32Array(sessions).fill(-1);
  d.lastOfVisitor = new Int32Array(visitors).fill(-1);
  for (let i = 0; i < 6; i++) d.strings.push(`v${i}`);
  const chains: number[][] = Array.from({ length: visitors }, () => []);
  for (let p = 0; p < sessions; p++) {
    // Visitor 0 has a long chain alternating between two channels.
    const v = p % 3 === 0 ? 0 : rnd(visitors);
    s.visitor[p] = v;
    s.seq[p] = p + 1;
    s.startedAt[p] = rnd(1000);
    s.day[p] = 100 + Math.floor(s.startedAt[p] / 50);
    d.dims.channel.set(p, d.dims.channel.code(v === 0 ? 1 + (p % 2) : 1 + rnd(3)));
    chains[v].push(p);
  }
  s.count = sessions;
  // Chains in start order (as the loader leaves them), which is not load order.
  chains.forEach((list, v) => {
    list.sort((a, b) => s.startedAt[a] - s.startedAt[b] || a - b);
    let prev = -1;
    for (const p of list) (d.prevOfVisitor[p] = prev), (d.prevDay[p] = prev < 0 ? NO_DAY : s.day[prev]), (prev = p);
    d.lastOfVisitor[v] = prev;
  });
  const events = d.events;
  events.type = new Uint8Array(sessions * 8);
  events.prevGap = new Uint16Array(sessions * 8);
  events.typeRows = new Int32Array(Math.ceil((sessions * 8) / ROW_BLOCK) * TYPE_SLOTS);
  for (let e = 0; e < sessions * 6; e++) {
    d.checkpointRows(e);
    const p = rnd(sessions);
    const type = rnd(3) === 0 ? LABELLED_TYPES[rnd(LABELLED_TYPES.length)] : PAGEVIEW;
    const t = d.tables[type];
    if (t.count === tableCapacity(t)) growColumns(t, Math.max(64, t.count * 2));
    const row = t.count++;
    events.type[e] = type;
    d.linkEvent(e, d.lastEvent[p]);
    d.lastEvent[p] = e;
    events.count++;
    t.session[row] = p;
    t.path[row] = d.paths.code(1 + rnd(4));
    t.name[row] = d.labels.code(1 + rnd(3));
    // Times out of load order within a session, with ties.
    t.ts.set(row, s.startedAt[p] * 1000 + rnd(5));
  }
  return d;
}

const everyVisitor = (d: SiteData, dep: { visitorChanged(v: number, s: readonly number[]): void }) => {
  for (let v = 0; v < d.lastOfVisitor.length; v++) if (d.lastOfVisitor[v] >= 0) dep.visitorChanged(v, d.sessionsOf(v));
};

test("an event's row in its table, counted from its block's checkpoint, is its type's rank in load order", () => {
  const d = siteData(40, 300); // 1 800 events: several blocks of ROW_BLOCK
  expect(d.events.count).toBeGreaterThan(ROW_BLOCK * 5);
  const seen = new Map<number, number>();
  for (let e = 0; e < d.events.count; e++) {
    const type = d.events.type[e];
    const rank = seen.get(type) ?? 0;
    expect(d.rowOf(e)).toBe(rank);
    seen.set(type, rank + 1);
  }
  expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(d.events.count);
});

test("a session's previous event is found by its 16-bit gap, or among the far links past 65 534 events, as the snapshot keeps them", () => {
  const d = new SiteData(1);
  const n = 300_000;
  d.events.prevGap = new Uint16Array(n);
  // Session A: events 0, 1, 70 000 (far), 70 005, 200 000 (far); session B: every 1 000th event from 500.
  const a = [0, 1, 70_000, 70_005, 200_000];
  const b = Array.from({ length: 299 }, (_, i) => 500 + i * 1000).filter((e) => !a.includes(e));
  const all = [...a.map((e) => [e, 0]), ...b.map((e) => [e, 1])].sort((x, y) => x[0] - y[0]);
  const last = [-1, -1];
  for (const [e, session] of all) (d.linkEvent(e, last[session]), (last[session] = e));
  d.events.count = n;
  const chain = (from: number) => {
    const out: number[] = [];
    for (let e = from; e >= 0; e = d.prevInSession(e)) out.push(e);
    return out.reverse();
  };
  expect(chain(200_000)).toEqual(a);
  expect(chain(b[b.length - 1])).toEqual(b);
  expect(d.events.farCount).toBe(2);
  expect(d.heldColumns().find((c) => c.name === "events.farAt")!.count).toBe(2);
});

describe("derived indexes' first builds", () => {
  test("groupByKeyScratch groups as groupByKey", () => {
    const keys = Int32Array.from({ length: 5000 }, () => rnd(37));
    const a = groupByKey(keys, 37);
    const b = groupByKeyScratch(keys, 37);
    expect([...b.order]).toEqual([...a.order]);
    expect([...b.start]).toEqual([...a.start]);
  });

  for (const [visitors, sessions] of [[1, 40], [30, 400], [200, 3000]]) {
    test(`${visitors} visitors, ${sessions} sessions: bulk = per visitor`, () => {
      const d = siteData(visitors, sessions);
      for (const dim of ["channel", "userType", "visitor"] as const) {
        const prev = new PrevSame(d, keyingOf(d, dim));
        const built = prev.days.slice();
        expect(built.some((day) => day !== NO_DAY)).toBe(true);
        everyVisitor(d, prev);
        expect([...built]).toEqual([...prev.days]);
      }
      const pages = new PagePrev(d);
      const built = pages.days.slice();
      expect(built.some((day) => day !== NO_DAY)).toBe(true);
      everyVisitor(d, pages);
      expect([...built]).toEqual([...pages.days]);
      const labels = new LabelPrev(d);
      const copies = LABELLED_TYPES.map((t) => ({ ...labels.of(t) }));
      everyVisitor(d, labels);
      LABELLED_TYPES.forEach((t, i) => {
        expect([...copies[i].sameDay]).toEqual([...labels.of(t).sameDay]);
        expect([...copies[i].typeDay]).toEqual([...labels.of(t).typeDay]);
        expect([...copies[i].firstInSession]).toEqual([...labels.of(t).firstInSession]);
      });
      expect(labels.of(CUSTOM_EVENT).firstInSession.some((f) => f === 0)).toBe(true);
    });
  }
});
