import { and, desc, eq } from "drizzle-orm";
import { asMoney } from "../analytics/metrics.ts";
import { reportPeriod, type Period } from "../analytics/period.ts";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { popups } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { invalid, notFound } from "../errors.ts";
import { isId } from "../ids.ts";
import { abTest, type Arm, type TestResult } from "./ab-stats.ts";
import { HOLDOUT } from "./assign.ts";
import { downstreamOf, type Exposed } from "./downstream.ts";
import { isoOf, storedPopup, type StoredRow } from "./manage.ts";
import type { PopupDetail, PopupList } from "./models.ts";
import type { PopupDefinition } from "./types.ts";

/**
 * The popup figures of the read API (docs/engagement.md "Read API"). Views and closes come
 * from `popup_days` (site-timezone days); visitors and leads from `popup_exposures` (one row
 * per popup and visitor): a visitor counts in the period of their first view, and as a lead
 * when their exposure got its `lead_at` before the period ended. Held-out visitors are shown
 * nothing: they count only as the test's holdout arm.
 */

/** The variant ingest records for a popup shown without a test (lib/ingest popup counts). */
export const NO_VARIANT = "-";

/** The site without its analytics data (the lists do not need it). */
type SiteRef = Omit<AnalyticsSite, "data">;


/** Views and closes per variant over the period's days. */
async function dayFigures(store: TenantStore, popupId: string, period: Period): Promise<Map<string, { views: number; closes: number }>> {
  const rows = (await readRows(store, "SELECT variant, sum(views), sum(closes) FROM popup_days WHERE popup_id = ? AND day >= ? AND day <= ? GROUP BY variant", [popupId, period.from, period.to])) as [string, number, number][];
  return new Map(rows.map(([variant, views, closes]) => [variant, { views, closes }]));
}

type ExposureFigures = Map<string, { n: number; leads: number }>;

/**
 * Visitors who first saw it in the period and leads among them, per variant, and the visitors
 * shown it (not held out) with their first view: one pass over the period's exposures (by the
 * `popup_exposures_first` index), about 0.25 s for 300 000.
 */
async function exposuresOf(store: TenantStore, popupId: string, period: Period): Promise<{ byVariant: ExposureFigures; shownTo: Exposed }> {
  const { start, end } = period.range;
  const rows = (await readRows(store, "SELECT variant, visitor, first_at, lead_at FROM popup_exposures WHERE popup_id = ? AND first_at >= ? AND first_at < ?", [popupId, start, end])) as [string, number, number, number | null][];
  const byVariant: ExposureFigures = new Map();
  const shownTo: Exposed = { visitors: [], firstAts: [] };
  for (const [variant, visitor, firstAt, leadAt] of rows) {
    let figures = byVariant.get(variant);
    if (!figures) byVariant.set(variant, (figures = { n: 0, leads: 0 }));
    figures.n++;
    if (leadAt !== null && leadAt < end) figures.leads++;
    if (variant !== HOLDOUT) shownTo.visitors.push(visitor), shownTo.firstAts.push(firstAt);
  }
  return { byVariant, shownTo };
}

/** Totals of the popup itself: every variant but the holdout. */
function shown<T extends Record<string, number>>(byVariant: Map<string, T>, keys: (keyof T)[]): Record<keyof T, number> {
  const total = Object.fromEntries(keys.map((k) => [k, 0])) as Record<keyof T, number>;
  for (const [variant, figures] of byVariant) if (variant !== HOLDOUT) for (const k of keys) total[k] += figures[k];
  return total;
}

/** `GET …/popups`: the site's popups, newest first, with the last 28 days' views and leads. */
export async function popupList(site: SiteRef, canManage: boolean, now: number): Promise<PopupList> {
  const period = reportPeriod({}, site.timezone, now);
  const rows = await site.store.db.select().from(popups).where(eq(popups.siteId, site.id)).orderBy(desc(popups.createdAt), desc(popups.id));
  const items = await Promise.all(
    rows.map(async (row) => {
      const def = storedPopup(row);
      const [days, { byVariant }] = await Promise.all([dayFigures(site.store, row.id, period), exposuresOf(site.store, row.id, period)]);
      return {
        id: row.id,
        name: row.name,
        status: row.status as StoredRow["status"],
        layout: def.layout,
        trigger: def.triggers[0].kind,
        leadForm: def.form !== null,
        updatedAt: isoOf(row.updatedAt),
        views: shown(days, ["views"]).views,
        leads: shown(byVariant, ["leads"]).leads,
      };
    }),
  );
  return { canManage, items };
}

/** The test's arms, control first: the holdout (when there is one), then the variants. */
function armsOf(def: PopupDefinition, exposures: ExposureFigures): Arm[] {
  const figures = (key: string) => exposures.get(key) ?? { n: 0, leads: 0 };
  const rest = 100 - def.holdout;
  const arms: Arm[] = def.holdout > 0 ? [{ key: HOLDOUT, name: "Holdout (shown nothing)", weight: def.holdout, ...figures(HOLDOUT) }] : [];
  if (def.variants.length === 0) return [...arms, { key: NO_VARIANT, name: "Popup shown", weight: rest, ...figures(NO_VARIANT) }];
  const total = def.variants.reduce((s, v) => s + v.weight, 0);
  return [...arms, ...def.variants.map((v) => ({ key: v.key, name: v.name, weight: (rest * v.weight) / total, ...figures(v.key) }))];
}

async function popupRow(store: TenantStore, siteId: string, id: string): Promise<StoredRow> {
  if (!isId(id)) throw invalid("id", "must be a 24-hex id");
  const row = await store.db.select().from(popups).where(and(eq(popups.siteId, siteId), eq(popups.id, id))).get();
  if (!row) throw notFound("Popup");
  return row as StoredRow;
}

/** `GET …/popups/{id}?from&to`: the definition, the period's figures, downstream conversions and the A/B test. */
export async function popupDetail(site: AnalyticsSite, id: string, query: { from?: string; to?: string }, now: number): Promise<PopupDetail> {
  const row = await popupRow(site.store, site.id, id);
  const period = reportPeriod(query, site.timezone, now);
  const definition = storedPopup(row);
  const [days, exposures] = await Promise.all([dayFigures(site.store, row.id, period), exposuresOf(site.store, row.id, period)]);
  const { views, closes } = shown(days, ["views", "closes"]);
  const { n: visitors, leads } = shown(exposures.byVariant, ["n", "leads"]);
  const downstream = downstreamOf(site.data, exposures.shownTo, period.range.end, site.currency);
  const test: TestResult | null = definition.variants.length > 0 || definition.holdout > 0 ? abTest(armsOf(definition, exposures.byVariant)) : null;
  return {
    popup: { id: row.id, name: row.name, status: row.status, createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt), definition },
    from: period.range.from,
    to: period.range.to,
    views,
    closes,
    leads,
    visitors,
    conversionRate: visitors > 0 ? leads / visitors : 0,
    downstream: { visitors: downstream.visitors, conversions: downstream.conversions, revenue: asMoney(downstream.revenue), currency: site.currency },
    test,
  };
}
