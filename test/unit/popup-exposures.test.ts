import { describe, expect, test } from "bun:test";
import { countsAsRevenue } from "../../lib/analytics/metrics.ts";
import { CONVERSION, type SiteData } from "../../lib/analytics/site-data.ts";
import { StatementCache } from "../../lib/db/prepared.ts";
import type { TenantStore } from "../../lib/db/tenants.ts";
import { HOLDOUT } from "../../lib/engagement/assign.ts";
import { downstreamOf, NO_ARM, NOT_SHOWN, type Downstream } from "../../lib/engagement/downstream.ts";
import { NO_LEAD, popupExposures, type PopupExposures } from "../../lib/engagement/exposure-columns.ts";
import { prng, randomHits, SITE } from "../helpers/analytics-oracle.ts";
import { TestStore } from "../helpers/site-data.ts";

/** A test store with the statement cache the exposures are kept in. */
function storeOf(t: TestStore): TenantStore {
  return { ...t.store, statements: new StatementCache() } as TenantStore;
}

const POPUP = "aaaaaaaaaaaaaaaaaaaaaaaa";
const insert = (t: TestStore, visitor: number, variant: string, firstAt: number, leadAt: number | null, views = 1) =>
  t.db.query("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?, ?, ?, ?, ?, 0, ?)").run(POPUP, visitor, variant, firstAt, views, leadAt);
// The writers' own upserts (lib/ingest/popup-counts.ts, lib/engagement/submit-lead.ts).
const view = (t: TestStore, visitor: number, variant: string, at: number) =>
  t.db.query(`INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes) VALUES (?,?,?,?,1,0)
    ON CONFLICT (popup_id, visitor) DO UPDATE SET first_at = min(first_at, excluded.first_at), views = views + excluded.views, closes = closes + excluded.closes`).run(POPUP, visitor, variant, at);
const lead = (t: TestStore, visitor: number, variant: string, at: number) =>
  t.db.query(`INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?,?,?,?,0,0,?)
    ON CONFLICT (popup_id, visitor) DO UPDATE SET lead_at = coalesce(lead_at, excluded.lead_at)`).run(POPUP, visitor, variant, at, at);

describe("a popup's exposures in memory", () => {
  test("a read, then new exposures, leads and a lead's view earlier than its row: the next read has them all", async () => {
    const t = new TestStore();
    const store = storeOf(t);
    const T = Date.parse("2026-11-10T00:00:00Z");
    for (let v = 1; v <= 5; v++) insert(t, v, v % 2 ? "a" : "b", T + v * 1000, v === 2 ? T + 60_000 : null);
    const first = await popupExposures(store, POPUP);
    expect(first.count).toBe(5);
    expect(first.variants).toEqual(["a", "b"]);
    // Each exposure as [visitor, variant, first view, lead] (ms from T), by visitor (the first load is in the index's order).
    const rowsOf = (x: PopupExposures) =>
      Array.from({ length: x.count }, (_, i) => [x.visitor[i], x.variants[x.variant[i]], x.firstAt[i] - T, x.leadAt[i] === NO_LEAD ? null : x.leadAt[i] - T] as const)
        .sort((a, b) => a[0] - b[0]);
    expect(rowsOf(first)).toEqual([[1, "a", 1000, null], [2, "b", 2000, 60_000], [3, "a", 3000, null], [4, "b", 4000, null], [5, "a", 5000, null]]);

    // Since: two views of new visitors (one a far seq), a lead of an exposed visitor, a view counted again, a lead before its view.
    view(t, 6, HOLDOUT, T + 6000);
    view(t, 50_000_000, "b", T + 7000);
    lead(t, 3, "a", T + 120_000);
    view(t, 1, "a", T + 500); // an earlier view of visitor 1 that came late: read again when rebuilt, not now
    lead(t, 7, "b", T + 180_000);
    const second = await popupExposures(store, POPUP);
    expect(second).toBe(first);
    expect(second.count).toBe(8);
    expect(rowsOf(second)).toEqual([
      [1, "a", 1000, null],
      [2, "b", 2000, 60_000],
      [3, "a", 3000, 120_000],
      [4, "b", 4000, null],
      [5, "a", 5000, null],
      [6, HOLDOUT, 6000, null],
      [7, "b", 180_000, 180_000],
      [50_000_000, "b", 7000, null],
    ]);
    // Added since: in the order they came.
    expect([second.positionOf(6), second.positionOf(50_000_000), second.positionOf(7), second.positionOf(8)]).toEqual([5, 6, 7, -1]);

    // Visitor 7's view arrives (its event from before the lead): its first view moves back; another popup's rows are not ours.
    view(t, 7, "b", T + 170_000);
    t.db.query("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes) VALUES ('bbbbbbbbbbbbbbbbbbbbbbbb', 9, 'a', ?, 1, 0)").run(T);
    const third = await popupExposures(store, POPUP);
    expect(third.count).toBe(8);
    expect(rowsOf(third)[6]).toEqual([7, "b", 170_000, 180_000]);

    // Dropped when the store handle closes (its statements are finalized): the next read loads anew, with visitor 1's earlier view.
    store.statements.finalizeAll();
    const fresh = await popupExposures(store, POPUP);
    expect(fresh).not.toBe(first);
    expect(rowsOf(fresh)[0]).toEqual([1, "a", 500, null]);
    expect(rowsOf(fresh).length).toBe(8);
  });

  test("a lead set on an exposure loaded before any lead existed is read on the next refresh", async () => {
    const t = new TestStore();
    const store = storeOf(t);
    const T = Date.parse("2026-11-10T00:00:00Z");
    for (let v = 1; v <= 3; v++) insert(t, v, "a", T + v * 1000, null);
    const first = await popupExposures(store, POPUP);
    expect(Array.from(first.leadAt.subarray(0, 3))).toEqual([NO_LEAD, NO_LEAD, NO_LEAD]);
    lead(t, 2, "a", T + 90_000);
    const second = await popupExposures(store, POPUP);
    expect(Array.from(second.leadAt.subarray(0, 3), (x) => (x === NO_LEAD ? null : x - T))).toEqual([null, 90_000, null]);
  });

  test("downstream from the sessions with conversions equals the walk of each exposed visitor's sessions (random sites)", async () => {
    const totals = { conversions: 0, converted: 0, revenue: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = prng(seed * 7919);
      const t = new TestStore().write(randomHits(seed));
      const data = await t.load(SITE);
      const s = data.sessions;
      const visitors = (t.db.query("SELECT seq FROM visitor_rows").all() as { seq: number }[]).map((r) => r.seq);
      const VARIANTS = ["a", "b", HOLDOUT, "gone"];
      for (const visitor of visitors) {
        if (rnd() < 0.3) continue;
        // The first view: during one of the visitor's sessions (now and then at its very start), else anywhere in the 20 days.
        const own = data.sessionsOf(visitor);
        const p = own.length > 0 && rnd() < 0.8 ? own[Math.floor(rnd() * own.length)] : -1;
        const firstAt = p >= 0 ? (rnd() < 0.2 ? s.startedAt[p] : s.startedAt[p] + Math.floor(rnd() * (data.lastAtOf(p) - s.startedAt[p] + 1))) : Date.parse("2026-03-19T00:00:00Z") + Math.floor(rnd() * 22 * 86_400_000);
        insert(t, visitor, VARIANTS[Math.floor(rnd() * VARIANTS.length)], firstAt, null);
      }
      const exposures = await popupExposures(storeOf(t), POPUP);
      const start = Date.parse("2026-03-19T00:00:00Z") + Math.floor(rnd() * 12) * 86_400_000;
      const end = start + (1 + Math.floor(rnd() * 12)) * 86_400_000;
      const currency = rnd() < 0.8 ? "EUR" : "USD";
      // With a holdout arm (holdout, a, b), or without (the held out shown nothing, counted nowhere).
      const arms = rnd() < 0.5 ? [HOLDOUT, "a", "b"] : ["a", "b"];
      const armOf = (v: string) => (arms.includes(v) ? arms.indexOf(v) : v === HOLDOUT ? NOT_SHOWN : NO_ARM);
      const got = downstreamOf(data, { exposures, start, end, armOfVariant: Int32Array.from(exposures.variants, armOf), armCount: arms.length, holdoutArm: arms.includes(HOLDOUT) ? 0 : null }, currency);
      const exposed = Array.from({ length: exposures.count }, (_, i) => ({ visitor: exposures.visitor[i], firstAt: exposures.firstAt[i], arm: armOf(exposures.variants[exposures.variant[i]]) }))
        .filter((x) => x.firstAt >= start && x.firstAt < end && x.arm !== NOT_SHOWN);
      const want = walkOfEachVisitor(data, exposed, arms.length, arms.includes(HOLDOUT) ? 0 : null, end, currency);
      totals.conversions += got.conversions, totals.converted += got.convertedByArm.reduce((a, b) => a + b, 0), totals.revenue += got.revenue;
      expect({ seed, ...got, revenue: Math.round(got.revenue * 100) }).toEqual({ seed, ...want, revenue: Math.round(want.revenue * 100) });
    }
    // The fixture is no trivial one: what the 40 sites count in all.
    expect(totals).toEqual({ conversions: 88, converted: 51, revenue: 4247 });
  });
});

/** The oracle: downstream as it was computed before (lib/engagement/downstream.ts until the inverted loop), each exposed visitor's session chain walked. */
function walkOfEachVisitor(data: SiteData, exposed: { visitor: number; firstAt: number; arm: number }[], armCount: number, holdoutArm: number | null, end: number, currency: string): Downstream {
  const s = data.sessions;
  const table = data.table(CONVERSION);
  const out: Downstream = { visitors: 0, conversions: 0, revenue: 0, convertedByArm: new Array<number>(armCount).fill(0) };
  for (const { visitor, firstAt, arm } of exposed) {
    if (visitor < 0 || visitor >= data.lastOfVisitor.length) continue;
    let conversions = 0;
    let revenue = 0;
    for (let p = data.lastOfVisitor[visitor]; p >= 0; p = data.prevOfVisitor[p]) {
      if (s.conversions[p] === 0 || data.lastAtOf(p) < firstAt || s.startedAt[p] >= end) continue;
      if (s.startedAt[p] >= firstAt) {
        conversions += s.conversions[p];
        revenue += s.revenue[p];
        continue;
      }
      // The session's events in time order (the engine's public walk, not downstream's own).
      for (const e of data.eventsOf(p)) {
        if (data.events.type[e] !== CONVERSION) continue;
        const row = data.rowOf(e);
        if (table.ts.at(row) < firstAt || table.ts.at(row) >= end) continue;
        conversions++;
        if (countsAsRevenue(data.text(table.aux[row]), currency)) revenue += table.value[row];
      }
    }
    if (conversions > 0 && arm !== NO_ARM) out.convertedByArm[arm]++;
    if (arm === holdoutArm) continue;
    if (conversions > 0) out.visitors++;
    out.conversions += conversions;
    out.revenue += revenue;
  }
  return out;
}
