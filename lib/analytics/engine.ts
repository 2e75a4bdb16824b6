import { dateOfEpochDay } from "../time.ts";
import type { SessionSums } from "./metrics.ts";
import { SESSION_DIMS, type SessionDim, type SiteData } from "./site-data.ts";

/**
 * The one query engine: session sums for a date range, narrowed by filters, grouped by
 * dimensions — every report and explore query is a call to `sessionsInRange`. One pass over
 * the sessions, visitor by visitor: a group counts a user the first time one of that
 * visitor's sessions falls in it (`stamp`), which is exact without a set per group.
 */

/** Dimensions of a session, in the words of the API (spec 4.7) plus report-only ones. */
export const DIMENSIONS = ["channel", "source", "medium", "campaign", "landing", "country", "region", "device", "browser", "os", "visitor", "date"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type ReportDimension = Dimension | "city" | "language" | "screen" | "exit" | "referrer" | "userType" | "sourceMedium";

export const FILTER_OPS = ["is", "is_not", "contains", "not_contains", "starts_with", "in"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface Filter {
  dim: ReportDimension;
  op: FilterOp;
  value: string | string[];
}

/** What a missing value reads as in reports and filters (GA4's placeholder). */
export const NOT_SET = "(not set)";

const COLUMN_OF: Partial<Record<ReportDimension, SessionDim>> = {
  channel: "channel", source: "source", medium: "medium", campaign: "campaign", landing: "landing", country: "country", region: "region",
  device: "device", browser: "browser", os: "os", city: "city", language: "language", screen: "screen", exit: "exit", referrer: "referrer_host",
};

/** The session sums' slots in a group's row of the accumulator. */
const SESSIONS = 0, ENGAGED = 1, ENGAGED_MS = 2, PAGEVIEWS = 3, CONVERSIONS = 4, CONVERTING = 5, REVENUE = 6, USERS = 7, NEW_USERS = 8;
const SLOTS = 9;

/** How a dimension turns a session (by position) into a group code and a code into its key. */
interface Keying {
  size: number;
  codeOf(p: number): number;
  keyOf(code: number): string;
}

function keying(data: SiteData, dim: ReportDimension, from: number, to: number): Keying {
  const s = data.sessions;
  const column = COLUMN_OF[dim];
  if (column) {
    // Dense codes for the string ids that occur in this column (0 = not set).
    const ids = s.dims[column];
    const codes = new Int32Array(data.strings.length + 1).fill(-1);
    const keys: string[] = [];
    for (let p = 0; p < s.count; p++) {
      const id = ids[p];
      if (codes[id] < 0) {
        codes[id] = keys.length;
        keys.push(data.text(id) ?? NOT_SET);
      }
    }
    return { size: keys.length, codeOf: (p) => codes[ids[p]], keyOf: (c) => keys[c] };
  }
  switch (dim) {
    case "date":
      return { size: to - from + 1, codeOf: (p) => s.day[p] - from, keyOf: (c) => dateOfEpochDay(from + c) };
    case "sourceMedium": {
      // Pairs of string ids as one number (ids stay far below 2^26, so the product is exact).
      const width = data.strings.length + 1;
      const pairs = new Map<number, number>();
      const keys: string[] = [];
      const codes = new Int32Array(s.count);
      const source = s.dims.source, medium = s.dims.medium;
      for (let p = 0; p < s.count; p++) {
        const pair = source[p] * width + medium[p];
        let c = pairs.get(pair);
        if (c === undefined) {
          pairs.set(pair, (c = keys.length));
          keys.push(`${data.text(source[p]) ?? NOT_SET} / ${data.text(medium[p]) ?? NOT_SET}`);
        }
        codes[p] = c;
      }
      return { size: keys.length, codeOf: (p) => codes[p], keyOf: (c) => keys[c] };
    }
    case "userType":
      return { size: 2, codeOf: (p) => s.isNew[p], keyOf: (c) => (c === 1 ? "new" : "returning") };
    case "visitor": {
      let max = 0;
      for (let p = 0; p < s.count; p++) if (s.visitor[p] > max) max = s.visitor[p];
      return { size: max + 1, codeOf: (p) => s.visitor[p], keyOf: (c) => data.visitorUuid(c) };
    }
  }
  throw new Error(`no keying for ${dim}`);
}

/** Filters compiled to one yes/no per group code of their dimension. */
function compileFilters(data: SiteData, filters: Filter[], from: number, to: number): { keying: Keying; pass: Uint8Array }[] {
  return filters.map((f) => {
    const k = keying(data, f.dim, from, to);
    const pass = new Uint8Array(k.size);
    const wanted = Array.isArray(f.value) ? f.value : [f.value];
    const needle = wanted[0].toLowerCase();
    for (let c = 0; c < k.size; c++) {
      const key = k.keyOf(c);
      const lower = key.toLowerCase();
      let ok: boolean;
      switch (f.op) {
        case "is": ok = key === wanted[0]; break;
        case "is_not": ok = key !== wanted[0]; break;
        case "in": ok = wanted.includes(key); break;
        case "contains": ok = lower.includes(needle); break;
        case "not_contains": ok = !lower.includes(needle); break;
        case "starts_with": ok = lower.startsWith(needle); break;
      }
      pass[c] = ok ? 1 : 0;
    }
    return { keying: k, pass };
  });
}

export interface Group {
  key: string;
  sums: SessionSums;
}

export interface PageGroup {
  path: string;
  title: string | null;
  views: number;
  users: number;
}

export interface RangeResult {
  totals: SessionSums;
  /** Per requested dimension, every group with at least one session, unordered. */
  groups: Group[][];
  /** Pageviews by path, when asked. */
  pages: PageGroup[] | null;
}

export interface RangeQuery {
  /** Epoch days, inclusive. */
  from: number;
  to: number;
  filters?: Filter[];
  groupBy?: ReportDimension[];
  pages?: boolean;
}

const sumsAt = (acc: Float64Array, o: number): SessionSums => ({
  sessions: acc[o + SESSIONS], engagedSessions: acc[o + ENGAGED], engagedMs: acc[o + ENGAGED_MS], pageviews: acc[o + PAGEVIEWS],
  conversions: acc[o + CONVERSIONS], convertingSessions: acc[o + CONVERTING], revenue: acc[o + REVENUE], users: acc[o + USERS], newUsers: acc[o + NEW_USERS],
});

/** Session sums of the sessions that started in [from, to] and pass the filters, grouped as asked. */
export function sessionsInRange(data: SiteData, q: RangeQuery): RangeResult {
  const s = data.sessions;
  const { from, to } = q;
  const filters = compileFilters(data, q.filters ?? [], from, to);
  const dims = q.groupBy ?? [];
  const keyings = [{ size: 1, codeOf: () => 0, keyOf: () => "" } as Keying, ...dims.map((d) => keying(data, d, from, to))];
  const accs = keyings.map((k) => new Float64Array(k.size * SLOTS));
  const stamps = keyings.map((k) => new Int32Array(k.size).fill(-1));

  const pv = data.pageviews;
  const pageCodes = q.pages ? new Int32Array(data.strings.length + 1).fill(-1) : null;
  const pagePaths: number[] = [];
  let pageViews: number[] = [];
  let pageUsers: number[] = [];
  let pageStamp: number[] = [];

  const order = data.order;
  const day = s.day;
  sessions: for (let i = 0; i < order.length; i++) {
    const p = order[i];
    const d = day[p];
    if (d < from || d > to) continue;
    for (let f = 0; f < filters.length; f++) if (filters[f].pass[filters[f].keying.codeOf(p)] === 0) continue sessions;
    const visitor = s.visitor[p];
    const pageviews = s.pageviews[p], conversions = s.conversions[p];
    for (let g = 0; g < keyings.length; g++) {
      const code = keyings[g].codeOf(p);
      const a = accs[g];
      const o = code * SLOTS;
      a[o + SESSIONS]++;
      a[o + ENGAGED] += s.engaged[p];
      a[o + ENGAGED_MS] += s.engagedMs[p];
      a[o + PAGEVIEWS] += pageviews;
      a[o + CONVERSIONS] += conversions;
      if (conversions > 0) a[o + CONVERTING]++;
      a[o + REVENUE] += s.revenue[p];
      a[o + NEW_USERS] += s.isNew[p];
      const stamp = stamps[g];
      if (stamp[code] !== visitor) {
        stamp[code] = visitor;
        a[o + USERS]++;
      }
    }
    if (pageCodes) {
      for (let j = data.pvStart[p], end = data.pvStart[p + 1]; j < end; j++) {
        const path = pv.path[data.pvOrder[j]];
        let c = pageCodes[path];
        if (c < 0) {
          c = pageCodes[path] = pagePaths.length;
          pagePaths.push(path);
          pageViews.push(0);
          pageUsers.push(0);
          pageStamp.push(-1);
        }
        pageViews[c]++;
        if (pageStamp[c] !== visitor) {
          pageStamp[c] = visitor;
          pageUsers[c]++;
        }
      }
    }
  }

  const groups = keyings.slice(1).map((k, g) => {
    const a = accs[g + 1];
    const rows: Group[] = [];
    for (let c = 0; c < k.size; c++) if (a[c * SLOTS + SESSIONS] > 0) rows.push({ key: k.keyOf(c), sums: sumsAt(a, c * SLOTS) });
    return rows;
  });
  const pages = q.pages
    ? pagePaths.map((path, c) => ({ path: data.text(path) ?? NOT_SET, title: data.titleOf(path), views: pageViews[c], users: pageUsers[c] }))
    : null;
  pageViews = pageUsers = pageStamp = [];
  return { totals: sumsAt(accs[0], 0), groups, pages };
}

export { SESSION_DIMS };
