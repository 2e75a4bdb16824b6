import { dateOfEpochDay } from "../time.ts";
import { COLUMN_OF_DIMENSION, EXPLORE_COLUMN_DIMENSIONS, type ColumnDimension, type ExploreColumnDimension } from "../db/session-row.ts";
import { CUSTOM_EVENT, DOWNLOAD, FORM_SUBMIT, grow, NO_DAY, OUTBOUND, PAGEVIEW, type Dependent, type SessionDim, type SiteData } from "./site-data.ts";

/**
 * How a dimension turns a session into a group, and the indexes that keep grouped reports
 * fast: per-day sums (`Rollup`) and, per session, the day of the visitor's previous session
 * in the same group (`PrevSame`) — a session counts a user for its group exactly when that
 * day falls before the range, so distinct users are one pass in any order, exact.
 */

/**
 * Dimensions of a session in the words of the API (spec 4.7, with the ones the spec allows us
 * to add): the session columns explore offers (lib/db/session-row.ts), the visitor and the date.
 */
export const DIMENSIONS = [...EXPLORE_COLUMN_DIMENSIONS, "visitor", "date"] as const;
export type Dimension = ExploreColumnDimension | "visitor" | "date";
/** The API's dimensions plus the ones only reports group by. */
export type ReportDimension = Dimension | ColumnDimension | "userType" | "sourceMedium" | "campaignSourceMedium";

/** What a missing value reads as in reports and filters (GA4's placeholder). */
export const NOT_SET = "(not set)";
/** Separates the parts of a combined key. */
export const KEY_JOIN = " / ";

const COLUMN_OF: Partial<Record<ReportDimension, SessionDim>> = COLUMN_OF_DIMENSION;
/** Dimensions made of several session columns; their key joins the values with KEY_JOIN. */
const COMBINED: Partial<Record<ReportDimension, SessionDim[]>> = {
  sourceMedium: ["source", "medium"],
  campaignSourceMedium: ["campaign", "source", "medium"],
};

/** A dimension's group code per session position: codes[p] - offset, in [0, size). */
export interface Keying {
  readonly name: string;
  codes(): Int32Array;
  readonly offset: number;
  size(): number;
  keyOf(code: number): string;
}

class ColumnKeying implements Keying {
  readonly offset = 0;
  constructor(private readonly data: SiteData, readonly name: string, private readonly column: SessionDim) {}
  codes() {
    return this.data.dims[this.column].codes;
  }
  size() {
    return this.data.dims[this.column].keys.length;
  }
  keyOf(code: number) {
    return this.data.dims[this.column].keys[code] ?? NOT_SET;
  }
}

/** A tuple of columns as one code (dense over the tuples seen), kept current as sessions change. */
class CombinedKeying implements Keying, Dependent {
  readonly offset = 0;
  private column = new Int32Array(0);
  private readonly tuples = new Map<string, number>();
  private readonly keys: string[] = [];

  constructor(private readonly data: SiteData, readonly name: string, private readonly parts: SessionDim[]) {
    for (let p = 0; p < data.sessions.count; p++) this.sessionChanged(p);
    data.follow(this);
  }
  codes() {
    return this.column;
  }
  size() {
    return this.keys.length;
  }
  keyOf(code: number) {
    return this.keys[code];
  }
  sessionChanged(p: number): void {
    if (p >= this.column.length) this.column = grow(this.column, this.data.sessionCapacity);
    const dims = this.data.dims;
    let tuple = "";
    for (const d of this.parts) tuple += `${dims[d].codes[p]},`;
    let code = this.tuples.get(tuple);
    if (code === undefined) {
      this.tuples.set(tuple, (code = this.keys.length));
      this.keys.push(this.parts.map((d) => dims[d].keys[dims[d].codes[p]] ?? NOT_SET).join(KEY_JOIN));
    }
    this.column[p] = code;
  }
}

class FlagKeying implements Keying {
  readonly offset = 0;
  constructor(private readonly data: SiteData, readonly name: string, private readonly labels: [string, string]) {}
  codes() {
    return this.data.sessions.isNew;
  }
  size() {
    return 2;
  }
  keyOf(code: number) {
    return this.labels[code];
  }
}

class VisitorKeying implements Keying {
  readonly name = "visitor";
  readonly offset = 0;
  constructor(private readonly data: SiteData) {}
  codes() {
    return this.data.sessions.visitor;
  }
  size() {
    return this.data.lastOfVisitor.length;
  }
  keyOf(code: number) {
    return this.data.visitorUuid(code);
  }
}

/** Days of one range: code = day - from. */
export class DateKeying implements Keying {
  readonly name = "date";
  constructor(private readonly data: SiteData, readonly offset: number, private readonly to: number) {}
  codes() {
    return this.data.sessions.day;
  }
  size() {
    return this.to - this.offset + 1;
  }
  keyOf(code: number) {
    return dateOfEpochDay(this.offset + code);
  }
}

/** The keying of a dimension (one per site data and dimension; dates per range). */
export function keyingOf(data: SiteData, dim: ReportDimension, from: number, to: number): Keying {
  if (dim === "date") return new DateKeying(data, from, to);
  return data.derived(`keying:${dim}`, (): Keying => {
    const column = COLUMN_OF[dim];
    if (column) return new ColumnKeying(data, dim, column);
    const parts = COMBINED[dim];
    if (parts) return new CombinedKeying(data, dim, parts);
    if (dim === "userType") return new FlagKeying(data, dim, ["returning", "new"]);
    if (dim === "visitor") return new VisitorKeying(data);
    throw new Error(`no keying for ${dim}`);
  });
}

/** Sums kept per day and group: the additive part of an unfiltered report is a few additions per day. */
export const SESSIONS = 0, ENGAGED = 1, ENGAGED_MS = 2, PAGEVIEWS = 3, CONVERSIONS = 4, CONVERTING = 5, REVENUE = 6, USERS = 7, NEW_USERS = 8;
export const SLOTS = 9;

/** Keyings with more groups than this are summed session by session instead of per day. */
export const MAX_ROLLUP_GROUPS = 4096;

/** Per-day additive sums of one keying (the total when `keying` is null), following every session change. */
export class Rollup implements Dependent {
  private readonly byDay = new Map<number, Float64Array>();

  constructor(private readonly data: SiteData, private readonly keying: Keying | null) {
    for (let p = 0; p < data.sessions.count; p++) this.add(p, 1);
    data.follow(this);
  }

  private add(p: number, sign: number): void {
    const s = this.data.sessions;
    const code = this.keying ? this.keying.codes()[p] - this.keying.offset : 0;
    const o = code * SLOTS;
    let sums = this.byDay.get(s.day[p]);
    if (!sums || sums.length < o + SLOTS) {
      const next = new Float64Array(Math.max(o + SLOTS, (sums?.length ?? 0) * 2));
      if (sums) next.set(sums);
      this.byDay.set(s.day[p], (sums = next));
    }
    const conversions = s.conversions[p];
    sums[o + SESSIONS] += sign;
    sums[o + ENGAGED] += sign * s.engaged[p];
    sums[o + ENGAGED_MS] += sign * s.engagedMs[p];
    sums[o + PAGEVIEWS] += sign * s.pageviews[p];
    sums[o + CONVERSIONS] += sign * conversions;
    if (conversions > 0) sums[o + CONVERTING] += sign;
    sums[o + REVENUE] += sign * s.revenue[p];
    sums[o + NEW_USERS] += sign * s.isNew[p];
  }

  sessionWillChange(p: number): void {
    this.add(p, -1);
  }

  sessionChanged(p: number): void {
    this.add(p, 1);
  }

  /** Adds the days [from, to] into an accumulator of `groups` groups. */
  addInto(acc: Float64Array, from: number, to: number): void {
    for (const [day, sums] of this.byDay) {
      if (day < from || day > to) continue;
      const n = Math.min(sums.length, acc.length);
      for (let x = 0; x < n; x++) acc[x] += sums[x];
    }
  }

  /** Per day of [from, to], the total sums into one accumulator row per day (for the date dimension). */
  addByDay(acc: Float64Array, from: number, to: number): void {
    for (const [day, sums] of this.byDay) {
      if (day < from || day > to) continue;
      const o = (day - from) * SLOTS;
      for (let x = 0; x < SLOTS; x++) acc[o + x] += sums[x];
    }
  }
}

export const rollupOf = (data: SiteData, keying: Keying | null): Rollup => data.derived(`rollup:${keying?.name ?? "total"}`, () => new Rollup(data, keying));

/**
 * Per session, the day of the visitor's latest earlier session with the same code (NO_DAY
 * when none): a session starts a new user of its group in [from, to] exactly when this day
 * is before `from`. Recomputed for a visitor whenever their sessions change.
 */
export class PrevSame implements Dependent {
  days = new Int32Array(0);
  private readonly lastDay = new Map<number, number>();

  constructor(private readonly data: SiteData, private readonly keying: Keying) {
    data.follow(this);
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    if (this.days.length < this.data.sessionCapacity) this.days = grow(this.days, this.data.sessionCapacity, NO_DAY);
    const codes = this.keying.codes();
    const day = this.data.sessions.day;
    const lastDay = this.lastDay;
    lastDay.clear();
    for (const p of sessions) {
      this.days[p] = lastDay.get(codes[p]) ?? NO_DAY;
      lastDay.set(codes[p], day[p]);
    }
  }
}

export const prevSameOf = (data: SiteData, keying: Keying): PrevSame => data.derived(`prevSame:${keying.name}`, () => new PrevSame(data, keying));

/**
 * Per pageview (row of the pageview table), the day of the session of the visitor's previous
 * pageview of the same path (NO_DAY when none): distinct users per page in one pass over the
 * range's rows.
 */
export class PagePrev implements Dependent {
  days = new Int32Array(0);
  private readonly lastDay = new Map<number, number>();
  private readonly scratch: number[] = [];

  constructor(private readonly data: SiteData) {
    data.follow(this);
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    const { type, row } = this.data.events;
    const pageviews = this.data.table(PAGEVIEW);
    if (this.days.length < pageviews.event.length) this.days = grow(this.days, pageviews.event.length, NO_DAY);
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      for (const e of this.data.eventsOf(p, this.scratch)) {
        if (type[e] !== PAGEVIEW) continue;
        const path = pageviews.path[row[e]];
        this.days[row[e]] = lastDay.get(path) ?? NO_DAY;
        lastDay.set(path, day[p]);
      }
    }
  }
}

export const pagePrevOf = (data: SiteData): PagePrev => data.derived("pagePrev", () => new PagePrev(data));

/** Event types reports count per label (event name, link, form): see LabelPrev. */
export const LABELLED_TYPES = [CUSTOM_EVENT, OUTBOUND, DOWNLOAD, FORM_SUBMIT];

/** LabelPrev's columns for one type, by row of the type's table. */
export interface LabelPrevColumns {
  sameDay: Int32Array;
  typeDay: Int32Array;
  firstInSession: Uint8Array;
}

/**
 * Per event of a labelled type, as PagePrev per pageview: the day of the visitor's previous
 * event with the same type and label (`sameDay`), the day of their previous event of the type
 * at all (`typeDay`), and whether it is the first with its type and label in its session
 * (`firstInSession`) — so reports count events, sessions and users per label in one pass.
 */
export class LabelPrev implements Dependent {
  private readonly byType: LabelPrevColumns[] = [];
  private readonly lastDay = new Map<number, number>();
  private readonly inSession = new Set<number>();
  private readonly scratch: number[] = [];

  constructor(private readonly data: SiteData) {
    for (const t of LABELLED_TYPES) this.byType[t] = { sameDay: new Int32Array(0), typeDay: new Int32Array(0), firstInSession: new Uint8Array(0) };
    data.follow(this);
  }

  of(type: number): LabelPrevColumns {
    return this.byType[type];
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    for (const t of LABELLED_TYPES) {
      const c = this.byType[t];
      const capacity = this.data.table(t).event.length;
      if (c.sameDay.length >= capacity) continue;
      c.sameDay = grow(c.sameDay, capacity, NO_DAY);
      c.typeDay = grow(c.typeDay, capacity, NO_DAY);
      const first = new Uint8Array(capacity);
      first.set(c.firstInSession);
      c.firstInSession = first;
    }
    const { type: types, row: rows } = this.data.events;
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      this.inSession.clear();
      for (const e of this.data.eventsOf(p, this.scratch)) {
        const type = types[e];
        if (!LABELLED[type]) continue;
        const row = rows[e];
        const c = this.byType[type];
        // Keys: the type alone (below 64), and type with label.
        const key = 64 + this.data.table(type).name[row] * 64 + type;
        c.sameDay[row] = lastDay.get(key) ?? NO_DAY;
        c.typeDay[row] = lastDay.get(type) ?? NO_DAY;
        c.firstInSession[row] = this.inSession.has(key) ? 0 : 1;
        this.inSession.add(key);
        lastDay.set(key, day[p]);
        lastDay.set(type, day[p]);
      }
    }
  }
}

const LABELLED = new Uint8Array(64);
for (const t of LABELLED_TYPES) LABELLED[t] = 1;

export const labelPrevOf = (data: SiteData): LabelPrev => data.derived("labelPrev", () => new LabelPrev(data));

