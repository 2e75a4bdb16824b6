import { countsAsRevenue } from "../analytics/metrics.ts";
import { CONVERSION, type SiteData } from "../analytics/site-data.ts";

/** A popup's exposures as downstream reads them (exposure-columns.ts). */
export interface ExposureIndex {
  /** The position of a visitor's (visitor_rows.seq) exposure; -1: none. */
  positionOf(visitor: number): number;
  /** When each was first assigned (ms: first saw it, or was held out). */
  firstAt: Float64Array;
  /** Each one's variant, a code into the caller's `armOfVariant`. */
  variant: Uint8Array;
}

/** The exposures whose first assignment is in [start, end), each with the arm of the test its variant is. */
export interface Exposed {
  exposures: ExposureIndex;
  start: number;
  end: number;
  /** Per variant code: an index into the `armCount` arms, NO_ARM (a variant no longer defined) or NOT_SHOWN. */
  armOfVariant: Int32Array;
  armCount: number;
  /** The held-out visitors' arm (they saw nothing), or null without a holdout. */
  holdoutArm: number | null;
}

export const NO_ARM = -1;
/** Held out of a popup that has no holdout arm (any more): nobody shown it, counted nowhere. */
export const NOT_SHOWN = -2;

export interface Downstream {
  /** Visitors shown the popup (not held out) with at least one conversion counted. */
  visitors: number;
  conversions: number;
  revenue: number;
  /** Per arm (held-out visitors included): its visitors with at least one conversion counted. */
  convertedByArm: number[];
}

/**
 * What visitors did after they first saw a popup: the conversions and revenue (site currency)
 * of their sessions from the first view on, up to `end` (the period's end; the exposures are
 * those whose first view is in the period); and, per arm of its test, the visitors converted
 * after their first assignment (held-out visitors by the same rule, from when they were held
 * out; they count nowhere else). A session that started at or after the view counts whole, as
 * reports count a session in the day it started; the session during which the view happened
 * counts only its conversions at or after the view.
 *
 * One pass over the engine's sessions, those with conversions looking their visitor up in the
 * exposures (a typed index by visitor seq): its cost follows the site's sessions (a few ms for
 * 3 M), not the popup's visitors, and there is no per-visitor walk.
 */
export function downstreamOf(data: SiteData, exposed: Exposed, currency: string): Downstream {
  const { exposures, start, end, armOfVariant, holdoutArm } = exposed;
  const s = data.sessions;
  const out: Downstream = { visitors: 0, conversions: 0, revenue: 0, convertedByArm: new Array<number>(exposed.armCount).fill(0) };
  const converted = new Set<number>();
  for (let p = 0; p < s.count; p++) {
    if (s.conversions[p] === 0 || s.startedAt[p] >= end) continue;
    const i = exposures.positionOf(s.visitor[p]);
    if (i < 0) continue;
    const firstAt = exposures.firstAt[i];
    if (firstAt < start || firstAt >= end || lastAtOf(data, p) < firstAt) continue;
    const arm = armOfVariant[exposures.variant[i]];
    if (arm === NOT_SHOWN) continue;
    // The view happened during this session: only what came after it.
    const [conversions, revenue] = s.startedAt[p] >= firstAt ? [s.conversions[p], s.revenue[p]] : conversionsIn(data, p, firstAt, end, currency);
    if (conversions === 0) continue;
    const heldOut = arm === holdoutArm;
    if (!converted.has(i)) {
      converted.add(i);
      if (arm !== NO_ARM) out.convertedByArm[arm]++;
      if (!heldOut) out.visitors++;
    }
    if (heldOut) continue;
    out.conversions += conversions;
    out.revenue += revenue;
  }
  return out;
}

/* The analytics engine's internals read here, kept to these lines. */

const lastAtOf = (data: SiteData, p: number): number => data.lastAtOf(p);

/** Session p's conversions in [from, end) and their revenue in the site currency, through its events. */
function conversionsIn(data: SiteData, p: number, from: number, end: number, currency: string): [number, number] {
  const table = data.table(CONVERSION);
  let conversions = 0;
  let revenue = 0;
  for (let e = data.lastEvent[p]; e >= 0; e = data.prevInSession(e)) {
    if (data.events.type[e] !== CONVERSION) continue;
    const row = data.rowOf(e);
    const ts = table.ts.at(row);
    if (ts < from || ts >= end) continue;
    conversions++;
    if (countsAsRevenue(data.text(table.aux[row]), currency)) revenue += table.value[row];
  }
  return [conversions, revenue];
}
