import { dateOfEpochDay } from "../time.ts";
import type { SessionSums } from "./metrics.ts";
import { ENGAGEMENT, PAGEVIEW, SESSION_DIMS, type SessionDim, type SiteData } from "./site-data.ts";

/**
 * The one query engine: session sums for a date range, narrowed by filters, grouped by
 * dimensions — every report and explore query is a call to `sessionsInRange`. One pass over
 * the sessions, visitor by visitor: a group counts a user the first time one of that
 * visitor's sessions falls in it (`stamp`), which is exact without a set per group.
 */

/** Dimensions of a session, in the words of the API (spec 4.7) plus report-only ones. */
export const DIMENSIONS = ["channel", "source", "medium", "campaign", "landing", "country", "region", "device", "browser", "os", "visitor", "date"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type ReportDimension = Dimension | "city" | "language" | "screen" | "exit" | "referrer" | "userType" | "sourceMedium" | "campaignSourceMedium";

/** Dimensions made of several session columns; their key joins the values with " / ". */
const COMBINED: Partial<Record<ReportDimension, SessionDim[]>> = {
  sourceMedium: ["source", "medium"],
  campaignSourceMedium: ["campaign", "source", "medium"],
};
/** Separates the parts of a combined key. */
export const KEY_JOIN = " / ";

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

/**
 * How a dimension turns a session (by position) into a group code: `column[p] - offset`
 * (the offset is the first day for dates, else 0). Plain data, so the hot loop has one shape.
 */
export interface Keying {
  column: Int32Array;
  offset: number;
  size: number;
  keyOf(code: number): string;
}

function keying(data: SiteData, dim: ReportDimension, from: number, to: number): Keying {
  const s = data.sessions;
  const column = COLUMN_OF[dim];
  if (column) {
    return data.derived(`dim:${dim}`, () => {
      // Dense codes for the string ids that occur in this column (0 = not set), resolved per
      // session once, so a pass reads one number per session and dimension.
      const ids = s.dims[column];
      const codeOfId = new Int32Array(data.strings.length + 1).fill(-1);
      const keys: string[] = [];
      const codes = new Int32Array(s.count);
      for (let p = 0; p < s.count; p++) {
        const id = ids[p];
        if (codeOfId[id] < 0) {
          codeOfId[id] = keys.length;
          keys.push(data.text(id) ?? NOT_SET);
        }
        codes[p] = codeOfId[id];
      }
      return { column: codes, offset: 0, size: keys.length, keyOf: (c: number) => keys[c] };
    });
  }
  const parts = COMBINED[dim];
  if (parts) {
    return data.derived(`dim:${dim}`, () => {
      // A tuple of string ids as one number per session (as text when the number could
      // lose precision), then dense codes of the tuples seen.
      const width = data.strings.length + 1;
      const exact = width ** parts.length < Number.MAX_SAFE_INTEGER;
      const tuples = new Map<number | string, number>();
      const keys: string[] = [];
      const column = new Int32Array(s.count);
      const columns = parts.map((d) => s.dims[d]);
      for (let p = 0; p < s.count; p++) {
        let tuple: number | string = 0;
        if (exact) for (const c of columns) tuple = tuple * width + c[p];
        else tuple = columns.map((c) => c[p]).join(",");
        let code = tuples.get(tuple);
        if (code === undefined) {
          tuples.set(tuple, (code = keys.length));
          keys.push(columns.map((c) => data.text(c[p]) ?? NOT_SET).join(KEY_JOIN));
        }
        column[p] = code;
      }
      return { column, offset: 0, size: keys.length, keyOf: (c: number) => keys[c] };
    });
  }
  switch (dim) {
    case "date":
      return { column: s.day, offset: from, size: to - from + 1, keyOf: (c) => dateOfEpochDay(from + c) };
    case "userType":
      return { column: s.isNew, offset: 0, size: 2, keyOf: (c) => (c === 1 ? "new" : "returning") };
    case "visitor":
      return data.derived("dim:visitor", () => {
        let max = 0;
        for (let p = 0; p < s.count; p++) if (s.visitor[p] > max) max = s.visitor[p];
        return { column: s.visitor, offset: 0, size: max + 1, keyOf: (c: number) => data.visitorUuid(c) };
      });
  }
  throw new Error(`no keying for ${dim}`);
}

interface CompiledFilter {
  column: Int32Array;
  offset: number;
  pass: Uint8Array;
}

/** Filters compiled to one yes/no per group code of their dimension. */
function compileFilters(data: SiteData, filters: Filter[], from: number, to: number): CompiledFilter[] {
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
    return { column: k.column, offset: k.offset, pass };
  });
}

/** Additive sums (all but users) per day and group code of a dimension, over all sessions. */
interface DayRollup {
  first: number;
  days: number;
  sums: Float64Array;
}

function dayRollup(data: SiteData, dim: string, k: Keying): DayRollup {
  return data.derived(`rollup:${dim}`, () => {
    const s = data.sessions;
    let first = Infinity, last = -Infinity;
    for (let p = 0; p < s.count; p++) {
      if (s.day[p] < first) first = s.day[p];
      if (s.day[p] > last) last = s.day[p];
    }
    const days = s.count === 0 ? 0 : last - first + 1;
    const sums = new Float64Array(days * k.size * SLOTS);
    for (let p = 0; p < s.count; p++) {
      const code = dim === "total" ? 0 : k.column[p] - k.offset;
      const o = ((s.day[p] - first) * k.size + code) * SLOTS;
      const conversions = s.conversions[p];
      sums[o + SESSIONS]++;
      sums[o + ENGAGED] += s.engaged[p];
      sums[o + ENGAGED_MS] += s.engagedMs[p];
      sums[o + PAGEVIEWS] += s.pageviews[p];
      sums[o + CONVERSIONS] += conversions;
      if (conversions > 0) sums[o + CONVERTING]++;
      sums[o + REVENUE] += s.revenue[p];
      sums[o + NEW_USERS] += s.isNew[p];
    }
    return { first, days, sums };
  });
}

/** Adds a dimension's rollup over [from, to] into an accumulator (dates: one day per code). */
function addRollup(acc: Float64Array, data: SiteData, dim: string, k: Keying, from: number, to: number): void {
  if (dim === "date") {
    const total = dayRollup(data, "total", { ...k, size: 1 });
    for (let c = 0; c < k.size; c++) {
      const d = from + c - total.first;
      if (d < 0 || d >= total.days) continue;
      for (let slot = 0; slot < SLOTS; slot++) acc[c * SLOTS + slot] += total.sums[d * SLOTS + slot];
    }
    return;
  }
  const r = dayRollup(data, dim, k);
  const width = k.size * SLOTS;
  for (let d = Math.max(from, r.first); d <= Math.min(to, r.first + r.days - 1); d++) {
    const o = (d - r.first) * width;
    for (let x = 0; x < width; x++) acc[x] += r.sums[o + x];
  }
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
  /** Engaged time reported while the path was shown. */
  engagedMs: number;
}

export interface RangeResult {
  totals: SessionSums;
  /** Per requested dimension, every group with at least one session, unordered. */
  groups: Group[][];
  /** Views, users and engaged time by path, when asked. */
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

/** Views, users and engaged time per path of the sessions a pass visits. */
class PageCounter {
  readonly views: Float64Array;
  readonly users: Float64Array;
  readonly engagedMs: Float64Array;
  private readonly stamp: Int32Array;

  constructor(private readonly data: SiteData) {
    const size = data.strings.length + 1;
    this.views = new Float64Array(size);
    this.users = new Float64Array(size);
    this.engagedMs = new Float64Array(size);
    this.stamp = new Int32Array(size).fill(-1);
  }

  add(p: number, visitor: number): void {
    const { peStart, peOrder } = this.data;
    const { path, type, value } = this.data.pageEvents;
    for (let j = peStart[p], end = peStart[p + 1]; j < end; j++) {
      const e = peOrder[j];
      const at = path[e];
      if (type[e] === ENGAGEMENT) this.engagedMs[at] += value[e];
      if (type[e] !== PAGEVIEW) continue;
      this.views[at]++;
      if (this.stamp[at] !== visitor) {
        this.stamp[at] = visitor;
        this.users[at]++;
      }
    }
  }

  groups(): PageGroup[] {
    const pages: PageGroup[] = [];
    for (let path = 0; path < this.views.length; path++) {
      if (this.views[path] > 0 || this.engagedMs[path] > 0) {
        pages.push({ path: this.data.text(path) ?? NOT_SET, title: this.data.titleOf(path), views: this.views[path], users: this.users[path], engagedMs: this.engagedMs[path] });
      }
    }
    return pages;
  }
}

/** The group code of the session at p (the totals' keying is always code 0). */
const codeAt = (k: Keying, p: number) => (k.size === 1 ? 0 : k.column[p] - k.offset);

/** Unfiltered: additive sums from the per-day rollups; one pass counts users (and pages). */
function rollupPass(data: SiteData, q: RangeQuery, dims: ReportDimension[], keyings: Keying[], accs: Float64Array[], pages: PageCounter | null): void {
  const { from, to } = q;
  keyings.forEach((k, g) => addRollup(accs[g], data, g === 0 ? "total" : dims[g - 1], k, from, to));
  const stamps = keyings.map((k) => new Int32Array(k.size).fill(-1));
  const { order } = data;
  const { day, visitor: visitorOf } = data.sessions;
  for (let i = 0; i < order.length; i++) {
    const p = order[i];
    const d = day[p];
    if (d < from || d > to) continue;
    const visitor = visitorOf[p];
    for (let g = 0; g < keyings.length; g++) {
      const code = codeAt(keyings[g], p);
      if (stamps[g][code] !== visitor) {
        stamps[g][code] = visitor;
        accs[g][code * SLOTS + USERS]++;
      }
    }
    if (pages) pages.add(p, visitor);
  }
}

/** Filtered (or by visitor): every sum from the sessions themselves, in one pass. */
function sessionPass(data: SiteData, q: RangeQuery, filters: CompiledFilter[], keyings: Keying[], accs: Float64Array[], pages: PageCounter | null): void {
  const { from, to } = q;
  const stamps = keyings.map((k) => new Int32Array(k.size).fill(-1));
  const { order } = data;
  const { day, visitor: visitorOf, engaged, engagedMs, pageviews: pageviewsOf, conversions: conversionsOf, revenue: revenueOf, isNew } = data.sessions;
  sessions: for (let i = 0; i < order.length; i++) {
    const p = order[i];
    const d = day[p];
    if (d < from || d > to) continue;
    for (let f = 0; f < filters.length; f++) {
      const flt = filters[f];
      if (flt.pass[flt.column[p] - flt.offset] === 0) continue sessions;
    }
    const visitor = visitorOf[p];
    const conversions = conversionsOf[p];
    for (let g = 0; g < keyings.length; g++) {
      const code = codeAt(keyings[g], p);
      const a = accs[g];
      const o = code * SLOTS;
      a[o + SESSIONS]++;
      a[o + ENGAGED] += engaged[p];
      a[o + ENGAGED_MS] += engagedMs[p];
      a[o + PAGEVIEWS] += pageviewsOf[p];
      a[o + CONVERSIONS] += conversions;
      if (conversions > 0) a[o + CONVERTING]++;
      a[o + REVENUE] += revenueOf[p];
      a[o + NEW_USERS] += isNew[p];
      if (stamps[g][code] !== visitor) {
        stamps[g][code] = visitor;
        a[o + USERS]++;
      }
    }
    if (pages) pages.add(p, visitor);
  }
}

/** Session sums of the sessions that started in [from, to] and pass the filters, grouped as asked. */
export function sessionsInRange(data: SiteData, q: RangeQuery): RangeResult {
  const filters = compileFilters(data, q.filters ?? [], q.from, q.to);
  const dims = q.groupBy ?? [];
  const total: Keying = { column: data.sessions.day, offset: 0, size: 1, keyOf: () => "" };
  const keyings = [total, ...dims.map((d) => keying(data, d, q.from, q.to))];
  const accs = keyings.map((k) => new Float64Array(k.size * SLOTS));
  const pages = q.pages ? new PageCounter(data) : null;
  if (filters.length === 0 && !dims.includes("visitor")) rollupPass(data, q, dims, keyings, accs, pages);
  else sessionPass(data, q, filters, keyings, accs, pages);

  const groups = keyings.slice(1).map((k, g) => {
    const a = accs[g + 1];
    const rows: Group[] = [];
    for (let c = 0; c < k.size; c++) if (a[c * SLOTS + SESSIONS] > 0) rows.push({ key: k.keyOf(c), sums: sumsAt(a, c * SLOTS) });
    return rows;
  });
  return { totals: sumsAt(accs[0], 0), groups, pages: pages?.groups() ?? null };
}

export { SESSION_DIMS };
