import { countsAsRevenue } from "../analytics/metrics.ts";
import { CONVERSION, type SiteData } from "../analytics/site-data.ts";

/**
 * A popup's visitors (visitor_rows.seq), when each was first assigned (ms: first saw it, or
 * was held out) and their arm of its test, side by side.
 */
export interface Exposed {
  visitors: number[];
  firstAts: number[];
  /** An index into the caller's `armCount` arms, or NO_ARM (a variant no longer defined). */
  arms: number[];
  armCount: number;
  /** The held-out visitors' arm (they saw nothing), or null without a holdout. */
  holdoutArm: number | null;
}

export const NO_ARM = -1;

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
 * Follows the analytics engine's per-visitor session chains (no index on session_rows by
 * visitor is needed): a few steps per exposed visitor, about 25–50 ms for 300 000 on the 2-core machine (with 0.15–0.2 s to read their exposures).
 */
export function downstreamOf(data: SiteData, exposed: Exposed, end: number, currency: string): Downstream {
  const s = data.sessions;
  const table = data.table(CONVERSION);
  const out: Downstream = { visitors: 0, conversions: 0, revenue: 0, convertedByArm: new Array<number>(exposed.armCount).fill(0) };
  for (let i = 0; i < exposed.visitors.length; i++) {
    const visitor = exposed.visitors[i];
    const firstAt = exposed.firstAts[i];
    if (visitor < 0 || visitor >= data.lastOfVisitor.length) continue;
    const heldOut = exposed.arms[i] === exposed.holdoutArm;
    let conversions = 0;
    let revenue = 0;
    for (let p = data.lastOfVisitor[visitor]; p >= 0; p = data.prevOfVisitor[p]) {
      if (s.conversions[p] === 0 || s.lastAt[p] < firstAt || s.startedAt[p] >= end) continue;
      if (s.startedAt[p] >= firstAt) {
        conversions += s.conversions[p];
        revenue += s.revenue[p];
        continue;
      }
      // The view happened during this session: only what came after it.
      for (let e = data.lastEvent[p]; e >= 0; e = data.events.prevInSession[e]) {
        if (data.events.type[e] !== CONVERSION) continue;
        const row = data.events.row[e];
        if (table.ts[row] < firstAt || table.ts[row] >= end) continue;
        conversions++;
        if (countsAsRevenue(data.text(table.aux[row]), currency)) revenue += table.value[row];
      }
    }
    if (conversions > 0 && exposed.arms[i] !== NO_ARM) out.convertedByArm[exposed.arms[i]]++;
    if (heldOut) continue;
    if (conversions > 0) out.visitors++;
    out.conversions += conversions;
    out.revenue += revenue;
  }
  return out;
}
