import { dateOfEpochDay } from "../../time.ts";
import { COLUMN_OF_DIMENSION, EXPLORE_COLUMN_DIMENSIONS, type ColumnDimension, type ExploreColumnDimension } from "../../db/session-row.ts";
import { grow, scratchInts, ScratchSlot, type ScratchLease } from "../columns.ts";
import type { Dependent, KeptIndex, SessionDim, SiteData } from "../site-data.ts";

/**
 * How a dimension turns a session into a group (a `Keying`), and what each kind of grouping
 * can do: roll up by day, keep per-group "previous session" indexes, hold codes for one
 * range only. The engine asks these properties; it never tests a dimension's name.
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
export const COMBINED: Partial<Record<ReportDimension, SessionDim[]>> = {
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
  /**
   * How an unfiltered query has this grouping's additive sums from per-day rollups (rollups.ts):
   * "groups", its own Rollup (per day and group; when it has at most MAX_ROLLUP_GROUPS groups);
   * "days", the total Rollup's days, which are its groups; "none", session by session.
   */
  readonly rollup: "groups" | "days" | "none";
  /**
   * Where a session finds the day of its visitor's previous session in the same group, which
   * decides whether it counts a user for its group: "index", a PrevSame kept per grouping
   * (previous-session.ts); "day", the visitor's previous session (`SiteData.prevDay`), in the
   * same group exactly when on the same day (groups are days); "visitor", the visitor's
   * previous session, always in the same group (groups are visitors: codes are visitor seqs,
   * offset 0, no fold).
   */
  readonly previous: "index" | "day" | "visitor";
  /**
   * Codes held only at the positions of one range's session window, in a column its query's
   * lease lent (so such a keying is made per query and keeps no index); null when every
   * position's code holds for as long as the site data.
   */
  readonly range: QueryRange | null;
}

/** The range a query reads, and the lease its scratch columns come from. */
export interface QueryRange {
  /** Epoch days, inclusive. */
  from: number;
  to: number;
  scratch: ScratchLease;
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
  readonly rollup = "groups";
  readonly previous = "index";
  readonly range = null;
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
export class CombinedKeying implements Keying, Dependent, KeptIndex {
  readonly offset = 0;
  readonly rollup = "groups";
  readonly previous = "index";
  readonly range = null;
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
  readonly rollup = "groups";
  readonly previous = "index";
  readonly range = null;
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

/** Every visitor a group of their own: too many groups for rollups, and no index needed (see Keying.previous). */
class VisitorKeying implements Keying {
  readonly name = "visitor";
  readonly offset = 0;
  readonly rollup = "none";
  readonly previous = "visitor";
  readonly range = null;
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

/**
 * Days of one range: code = day - from. The day column is 16 bits while every keying's codes
 * are int32s (one array kind per loop keeps JSC's reads monomorphic), so the codes are the
 * range's days copied into a column its query's lease lent: valid at the positions of the
 * range's session window (where every session of the range and its earlier sessions in the
 * range lie) until the query ends. Filled on first ask, once per query.
 */
export class DateKeying implements Keying {
  readonly name = "date";
  readonly rollup = "days";
  readonly previous = "day";
  readonly offset: number;
  private held: Int32Array | null = null;

  constructor(private readonly data: SiteData, readonly range: QueryRange) {
    this.offset = range.from;
  }

  codes() {
    // A keying kept past its query would read a column the shelf has since lent to another.
    if (!this.range.scratch.open) throw new Error("date codes read after their query ended");
    if (this.held !== null) return this.held;
    const day = this.data.sessions.day;
    const codes = this.range.scratch.lendInts(this.data.sessions.count);
    const window = this.data.sessionWindow(this.range.from, this.range.to);
    const end = window[1] | 0;
    for (let p = window[0] | 0; p < end; p++) codes[p] = day[p];
    return (this.held = codes);
  }
  fold() {
    return null;
  }
  size() {
    return this.range.to - this.offset + 1;
  }
  keyOf(code: number) {
    return dateOfEpochDay(this.offset + code);
  }
}

/** Dimensions whose keying holds codes for one range only: made per query, over its range. */
const PER_QUERY: Partial<Record<ReportDimension, (data: SiteData, range: QueryRange) => Keying>> = {
  date: (data, range) => new DateKeying(data, range),
};

/**
 * The keying of a dimension: one per site data and dimension, or, for a range-bound one
 * (dates), one per query, made over the query's `range` (which such a dimension requires).
 */
export function keyingOf(data: SiteData, dim: ReportDimension, range?: QueryRange): Keying {
  const perQuery = PER_QUERY[dim];
  if (perQuery) {
    if (!range) throw new Error(`the ${dim} keying is made per query: it needs the query's range`);
    return perQuery(data, range);
  }
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

/** The keying an index kept by a snapshot names, when that is a dimension held for the site data (not per query); else undefined. */
export function heldKeyingOf(data: SiteData, dim: string): Keying | undefined {
  const known = (DIMENSIONS as readonly string[]).includes(dim) || Object.hasOwn(COLUMN_OF, dim) || Object.hasOwn(COMBINED, dim) || dim === "userType";
  return known && !PER_QUERY[dim as ReportDimension] ? keyingOf(data, dim as ReportDimension) : undefined;
}
