import { desc, eq } from "drizzle-orm";
import { asMoney } from "../analytics/metrics.ts";
import { reportPeriod, type Period } from "../analytics/period.ts";
import type { AnalyticsSite, SiteWithStore } from "../analytics/site-cache.ts";
import { popups } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { abTest, SHOWN, type Arm, type TestResult } from "./ab-stats.ts";
import { HOLDOUT } from "./assign.ts";
import { downstreamOf, NO_ARM, NOT_SHOWN, type Exposed } from "./downstream.ts";
import { popupExposures, type PopupExposures } from "./exposure-columns.ts";
import { isoOf, siteRowOf, storedPopup, type StoredRow } from "./manage.ts";
import type { PopupDetail, PopupList } from "./models.ts";
import { NO_VARIANT, type PopupDefinition } from "./types.ts";

/**
 * The popup figures of the read API (docs/engagement.md "Read API"). Views and closes come
 * from `popup_days` (site-timezone days); visitors and leads from `popup_exposures` (one row
 * per popup and visitor, held in memory: exposure-columns.ts): a visitor counts in the period of their first view, and as a lead
 * when their exposure got its `lead_at` before the period ended. Held-out visitors are shown
 * nothing: they count only as the test's holdout arm.
 */

/** The variant ingest records for a popup shown without a test (lib/ingest popup counts). */



/** Views and closes per variant over the period's days. */
async function dayFigures(store: TenantStore, popupId: string, period: Period): Promise<Map<string, { views: number; closes: number }>> {
  const rows = (await readRows(store, "SELECT variant, sum(views), sum(closes) FROM popup_days WHERE popup_id = ? AND day >= ? AND day <= ? GROUP BY variant", [popupId, period.from, period.to])) as [string, number, number][];
  return new Map(rows.map(([variant, views, closes]) => [variant, { views, closes }]));
}

export type ExposureFigures = Map<string, { n: number; leads: number }>;

/**
 * Visitors who first saw it (or were held out) in the period and leads among them, per
 * variant: a loop over the popup's exposures in memory (exposure-columns.ts), a few ms at
 * 300 000.
 */
function exposureFigures(exposures: PopupExposures, { start, end }: Period["range"]): ExposureFigures {
  const n = new Int32Array(exposures.variants.length);
  const leads = new Int32Array(exposures.variants.length);
  const { firstAt, leadAt, variant } = exposures;
  for (let i = 0; i < exposures.count; i++) {
    if (firstAt[i] < start || firstAt[i] >= end) continue;
    n[variant[i]]++;
    if (leadAt[i] < end) leads[variant[i]]++;
  }
  const figures: ExposureFigures = new Map();
  exposures.variants.forEach((v, code) => n[code] > 0 && figures.set(v, { n: n[code], leads: leads[code] }));
  return figures;
}

/** Each variant's arm of the test (`armVariants`: the variants ingest records, in the test's order). */
function exposedIn(exposures: PopupExposures, range: Period["range"], armVariants: readonly string[]): Exposed {
  const armOf = new Map(armVariants.map((variant, i) => [variant, i]));
  const holdoutArm = armOf.get(HOLDOUT) ?? null;
  // Without a holdout arm, a held-out row (the holdout since set to 0) is still nobody shown the popup.
  const armOfVariant = Int32Array.from(exposures.variants, (v) => armOf.get(v) ?? (v === HOLDOUT ? NOT_SHOWN : NO_ARM));
  return { exposures, start: range.start, end: range.end, armOfVariant, armCount: armVariants.length, holdoutArm };
}

/** Totals of the popup itself: every variant but the holdout. */
function shown<T extends Record<string, number>>(byVariant: Map<string, T>, keys: (keyof T)[]): Record<keyof T, number> {
  const total = Object.fromEntries(keys.map((k) => [k, 0])) as Record<keyof T, number>;
  for (const [variant, figures] of byVariant) if (variant !== HOLDOUT) for (const k of keys) total[k] += figures[k];
  return total;
}

/** `GET …/popups`: the site's popups, newest first, with the last 28 days' views and leads. */
export async function popupList(site: SiteWithStore, canManage: boolean, now: number): Promise<PopupList> {
  const period = reportPeriod({}, site.timezone, now);
  const rows = await site.store.db.select().from(popups).where(eq(popups.siteId, site.id)).orderBy(desc(popups.createdAt), desc(popups.id));
  const items = await Promise.all(
    rows.map(async (row) => {
      const def = storedPopup(row);
      const { views, leads } = await popupFigures(site.store, row.id, period);
      return {
        id: row.id,
        name: row.name,
        status: row.status as StoredRow["status"],
        layout: def.layout,
        trigger: def.triggers[0].kind,
        leadForm: def.form !== null,
        updatedAt: isoOf(row.updatedAt),
        views,
        leads,
      };
    }),
  );
  return { canManage, items };
}

/**
 * The test's arms with the variant ingest records for each: the holdout (when there is one),
 * then the variants — or, without variants, the popup as shown (key `shown`, recorded `-`).
 * Weights: the holdout's percent, the variants' weights scaled to the rest.
 */
export function armsOf(def: PopupDefinition): { key: string; name: string; weight: number; variant: string }[] {
  const rest = 100 - def.holdout;
  const holdout = def.holdout > 0 ? [{ key: HOLDOUT, name: "Holdout (shown nothing)", weight: def.holdout, variant: HOLDOUT }] : [];
  if (def.variants.length === 0) return [...holdout, { key: SHOWN, name: "Popup shown", weight: rest, variant: NO_VARIANT }];
  const total = def.variants.reduce((s, v) => s + v.weight, 0);
  return [...holdout, ...def.variants.map((v) => ({ key: v.key, name: v.name, weight: (rest * v.weight) / total, variant: v.key }))];
}


/** A popup's own figures over a period: views and closes (its days), visitors and leads (its exposures), holdout left out. */
export interface PopupFigures {
  views: number;
  closes: number;
  visitors: number;
  leads: number;
  /** Leads ÷ visitors: the one popup conversion rate (the read API's, the A/B test's and the recommendations'). */
  conversionRate: number;
  /** Per recorded variant (the holdout included): views and closes, and visitors and leads. */
  days: Map<string, { views: number; closes: number }>;
  byVariant: ExposureFigures;
  exposures: PopupExposures;
}

export async function popupFigures(store: TenantStore, popupId: string, period: Period): Promise<PopupFigures> {
  const [days, exposures] = await Promise.all([dayFigures(store, popupId, period), popupExposures(store, popupId)]);
  const byVariant = exposureFigures(exposures, period.range);
  const { views, closes } = shown(days, ["views", "closes"]);
  const { n: visitors, leads } = shown(byVariant, ["n", "leads"]);
  return { views, closes, visitors, leads, conversionRate: visitors > 0 ? leads / visitors : 0, days, byVariant, exposures };
}

/** `GET …/popups/{id}?from&to`: the definition, the period's figures, downstream conversions and the A/B test. */
export async function popupDetail(site: AnalyticsSite, id: string, query: { from?: string; to?: string }, now: number): Promise<PopupDetail> {
  const row = await siteRowOf(site.store, "popup", site.id, id);
  const period = reportPeriod(query, site.timezone, now);
  const definition = storedPopup(row);
  const tested = definition.variants.length > 0 || definition.holdout > 0;
  const armDefs = tested ? armsOf(definition) : [];
  const { views, closes, visitors, leads, conversionRate, exposures, byVariant } = await popupFigures(site.store, row.id, period);
  const downstream = downstreamOf(site.data, exposedIn(exposures, period.range, armDefs.map((a) => a.variant)), site.currency);
  let test: TestResult | null = null;
  if (tested) {
    const arms: Arm[] = armDefs.map(({ variant, ...arm }, i) => ({ ...arm, ...(byVariant.get(variant) ?? { n: 0, leads: 0 }), converted: downstream.convertedByArm[i] }));
    test = definition.holdout > 0 ? abTest(arms[0], arms.slice(1)) : abTest(null, arms);
  }
  return {
    popup: { id: row.id, name: row.name, status: row.status, createdAt: isoOf(row.createdAt), updatedAt: isoOf(row.updatedAt), definition },
    from: period.range.from,
    to: period.range.to,
    views,
    closes,
    leads,
    visitors,
    conversionRate,
    downstream: { visitors: downstream.visitors, conversions: downstream.conversions, revenue: asMoney(downstream.revenue), currency: site.currency },
    test,
  };
}
