import { asRate } from "../metrics.ts";
import { tallyInRange, type Tallied } from "../event-tally.ts";
import { sessionsInRange } from "../engine.ts";
import { NOT_SET } from "../keyings.ts";
import type { Period } from "../period.ts";
import { byMetric, metricRow, topPages } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { DOWNLOAD, FORM_SUBMIT, OUTBOUND, SCROLL, VITAL, type SiteData } from "../site-data.ts";
import { VITALS, vitalSummary, type Vital } from "../web-vitals.ts";
import { scratchFloats, ScratchSlot } from "../columns.ts";

const TOP = 100;
const TOP_SCROLL_PAGES = 50;
export const SCROLL_DEPTHS = [25, 50, 75, 90] as const;

/**
 * What visitors do on the pages: where sessions start and end, how far pages are scrolled,
 * which links and files are followed, which forms are sent, and the web vitals per page —
 * all of the sessions that started in the range.
 */
export function behaviourReport(site: AnalyticsSite, period: Period) {
  const data = site.data;
  const r = sessionsInRange(data, { from: period.from, to: period.to, groupBy: ["landing", "exit"], pages: true });
  const [landings, exits] = r.groups;
  const viewsOf = new Map(r.pages!.map((p) => [p.path, p.views]));

  const { outbound, downloads, forms, scrolls, vitals } = interactionsInRange(data, period.from, period.to);
  const size = data.paths.size;

  const pathText = (code: number) => data.paths.keys[code] ?? NOT_SET;
  const totalViews = r.totals.pageviews;
  const allScrolls = SCROLL_DEPTHS.map((_, i) => {
    let n = 0;
    for (let path = 0; path < size; path++) n += scrolls[path * SCROLL_DEPTHS.length + i];
    return n;
  });
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    landingPages: byMetric(landings, "sessions").slice(0, TOP).map(metricRow),
    exitPages: byMetric(exits, "sessions")
      .slice(0, TOP)
      .map((g) => ({ path: g.key, exits: g.sums.sessions, views: viewsOf.get(g.key) ?? 0, exitRate: asRate(g.sums.sessions, viewsOf.get(g.key) ?? 0) })),
    scrollDepth: {
      pageviews: totalViews,
      reached: SCROLL_DEPTHS.map((percent, i) => ({ percent, pageviews: allScrolls[i], rate: asRate(allScrolls[i], totalViews) })),
      pages: topPages(r.pages!)
        .slice(0, TOP_SCROLL_PAGES)
        .map((p) => ({ path: p.path, views: p.views, ...Object.fromEntries(SCROLL_DEPTHS.map((d, i) => [`reached${d}`, asRate(scrolls[p.id * SCROLL_DEPTHS.length + i], p.views)])) }) as ScrollPage),
    },
    outboundLinks: outbound.rows(TOP).map((t) => linkRow(data, t, "clicks")),
    downloads: downloads.rows(TOP).map((t) => linkRow(data, t, "downloads")),
    forms: forms.rows(TOP).map((t) => ({ form: data.labels.keys[t.label] ?? NOT_SET, submits: t.events, sessions: t.sessions, users: t.users })),
    webVitals: {
      overall: vitals.get(0) ?? { samples: 0, ...(Object.fromEntries(VITALS.map((v) => [v, null])) as Record<Vital, null>) },
      pages: [...vitals]
        .filter(([path]) => path !== 0)
        .map(([path, row]) => ({ path: pathText(path), ...row }))
        .sort((a, b) => b.samples - a.samples || (a.path < b.path ? -1 : 1))
        .slice(0, TOP),
    },
  };
}

/**
 * The range's outbound clicks, downloads and form submits (tallied), scrolls per path and
 * depth (`scrolls[path * 4 + depth]`), and web vitals per path: a pass over each type's events.
 */
function interactionsInRange(data: SiteData, from: number, to: number) {
  return {
    outbound: tallyInRange(data, from, to, OUTBOUND),
    downloads: tallyInRange(data, from, to, DOWNLOAD),
    forms: tallyInRange(data, from, to, FORM_SUBMIT),
    scrolls: scrollsByPath(data, from, to),
    vitals: vitalsByPath(data, from, to),
  };
}

/** Pageviews that reached each scroll depth, per path: `scrolls[path * 4 + depth]` (depths as SCROLL_DEPTHS). */
export function scrollsByPath(data: SiteData, from: number, to: number): Float64Array {
  from |= 0; // int32s for the JIT, as in the engine
  to |= 0;
  const scrolls = new Float64Array(data.paths.size * SCROLL_DEPTHS.length);
  const { session, path, pct } = data.table(SCROLL);
  const day = data.sessions.day;
  const window = data.tableWindow(SCROLL, from, to);
  const start = window[0] | 0, end = window[1] | 0, sureStart = window[2] | 0, sureEnd = window[3] | 0;
  for (let row = start; row < end; row++) {
    if (row < sureStart || row >= sureEnd) {
      const d = day[session[row]];
      if (d < from || d > to) continue;
    }
    const depth = pct[row] === 25 ? 0 : pct[row] === 50 ? 1 : pct[row] === 75 ? 2 : pct[row] === 90 ? 3 : -1;
    if (depth >= 0) scrolls[path[row] * SCROLL_DEPTHS.length + depth]++;
  }
  return scrolls;
}

/**
 * Web vitals per path (0: every page): the range's samples counted per path and vital, laid
 * out in one buffer by those counts, then each group's p75 (no array per sample, no sort).
 */
export function vitalsByPath(data: SiteData, from: number, to: number): Map<number, VitalRow> {
  const { session, name, path, value } = data.table(VITAL);
  const day = data.sessions.day;
  const K = VITALS.length; // a local: the imported tuple's length costs a check per read in the loops
  const vitalOf = new Int8Array(data.labels.size).fill(-1);
  VITALS.forEach((v, i) => {
    const code = data.labels.codeOf(v);
    if (code > 0) vitalOf[code] = i;
  });
  const window = data.tableWindow(VITAL, from, to);
  const start = window[0] | 0, end = window[1] | 0, sureStart = window[2] | 0, sureEnd = window[3] | 0;
  const groups = data.paths.size * K;
  // Group g = path * K + vital; path 0 (no path) holds every page.
  const starts = new Int32Array(groups + 1);
  for (let row = start; row < end; row++) {
    const v = vitalOf[name[row]];
    if (v < 0) continue;
    if (row < sureStart || row >= sureEnd) {
      const d = day[session[row]];
      if (d < from || d > to) continue;
    }
    starts[v + 1]++;
    if (path[row] > 0) starts[path[row] * K + v + 1]++;
  }
  for (let g = 0; g < groups; g++) starts[g + 1] += starts[g];
  const samples = scratchFloats(ScratchSlot.Samples, starts[groups]);
  const fill = starts.slice(0, groups);
  for (let row = start; row < end; row++) {
    const v = vitalOf[name[row]];
    if (v < 0) continue;
    if (row < sureStart || row >= sureEnd) {
      const d = day[session[row]];
      if (d < from || d > to) continue;
    }
    samples[fill[v]++] = value[row];
    if (path[row] > 0) samples[fill[path[row] * K + v]++] = value[row];
  }
  const rows = new Map<number, VitalRow>();
  for (let o = 0, at = 0; o < groups; o += K, at++) {
    if (starts[o + K] === starts[o]) continue;
    const row = { samples: starts[o + K] - starts[o] } as VitalRow;
    VITALS.forEach((v, i) => (row[v] = vitalSummary(v, samples.subarray(starts[o + i], starts[o + i + 1]))));
    rows.set(at, row);
  }
  return rows;
}

/** A path's web vitals: `samples` counts every vital's measurements together; each vital its p75, samples and rating (null without samples). */
export type VitalRow = { samples: number } & Record<Vital, ReturnType<typeof vitalSummary>>;

type ScrollPage = { path: string; views: number; reached25: number; reached50: number; reached75: number; reached90: number };

function linkRow<K extends "clicks" | "downloads">(data: SiteData, t: Tallied, count: K) {
  return { href: data.labels.keys[t.label] ?? NOT_SET, [count]: t.events, sessions: t.sessions, users: t.users } as { href: string; sessions: number; users: number } & Record<K, number>;
}
