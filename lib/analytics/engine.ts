import { metricOf, type Metric, type SessionSums } from "./metrics.ts";
import { nthSmallest } from "./percentile.ts";
import {
  CONVERSIONS, CONVERTING, ENGAGED, ENGAGED_MS, MAX_ROLLUP_GROUPS, NEW_USERS, NOT_SET, PAGEVIEWS, REVENUE, SESSIONS, SLOTS, USERS,
  foldOf, keyingOf, pagePrevOf, prevSameIfMade, prevSameOf, rollupOf, type Keying, type QueryRange, type ReportDimension,
} from "./keyings.ts";
import { beforeBound, ScratchLease } from "./columns.ts";
import { ENGAGEMENT, PAGEVIEW, type SiteData } from "./site-data.ts";

/**
 * The one query engine: session sums for a date range, narrowed by filters, grouped by
 * dimensions — every report, explore query, segment and export is a call to
 * `sessionsInRange`. Unfiltered, the additive sums come from per-day rollups and one pass
 * over the range's sessions counts users (a session counts its visitor for a group when the
 * visitor's previous session in that group was before the range). Filtered, one pass sums
 * the sessions that pass and walks each visitor's earlier sessions in the range to count a
 * user once per group. Both are exact.
 */

export { DIMENSIONS, KEY_JOIN, NOT_SET, type Dimension, type ReportDimension } from "./keyings.ts";

export const FILTER_OPS = ["is", "is_not", "contains", "not_contains", "starts_with", "in"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export interface Filter {
  dim: ReportDimension;
  op: FilterOp;
  value: string | string[];
}

export interface Group {
  key: string;
  /** The group's code in its keying (the visitor seq, for visitors). */
  code?: number;
  sums: SessionSums;
}

export interface PageGroup {
  /** The path's code (`SiteData.paths`). */
  id: number;
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
  /** Views, users and engaged time by path, when asked (unfiltered queries only). */
  pages: PageGroup[] | null;
}

export interface RangeQuery {
  /** Epoch days, inclusive. */
  from: number;
  to: number;
  filters?: Filter[];
  groupBy?: ReportDimension[];
  pages?: boolean;
  /**
   * For groupings with very many groups (visitors): only the `limit` groups with most of
   * `metric` (and any tied with the last) are returned; totals still count every group.
   */
  top?: { metric: Metric; limit: number };
}

interface CompiledFilter {
  codes: Int32Array;
  offset: number;
  pass: Uint8Array;
}

/** Filters compiled to one yes/no per group code of their dimension. */
function compileFilters(data: SiteData, filters: Filter[], range: QueryRange): CompiledFilter[] {
  return filters.map((f) => {
    const k = keyingOf(data, f.dim, range);
    const size = k.size();
    const pass = new Uint8Array(size);
    const wanted = Array.isArray(f.value) ? f.value : [f.value];
    const needle = wanted[0].toLowerCase();
    for (let c = 0; c < size; c++) {
      const key = k.keyOf(c);
      let ok: boolean;
      switch (f.op) {
        case "is": ok = key === wanted[0]; break;
        case "is_not": ok = key !== wanted[0]; break;
        case "in": ok = wanted.includes(key); break;
        case "contains": ok = key.toLowerCase().includes(needle); break;
        case "not_contains": ok = !key.toLowerCase().includes(needle); break;
        case "starts_with": ok = key.toLowerCase().startsWith(needle); break;
      }
      pass[c] = ok ? 1 : 0;
    }
    // Over the keying's ids (tuples) rather than its groups: the scans then read one column.
    const fold = k.fold();
    if (fold === null) return { codes: k.codes(), offset: k.offset, pass };
    const byId = new Uint8Array(fold.length);
    for (let id = 0; id < fold.length; id++) byId[id] = pass[fold[id]];
    return { codes: k.codes(), offset: k.offset, pass: byId };
  });
}

/**
 * Sums per group code. Keyings with very many codes (visitors) map the codes a query meets
 * to dense slots, so an accumulator never holds a row per visitor of the site.
 */
class Accumulator {
  sums: Float64Array;
  private readonly slotOf: Int32Array | null;
  private readonly codes: number[] = [];

  constructor(readonly keying: Keying | null) {
    const size = keying ? keying.size() : 1;
    this.slotOf = size > 65_536 ? new Int32Array(size).fill(-1) : null;
    this.sums = new Float64Array((this.slotOf ? 1024 : size) * SLOTS);
  }

  /** Offset of a code's row in `sums`. */
  at(code: number): number {
    if (!this.slotOf) return code * SLOTS;
    let slot = this.slotOf[code];
    if (slot < 0) {
      slot = this.slotOf[code] = this.codes.length;
      this.codes.push(code);
      if ((slot + 1) * SLOTS > this.sums.length) {
        const next = new Float64Array(this.sums.length * 2);
        next.set(this.sums);
        this.sums = next;
      }
    }
    return slot * SLOTS;
  }

  /** The groups with a session; of a very large keying only the `top` ones by a metric (ties kept). */
  groups(top?: RangeQuery["top"]): Group[] {
    const rows: Group[] = [];
    const k = this.keying!;
    if (this.slotOf) {
      let threshold = -Infinity;
      const n = this.codes.length;
      const values = top && top.limit < n ? new Float64Array(n) : null;
      if (values && top) {
        // One reused sums object: a metric of a million visitors without a million objects.
        const sums = sumsAt(this.sums, 0);
        for (let slot = 0; slot < n; slot++) values[slot] = metricOf(top.metric, fillSums(sums, this.sums, slot * SLOTS));
        threshold = nthSmallest(values.slice(), n - top.limit);
      }
      this.codes.forEach((code, slot) => {
        if (!values || values[slot] >= threshold) rows.push({ key: k.keyOf(code), code, sums: sumsAt(this.sums, slot * SLOTS) });
      });
    } else {
      for (let c = 0; c * SLOTS < this.sums.length; c++) if (this.sums[c * SLOTS + SESSIONS] > 0) rows.push({ key: k.keyOf(c), code: c, sums: sumsAt(this.sums, c * SLOTS) });
    }
    return rows;
  }
}

const sumsAt = (acc: Float64Array, o: number): SessionSums => fillSums({} as SessionSums, acc, o);

function fillSums(sums: SessionSums, acc: Float64Array, o: number): SessionSums {
  sums.sessions = acc[o + SESSIONS];
  sums.engagedSessions = acc[o + ENGAGED];
  sums.engagedMs = acc[o + ENGAGED_MS];
  sums.pageviews = acc[o + PAGEVIEWS];
  sums.conversions = acc[o + CONVERSIONS];
  sums.convertingSessions = acc[o + CONVERTING];
  sums.revenue = acc[o + REVENUE];
  sums.users = acc[o + USERS];
  sums.newUsers = acc[o + NEW_USERS];
  return sums;
}

/** Unfiltered: additive sums from the rollups, users from passes over the range's sessions. */
function rollupPass(data: SiteData, from: number, to: number, accs: Accumulator[]): void {
  const [total, ...grouped] = accs;
  rollupOf(data, null).addInto(total.sums, from, to);
  let byDate: Float64Array | null = null;
  const keyed: UserCount[] = [];
  for (const acc of grouped) {
    const k = acc.keying!;
    if (k.rollup === "days") {
      rollupOf(data, null).addByDay(acc.sums, from, to);
      byDate = acc.sums;
    } else {
      rollupOf(data, k).addInto(acc.sums, from, to);
      keyed.push({ codes: k.codes(), fold: foldOf(k), prev: k.previous === "visitor" ? data.prevDay : prevSameOf(data, k).days, sums: acc.sums });
    }
  }
  // Three groupings a pass: one loop per grouping read each session's day six times over for
  // the audience report (135 ms on 3 M sessions, against 47 ms fused by three).
  for (let i = 0; i < keyed.length; i += 3) countUsersOf(data, from, to, keyed.slice(i, i + 3));
  total.sums[USERS] = countUsers(data, from, to, data.prevDay, byDate);
}

/** One grouping's ids and their groups (offset 0: no date), its "previous session in the same group" days and its sums. */
interface UserCount {
  codes: Int32Array;
  fold: Int32Array;
  prev: Uint16Array;
  sums: Float64Array;
}

const NO_COUNT: UserCount = { codes: new Int32Array(0), fold: new Int32Array(0), prev: new Uint16Array(0), sums: new Float64Array(0) };

/**
 * Users per group of up to three groupings in one pass over the range's sessions (each
 * session's day read once); a session counts its visitor for a group when the visitor's
 * previous session in that group (`prev`) was before the range.
 */
function countUsersOf(data: SiteData, from: number, to: number, counts: UserCount[]): void {
  const day = data.sessions.day;
  const before = beforeBound(from);
  const window = data.sessionWindow(from, to);
  const start = window[0] | 0, end = window[1] | 0;
  const [a, b = NO_COUNT, c = NO_COUNT] = counts;
  const n = counts.length;
  const ca = a.codes, fa = a.fold, pa = a.prev, sa = a.sums;
  const cb = b.codes, fb = b.fold, pb = b.prev, sb = b.sums;
  const cc = c.codes, fc = c.fold, pc = c.prev, sc = c.sums;
  if (n === 3) {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d < from || d > to) continue;
      if (pa[p] < before) sa[fa[ca[p]] * SLOTS + USERS]++;
      if (pb[p] < before) sb[fb[cb[p]] * SLOTS + USERS]++;
      if (pc[p] < before) sc[fc[cc[p]] * SLOTS + USERS]++;
    }
  } else if (n === 2) {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d < from || d > to) continue;
      if (pa[p] < before) sa[fa[ca[p]] * SLOTS + USERS]++;
      if (pb[p] < before) sb[fb[cb[p]] * SLOTS + USERS]++;
    }
  } else {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d >= from && d <= to && pa[p] < before) sa[fa[ca[p]] * SLOTS + USERS]++;
    }
  }
}

/**
 * Users of the range's sessions: a session counts its visitor when the visitor's previous
 * session (`prev`) was before the range. The total (returned), and per day into `byDate` when given.
 */
function countUsers(data: SiteData, from: number, to: number, prev: Uint16Array, byDate: Float64Array | null): number {
  const day = data.sessions.day;
  const before = beforeBound(from);
  const window = data.sessionWindow(from, to);
  const start = window[0] | 0, end = window[1] | 0;
  let users = 0;
  if (byDate !== null) {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d < from || d > to) continue;
      if (prev[p] < before) users++;
      if (prev[p] !== d) byDate[(d - from) * SLOTS + USERS]++;
    }
  } else {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d >= from && d <= to && prev[p] < before) users++;
    }
  }
  return users;
}

/** The range's sessions that pass the filters: as a list, and as a mark per position. */
interface Selection {
  list: Int32Array;
  count: number;
  marked: Uint8Array;
}

function selectSessions(data: SiteData, range: QueryRange, filters: CompiledFilter[]): Selection {
  const { from, to } = range;
  const day = data.sessions.day;
  const window = data.sessionWindow(from, to);
  const start = window[0] | 0, end = window[1] | 0;
  // Lent scratch, not fresh: a fresh list and marks of a long range are tens of MB of first-touch page faults per call.
  let list = range.scratch.lendInts(Math.max(16, end - start));
  let count = 0;
  const [first, second] = filters;
  if (second) {
    // Two filters in the scan itself: narrowing the list afterwards reads the second codes at
    // scattered positions (a third of the select's time on 3 M sessions).
    const { codes, pass } = first;
    const offset = first.offset | 0;
    const codes2 = second.codes, pass2 = second.pass;
    const offset2 = second.offset | 0;
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d >= from && d <= to && pass[codes[p] - offset] === 1 && pass2[codes2[p] - offset2] === 1) list[count++] = p;
    }
  } else if (first) {
    const { codes, pass } = first;
    const offset = first.offset | 0;
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d >= from && d <= to && pass[codes[p] - offset] === 1) list[count++] = p;
    }
  } else {
    for (let p = start; p < end; p++) {
      const d = day[p];
      if (d >= from && d <= to) list[count++] = p;
    }
  }
  // Each further filter narrows the list in place.
  for (let f = 2; f < filters.length; f++) {
    const { codes, pass } = filters[f];
    const offset = filters[f].offset | 0;
    let kept = 0;
    for (let i = 0; i < count; i++) if (pass[codes[list[i]] - offset] === 1) list[kept++] = list[i];
    count = kept;
  }
  list = list.subarray(0, count);
  const marked = range.scratch.lendMarks(data.sessions.count);
  for (let i = 0; i < count; i++) marked[list[i]] = 1;
  return { list, count, marked };
}

/** Additive sums of the selected sessions into one accumulator. */
function sumSelected(data: SiteData, sel: Selection, acc: Accumulator): void {
  const { engaged, engagedMs, pageviews, conversions, revenue, isNew } = data.sessions;
  const codes = acc.keying ? acc.keying.codes() : null;
  const fold = acc.keying ? acc.keying.fold() : null;
  const offset = acc.keying ? acc.keying.offset | 0 : 0;
  const list = sel.list;
  for (let i = 0; i < sel.count; i++) {
    const p = list[i];
    const o = acc.at(codes === null ? 0 : fold === null ? codes[p] - offset : fold[codes[p] - offset]);
    const sums = acc.sums;
    const conv = conversions[p];
    sums[o + SESSIONS]++;
    sums[o + ENGAGED] += engaged[p];
    sums[o + ENGAGED_MS] += engagedMs[p];
    sums[o + PAGEVIEWS] += pageviews[p];
    sums[o + CONVERSIONS] += conv;
    if (conv > 0) sums[o + CONVERTING]++;
    sums[o + REVENUE] += revenue[p];
    sums[o + NEW_USERS] += isNew[p];
  }
}

/**
 * Users of the selected sessions per group: a session counts its visitor unless an earlier
 * session of the visitor in the range was selected with the same code. `prev` (the day of the
 * visitor's previous session in the same group, unfiltered) settles most sessions at once;
 * only the rest walk back through the visitor's earlier sessions in the range.
 */
function usersSelected(data: SiteData, sel: Selection, from: number, acc: Accumulator): void {
  const day = data.sessions.day;
  const prevOf = data.prevOfVisitor;
  const k = acc.keying;
  const { list, marked } = sel;
  // The grouping's own codes and "previous in the group" days; groupings by day or by visitor derive theirs (Keying.previous).
  const byDate = k?.previous === "day";
  const byVisitor = k !== null && k.previous === "visitor";
  const codes = k === null || byVisitor ? null : k.codes();
  const visitors = byVisitor ? k.codes() : null;
  const offset = k ? k.offset | 0 : 0;
  // The groups of the ids (an identity when the ids are the groups).
  const fold = codes === null ? null : foldOf(k!);
  // Without the group's index yet, the visitor's previous session of any group settles fewer sessions at once (same answer).
  const prev = codes === null || byDate ? data.prevDay : (prevSameIfMade(data, k!)?.days ?? data.prevDay);
  const before = beforeBound(from);
  for (let i = 0; i < sel.count; i++) {
    const p = list[i];
    let first = byDate ? prev[p] !== day[p] : prev[p] < before;
    if (!first) {
      first = true;
      for (let q = prevOf[p]; q >= 0 && day[q] >= from; q = prevOf[q]) {
        if (marked[q] === 1 && (codes === null || fold![codes[q] - offset] === fold![codes[p] - offset])) {
          first = false;
          break;
        }
      }
    }
    if (first) acc.sums[acc.at(codes === null ? (visitors === null ? 0 : visitors[p]) : fold![codes[p] - offset]) + USERS]++;
  }
}

/** Filtered (or grouped too finely for rollups): passes over the selected sessions. */
function filteredPass(data: SiteData, range: QueryRange, filters: CompiledFilter[], accs: Accumulator[]): void {
  const sel = selectSessions(data, range, filters);
  try {
    for (const acc of accs) {
      sumSelected(data, sel, acc);
      usersSelected(data, sel, range.from, acc);
    }
  } finally {
    // The marks are lent scratch: they go back clear, for the next query's selection.
    for (let i = 0; i < sel.count; i++) sel.marked[sel.list[i]] = 0;
  }
}

/** Views, users and engaged time per path of the range's sessions (passes over their page rows). */
function pagesInRange(data: SiteData, from: number, to: number): PageGroup[] {
  const size = data.paths.size;
  const views = new Float64Array(size);
  const users = new Float64Array(size);
  const engagedMs = new Float64Array(size);
  {
    const { session, path } = data.table(PAGEVIEW);
    const day = data.sessions.day;
    const prev = pagePrevOf(data).days;
    const before = beforeBound(from);
    const window = data.tableWindow(PAGEVIEW, from, to);
    const start = window[0] | 0, end = window[1] | 0, sureStart = window[2] | 0, sureEnd = window[3] | 0;
    for (let r = start; r < end; r++) {
      if (r < sureStart || r >= sureEnd) {
        const d = day[session[r]];
        if (d < from || d > to) continue;
      }
      views[path[r]]++;
      if (prev[r] < before) users[path[r]]++;
    }
  }
  {
    const { session, path, ms } = data.table(ENGAGEMENT);
    const day = data.sessions.day;
    const window = data.tableWindow(ENGAGEMENT, from, to);
    const start = window[0] | 0, end = window[1] | 0, sureStart = window[2] | 0, sureEnd = window[3] | 0;
    for (let r = start; r < end; r++) {
      if (r < sureStart || r >= sureEnd) {
        const d = day[session[r]];
        if (d < from || d > to) continue;
      }
      engagedMs[path[r]] += ms[r];
    }
  }
  const pages: PageGroup[] = [];
  for (let at = 0; at < size; at++) {
    if (views[at] > 0 || engagedMs[at] > 0) pages.push({ id: at, path: data.paths.keys[at] ?? NOT_SET, title: data.titleOf(at), views: views[at], users: users[at], engagedMs: engagedMs[at] });
  }
  return pages;
}

/** Session sums of the sessions that started in [from, to] and pass the filters, grouped as asked. */
export function sessionsInRange(data: SiteData, q: RangeQuery): RangeResult {
  // Int32s for the JIT (see SiteData's windows): days are whole numbers anyway.
  const from = q.from | 0, to = q.to | 0;
  if (q.pages && (q.filters?.length ?? 0) > 0) throw new Error("pages are counted for unfiltered queries only");
  // The query's scratch columns: each keying and pass holds its own, all back on the shelf when it ends.
  const range: QueryRange = { from, to, scratch: new ScratchLease() };
  try {
    const filters = compileFilters(data, q.filters ?? [], range);
    const keyings = (q.groupBy ?? []).map((d) => keyingOf(data, d, range));
    const accs = [new Accumulator(null), ...keyings.map((k) => new Accumulator(k))];
    const rollable = keyings.every((k) => k.rollup === "days" || (k.rollup === "groups" && k.size() <= MAX_ROLLUP_GROUPS));
    if (filters.length === 0 && rollable) rollupPass(data, from, to, accs);
    else filteredPass(data, range, filters, accs);
    return { totals: sumsAt(accs[0].sums, 0), groups: accs.slice(1).map((a) => a.groups(q.top)), pages: q.pages ? pagesInRange(data, from, to) : null };
  } finally {
    range.scratch.close();
  }
}
