import { desc, eq } from "drizzle-orm";
import { reportPeriod, type Period } from "../analytics/period.ts";
import type { SiteWithStore } from "../analytics/site-cache.ts";
import { spinSlices, spinWheels } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { freeCodesBySlice, isoOf, siteRowOf, storedWheel, type StoredRow } from "./manage.ts";
import type { SpinDetail, SpinList } from "./models.ts";

/** The spin-wheel figures of the read API (docs/engagement.md "Read API"): spins, their leads and prizes. */



/** Spins in the period's instants, the leads they made and the codes they won (a static code or one of a pool), per slice. */
export async function spinFigures(store: TenantStore, wheelId: string, period: Period): Promise<Map<number, { spins: number; leads: number; codes: number }>> {
  const rows = (await readRows(store, "SELECT slice, count(*), count(lead_id), count(code) FROM spins WHERE wheel_id = ? AND created_at >= ? AND created_at < ? GROUP BY slice", [
    wheelId,
    period.range.start,
    period.range.end,
  ])) as [number, number, number, number][];
  return new Map(rows.map(([slice, spins, leads, codes]) => [slice, { spins, leads, codes }]));
}

const totals = (bySlice: Map<number, { spins: number; leads: number }>) => {
  let spins = 0;
  let leads = 0;
  for (const f of bySlice.values()) (spins += f.spins), (leads += f.leads);
  return { spins, leads };
};

/** `GET …/spins`: the site's wheels, newest first, with the last 28 days' spins and leads. */
export async function spinList(site: SiteWithStore, canManage: boolean, now: number): Promise<SpinList> {
  const period = reportPeriod({}, site.timezone, now);
  const rows = await site.store.db.select().from(spinWheels).where(eq(spinWheels.siteId, site.id)).orderBy(desc(spinWheels.createdAt), desc(spinWheels.id));
  const items = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      status: row.status as StoredRow["status"],
      slices: storedWheel(row).slices.length,
      updatedAt: isoOf(row.updatedAt),
      ...totals(await spinFigures(site.store, row.id, period)),
    })),
  );
  return { canManage, items };
}

/** `GET …/spins/{id}?from&to`: the definition without codes, the period's spins and leads, and each slice's prizes. */
export async function spinDetail(site: SiteWithStore, id: string, query: { from?: string; to?: string }, now: number): Promise<SpinDetail> {
  const row = await siteRowOf(site.store, "wheel", site.id, id);
  const period = reportPeriod(query, site.timezone, now);
  const definition = storedWheel(row);
  const [bySlice, stock, codes] = await Promise.all([
    spinFigures(site.store, row.id, period),
    site.store.db.select().from(spinSlices).where(eq(spinSlices.wheelId, row.id)),
    freeCodesBySlice(site.store, row.id),
  ]);
  const stockOf = new Map(stock.map((s) => [s.slice, s.stockLeft]));
  return {
    wheel: { id: row.id, name: row.name, status: row.status as StoredRow["status"], createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt), definition },
    from: period.range.from,
    to: period.range.to,
    ...totals(bySlice),
    prizes: definition.slices.map((slice, i) => ({
      slice: i,
      label: slice.label,
      prize: slice.prize,
      weight: slice.weight,
      awarded: bySlice.get(i)?.spins ?? 0,
      stockLeft: stockOf.has(i) ? stockOf.get(i)! : slice.stock,
      codesLeft: slice.prize === "coupon_pool" ? (codes.get(i) ?? 0) : null,
    })),
  };
}
