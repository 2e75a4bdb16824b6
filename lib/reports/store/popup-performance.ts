import { desc, eq } from "drizzle-orm";
import { asMoney, asRate } from "../../analytics/metrics.ts";
import { popups } from "../../db/tenant-schema.ts";
import { armsOf, popupFigures } from "../../engagement/popup-report.ts";
import { downstreamOf, NOT_SHOWN } from "../../engagement/downstream.ts";
import type { PopupExposures } from "../../engagement/exposure-columns.ts";
import { storedPopup } from "../../engagement/manage.ts";
import type { SiteData } from "../../analytics/site-data.ts";
import type { Period } from "../../analytics/period.ts";
import { rowsInMemory, type ReportRow, type ReportRun } from "../report.ts";

/**
 * `popup_performance`: one row per popup and arm of its test — each variant, the holdout (its
 * visitors were shown nothing; their conversions are the baseline) or, untested, the popup as
 * shown — with the popup page's figures for the range (lib/engagement/popup-report.ts):
 * views from the days, leads and the lead rate (leads per visitor who first saw it in the range)
 * from the exposures, and the conversions and revenue of those visitors from their first view
 * on (downstream.ts). Active popups are always listed; drafts, paused and archived popups only
 * when they had views or visitors in the range. A variant since removed from the definition
 * keeps its row (named by its key) while it has figures in the range. Newest popup first.
 */

/** The conversions and revenue of the visitors of one recorded variant (every other one counted as not shown). */
function variantDownstream(data: SiteData, exposures: PopupExposures, range: Period["range"], variant: string, currency: string) {
  const armOfVariant = Int32Array.from(exposures.variants, (v) => (v === variant ? 0 : NOT_SHOWN));
  return downstreamOf(data, { exposures, start: range.start, end: range.end, armOfVariant, armCount: 1, holdoutArm: null }, currency);
}

export const popupPerformanceReport: ReportRun = async ({ site, period, analytics }) => {
  const { data, currency } = await analytics();
  const stored = await site.store.db.select().from(popups).where(eq(popups.siteId, site.id)).orderBy(desc(popups.createdAt), desc(popups.id));
  const rows: ReportRow[] = [];
  for (const row of stored) {
    const { days, byVariant, exposures } = await popupFigures(site.store, row.id, period);
    if (row.status !== "active" && days.size === 0 && byVariant.size === 0) continue;
    const arms = armsOf(storedPopup(row)).map(({ name, variant }) => ({ name, variant }));
    const defined = new Set(arms.map((a) => a.variant));
    for (const variant of new Set([...days.keys(), ...byVariant.keys()])) if (!defined.has(variant)) arms.push({ name: variant, variant });
    for (const { name, variant } of arms) {
      const { n, leads } = byVariant.get(variant) ?? { n: 0, leads: 0 };
      const downstream = n > 0 ? variantDownstream(data, exposures, period.range, variant, currency) : { conversions: 0, revenue: 0 };
      rows.push({
        popup: row.name,
        variant: name,
        status: row.status,
        views: days.get(variant)?.views ?? 0,
        leads,
        leadRate: asRate(leads, n),
        conversions: downstream.conversions,
        revenue: asMoney(downstream.revenue),
      });
    }
  }
  return rowsInMemory(rows);
};
