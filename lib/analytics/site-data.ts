import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { eventTypeCode } from "../ingest/event-types.ts";
import { uuidOfHex } from "../ids.ts";

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

/** Session dimension columns (dense codes per column; code 0 is "not set"). */
export const SESSION_DIMS = [
  "channel", "source", "medium", "campaign", "referrer_host", "landing", "exit",
  "browser", "os", "device", "country", "region", "city", "language", "screen",
] as const;
export type SessionDim = (typeof SESSION_DIMS)[number];

/** "No earlier occurrence": below every day a range can start on. */
export const NO_DAY = -2147483648;

export const PAGEVIEW = eventTypeCode("pageview");
export const ENGAGEMENT = eventTypeCode("engagement");
export const CONVERSION = eventTypeCode("conversion");
export const CUSTOM_EVENT = eventTypeCode("event");
export const SCROLL = eventTypeCode("scroll");
export const OUTBOUND = eventTypeCode("outbound");
export const DOWNLOAD = eventTypeCode("download");
export const FORM_SUBMIT = eventTypeCode("form_submit");
export const VITAL = eventTypeCode("vital");
/** The event types reports, funnels and paths read (identify, consent, popups… are not). */
export const KEPT_EVENT_TYPES = [PAGEVIEW, ENGAGEMENT, CONVERSION, CUSTOM_EVENT, SCROLL, OUTBOUND, DOWNLOAD, FORM_SUBMIT, VITAL];
const KEPT = new Uint8Array(64);
for (const t of KEPT_EVENT_TYPES) KEPT[t] = 1;

const SESSION_COLUMNS = `seq, visitor, day, started_at, pageviews, engaged_ms, conversions, revenue, engaged, is_new, last_at, consent_analytics, ${SESSION_DIMS.join(", ")}`;
/** Where the dimension columns start in a SESSION_COLUMNS row. */
const FIRST_DIM = 12;
/** `name` holds the href of outbound clicks and downloads (those have no name). */
const EVENT_COLUMNS = `session, type, path, title, CASE WHEN type IN (${OUTBOUND}, ${DOWNLOAD}) THEN href ELSE name END, value, ts, currency, props`;

export interface SessionColumns {
  count: number;
  seq: Int32Array;
  visitor: Int32Array;
  /** Calendar day (site timezone) of the first event, as days since 1970-01-01. */
  day: Int32Array;
  startedAt: Float64Array;
  pageviews: Int32Array;
  engagedMs: Float64Array;
  conversions: Int32Array;
  revenue: Float64Array;
  /** Flags as Int32Array too: the engine reads every code column through one array type. */
  engaged: Int32Array;
  isNew: Int32Array;
  /** The session's last event (epoch ms). */
  lastAt: Float64Array;
  /** 1 when the visitor gave analytics consent in this session (only they appear in visitor lists). */
  consented: Int32Array;
}

/**
 * Dense codes for the `strings` ids one column holds, so arrays indexed by code are as small
 * as the column's distinct values (a site's paths, not every text it ever stored). Code 0 is
 * "none" (null).
 */
export class DenseCodes {
  /** Code → text. */
  readonly keys: (string | null)[] = [null];
  /** `strings` id → code + 1 (0: not seen yet). */
  private codeOfId = new Int32Array(0);
  private readonly codeOfText = new Map<string, number>();

  constructor(private readonly strings: (string | null)[]) {}

  /** The code of a `strings` id (0 for none), given one on first sight. */
  code(id: number): number {
    if (id === 0) return 0;
    if (id >= this.codeOfId.length) this.codeOfId = grow(this.codeOfId, Math.max(id + 1, this.strings.length + 1, this.codeOfId.length * 2));
    let code = this.codeOfId[id] - 1;
    if (code < 0) {
      code = this.keys.length;
      const text = this.strings[id] ?? null;
      this.keys.push(text);
      if (text !== null) this.codeOfText.set(text, code);
      this.codeOfId[id] = code + 1;
    }
    return code;
  }

  /** The code of a text, or -1 when the column never held it. */
  codeOf(text: string): number {
    return this.codeOfText.get(text) ?? -1;
  }

  get size(): number {
    return this.keys.length;
  }
}

/** A dimension column: dense codes per session position. */
export class DimCodes extends DenseCodes {
  codes = new Int32Array(0);
}

/**
 * Every kept event, in load order: what funnels, paths and the per-visitor indexes need to
 * follow a session's events. What reports scan lives in the event's type table (`row`).
 */
export interface EventColumns {
  count: number;
  /** Position of the session in the session columns. */
  session: Int32Array;
  /** EVENT_TYPES index (lib/ingest/event-types.ts). */
  type: Int32Array;
  /** The event's row in its type's table (`SiteData.table(type)`). */
  row: Int32Array;
  /** The previous event of the same session in load order (-1: none). */
  prevInSession: Int32Array;
}

/**
 * The events of one type, compact and in load order: a report over a type reads these
 * columns front to back, never the other types' rows.
 */
export interface EventTable {
  count: number;
  /** The event (index into the event columns). */
  event: Int32Array;
  /** The session's position in the session columns. */
  session: Int32Array;
  /** The session's day. */
  day: Int32Array;
  /** Code in `SiteData.paths`. */
  path: Int32Array;
  /** Code in `SiteData.labels`: event, conversion, form or vital name; the href of outbound clicks and downloads. */
  name: Int32Array;
  /** Engaged ms, conversion value, scroll percent, vital value. */
  value: Float64Array;
  /** When it happened (epoch ms). */
  ts: Float64Array;
  /** Conversion currency (`strings` id) or custom event properties (`props` id). */
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

/** Positions first and last seen per day; a range's rows lie between them. */
class DayWindows {
  private readonly lo = new Map<number, number>();
  private readonly hi = new Map<number, number>();
  private minDay = Infinity;
  private maxDay = -Infinity;

  note(day: number, position: number): void {
    const lo = this.lo.get(day);
    if (lo === undefined || position < lo) this.lo.set(day, position);
    const hi = this.hi.get(day);
    if (hi === undefined || position > hi) this.hi.set(day, position);
    if (day < this.minDay) this.minDay = day;
    if (day > this.maxDay) this.maxDay = day;
  }

  /**
   * [start, end) covering every row of a day in [from, to] (more rows may lie inside). Callers
   * take `window[0] | 0` and `window[1] | 0` before looping: without it JSC's optimising tier
   * treats the bounds as doubles and every column read in the loop costs twice as much.
   */
  window(from: number, to: number): [number, number] {
    let start = Infinity;
    let end = -1;
    const a = Math.max(from, this.minDay);
    const b = Math.min(to, this.maxDay);
    if (b - a > this.lo.size) {
      for (const [day, lo] of this.lo) if (day >= a && day <= b) (start = Math.min(start, lo), (end = Math.max(end, this.hi.get(day)!)));
    } else {
      for (let d = a; d <= b; d++) {
        const lo = this.lo.get(d);
        if (lo !== undefined) (start = Math.min(start, lo), (end = Math.max(end, this.hi.get(d)!)));
      }
    }
    return end < 0 ? [0, 0] : [start, end + 1];
  }
}

export class SiteData {
  readonly sessions: SessionColumns;
  readonly dims: Record<SessionDim, DimCodes>;
  /** The codes of event paths, and of event names and links. */
  readonly paths: DenseCodes;
  readonly labels: DenseCodes;
  readonly events: EventColumns;
  /** Per kept event type, its table, and the day windows over the table's rows. */
  private readonly tables: EventTable[] = [];
  private readonly tableDays: DayWindows[] = [];
  /** Tables with a row whose day changed since their windows were noted. */
  private readonly staleDays = new Set<number>();
  /** `strings` values by id (0 unused: SQLite ids start at 1). */
  strings: (string | null)[] = [null];
  /** Custom event properties (JSON text) by `aux` id, each distinct text once. */
  readonly props: (string | null)[] = [null];
  private readonly propsIds = new Map<string, number>();
  /** The visitor's previous session, earliest first (-1: none), and that session's day. */
  prevOfVisitor = new Int32Array(0);
  prevDay = new Int32Array(0);
  /** The latest session of each visitor (by visitor seq; -1: none). */
  lastOfVisitor = new Int32Array(0);
  /** The last loaded event of each session (-1: none). */
  lastEvent = new Int32Array(0);
  /** Session position by seq (-1: not this site's, or not loaded). */
  private positionOf = new Int32Array(0);
  private readonly sessionDays = new DayWindows();
  private readonly dependents: Dependent[] = [];
  lastEventSeq = 0;
  refreshedAt = 0;
  /** Latest title seen per path (path code → strings id). */
  private readonly titles = new Map<number, number>();
  /** Visitor UUIDs by visitor seq, loaded when a query needs them (`loadVisitorIds`). */
  private readonly visitorIds: string[] = [];
  private visitorIdsUpTo = 0;
  private readonly cache = new Map<string, unknown>();
  private pending: Promise<void> | null = null;

  constructor(readonly siteRef: number) {
    this.sessions = {
      count: 0, seq: new Int32Array(0), visitor: new Int32Array(0), day: new Int32Array(0), startedAt: new Float64Array(0),
      pageviews: new Int32Array(0), engagedMs: new Float64Array(0), conversions: new Int32Array(0), revenue: new Float64Array(0),
      engaged: new Int32Array(0), isNew: new Int32Array(0), lastAt: new Float64Array(0), consented: new Int32Array(0),
    };
    this.dims = Object.fromEntries(SESSION_DIMS.map((d) => [d, new DimCodes(this.strings)])) as Record<SessionDim, DimCodes>;
    this.paths = new DenseCodes(this.strings);
    this.labels = new DenseCodes(this.strings);
    this.events = { count: 0, session: new Int32Array(0), type: new Int32Array(0), row: new Int32Array(0), prevInSession: new Int32Array(0) };
    for (const type of KEPT_EVENT_TYPES) {
      this.tables[type] = { count: 0, event: new Int32Array(0), session: new Int32Array(0), day: new Int32Array(0), path: new Int32Array(0), name: new Int32Array(0), value: new Float64Array(0), ts: new Float64Array(0), aux: new Int32Array(0) };
      this.tableDays[type] = new DayWindows();
    }
  }

  /** The text of a `strings` id; null for none. */
  text(id: number): string | null {
    return id > 0 ? (this.strings[id] ?? null) : null;
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

  /** Rows [start, end) of `table(type)` that hold every such event of a session whose day is in [from, to]. */
  tableWindow(type: number, from: number, to: number): [number, number] {
    if (this.staleDays.delete(type)) {
      // A session moved to another day (a late, earlier event): note every row's day again.
      const t = this.tables[type];
      const days = (this.tableDays[type] = new DayWindows());
      for (let i = 0; i < t.count; i++) days.note(t.day[i], i);
    }
    return this.tableDays[type].window(from, to);
  }

  /** An event's path code, name code and time (through its type's table). */
  pathOf(e: number): number {
    return this.tables[this.events.type[e]].path[this.events.row[e]];
  }

  nameOf(e: number): number {
    return this.tables[this.events.type[e]].name[this.events.row[e]];
  }

  tsOf(e: number): number {
    return this.tables[this.events.type[e]].ts[this.events.row[e]];
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
    for (let e = this.lastEvent[p]; e >= 0; e = this.events.prevInSession[e]) out.push(e);
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
   * Loads visitor UUIDs: of the given visitor seqs, or of every visitor (added since the last
   * call) when a query compares them all (a filter on the visitor dimension).
   */
  async loadVisitorIds(store: TenantStore, only?: number[]): Promise<void> {
    const put = (rows: unknown[][]) => {
      for (const [seq, hex] of rows as [number, string][]) {
        this.visitorIds[seq] = uuidOfHex(hex);
      }
    };
    if (only) {
      const missing = only.filter((seq) => this.visitorIds[seq] === undefined);
      for (let i = 0; i < missing.length; i += 500) put(await readRows(store, `SELECT seq, lower(hex(uid)) FROM visitor_rows WHERE seq IN (${missing.slice(i, i + 500).join(",")})`, []));
      return;
    }
    for (;;) {
      const rows = await readRows(store, `SELECT seq, lower(hex(uid)) FROM visitor_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.siteRef, this.visitorIdsUpTo]);
      if (rows.length === 0) return;
      put(rows);
      this.visitorIdsUpTo = rows[rows.length - 1][0] as number;
    }
  }

  /**
   * Brings the columns up to date with the store (rows added since the last call). Callers
   * that arrive while a refresh runs share it; after a failure the data must be dropped (a
   * half-read load is not resumable).
   */
  refresh(store: TenantStore, now: number): Promise<void> {
    this.pending ??= this.load(store, now).finally(() => (this.pending = null));
    return this.pending;
  }

  private async load(store: TenantStore, now: number): Promise<void> {
    const latest = (await readRows(store, "SELECT coalesce(max(seq), 0) FROM event_rows", []))[0][0] as number;
    this.refreshedAt = now;
    if (latest <= this.lastEventSeq) return;
    const strings = await readRows(store, "SELECT id, value FROM strings WHERE id >= ?", [this.strings.length]);
    for (const [id, value] of strings) this.strings[id as number] = value as string;

    if (this.lastEventSeq === 0) await this.loadAll(store, latest);
    else await this.loadSince(store, latest);
    this.lastEventSeq = latest;
  }

  /** First load: every session and kept event of the site, in chunks, yielding between them. */
  private async loadAll(store: TenantStore, latest: number): Promise<void> {
    const maxSession = (await readRows(store, "SELECT coalesce(max(seq), 0) FROM session_rows", []))[0][0] as number;
    this.ensureSessions(Math.min(maxSession, 1 << 20) + 1);
    this.ensureEvents(Math.min(latest, 1 << 21) + 1);
    for (let after = 0; ; ) {
      const rows = await readRows(store, `SELECT ${SESSION_COLUMNS} FROM session_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.siteRef, after]);
      if (rows.length === 0) break;
      for (const r of rows) this.putSession(r, false);
      after = rows[rows.length - 1][0] as number;
      await breather();
    }
    const kept = KEPT_EVENT_TYPES.join(", ");
    for (let from = 0; from < latest; from += CHUNK * 4) {
      const rows = await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ? AND type IN (${kept})`, [from, Math.min(from + CHUNK * 4, latest), this.siteRef]);
      for (const r of rows) this.putEvent(r);
      await breather();
    }
    this.chainAllVisitors();
    this.fitToSize();
  }

  /** After the first load, drops the room the columns grew into, keeping an eighth for what comes next. */
  private fitToSize(): void {
    const room = (n: number) => n + (n >> 3) + 1024;
    const s = this.sessions;
    const sessions = room(s.count);
    if (sessions < s.seq.length) {
      fitColumns(s, sessions);
      for (const d of SESSION_DIMS) this.dims[d].codes = this.dims[d].codes.slice(0, sessions);
      this.prevOfVisitor = this.prevOfVisitor.slice(0, sessions);
      this.prevDay = this.prevDay.slice(0, sessions);
      this.lastEvent = this.lastEvent.slice(0, sessions);
    }
    if (room(this.events.count) < this.events.session.length) fitColumns(this.events, room(this.events.count));
    for (const type of KEPT_EVENT_TYPES) {
      const t = this.tables[type];
      if (room(t.count) < t.event.length) fitColumns(t, room(t.count));
    }
  }

  /** Later loads: the sessions the new events touched (read again whole) and the new kept events. */
  private async loadSince(store: TenantStore, latest: number): Promise<void> {
    const touched = new Set<number>();
    const newEvents: unknown[][] = [];
    for (let from = this.lastEventSeq; from < latest; from += CHUNK) {
      const rows = await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ?`, [from, Math.min(from + CHUNK, latest), this.siteRef]);
      for (const r of rows) {
        touched.add(r[0] as number);
        if (KEPT[r[1] as number]) newEvents.push(r);
      }
    }
    const seqs = [...touched].sort((a, b) => a - b);
    const visitors = new Set<number>();
    for (let i = 0; i < seqs.length; i += 500) {
      for (const r of await readRows(store, `SELECT ${SESSION_COLUMNS} FROM session_rows WHERE seq IN (${seqs.slice(i, i + 500).join(",")})`, [])) {
        visitors.add(this.putSession(r, true));
      }
    }
    for (const r of newEvents) this.putEvent(r);
    const sessions: number[] = [];
    for (const v of visitors) {
      this.chainVisitor(v, sessions);
      for (const d of this.dependents) d.visitorChanged?.(v, sessions);
    }
  }

  /** Stores a session row (new or changed); returns its visitor. */
  private putSession(r: unknown[], tell: boolean): number {
    const s = this.sessions;
    const seq = r[0] as number;
    const visitor = r[1] as number;
    if (seq >= this.positionOf.length) this.positionOf = grow(this.positionOf, Math.max(seq + 1, this.positionOf.length * 2), -1);
    let p = this.positionOf[seq];
    const isNew = p < 0;
    if (isNew) {
      p = s.count;
      this.ensureSessions(p + 1);
      s.count++;
      this.positionOf[seq] = p;
      if (visitor >= this.lastOfVisitor.length) this.lastOfVisitor = grow(this.lastOfVisitor, Math.max(visitor + 1, this.lastOfVisitor.length * 2), -1);
      // Chained at the head for now; chainVisitor puts the visitor's sessions in order.
      this.prevOfVisitor[p] = this.lastOfVisitor[visitor];
      this.lastOfVisitor[visitor] = p;
      this.lastEvent[p] = -1;
    } else if (tell) {
      for (const d of this.dependents) d.sessionWillChange?.(p);
    }
    const oldDay = isNew ? null : s.day[p];
    s.seq[p] = seq;
    s.visitor[p] = visitor;
    s.day[p] = r[2] as number;
    s.startedAt[p] = r[3] as number;
    s.pageviews[p] = r[4] as number;
    s.engagedMs[p] = r[5] as number;
    s.conversions[p] = r[6] as number;
    s.revenue[p] = r[7] as number;
    s.engaged[p] = r[8] as number;
    s.isNew[p] = r[9] as number;
    s.lastAt[p] = r[10] as number;
    s.consented[p] = r[11] as number;
    for (let d = 0; d < SESSION_DIMS.length; d++) {
      const dim = this.dims[SESSION_DIMS[d]];
      dim.codes[p] = dim.code((r[FIRST_DIM + d] as number | null) ?? 0);
    }
    this.sessionDays.note(s.day[p], p);
    if (oldDay !== null && oldDay !== s.day[p]) {
      // A late, earlier event moved the session to another day: its events follow it.
      for (let e = this.lastEvent[p]; e >= 0; e = this.events.prevInSession[e]) {
        const type = this.events.type[e];
        this.tables[type].day[this.events.row[e]] = s.day[p];
        this.staleDays.add(type);
      }
    }
    if (tell) for (const d of this.dependents) d.sessionChanged?.(p);
    return visitor;
  }

  private putEvent(r: unknown[]): void {
    const p = this.positionOf[r[0] as number];
    if (p === undefined || p < 0) return; // not a session of this site's columns
    const v = this.events;
    const e = v.count;
    this.ensureEvents(e + 1);
    v.count++;
    const type = r[1] as number;
    const t = this.tables[type];
    const row = t.count;
    if (row === t.event.length) growColumns(t, Math.max(1024, row * 2));
    t.count++;
    v.session[e] = p;
    v.type[e] = type;
    v.row[e] = row;
    v.prevInSession[e] = this.lastEvent[p];
    this.lastEvent[p] = e;
    t.event[row] = e;
    t.session[row] = p;
    t.day[row] = this.sessions.day[p];
    t.path[row] = this.paths.code((r[2] as number | null) ?? 0);
    t.name[row] = this.labels.code((r[4] as number | null) ?? 0);
    t.value[row] = (r[5] as number | null) ?? 0;
    t.ts[row] = r[6] as number;
    t.aux[row] = type === CONVERSION ? ((r[7] as number | null) ?? 0) : type === CUSTOM_EVENT ? this.propsId(r[8] as string | null) : 0;
    this.tableDays[type].note(t.day[row], row);
    const title = (r[3] as number | null) ?? 0;
    if (type === PAGEVIEW && title > 0) this.titles.set(t.path[row], title);
  }

  private propsId(text: string | null): number {
    if (text === null) return 0;
    let id = this.propsIds.get(text);
    if (id === undefined) {
      id = this.props.length;
      this.props.push(text);
      this.propsIds.set(text, id);
    }
    return id;
  }

  /** Puts one visitor's chain in order (start time, then seq) and sets prevDay. */
  private chainVisitor(v: number, out: number[]): void {
    const s = this.sessions;
    out.length = 0;
    for (let p = this.lastOfVisitor[v]; p >= 0; p = this.prevOfVisitor[p]) out.push(p);
    out.sort((a, b) => s.startedAt[a] - s.startedAt[b] || s.seq[a] - s.seq[b]);
    let prev = -1;
    for (const p of out) {
      this.prevOfVisitor[p] = prev;
      this.prevDay[p] = prev < 0 ? NO_DAY : s.day[prev];
      prev = p;
    }
    this.lastOfVisitor[v] = prev;
  }

  /** After the first load: every visitor's chain in order, by a counting sort over visitors. */
  private chainAllVisitors(): void {
    const s = this.sessions;
    const visitors = this.lastOfVisitor.length;
    const { start, order } = groupByKey(s.visitor.subarray(0, s.count), visitors);
    for (let v = 0; v < visitors; v++) {
      const a = start[v];
      const b = start[v + 1];
      if (a === b) continue;
      // Load order is nearly start order: an insertion sort is linear here.
      for (let i = a + 1; i < b; i++) {
        const p = order[i];
        let j = i - 1;
        while (j >= a && (s.startedAt[order[j]] > s.startedAt[p] || (s.startedAt[order[j]] === s.startedAt[p] && s.seq[order[j]] > s.seq[p]))) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = p;
      }
      let prev = -1;
      for (let i = a; i < b; i++) {
        const p = order[i];
        this.prevOfVisitor[p] = prev;
        this.prevDay[p] = prev < 0 ? NO_DAY : s.day[prev];
        prev = p;
      }
      this.lastOfVisitor[v] = prev;
    }
  }

  private ensureSessions(capacity: number): void {
    const s = this.sessions;
    if (capacity <= s.seq.length) return;
    const size = Math.max(1024, capacity, Math.floor(s.seq.length * 1.5));
    growColumns(s, size);
    for (const d of SESSION_DIMS) this.dims[d].codes = grow(this.dims[d].codes, size);
    this.prevOfVisitor = grow(this.prevOfVisitor, size, -1);
    this.prevDay = grow(this.prevDay, size, NO_DAY);
    this.lastEvent = grow(this.lastEvent, size, -1);
  }

  /** The capacity of the session columns (dependents size their own columns to it). */
  get sessionCapacity(): number {
    return this.sessions.seq.length;
  }

  private ensureEvents(capacity: number): void {
    const v = this.events;
    if (capacity <= v.session.length) return;
    growColumns(v, Math.max(1024, capacity, Math.floor(v.session.length * 1.5)), { prevInSession: -1 });
  }
}

const CHUNK = 250_000;

/** Lets other work (ingest, in one-process mode) run between chunks of a long load. */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

type Typed = Int32Array | Float64Array;
/** A copy of a column with room for `capacity` rows; new rows hold `fill`. */
export function grow<T extends Typed>(array: T, capacity: number, fill = 0): T {
  if (capacity <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/**
 * Items grouped by an integer key in [0, keyCount), by a counting sort (linear): the items of
 * key k are `order[start[k] .. start[k + 1])`, each group in item order.
 */
export function groupByKey(keys: Int32Array, keyCount: number): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) start[keys[i] + 1]++;
  for (let k = 0; k < keyCount; k++) start[k + 1] += start[k];
  const order = new Int32Array(keys.length);
  const fill = start.slice(0, keyCount);
  for (let i = 0; i < keys.length; i++) order[fill[keys[i]]++] = i;
  return { start, order };
}

/** Grows every column of a table to `capacity` rows (new rows hold 0, or the column's fill). */
function growColumns<T extends object>(table: T, capacity: number, fills: Partial<Record<keyof T, number>> = {}): void {
  const columns = table as Record<string, unknown>;
  for (const [name, column] of Object.entries(columns)) {
    if (column instanceof Int32Array || column instanceof Float64Array) columns[name] = grow(column, capacity, fills[name as keyof T] ?? 0);
  }
}

/** Shrinks every column of a table to `capacity` rows (at least its count). */
function fitColumns<T extends object>(table: T, capacity: number): void {
  const columns = table as Record<string, unknown>;
  for (const [name, column] of Object.entries(columns)) {
    if ((column instanceof Int32Array || column instanceof Float64Array) && column.length > capacity) columns[name] = column.slice(0, capacity);
  }
}
