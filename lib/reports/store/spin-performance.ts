import { desc, eq } from "drizzle-orm";
import { spinWheels } from "../../db/tenant-schema.ts";
import { storedWheel } from "../../engagement/manage.ts";
import { spinFigures } from "../../engagement/wheel-report.ts";
import { rowsInMemory, type ReportRow, type ReportRun } from "../report.ts";

/**
 * `spin_performance`: one row per wheel and slice, with the spins made in the range
 * (lib/engagement/wheel-report.ts): spins landing on the slice, wins (spins that got a prize: a
 * static code or one of the slice's coupon pool), leads the spins made, and codes issued (the
 * unique codes taken from a coupon pool; 0 for a static code, which is one code for everyone).
 * Active wheels are always listed, every slice of them; drafts, paused and archived wheels only
 * when they had spins in the range. A slice since removed keeps its row ("Slice N") while it has
 * spins in the range. Newest wheel first, slices in the wheel's order.
 */
export const spinPerformanceReport: ReportRun = async ({ site, period }) => {
  const wheels = await site.store.db.select().from(spinWheels).where(eq(spinWheels.siteId, site.id)).orderBy(desc(spinWheels.createdAt), desc(spinWheels.id));
  const rows: ReportRow[] = [];
  for (const wheel of wheels) {
    const bySlice = await spinFigures(site.store, wheel.id, period);
    if (wheel.status !== "active" && bySlice.size === 0) continue;
    const slices = storedWheel(wheel).slices;
    const count = Math.max(slices.length, ...[...bySlice.keys()].map((i) => i + 1));
    for (let i = 0; i < count; i++) {
      const figures = bySlice.get(i);
      if (i >= slices.length && !figures) continue;
      const { spins, leads, codes } = figures ?? { spins: 0, leads: 0, codes: 0 };
      rows.push({
        wheel: wheel.name,
        slice: slices[i]?.label ?? `Slice ${i + 1}`,
        spins,
        wins: codes,
        leads,
        codesIssued: slices[i]?.prize === "coupon_pool" ? codes : 0,
      });
    }
  }
  return rowsInMemory(rows);
};
