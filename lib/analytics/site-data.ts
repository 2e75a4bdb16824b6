import type { TenantStore } from "../db/tenants.ts";
import { eventTypeCode } from "../ingest/event-types.ts";

/**
 * A site's sessions and page events (pageviews and engagement pings) held in memory as columns, so a report over millions of
 * sessions is a few tight loops instead of a SQL scan. Built once from the store, then brought
 * up to date from the rows added since (event `seq` is the change log: every change to a
 * session comes with a new event). Columns are in load order; `order` lists sessions
 * visitor by visitor, which lets one pass count distinct users per group exactly.
 */

/** Session dimension columns, as `strings` ids. */
export const SESSION_DIMS = [
  "channel", "source", "medium", "campaign", "referrer_host", "landing", "exit",
  "browser", "os", "device", "country", "region", "city", "language", "screen",
] as const;
export type SessionDim = (typeof SESSION_DIMS)[number];

const EVENT_COLUMNS = "session, type, path, title, value, name, currency";
const SESSION_COLUMNS = `seq, visitor, day, started_at, pageviews, engaged_ms, conversions, revenue, engaged, is_new, ${SESSION_DIMS.join(", ")}`;

export interface SessionColumns {
  count: number;
  seq: Int32Array;
  visitor: Int32Array;
  day: Int32Array;
  startedAt: Float64Array;
  pageviews: Float64Array;
  engagedMs: Float64Array;
  conversions: Float64Array;
  revenue: Float64Array;
  /** Small flags as Int32Array too: the engine reads every column through one array type. */
  engaged: Int32Array;
  isNew: Int32Array;
  dims: Record<SessionDim, Int32Array>;
}

export const PAGEVIEW = eventTypeCode("pageview");
export const ENGAGEMENT = eventTypeCode("engagement");
export const CONVERSION = eventTypeCode("conversion");
/** The event types the reports read per session (engagement's value is engaged ms). */
const KEPT_EVENT_TYPES = [PAGEVIEW, ENGAGEMENT, CONVERSION];

/** Pageviews, engagement pings and conversions, with their page, name and currency. */
export interface PageEventColumns {
  count: number;
  /** Position of the session in the session columns. */
  session: Int32Array;
  /** EVENT_TYPES index (lib/ingest/event-types.ts). */
  type: Int32Array;
  path: Int32Array;
  title: Int32Array;
  value: Float64Array;
  /** Conversion name and currency (strings ids). */
  name: Int32Array;
  currency: Int32Array;
}

export class SiteData {
  readonly sessions: SessionColumns;
  readonly pageEvents: PageEventColumns;
  /** `strings` values by id (0 unused: SQLite ids start at 1). */
  strings: string[] = [""];
  /** Sessions visitor by visitor (positions into the session columns). */
  order = new Int32Array(0);
  /** Page events of the session at position p: peOrder[peStart[p] .. peStart[p + 1]). */
  peStart = new Int32Array(1);
  peOrder = new Int32Array(0);
  /** Session position by seq (-1: not this site's, or not loaded). */
  private positionOf = new Int32Array(0);
  lastEventSeq = 0;
  refreshedAt = 0;
  /** Latest title seen per path (strings ids). */
  private readonly titles = new Map<number, number>();
  /** Visitor UUIDs by visitor seq, loaded when a query needs them (`loadVisitorIds`). */
  private readonly visitorIds: string[] = [];
  private visitorIdsUpTo = 0;

  constructor(readonly siteRef: number) {
    this.sessions = {
      count: 0, seq: new Int32Array(0), visitor: new Int32Array(0), day: new Int32Array(0), startedAt: new Float64Array(0),
      pageviews: new Float64Array(0), engagedMs: new Float64Array(0), conversions: new Float64Array(0), revenue: new Float64Array(0),
      engaged: new Int32Array(0), isNew: new Int32Array(0),
      dims: Object.fromEntries(SESSION_DIMS.map((d) => [d, new Int32Array(0)])) as Record<SessionDim, Int32Array>,
    };
    this.pageEvents = {
      count: 0, session: new Int32Array(0), type: new Int32Array(0), path: new Int32Array(0), title: new Int32Array(0), value: new Float64Array(0),
      name: new Int32Array(0), currency: new Int32Array(0),
    };
  }

  /** The text of a `strings` id; null for none. */
  text(id: number): string | null {
    return id > 0 ? (this.strings[id] ?? null) : null;
  }

  titleOf(path: number): string | null {
    return this.text(this.titles.get(path) ?? 0);
  }

  visitorUuid(visitorSeq: number): string {
    return this.visitorIds[visitorSeq] ?? String(visitorSeq);
  }

  /** Loads the UUIDs of visitors added since the last call (for the `visitor` dimension). */
  async loadVisitorIds(store: TenantStore): Promise<void> {
    for (;;) {
      const rows = await readRows(store, `SELECT seq, lower(hex(uid)) FROM visitor_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.siteRef, this.visitorIdsUpTo]);
      if (rows.length === 0) return;
      for (const [seq, hex] of rows as [number, string][]) {
        this.visitorIds[seq] = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      }
      this.visitorIdsUpTo = rows[rows.length - 1][0] as number;
    }
  }

  private pending: Promise<void> | null = null;
  /** Values computed from the columns (a dimension's codes…), dropped when they change. */
  private readonly cache = new Map<string, unknown>();

  derived<T>(key: string, make: () => T): T {
    let value = this.cache.get(key) as T | undefined;
    if (value === undefined) this.cache.set(key, (value = make()));
    return value;
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
    this.derive();
  }

  /** First load: every session and pageview of the site, in chunks of rows. */
  private async loadAll(store: TenantStore, latest: number): Promise<void> {
    for (let after = 0; ; ) {
      const rows = await readRows(store, `SELECT ${SESSION_COLUMNS} FROM session_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.siteRef, after]);
      if (rows.length === 0) break;
      this.putSessions(rows);
      after = rows[rows.length - 1][0] as number;
    }
    for (let from = 0; from < latest; from += CHUNK * 4) {
      this.putPageEvents(await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ? AND type IN (${KEPT_EVENT_TYPES.join(", ")})`, [from, Math.min(from + CHUNK * 4, latest), this.siteRef]));
    }
  }

  /** Later loads: the sessions the new events touched (read again whole) and the new page events. */
  private async loadSince(store: TenantStore, latest: number): Promise<void> {
    const touched = new Set<number>();
    const newPageEvents: unknown[][] = [];
    for (let from = this.lastEventSeq; from < latest; from += CHUNK) {
      const rows = await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ?`, [from, Math.min(from + CHUNK, latest), this.siteRef]);
      for (const r of rows) {
        touched.add(r[0] as number);
        if (KEPT_EVENT_TYPES.includes(r[1] as number)) newPageEvents.push(r);
      }
    }
    const seqs = [...touched].sort((a, b) => a - b);
    for (let i = 0; i < seqs.length; i += 500) {
      this.putSessions(await readRows(store, `SELECT ${SESSION_COLUMNS} FROM session_rows WHERE seq IN (${seqs.slice(i, i + 500).join(",")})`, []));
    }
    this.putPageEvents(newPageEvents);
  }

  private putSessions(rows: unknown[][]): void {
    const s = this.sessions;
    const maxSeq = rows.reduce((m, r) => Math.max(m, r[0] as number), 0);
    if (maxSeq >= this.positionOf.length) this.positionOf = grow(this.positionOf, Math.max(maxSeq + 1, this.positionOf.length * 2), -1);
    for (const r of rows) {
      const seq = r[0] as number;
      let p = this.positionOf[seq];
      if (p < 0) {
        p = s.count++;
        if (s.count > s.seq.length) this.growSessions(Math.max(1024, s.count * 2));
        this.positionOf[seq] = p;
      }
      s.seq[p] = seq;
      s.visitor[p] = r[1] as number;
      s.day[p] = r[2] as number;
      s.startedAt[p] = r[3] as number;
      s.pageviews[p] = r[4] as number;
      s.engagedMs[p] = r[5] as number;
      s.conversions[p] = r[6] as number;
      s.revenue[p] = r[7] as number;
      s.engaged[p] = r[8] as number;
      s.isNew[p] = r[9] as number;
      for (let d = 0; d < SESSION_DIMS.length; d++) s.dims[SESSION_DIMS[d]][p] = (r[10 + d] as number | null) ?? 0;
    }
  }

  private growSessions(capacity: number): void {
    const s = this.sessions;
    s.seq = grow(s.seq, capacity);
    s.visitor = grow(s.visitor, capacity);
    s.day = grow(s.day, capacity);
    s.startedAt = grow(s.startedAt, capacity);
    s.pageviews = grow(s.pageviews, capacity);
    s.engagedMs = grow(s.engagedMs, capacity);
    s.conversions = grow(s.conversions, capacity);
    s.revenue = grow(s.revenue, capacity);
    s.engaged = grow(s.engaged, capacity);
    s.isNew = grow(s.isNew, capacity);
    for (const d of SESSION_DIMS) s.dims[d] = grow(s.dims[d], capacity);
  }

  private putPageEvents(rows: unknown[][]): void {
    const v = this.pageEvents;
    const needed = v.count + rows.length;
    if (needed > v.session.length) {
      const capacity = Math.max(1024, needed * 2);
      v.session = grow(v.session, capacity);
      v.type = grow(v.type, capacity);
      v.path = grow(v.path, capacity);
      v.title = grow(v.title, capacity);
      v.value = grow(v.value, capacity);
      v.name = grow(v.name, capacity);
      v.currency = grow(v.currency, capacity);
    }
    for (const r of rows) {
      const p = v.count++;
      v.session[p] = this.positionOf[r[0] as number];
      v.type[p] = r[1] as number;
      v.path[p] = (r[2] as number | null) ?? 0;
      v.title[p] = (r[3] as number | null) ?? 0;
      v.value[p] = (r[4] as number | null) ?? 0;
      v.name[p] = (r[5] as number | null) ?? 0;
      v.currency[p] = (r[6] as number | null) ?? 0;
      if (v.type[p] === PAGEVIEW && v.title[p] > 0) this.titles.set(v.path[p], v.title[p]);
    }
  }

  /** Visitor-by-visitor session order and per-session page event lists (counting sorts, linear). */
  private derive(): void {
    this.cache.clear();
    const s = this.sessions;
    const n = s.count;
    let maxVisitor = 0;
    for (let i = 0; i < n; i++) if (s.visitor[i] > maxVisitor) maxVisitor = s.visitor[i];
    const start = new Int32Array(maxVisitor + 2);
    for (let i = 0; i < n; i++) start[s.visitor[i] + 1]++;
    for (let v = 0; v <= maxVisitor; v++) start[v + 1] += start[v];
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[start[s.visitor[i]]++] = i;
    // A visitor's sessions by start time (load order is nearly that already).
    for (let i = 1; i < n; i++) {
      const p = order[i];
      if (s.visitor[order[i - 1]] !== s.visitor[p] || s.startedAt[order[i - 1]] <= s.startedAt[p]) continue;
      let j = i - 1;
      while (j >= 0 && s.visitor[order[j]] === s.visitor[p] && s.startedAt[order[j]] > s.startedAt[p]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = p;
    }
    this.order = order;

    const v = this.pageEvents;
    const peStart = new Int32Array(n + 1);
    for (let i = 0; i < v.count; i++) peStart[v.session[i] + 1]++;
    for (let p = 0; p < n; p++) peStart[p + 1] += peStart[p];
    const fill = peStart.slice(0, n);
    const peOrder = new Int32Array(v.count);
    for (let i = 0; i < v.count; i++) peOrder[fill[v.session[i]]++] = i;
    this.peStart = peStart;
    this.peOrder = peOrder;
  }
}

const CHUNK = 250_000;

type Typed = Int32Array | Float64Array | Uint8Array;
function grow<T extends Typed>(array: T, capacity: number, fill = 0): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/** Rows as arrays from either kind of store (bun:sqlite file or libSQL client). */
export async function readRows(store: TenantStore, sql: string, args: (string | number)[]): Promise<unknown[][]> {
  if (store.sqlite) return store.sqlite.query(sql).values(...args) as unknown[][];
  const rs = await store.libsql!.execute({ sql, args });
  return rs.rows.map((row) => Array.from(row as ArrayLike<unknown>));
}
