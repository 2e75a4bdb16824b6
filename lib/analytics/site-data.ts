import type { TenantStore } from "../db/tenants.ts";
import { SESSION_DIM_GROUPS, SESSION_DIMS, SESSION_READ, type SessionDim, type SessionReadColumns } from "../db/session-row.ts";
import { ABSENT, DayWindows, DenseCodes, DimCodes, grow, newColumn, ROW_BLOCK, TupleGroup, TYPE_SLOTS, type ColumnKind, type TypedColumn } from "./columns.ts";
import { EVENT_TYPES } from "../db/event-types.ts";
import { EXTRA, type ColumnPart } from "./site-snapshot.ts";
import { EventTimes } from "./event-times.ts";
import { CONVERSION, CUSTOM_EVENT, DOWNLOAD, ENGAGEMENT, FORM_SUBMIT, KEPT_EVENT_TYPES, OUTBOUND, SCROLL, VITAL } from "./kept-events.ts";
import { SiteLoader } from "./site-loader.ts";
import { UnkeptEvents } from "./unkept-events.ts";

/**
 * A site's sessions and the events reports read, held in memory as typed columns, so a report
 * over millions of sessions is a few tight loops instead of a SQL scan. Loaded once from the
 * store, then kept up to date from the rows added since (event `seq` is the change log: every
 * change to a session comes with a new event) at a cost that follows the new rows, not the
 * site's size.
 *
 * Columns are in load order, which is nearly time order, so a date range is a window of
 * positions (`sessionWindow`). Each visitor's sessions are chained earliest first
 * (`prevOfVisitor`), each session's events newest first (`prevInSession`): funnels, paths,
 * attribution and distinct-user counts follow these chains. Indexes that are derived from
 * the columns (per-day sums, "previous session in the same group"…) register as dependents
 * and are told about every change, so they never need rebuilding.
 */

export type { SessionDim };
export { DenseCodes, DimCodes, grow, groupByKey, TupleGroup } from "./columns.ts";

export { CONVERSION, CUSTOM_EVENT, DOWNLOAD, ENGAGEMENT, FORM_SUBMIT, KEPT_EVENT_TYPES, OUTBOUND, PAGEVIEW, SCROLL, VITAL } from "./kept-events.ts";
export { beforeBound, NO_DAY, tableCapacity } from "./columns.ts";

/** The session columns the engine reads (lib/db/session-row.ts), one typed array each, and how many rows they hold. */
export type SessionColumns = SessionReadColumns & { count: number };

/**
 * Every kept event, in load order: what the per-visitor indexes need to follow a session's
 * events. What reports scan lives in the event's type table, at the event's row there
 * (`SiteData.rowOf`): the events of a type before it, counted from the checkpoint of its block
 * of ROW_BLOCK events — a few bytes per block instead of an int32 per event, and only the
 * indexes' updates and a moved session's events ask.
 */
export interface EventColumns {
  count: number;
  /** EVENT_TYPES index (lib/db/event-types.ts). */
  type: Uint8Array;
  /**
   * How far back the previous event of the same session is, in load order (0: none; FAR: in
   * `farAt`/`farPrev`): a session's events come close together, so 16 bits nearly always
   * hold the gap (a site at 3 M events a day: 30 minutes of its events).
   */
  prevGap: Uint16Array;
  /** The events whose gap is FAR, in load order, and their previous events. */
  farAt: Int32Array;
  farPrev: Int32Array;
  farCount: number;
  /** Per block of ROW_BLOCK events, per type (TYPE_SLOTS a block): the type's rows before the block. */
  typeRows: Int32Array;
}

if (EVENT_TYPES.length > TYPE_SLOTS) throw new Error("EventColumns.typeRows has a slot per event type: raise TYPE_SLOTS");

/**
 * The events of one type, compact and in load order: a report over a type reads these
 * columns front to back, never the other types' rows. A type holds only the columns it has
 * (TABLE_COLUMNS); the others are ABSENT.
 */
export interface EventTable {
  count: number;
  /** The session's position in the session columns (the row's day is the session's: `sessions.day[session[row]]`). */
  session: Int32Array;
  /** Code in `SiteData.paths`. */
  path: Int32Array;
  /** Code in `SiteData.labels`: event, conversion, form or vital name; the href of outbound clicks and downloads (those types only). */
  name: Int32Array;
  /** Conversion value, vital value (those types only). */
  value: Float64Array;
  /** Engaged ms (engagement only: whole ms, 32 bits). */
  ms: Uint32Array;
  /** Scroll percent (scroll only: 25, 50, 75, 90). */
  pct: Uint8Array;
  /** When it happened (epoch ms): `ts.at(row)`. */
  ts: EventTimes;
  /** Conversion currency (`strings` id) or custom event properties (`props` id) (those types only). */
  aux: Int32Array;
}

/** Something derived from the columns that follows their changes. */
export interface Dependent {
  /** Session p is about to change: its old values are still in the columns. */
  sessionWillChange?(p: number): void;
  /** Session p was added or changed. */
  sessionChanged?(p: number): void;
  /** Visitor v's sessions (earliest first) changed, or one of their events did. */
  visitorChanged?(v: number, sessions: readonly number[]): void;
}

/** The typed columns of an event table (every type has `ts` too), their kinds, and the kept types that have them (every type when not said). */
const TABLE_COLUMNS: { key: keyof Omit<EventTable, "count" | "ts">; kind: ColumnKind; types?: number[] }[] = [
  { key: "session", kind: "i32" }, { key: "path", kind: "i32" },
  { key: "name", kind: "i32", types: [CONVERSION, CUSTOM_EVENT, OUTBOUND, DOWNLOAD, FORM_SUBMIT, VITAL] },
  // Each type's value in the narrowest column that holds it; each column is read by its type's loops only, so every loop sees one array kind.
  { key: "value", kind: "f64", types: [CONVERSION, VITAL] },
  { key: "ms", kind: "u32", types: [ENGAGEMENT] },
  { key: "pct", kind: "u8", types: [SCROLL] },
  { key: "aux", kind: "i32", types: [CONVERSION, CUSTOM_EVENT] },
];
const columnsOfTable = (type: number) => TABLE_COLUMNS.filter((c) => !c.types || c.types.includes(type));

/** The per-event columns of the event columns (EventColumns; `typeRows` is per block). */
const EVENT_COLUMNS: { key: "type" | "prevGap"; kind: ColumnKind }[] = [{ key: "type", kind: "u8" }, { key: "prevGap", kind: "u16" }];
/** A gap too long for 16 bits (`EventColumns.prevGap`). */
const FAR = 0xffff;

/** A derived index that a snapshot can keep: its columns (named within the index) and plain JSON. */
export interface KeptIndex {
  keptColumns(): ColumnPart[];
  keptMeta?(): unknown;
}

/** Makes a derived index again from what a snapshot kept; undefined when it cannot (it is then built on first use). */
export type IndexRestorer = (data: SiteData, key: string, columns: Map<string, TypedColumn>, meta: unknown) => unknown;
const restorers = new Map<string, IndexRestorer>();

/**
 * Registers how the derived indexes of a kind (the part of their key before ":") come back
 * from a snapshot; the module defining them registers when it loads.
 */
export function restoresIndexes(kind: string, restore: IndexRestorer): void {
  restorers.set(kind, restore);
}

/** The derived indexes as a snapshot keeps them: key, columns, plain JSON. */
export type KeptIndexes = { key: string; columns: ColumnPart[]; meta: unknown }[];

const isKept = (value: unknown): value is KeptIndex => typeof (value as KeptIndex | null)?.keptColumns === "function";

/** A typed column of SiteData, as `heldColumns` lists it. */
export interface HeldColumn {
  name: string;
  kind: ColumnKind;
  count: number;
  growable: boolean;
  get(): TypedColumn;
  set(array: TypedColumn): void;
}

/** What a snapshot keeps besides the columns. */
export interface SiteMeta {
  sessions: number;
  events: number;
  /** Row counts, per KEPT_EVENT_TYPES entry. */
  tables: number[];
  props: (string | null)[];
  /** Path code, title strings id, … */
  titles: number[];
  sessionDays: number[];
  tableDays: number[][];
  /** Tuples per dimension group (SESSION_DIM_GROUPS order). */
  tuples: number[];
  /** Events linked to their previous one through `farAt`. */
  farLinks: number;
  /** Per KEPT_EVENT_TYPES entry, the rows whose time is not an offset (EventTimes.outside), flat. */
  tableTimesOutside: number[][];
  /** The derived indexes kept, in the order they were made (their columns are `derived:<key>:<name>`). */
  derived: { key: string; columns: string[]; meta: unknown }[];
  reportIndexesBuilt: boolean;
}

export class SiteData {
  readonly sessions: SessionColumns;
  readonly dims: Record<SessionDim, DimCodes>;
  /** The dimensions' tuple groups (SESSION_DIM_GROUPS order): one tuple id per session each. */
  readonly dimGroups: TupleGroup[];
  /** The codes of event paths, and of event names and links. */
  readonly paths: DenseCodes;
  readonly labels: DenseCodes;
  readonly events: EventColumns;
  /*
   * What follows is written by the loader (site-loader.ts) as it reads the store, and read
   * through the methods below (navigation) by reports, funnels and paths.
   */
  /** Per kept event type, its table, and the day windows over the table's rows. */
  readonly tables: EventTable[] = [];
  readonly tableDays: DayWindows[] = [];
  /** Tables with a row whose day changed since their windows were noted. */
  readonly staleDays = new Set<number>();
  /** `strings` values by id (0 unused: SQLite ids start at 1). */
  readonly strings: (string | null)[] = [null];
  /** Custom event properties (JSON text) by `aux` id, each distinct text once. */
  readonly props: (string | null)[] = [null];
  /** The visitor's previous session, earliest first (-1: none), and that session's day. */
  prevOfVisitor = new Int32Array(0);
  prevDay = new Uint16Array(0);
  /** The latest session of each visitor (by visitor seq; -1: none). */
  lastOfVisitor = new Int32Array(0);
  /** The last loaded event of each session (-1: none). */
  lastEvent = new Int32Array(0);
  sessionDays = new DayWindows();
  readonly dependents: Dependent[] = [];
  /** Latest title seen per path (path code → strings id). */
  readonly titles = new Map<number, number>();
  /** Visitor UUIDs by visitor seq, loaded when a query needs them (`loadVisitorIds`). */
  readonly visitorIds: string[] = [];
  /** The recent events of the types not kept in tables (realtime counts their visitors). */
  readonly unkept = new UnkeptEvents();
  /** Whether the first load took the columns from the site's snapshot (else from the store's rows). */
  restoredFromSnapshot = false;
  /** Every built-in report's indexes were built (lib/analytics/reports/warm.ts); kept by the snapshot. */
  reportIndexesBuilt = false;
  private readonly cache = new Map<string, unknown>();
  private readonly loader = new SiteLoader(this);

  /**
   * @param snapshotPath where the site's column snapshot lives (site-snapshot.ts); null keeps
   * none (a site without a store file of its own, tests).
   * @param generation the site's data generation when the load started (lib/lifecycle/generation.ts):
   * the data is dropped and rebuilt once the store's moves past it.
   */
  constructor(
    readonly siteRef: number,
    readonly snapshotPath: string | null = null,
    readonly generation = 0,
  ) {
    this.sessions = Object.fromEntries([["count", 0], ...SESSION_READ.columns.map((c) => [c.key, newColumn(c.array)])]) as SessionColumns;
    this.dims = Object.fromEntries(SESSION_DIMS.map((d) => [d, new DimCodes(this.strings)])) as Record<SessionDim, DimCodes>;
    this.dimGroups = SESSION_DIM_GROUPS.map((g) => new TupleGroup(g.dims.map((d) => this.dims[d])));
    this.paths = new DenseCodes(this.strings);
    this.labels = new DenseCodes(this.strings);
    this.events = { count: 0, type: new Uint8Array(0), prevGap: new Uint16Array(0), farAt: new Int32Array(0), farPrev: new Int32Array(0), farCount: 0, typeRows: new Int32Array(0) };
    for (const type of KEPT_EVENT_TYPES) {
      const has = columnsOfTable(type);
      this.tables[type] = Object.fromEntries([["count", 0], ["ts", new EventTimes()], ...TABLE_COLUMNS.map((c) => [c.key, has.includes(c) ? newColumn(c.kind) : ABSENT[c.kind]])]) as EventTable;
      this.tableDays[type] = new DayWindows();
    }
  }

  /** The text of a `strings` id; null for none. */
  text(id: number): string | null {
    return id > 0 ? (this.strings[id] ?? null) : null;
  }

  /** The position of a session by its seq (-1: not in the columns). */
  positionOfSession(seq: number): number {
    return this.loader.positionOfSession(seq);
  }

  /** The latest title of a path (by its code). */
  titleOf(path: number): string | null {
    return this.text(this.titles.get(path) ?? 0);
  }

  visitorUuid(visitorSeq: number): string {
    return this.visitorIds[visitorSeq] ?? String(visitorSeq);
  }

  /** Positions [start, end) that hold every session whose day is in [from, to]. */
  sessionWindow(from: number, to: number): [number, number] {
    return this.sessionDays.window(from, to);
  }

  /** The table of a kept event type. */
  table(type: number): EventTable {
    return this.tables[type];
  }

  /**
   * Rows [start, end) of `table(type)` that hold every such event of a session whose day is in
   * [from, to], then rows [sureStart, sureEnd) inside them whose day is surely in [from, to]
   * (DayWindows.inner: readers check the day only outside them).
   */
  tableWindow(type: number, from: number, to: number): [start: number, end: number, sureStart: number, sureEnd: number] {
    if (this.staleDays.delete(type)) {
      // A session moved to another day (a late, earlier event): note every row's day again.
      const { count, session } = this.tables[type];
      const day = this.sessions.day;
      const days = (this.tableDays[type] = new DayWindows());
      for (let i = 0; i < count; i++) days.note(day[session[i]], i);
    }
    const days = this.tableDays[type];
    const [start, end] = days.window(from, to);
    return [start, end, ...days.inner(from, to, start, end)];
  }

  /** The previous event of event e's session in load order (-1: none). */
  prevInSession(e: number): number {
    const gap = this.events.prevGap[e];
    if (gap !== FAR) return gap === 0 ? -1 : e - gap;
    const { farAt, farPrev } = this.events;
    let lo = 0, hi = this.events.farCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (farAt[mid] < e) lo = mid + 1;
      else hi = mid;
    }
    return farPrev[lo];
  }

  /** Links event e, the newest so far, to its session's previous event (-1: none). */
  linkEvent(e: number, prev: number): void {
    const v = this.events;
    if (prev < 0) v.prevGap[e] = 0;
    else if (e - prev < FAR) v.prevGap[e] = e - prev;
    else {
      v.prevGap[e] = FAR;
      if (v.farCount === v.farAt.length) (v.farAt = grow(v.farAt, Math.max(64, v.farCount * 2))), (v.farPrev = grow(v.farPrev, Math.max(64, v.farCount * 2)));
      v.farAt[v.farCount] = e;
      v.farPrev[v.farCount++] = prev;
    }
  }

  /** Before event e is added: when it starts a block, the block's checkpoint of every type's rows so far (rowOf counts on from it). */
  checkpointRows(e: number): void {
    if (e % ROW_BLOCK !== 0) return;
    const at = (e / ROW_BLOCK) * TYPE_SLOTS;
    for (let slot = 0; slot < TYPE_SLOTS; slot++) this.events.typeRows[at + slot] = this.tables[slot]?.count ?? 0;
  }

  /** An event's row in its type's table: the rows of its type before its block, plus those in the block before it. */
  rowOf(e: number): number {
    const types = this.events.type;
    const type = types[e];
    const start = e - (e % ROW_BLOCK);
    let row = this.events.typeRows[(start / ROW_BLOCK) * TYPE_SLOTS + type];
    for (let i = start; i < e; i++) if (types[i] === type) row++;
    return row;
  }

  /** When session p's last event happened (epoch ms): the session columns hold it as ms after its start. */
  lastAtOf(p: number): number {
    return this.sessions.startedAt[p] + this.sessions.lastAfterStart[p];
  }

  /** An event's time (through its type's table). */
  tsOf(e: number): number {
    return this.tables[this.events.type[e]].ts.at(this.rowOf(e));
  }

  /** Visitor v's sessions, earliest first. */
  sessionsOf(v: number, out: number[] = []): number[] {
    out.length = 0;
    for (let p = v < this.lastOfVisitor.length ? this.lastOfVisitor[v] : -1; p >= 0; p = this.prevOfVisitor[p]) out.push(p);
    return out.reverse();
  }

  /** Session p's events in time order (ties in load order). */
  eventsOf(p: number, out: number[] = []): number[] {
    out.length = 0;
    const ts = (e: number) => this.tsOf(e);
    for (let e = this.lastEvent[p]; e >= 0; e = this.prevInSession(e)) out.push(e);
    out.reverse();
    for (let i = 1; i < out.length; i++) {
      if (ts(out[i - 1]) <= ts(out[i])) continue;
      return out.sort((a, b) => ts(a) - ts(b) || a - b);
    }
    return out;
  }

  /**
   * Registers an index that follows the columns' changes from now on; one that keeps something
   * per visitor is first told about every visitor there is, so it starts complete (unless it
   * built itself from the columns already: `caughtUp`).
   */
  follow(dependent: Dependent, caughtUp = false): void {
    if (dependent.visitorChanged && !caughtUp) {
      const sessions: number[] = [];
      for (let v = 0; v < this.lastOfVisitor.length; v++) if (this.lastOfVisitor[v] >= 0) dependent.visitorChanged(v, this.sessionsOf(v, sessions));
    }
    this.dependents.push(dependent);
  }

  /** A value derived from the columns, made once per key (dependents keep it current). */
  derived<T>(key: string, make: () => T): T {
    let value = this.cache.get(key) as T | undefined;
    if (value === undefined) this.cache.set(key, (value = make()));
    return value;
  }

  /**
   * Changes whenever what the data holds may have grown: rows (every change to a session comes
   * with a new event), capacity, derived indexes, visitor ids, strings. The memory budget
   * measures a site again only when this changed.
   */
  sizeVersion(): string {
    return `${this.sessions.count}|${this.events.count}|${this.sessionCapacity}|${this.cache.size}|${this.visitorIds.length}|${this.strings.length}|${this.props.length}`;
  }

  /** The value derived for a key if it was made already (nothing is made). */
  derivedIfMade<T>(key: string): T | undefined {
    return this.cache.get(key) as T | undefined;
  }

  /**
   * Brings the columns up to date with the store (rows added since the last call). Callers
   * that arrive while a refresh runs share it; after a failure the data must be dropped (a
   * half-read load is not resumable).
   */
  refresh(store: TenantStore): Promise<void> {
    return this.loader.refresh(store);
  }

  /** Writes the site's snapshot now if the columns hold rows it lacks (at shutdown); settles when written. */
  saveSnapshot(store: TenantStore): Promise<void> {
    return this.loader.saveNow(store);
  }

  /** Settles when the site's snapshot is not being written (tests, shutdown). */
  snapshotSaved(): Promise<void> {
    return this.loader.saved();
  }

  /**
   * Loads visitor UUIDs: of the given visitor seqs, or of every visitor (added since the last
   * call) when a query compares them all (a filter on the visitor dimension).
   */
  loadVisitorIds(store: TenantStore, only?: number[]): Promise<void> {
    return this.loader.loadVisitorIds(store, only);
  }

  /**
   * Every typed column the data holds (not its derived indexes), by name: what a snapshot
   * saves and restores and what the memory budget counts. `growable` columns keep room to
   * grow (positions past the count are written before they are read).
   */
  heldColumns(): HeldColumn[] {
    const out: HeldColumn[] = [];
    const s = this.sessions;
    const add = (name: string, kind: ColumnKind, count: () => number, get: () => TypedColumn, set: (a: TypedColumn) => void, growable = true) =>
      out.push({ name, kind, count: count(), growable, get, set });
    const sessionCount = () => s.count;
    for (const c of SESSION_READ.columns) add(`sessions.${c.key}`, c.array, sessionCount, () => s[c.key], (a) => ((s as Record<string, TypedColumn | number>)[c.key] = a));
    SESSION_DIM_GROUPS.forEach(({ name }, i) => {
      const group = this.dimGroups[i];
      add(`dims.${name}`, "i32", sessionCount, () => group.tuples, (a) => (group.tuples = a as Int32Array<ArrayBuffer>));
      for (const dim of group.parts) add(`tuples.${name}.${dim.part}`, "i32", () => group.count, () => dim.ofTuple, (a) => (dim.ofTuple = a as Int32Array<ArrayBuffer>));
    });
    add("prevOfVisitor", "i32", sessionCount, () => this.prevOfVisitor, (a) => (this.prevOfVisitor = a as Int32Array<ArrayBuffer>));
    add("prevDay", "u16", sessionCount, () => this.prevDay, (a) => (this.prevDay = a as Uint16Array<ArrayBuffer>));
    add("lastEvent", "i32", sessionCount, () => this.lastEvent, (a) => (this.lastEvent = a as Int32Array<ArrayBuffer>));
    add("lastOfVisitor", "i32", () => this.lastOfVisitor.length, () => this.lastOfVisitor, (a) => (this.lastOfVisitor = a as Int32Array<ArrayBuffer>), false);
    const v = this.events as unknown as Record<string, TypedColumn>;
    for (const c of EVENT_COLUMNS) add(`events.${c.key}`, c.kind, () => this.events.count, () => v[c.key], (a) => (v[c.key] = a));
    add("events.farAt", "i32", () => this.events.farCount, () => this.events.farAt, (a) => (this.events.farAt = a as Int32Array<ArrayBuffer>));
    add("events.farPrev", "i32", () => this.events.farCount, () => this.events.farPrev, (a) => (this.events.farPrev = a as Int32Array<ArrayBuffer>));
    add("events.typeRows", "i32", () => Math.ceil(this.events.count / ROW_BLOCK) * TYPE_SLOTS, () => this.events.typeRows, (a) => (this.events.typeRows = a as Int32Array<ArrayBuffer>));
    for (const type of KEPT_EVENT_TYPES) {
      const t = this.tables[type] as unknown as Record<string, TypedColumn>;
      for (const c of columnsOfTable(type)) add(`tables.${type}.${c.key}`, c.kind, () => this.tables[type].count, () => t[c.key], (a) => (t[c.key] = a));
      const ts = this.tables[type].ts;
      add(`tables.${type}.ts`, "u32", () => this.tables[type].count, () => ts.offset, (a) => (ts.offset = a as Uint32Array<ArrayBuffer>));
      add(`tables.${type}.tsBase`, "f64", () => EventTimes.blocks(this.tables[type].count), () => ts.base, (a) => (ts.base = a as Float64Array<ArrayBuffer>));
    }
    for (const [name, codes] of this.codeSets()) add(`codes.${name}`, "i32", () => codes.size, () => codes.idsOfCodes, (a) => codes.restore(a as Int32Array), false);
    return out;
  }

  /** The dense code sets (dims, paths, labels), by name. */
  codeSets(): [string, DenseCodes][] {
    return [...SESSION_DIMS.map((d): [string, DenseCodes] => [d, this.dims[d]]), ["paths", this.paths], ["labels", this.labels]];
  }

  /** What a snapshot keeps besides the columns (plain JSON), with the kept indexes' names. */
  snapshotMeta(kept: KeptIndexes = this.keptIndexes()): SiteMeta {
    for (const type of KEPT_EVENT_TYPES) this.tableWindow(type, 0, 0); // notes stale days again
    return {
      sessions: this.sessions.count,
      events: this.events.count,
      tables: KEPT_EVENT_TYPES.map((t) => this.tables[t].count),
      props: this.props.slice(1),
      titles: [...this.titles].flat(),
      sessionDays: this.sessionDays.toJSON(),
      tableDays: KEPT_EVENT_TYPES.map((t) => this.tableDays[t].toJSON()),
      tuples: this.dimGroups.map((g) => g.count),
      farLinks: this.events.farCount,
      tableTimesOutside: KEPT_EVENT_TYPES.map((t) => this.tables[t].ts.outsideToJSON()),
      derived: kept.map(({ key, columns, meta }) => ({ key, columns: columns.map((c) => c.name), meta })),
      reportIndexesBuilt: this.reportIndexesBuilt,
    };
  }

  /** The derived indexes a snapshot keeps, in the order they were made (their columns gathered: some copy). */
  keptIndexes(): KeptIndexes {
    return [...this.cache].filter((entry): entry is [string, KeptIndex] => isKept(entry[1])).map(([key, index]) => ({ key, columns: index.keptColumns(), meta: index.keptMeta?.() ?? null }));
  }

  /** How many derived indexes a snapshot would keep (without gathering their columns). */
  keptIndexCount(): number {
    let n = 0;
    for (const value of this.cache.values()) if (isKept(value)) n++;
    return n;
  }

  /** Takes a snapshot's columns and meta (into fresh data, after `strings` were read). */
  restore(columns: Map<string, TypedColumn>, meta: SiteMeta): void {
    for (const c of this.heldColumns()) c.set(columns.get(c.name)!);
    this.sessions.count = meta.sessions;
    this.events.count = meta.events;
    this.events.farCount = meta.farLinks;
    KEPT_EVENT_TYPES.forEach((type, i) => {
      this.tables[type].count = meta.tables[i];
      this.tableDays[type] = DayWindows.fromJSON(meta.tableDays[i]);
      this.tables[type].ts.outsideFromJSON(meta.tableTimesOutside[i]);
    });
    this.sessionDays = DayWindows.fromJSON(meta.sessionDays);
    this.dimGroups.forEach((g, i) => g.restore(meta.tuples[i]));
    this.props.push(...meta.props);
    for (let i = 0; i + 1 < meta.titles.length; i += 2) this.titles.set(meta.titles[i], meta.titles[i + 1]);
    this.reportIndexesBuilt = meta.reportIndexesBuilt === true;
    // Derived indexes next, before any newer row: they follow the changes from here on.
    for (const { key, columns: names, meta: indexMeta } of meta.derived) {
      const restore = restorers.get(key.split(":")[0]);
      const own = new Map(names.map((name) => [name, columns.get(`${EXTRA}${key}:${name}`)!] as const).filter(([, c]) => c !== undefined));
      const index = restore && own.size === names.length ? restore(this, key, own, indexMeta) : undefined;
      if (index !== undefined) this.cache.set(key, index);
    }
  }

  /** The capacity of the session columns (dependents size their own columns to it). */
  get sessionCapacity(): number {
    return this.sessions.seq.length;
  }
}
