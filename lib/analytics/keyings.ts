import { dateOfEpochDay } from "../time.ts";
import { COLUMN_OF_DIMENSION, EXPLORE_COLUMN_DIMENSIONS, type ColumnDimension, type ExploreColumnDimension } from "../db/session-row.ts";
import { groupByKeyScratch, scratchInts, ScratchSlot } from "./columns.ts";
import { CUSTOM_EVENT, DOWNLOAD, FORM_SUBMIT, grow, NO_DAY, OUTBOUND, PAGEVIEW, restoresIndexes, tableCapacity, type Dependent, type EventTable, type KeptIndex, type SessionDim, type SiteData } from "./site-data.ts";
import type { TypedColumn } from "./columns.ts";

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
export type ReportDimension = Dimension | ColumnDimension | "userType" | CombinedDimension;
/** Dimensions made of several session columns (the report library's rows are such tuples). */
export type CombinedDimension = "sourceMedium" | "campaignSourceMedium" | "sourceMediumChannel" | "referrerChannel" | "countryRegion" | "deviceBrowserOs";

/** What a missing value reads as in reports and filters (GA4's placeholder). */
export const NOT_SET = "(not set)";
/** Separates the parts of a combined key. */
export const KEY_JOIN = " / ";

const COLUMN_OF: Partial<Record<ReportDimension, SessionDim>> = COLUMN_OF_DIMENSION;
/** Dimensions made of several session columns; their key joins the values with KEY_JOIN. */
const COMBINED: Partial<Record<ReportDimension, SessionDim[]>> = {
  sourceMedium: ["source", "medium"],
  campaignSourceMedium: ["campaign", "source", "medium"],
  sourceMediumChannel: ["source", "medium", "channel"],
  referrerChannel: ["referrer_host", "channel"],
  countryRegion: ["country", "region"],
  deviceBrowserOs: ["device", "browser", "os"],
};

/**
 * A dimension's group of each session position: an id per position, `codes()[p] - offset`,
 * and the group is `fold()[id]` — or the id itself when `fold()` is null. A dimension held in
 * a tuple group (columns.ts TupleGroup) has tuple ids for codes and its `ofTuple` as fold, so
 * no column of its own; loops fold as they read. Groups are in [0, size).
 */
export interface Keying {
  readonly name: string;
  codes(): Int32Array;
  readonly offset: number;
  fold(): Int32Array | null;
  size(): number;
  keyOf(code: number): string;
}

/** Session p's group in a keying. */
export function groupAt(k: Keying, p: number): number {
  const id = k.codes()[p] - k.offset;
  const fold = k.fold();
  return fold === null ? id : fold[id];
}

let identity = new Int32Array(0);
/** The keying's fold, or an identity of at least its size: for loops that read every grouping alike. */
export function foldOf(k: Keying): Int32Array {
  const fold = k.fold();
  if (fold !== null) return fold;
  const n = k.size();
  if (identity.length < n) {
    identity = new Int32Array(Math.max(n, identity.length * 2, 1024));
    for (let i = 0; i < identity.length; i++) identity[i] = i;
  }
  return identity;
}

class ColumnKeying implements Keying {
  readonly offset = 0;
  constructor(private readonly data: SiteData, readonly name: string, private readonly column: SessionDim) {}
  codes() {
    return this.data.dims[this.column].group.tuples;
  }
  fold() {
    return this.data.dims[this.column].ofTuple;
  }
  size() {
    return this.data.dims[this.column].keys.length;
  }
  keyOf(code: number) {
    return this.data.dims[this.column].keys[code] ?? NOT_SET;
  }
}

/** A tuple of columns as one code (dense over the tuples seen), kept current as sessions change. */
class CombinedKeying implements Keying, Dependent, KeptIndex {
  readonly offset = 0;
  private column: Int32Array = new Int32Array(0);
  private readonly tuples = new Map<string, number>();
  private readonly keys: string[] = [];

  /** `kept`: the column, keys and tuples a snapshot kept (else built from the sessions). */
  constructor(private readonly data: SiteData, readonly name: string, private readonly parts: SessionDim[], kept?: { column: Int32Array; keys: string[]; tuples: string[] }) {
    if (kept) {
      this.column = kept.column;
      this.keys.push(...kept.keys);
      kept.tuples.forEach((tuple, code) => this.tuples.set(tuple, code));
    } else this.build();
    data.follow(this);
  }

  keptColumns() {
    return [{ name: "column", kind: "i32" as const, count: this.data.sessions.count, array: this.column }];
  }

  keptMeta() {
    return { keys: this.keys, tuples: [...this.tuples.keys()] };
  }

  /**
   * The first build, as sessionChanged for every session in order but without a text key per
   * session: the parts' codes are paired into dense ids one part at a time (ids in order of
   * first sight, so the last pairing numbers the tuples as sessionChanged would).
   */
  private build(): void {
    const n = this.data.sessions.count;
    const dims = this.data.dims;
    // The first part's codes per session (scratch: the pairings' two slots are taken).
    let ids: Int32Array = scratchInts(ScratchSlot.Rows, n);
    {
      const { ofTuple } = dims[this.parts[0]];
      const tuples = dims[this.parts[0]].group.tuples;
      for (let p = 0; p < n; p++) ids[p] = ofTuple[tuples[p]];
    }
    let idCount = dims[this.parts[0]].size;
    let firstAt = new Int32Array(0);
    for (let d = 1; d < this.parts.length; d++) {
      const { ofTuple } = dims[this.parts[d]];
      const tuples = dims[this.parts[d]].group.tuples;
      const size = dims[this.parts[d]].size;
      const pairs = new DenseIds(idCount * size);
      // The last pairing gives the column; the ones before it, scratch (two slots, in turn).
      const next = d === this.parts.length - 1 ? new Int32Array(this.data.sessionCapacity) : scratchInts(d % 2 ? ScratchSlot.Keys : ScratchSlot.Sorted, n);
      for (let p = 0; p < n; p++) next[p] = pairs.id(ids[p] * size + ofTuple[tuples[p]], p);
      ids = next;
      idCount = pairs.count;
      firstAt = pairs.firstAt;
    }
    this.column = ids;
    for (let code = 0; code < idCount; code++) {
      const p = firstAt[code];
      let tuple = "";
      for (const d of this.parts) tuple += `${dims[d].at(p)},`;
      this.tuples.set(tuple, code);
      this.keys.push(this.parts.map((d) => dims[d].keys[dims[d].at(p)] ?? NOT_SET).join(KEY_JOIN));
    }
  }
  codes() {
    return this.column;
  }
  fold() {
    return null;
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
    for (const d of this.parts) tuple += `${dims[d].at(p)},`;
    let code = this.tuples.get(tuple);
    if (code === undefined) {
      this.tuples.set(tuple, (code = this.keys.length));
      this.keys.push(this.parts.map((d) => dims[d].keys[dims[d].at(p)] ?? NOT_SET).join(KEY_JOIN));
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
  fold() {
    return null;
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
  fold() {
    return null;
  }
  size() {
    return this.data.lastOfVisitor.length;
  }
  keyOf(code: number) {
    return this.data.visitorUuid(code);
  }
}

/**
 * Days of one range: code = day - from. The day column is 16 bits while every keying's codes
 * are int32s (one array kind per loop keeps JSC's reads monomorphic), so the codes are the
 * range's days copied into scratch: valid at the positions of the range's session window
 * (where every session of the range and its earlier sessions in the range lie) until the
 * DateCodes slot's next use.
 */
export class DateKeying implements Keying {
  readonly name = "date";
  constructor(private readonly data: SiteData, readonly offset: number, private readonly to: number) {}
  codes() {
    const day = this.data.sessions.day;
    const codes = scratchInts(ScratchSlot.DateCodes, this.data.sessions.count);
    const window = this.data.sessionWindow(this.offset, this.to);
    const end = window[1] | 0;
    for (let p = window[0] | 0; p < end; p++) codes[p] = day[p];
    return codes;
  }
  fold() {
    return null;
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
export class Rollup implements Dependent, KeptIndex {
  private readonly byDay = new Map<number, Float64Array>();

  /** `kept`: the days (day, length pairs, in the map's order) and their sums a snapshot kept (else built). */
  constructor(private readonly data: SiteData, private readonly keying: Keying | null, kept?: { days: Int32Array; sums: Float64Array }) {
    if (kept) {
      for (let i = 0, at = 0; i + 1 < kept.days.length; at += kept.days[i + 1], i += 2) this.byDay.set(kept.days[i], kept.sums.slice(at, at + kept.days[i + 1]));
    } else this.build();
    data.follow(this);
  }

  keptColumns() {
    const days = new Int32Array(this.byDay.size * 2);
    const sums = new Float64Array([...this.byDay.values()].reduce((n, x) => n + x.length, 0));
    let i = 0, at = 0;
    for (const [day, daySums] of this.byDay) {
      days[i++] = day;
      days[i++] = daySums.length;
      sums.set(daySums, at);
      at += daySums.length;
    }
    return [{ name: "days", kind: "i32" as const, count: days.length, array: days }, { name: "sums", kind: "f64" as const, count: sums.length, array: sums }];
  }

  /** The first build: as `add` for every session in order, with the days' sums in a dense array instead of the map. */
  private build(): void {
    const s = this.data.sessions;
    const n = s.count;
    const day = s.day;
    const codes = this.keying ? this.keying.codes() : scratchInts(ScratchSlot.Keys, n).fill(0);
    const offset = this.keying ? this.keying.offset | 0 : 0;
    const fold = this.keying ? foldOf(this.keying) : scratchInts(ScratchSlot.Counts, 1).fill(0);
    let first = Infinity, last = -Infinity;
    for (let p = 0; p < n; p++) (first = Math.min(first, day[p])), (last = Math.max(last, day[p]));
    if (n === 0) return;
    // Per day, the highest code seen: each day's sums are as long as that day needs.
    // (The map takes the days in order of first sight, as `add` would: addInto sums in its order.)
    const top = new Int32Array(last - first + 1).fill(-1);
    const seen: number[] = [];
    for (let p = 0; p < n; p++) {
      const d = day[p] - first;
      if (top[d] < 0) seen.push(d);
      top[d] = Math.max(top[d], fold[codes[p] - offset], 0);
    }
    const byDay: Float64Array[] = [];
    for (const d of seen) this.byDay.set(first + d, (byDay[d] = new Float64Array((top[d] + 1) * SLOTS)));
    const { engaged, engagedMs, pageviews, conversions, revenue, isNew } = s;
    for (let p = 0; p < n; p++) {
      const sums = byDay[day[p] - first];
      const o = fold[codes[p] - offset] * SLOTS;
      const conv = conversions[p];
      sums[o + SESSIONS] += 1;
      sums[o + ENGAGED] += engaged[p];
      sums[o + ENGAGED_MS] += engagedMs[p];
      sums[o + PAGEVIEWS] += pageviews[p];
      sums[o + CONVERSIONS] += conv;
      if (conv > 0) sums[o + CONVERTING] += 1;
      sums[o + REVENUE] += revenue[p];
      sums[o + NEW_USERS] += isNew[p];
    }
  }

  private add(p: number, sign: number): void {
    const s = this.data.sessions;
    const code = this.keying ? groupAt(this.keying, p) : 0;
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
export class PrevSame implements Dependent, KeptIndex {
  days: Uint16Array = new Uint16Array(0);
  private readonly lastDay = new Map<number, number>();

  /** `kept`: the days a snapshot kept (else built). */
  constructor(private readonly data: SiteData, private readonly keying: Keying, kept?: Uint16Array) {
    if (kept) {
      this.days = kept;
      data.follow(this, true);
      return;
    }
    const chains = chainOrderOf(data).current();
    if (chains) this.build(chains);
    data.follow(this, chains !== null);
  }

  keptColumns() {
    return [{ name: "days", kind: "u16" as const, count: this.data.sessions.count, array: this.days }];
  }

  /**
   * The first build, as visitorChanged for every visitor: the sessions in chain order, sorted
   * (stably) by code, so each session's predecessor in its group is the one before it when
   * that one is the same visitor's.
   */
  private build(chains: Chains): void {
    const s = this.data.sessions;
    const codes = this.keying.codes();
    const offset = this.keying.offset | 0;
    const fold = foldOf(this.keying);
    const order = chains.order;
    const n = order.length;
    const keys = scratchInts(ScratchSlot.Keys, n);
    for (let i = 0; i < n; i++) keys[i] = fold[codes[order[i]] - offset];
    const byCode = groupByKeyScratch(keys, this.keying.size()).order;
    const days = new Uint16Array(this.data.sessionCapacity).fill(NO_DAY);
    const { visitor, day } = s;
    let q = -1;
    for (let j = 0; j < n; j++) {
      const p = order[byCode[j]];
      if (q >= 0 && visitor[q] === visitor[p] && fold[codes[q] - offset] === fold[codes[p] - offset]) days[p] = day[q];
      q = p;
    }
    this.days = days;
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    if (this.days.length < this.data.sessionCapacity) this.days = grow(this.days, this.data.sessionCapacity, NO_DAY);
    const day = this.data.sessions.day;
    const lastDay = this.lastDay;
    lastDay.clear();
    for (const p of sessions) {
      const code = groupAt(this.keying, p);
      this.days[p] = lastDay.get(code) ?? NO_DAY;
      lastDay.set(code, day[p]);
    }
  }
}

export const prevSameOf = (data: SiteData, keying: Keying): PrevSame => data.derived(`prevSame:${keying.name}`, () => new PrevSame(data, keying));

/**
 * The keying's PrevSame when it is made; otherwise undefined, and it is made right after the
 * current task (its first build sorts every session in visitor order: ~0.4 s at 3 M sessions,
 * which a caller that can do without it — a filtered pass — should not make its request wait).
 */
export function prevSameIfMade(data: SiteData, keying: Keying): PrevSame | undefined {
  const made = data.derivedIfMade<PrevSame>(`prevSame:${keying.name}`);
  if (!made) setTimeout(() => prevSameOf(data, keying), 0);
  return made;
}

/**
 * Per pageview (row of the pageview table), the day of the session of the visitor's previous
 * pageview of the same path (NO_DAY when none): distinct users per page in one pass over the
 * range's rows.
 */
export class PagePrev implements Dependent, KeptIndex {
  days: Uint16Array = new Uint16Array(0);
  private readonly lastDay = new Map<number, number>();
  private readonly scratch: number[] = [];

  /** `kept`: the days a snapshot kept (else built). */
  constructor(private readonly data: SiteData, kept?: Uint16Array) {
    if (kept) {
      this.days = kept;
      data.follow(this, true);
      return;
    }
    const chains = chainOrderOf(data).current();
    if (chains) {
      const pageviews = data.table(PAGEVIEW);
      const days = new Uint16Array(tableCapacity(pageviews)).fill(NO_DAY);
      const sorted = rowsInVisitorOrder(pageviews, chains, pageviews.path, data.paths.size);
      eachRepeat(data, pageviews, sorted, pageviews.path, (r, q) => (days[r] = data.sessions.day[pageviews.session[q]]));
      this.days = days;
    }
    data.follow(this, chains !== null);
  }

  keptColumns() {
    return [{ name: "days", kind: "u16" as const, count: this.data.table(PAGEVIEW).count, array: this.days }];
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    const { type } = this.data.events;
    const pageviews = this.data.table(PAGEVIEW);
    if (this.days.length < tableCapacity(pageviews)) this.days = grow(this.days, tableCapacity(pageviews), NO_DAY);
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      for (const e of this.data.eventsOf(p, this.scratch)) {
        if (type[e] !== PAGEVIEW) continue;
        const row = this.data.rowOf(e);
        const path = pageviews.path[row];
        this.days[row] = lastDay.get(path) ?? NO_DAY;
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
  sameDay: Uint16Array;
  typeDay: Uint16Array;
  firstInSession: Uint8Array;
}

/**
 * Per event of a labelled type, as PagePrev per pageview: the day of the visitor's previous
 * event with the same type and label (`sameDay`), the day of their previous event of the type
 * at all (`typeDay`), and whether it is the first with its type and label in its session
 * (`firstInSession`) — so reports count events, sessions and users per label in one pass.
 */
export class LabelPrev implements Dependent, KeptIndex {
  private readonly byType: LabelPrevColumns[] = [];
  private readonly lastDay = new Map<number, number>();
  private readonly inSession = new Set<number>();
  private readonly scratch: number[] = [];

  /** `kept`: each type's columns a snapshot kept (else built). */
  constructor(private readonly data: SiteData, kept?: LabelPrevColumns[]) {
    if (kept) {
      LABELLED_TYPES.forEach((t, i) => (this.byType[t] = kept[i]));
      data.follow(this, true);
      return;
    }
    for (const t of LABELLED_TYPES) this.byType[t] = { sameDay: new Uint16Array(0), typeDay: new Uint16Array(0), firstInSession: new Uint8Array(0) };
    const chains = chainOrderOf(data).current();
    if (chains) for (const t of LABELLED_TYPES) this.build(t, chains);
    data.follow(this, chains !== null);
  }

  /** The first build of one type's columns, as visitorChanged for every visitor (see rowsInVisitorOrder). */
  private build(type: number, chains: Chains): void {
    const table = this.data.table(type);
    const capacity = tableCapacity(table);
    const day = this.data.sessions.day;
    const c: LabelPrevColumns = { sameDay: new Uint16Array(capacity).fill(NO_DAY), typeDay: new Uint16Array(capacity).fill(NO_DAY), firstInSession: new Uint8Array(capacity) };
    eachRepeat(this.data, table, rowsInVisitorOrder(table, chains, null), null, (r, q) => (c.typeDay[r] = day[table.session[q]]));
    const byLabel = rowsInVisitorOrder(table, chains, table.name, this.data.labels.size);
    for (let j = 0; j < byLabel.length; j++) c.firstInSession[byLabel[j]] = 1;
    eachRepeat(this.data, table, byLabel, table.name, (r, q) => {
      c.sameDay[r] = day[table.session[q]];
      if (table.session[q] === table.session[r]) c.firstInSession[r] = 0;
    });
    this.byType[type] = c;
  }

  of(type: number): LabelPrevColumns {
    return this.byType[type];
  }

  keptColumns() {
    return LABELLED_TYPES.flatMap((t) => {
      const c = this.byType[t];
      const count = this.data.table(t).count;
      return [
        { name: `${t}.sameDay`, kind: "u16" as const, count, array: c.sameDay },
        { name: `${t}.typeDay`, kind: "u16" as const, count, array: c.typeDay },
        { name: `${t}.firstInSession`, kind: "u8" as const, count, array: c.firstInSession },
      ];
    });
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    for (const t of LABELLED_TYPES) {
      const c = this.byType[t];
      const capacity = tableCapacity(this.data.table(t));
      if (c.sameDay.length >= capacity) continue;
      c.sameDay = grow(c.sameDay, capacity, NO_DAY);
      c.typeDay = grow(c.typeDay, capacity, NO_DAY);
      const first = new Uint8Array(capacity);
      first.set(c.firstInSession);
      c.firstInSession = first;
    }
    const types = this.data.events.type;
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      this.inSession.clear();
      for (const e of this.data.eventsOf(p, this.scratch)) {
        const type = types[e];
        if (!LABELLED[type]) continue;
        const row = this.data.rowOf(e);
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


/** Every session in visitor order, each visitor's chain earliest first, and each session's place in that order. */
interface Chains {
  order: Int32Array;
  rank: Int32Array;
}

/**
 * The sessions in chain order, the first builds' common sort: made when first asked, kept
 * until the columns change (any session or visitor change drops it).
 */
class ChainOrder implements Dependent {
  private chains: Chains | null = null;
  private madeAt = -1;
  /** Kept for the next change's rebuild (fresh pages are dear: see ScratchSlot). */
  private order = new Int32Array(0);
  private rank = new Int32Array(0);

  constructor(private readonly data: SiteData) {
    data.follow(this, true);
  }

  /** The order, or null when the chains do not hold each session once (mid-load): callers then build visitor by visitor. */
  current(): Chains | null {
    const s = this.data.sessions;
    if (this.chains && this.madeAt === s.count) return this.chains;
    this.chains = null;
    const n = s.count;
    const last = this.data.lastOfVisitor;
    const prev = this.data.prevOfVisitor;
    const visitors = last.length;
    // Each visitor's slots, from their session count; then their chain, walked from the end.
    const start = scratchInts(ScratchSlot.Counts, visitors + 1).fill(0);
    for (let p = 0; p < n; p++) {
      if (s.visitor[p] >= visitors) return null;
      start[s.visitor[p] + 1]++;
    }
    for (let v = 0; v < visitors; v++) start[v + 1] += start[v];
    if (this.order.length < n) (this.order = new Int32Array(this.data.sessionCapacity)), (this.rank = new Int32Array(this.data.sessionCapacity));
    const order = this.order.subarray(0, n);
    const rank = this.rank;
    for (let v = 0; v < visitors; v++) {
      let i = start[v + 1];
      for (let p = last[v]; p >= 0; p = prev[p]) {
        if (--i < start[v] || s.visitor[p] !== v) return null;
        order[i] = p;
        rank[p] = i;
      }
      if (i !== start[v]) return null;
    }
    this.madeAt = n;
    return (this.chains = { order, rank });
  }

  sessionChanged(): void {
    this.chains = null;
  }

  visitorChanged(): void {
    this.chains = null;
  }
}

const chainOrderOf = (data: SiteData): ChainOrder => data.derived("chainOrder", () => new ChainOrder(data));

/**
 * A table's rows sorted by `key` (in [0, keyCount); none: one key), then visitor and session
 * in chain order, then time within the session (ties in load order), as visitorChanged meets
 * them: two stable counting sorts, and a comparison sort for the rare session whose events
 * came out of order. The result lives in scratch (the Order slot).
 */
function rowsInVisitorOrder(table: EventTable, chains: Chains, key: Int32Array | null, keyCount = 1): Int32Array {
  const m = table.count;
  const { session, ts } = table;
  const rankOf = scratchInts(ScratchSlot.Keys, m);
  for (let r = 0; r < m; r++) rankOf[r] = chains.rank[session[r]];
  const { start, order: byRank } = groupByKeyScratch(rankOf, chains.order.length);
  // Each session's rows are byRank[start[k] .. start[k + 1]) (k its rank).
  for (let k = 0; k < chains.order.length; k++) {
    const a = start[k], b = start[k + 1];
    for (let j = a + 1; j < b; j++) {
      if (ts.at(byRank[j]) >= ts.at(byRank[j - 1])) continue;
      byRank.subarray(a, b).sort((x, y) => ts.at(x) - ts.at(y) || x - y);
      break;
    }
  }
  if (key === null) return byRank;
  const sorted = scratchInts(ScratchSlot.Sorted, m);
  sorted.set(byRank);
  const keys = scratchInts(ScratchSlot.Keys, m);
  for (let j = 0; j < m; j++) keys[j] = key[sorted[j]];
  const byKey = groupByKeyScratch(keys, keyCount).order;
  for (let j = 0; j < m; j++) byKey[j] = sorted[byKey[j]];
  return byKey;
}

/** Calls `repeat(r, q)` for each row r of `sorted` whose predecessor q there has the same key and visitor. */
function eachRepeat(data: SiteData, table: EventTable, sorted: Int32Array, key: Int32Array | null, repeat: (r: number, q: number) => void): void {
  const visitor = data.sessions.visitor;
  const session = table.session;
  for (let j = 1; j < sorted.length; j++) {
    const r = sorted[j], q = sorted[j - 1];
    if ((key === null || key[q] === key[r]) && visitor[session[q]] === visitor[session[r]]) repeat(r, q);
  }
}

/** Dense ids for keys in [0, range), numbered in order of first sight (with the position first seen). */
class DenseIds {
  count = 0;
  firstAt = new Int32Array(16);
  private readonly table: Int32Array | null;
  private readonly map: Map<number, number> | null;

  constructor(range: number) {
    this.table = range <= 1 << 22 ? scratchInts(ScratchSlot.Counts, range).fill(-1) : null;
    this.map = this.table ? null : new Map();
  }

  id(key: number, at: number): number {
    let id = this.table ? this.table[key] : (this.map!.get(key) ?? -1);
    if (id < 0) {
      id = this.count++;
      if (this.table) this.table[key] = id;
      else this.map!.set(key, id);
      if (id >= this.firstAt.length) this.firstAt = grow(this.firstAt, this.firstAt.length * 2);
      this.firstAt[id] = at;
    }
    return id;
  }
}

/*
 * The indexes a snapshot keeps come back through these (SiteData.restore, before newer rows
 * are read, so they follow the changes from there). A column shorter than what it indexes, or
 * JSON of another shape, gives nothing back: the index is then built on first use.
 */
const holds = (array: TypedColumn | undefined, kind: typeof Int32Array | typeof Uint8Array | typeof Uint16Array | typeof Float64Array, count: number) => array instanceof kind && array.length >= count;
const strings = (xs: unknown): xs is string[] => Array.isArray(xs) && xs.every((x) => typeof x === "string");

restoresIndexes("keying", (data, key, columns, meta) => {
  const dim = key.slice("keying:".length) as ReportDimension;
  const parts = COMBINED[dim];
  const column = columns.get("column");
  const { keys, tuples } = (meta ?? {}) as { keys?: unknown; tuples?: unknown };
  if (!parts || !holds(column, Int32Array, data.sessions.count) || !strings(keys) || !strings(tuples) || keys.length !== tuples.length) return undefined;
  return new CombinedKeying(data, dim, parts, { column: column as Int32Array, keys, tuples });
});
restoresIndexes("rollup", (data, key, columns) => {
  const name = key.slice("rollup:".length) as ReportDimension | "total";
  const days = columns.get("days");
  const sums = columns.get("sums");
  if (!(days instanceof Int32Array) || !(sums instanceof Float64Array)) return undefined;
  return new Rollup(data, name === "total" ? null : keyingOf(data, name, 0, 0), { days, sums });
});
restoresIndexes("prevSame", (data, key, columns) => {
  const days = columns.get("days");
  if (!holds(days, Uint16Array, data.sessions.count)) return undefined;
  return new PrevSame(data, keyingOf(data, key.slice("prevSame:".length) as ReportDimension, 0, 0), days as Uint16Array);
});
restoresIndexes("pagePrev", (data, _key, columns) => {
  const days = columns.get("days");
  return holds(days, Uint16Array, data.table(PAGEVIEW).count) ? new PagePrev(data, days as Uint16Array) : undefined;
});
restoresIndexes("labelPrev", (data, _key, columns) => {
  const kept = LABELLED_TYPES.map((t) => ({ sameDay: columns.get(`${t}.sameDay`), typeDay: columns.get(`${t}.typeDay`), firstInSession: columns.get(`${t}.firstInSession`) }));
  const whole = kept.every((c, i) => {
    const count = data.table(LABELLED_TYPES[i]).count;
    return holds(c.sameDay, Uint16Array, count) && holds(c.typeDay, Uint16Array, count) && holds(c.firstInSession, Uint8Array, count);
  });
  return whole ? new LabelPrev(data, kept as LabelPrevColumns[]) : undefined;
});
