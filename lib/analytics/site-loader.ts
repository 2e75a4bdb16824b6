import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { dataGeneration } from "../lifecycle/generation.ts";
import { uuidOfHex } from "../ids.ts";
import { SESSION_DIM_GROUPS, SESSION_DIMS, SESSION_READ } from "../db/session-row.ts";
import { grow, groupByKey, growColumns, heldDay, NO_DAY, ROW_BLOCK, tableCapacity, TYPE_SLOTS } from "./columns.ts";
import { CONVERSION, CUSTOM_EVENT, DOWNLOAD, KEPT_EVENT_TYPES, OUTBOUND, PAGEVIEW } from "./kept-events.ts";
import type { SiteData, SiteMeta } from "./site-data.ts";
import { EXTRA, readSnapshot, removeSnapshot, writeSnapshot, type StoreMark } from "./site-snapshot.ts";
import { breather } from "../event-loop.ts";
import { logLine } from "../log.ts";

/**
 * Fills a site's columns (SiteData) from the store: the first load reads every session and
 * kept event in chunks; later loads read the events added since (event `seq` is the change
 * log) and the sessions they touched, and tell the data's dependents what changed. The session
 * columns read are those of the session-row contract (lib/db/session-row.ts).
 */

const KEPT = new Uint8Array(64);
for (const t of KEPT_EVENT_TYPES) KEPT[t] = 1;

/** Where a session row read with SESSION_READ.select holds its seq and visitor. */
const SEQ_AT = SESSION_READ.columns.findIndex((c) => c.key === "seq");
const VISITOR_AT = SESSION_READ.columns.findIndex((c) => c.key === "visitor");
const DAY_AT = SESSION_READ.columns.findIndex((c) => c.key === "day");
/** `name` holds the href of outbound clicks and downloads (those have no name). */
const EVENT_COLUMNS = `session, type, path, title, CASE WHEN type IN (${OUTBOUND}, ${DOWNLOAD}) THEN href ELSE name END, value, ts, currency, props`;

const CHUNK = 250_000;

/**
 * The snapshot is written again once this many kept events (or a 64th of the site's, if more)
 * came in since the last one: a cold start then reads at most that many rows from the store
 * (about 2 µs each: 0.3 s at 10 M events), and a busy site is rewritten about as often as it
 * grows by 1.6 %.
 */
const SAVE_AFTER_EVENTS = 10_000;
/**
 * …and no sooner than this after the last write: loads wait while a write runs (a second or
 * two at 10 M events), so a site taking in thousands of events a second pauses its reports
 * at most once in this long. A graceful stop writes whatever came in since.
 */
const SAVE_INTERVAL_MS = 5 * 60_000;

/** Room to grow kept in a column read whole (a snapshot, a first load): an eighth and a bit. */
const room = (n: number) => n + (n >> 3) + 1024;


export class SiteLoader {
  /** Session position by seq (-1: not this site's, or not loaded). */
  private positionOf = new Int32Array(0);
  private readonly propsIds = new Map<string, number>();
  private lastEventSeq = 0;
  private visitorIdsUpTo = 0;
  private pending: Promise<void> | null = null;
  /** A snapshot being written (the columns must not change meanwhile), and the kept-event count of the last one. */
  private writing: Promise<void> | null = null;
  private eventsAtSnapshot = 0;
  private snapshotSeq = 0;
  /** The derived indexes the last snapshot kept (a stop writes again when reports built more): see indexState. */
  private indexesAtSnapshot = "";
  /** When the last write started (ms since epoch; 0: none from this process). */
  private savedAt = 0;
  /** Per dimension group, where each of its dimensions is in a row's SESSION_DIMS part, and a reused tuple of codes. */
  private readonly dimAt = SESSION_DIM_GROUPS.map((g) => g.dims.map((d) => SESSION_DIMS.indexOf(d)));
  private readonly tupleCodes = SESSION_DIM_GROUPS.map((g) => g.dims.map(() => 0));

  constructor(private readonly data: SiteData) {}

  /** SiteData.loadVisitorIds. */
  async loadVisitorIds(store: TenantStore, only?: number[]): Promise<void> {
    const put = (rows: unknown[][]) => {
      for (const [seq, hex] of rows as [number, string][]) {
        this.data.visitorIds[seq] = uuidOfHex(hex);
      }
    };
    if (only) {
      const missing = only.filter((seq) => this.data.visitorIds[seq] === undefined);
      for (let i = 0; i < missing.length; i += 500) put(await readRows(store, `SELECT seq, lower(hex(uid)) FROM visitor_rows WHERE seq IN (${missing.slice(i, i + 500).join(",")})`, []));
      return;
    }
    for (;;) {
      const rows = await readRows(store, `SELECT seq, lower(hex(uid)) FROM visitor_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.data.siteRef, this.visitorIdsUpTo]);
      if (rows.length === 0) return;
      put(rows);
      this.visitorIdsUpTo = rows[rows.length - 1][0] as number;
    }
  }

  /** SiteData.refresh: callers that arrive while a refresh runs share it. */
  refresh(store: TenantStore): Promise<void> {
    this.pending ??= this.load(store).finally(() => (this.pending = null));
    return this.pending;
  }

  private async load(store: TenantStore): Promise<void> {
    const latest = (await readRows(store, "SELECT coalesce(max(seq), 0) FROM event_rows", []))[0][0] as number;
    if (latest <= this.lastEventSeq) return;
    await this.writing;
    const strings = await readRows(store, "SELECT id, value FROM strings WHERE id >= ?", [this.data.strings.length]);
    for (const [id, value] of strings) this.data.strings[id as number] = value as string;

    if (this.lastEventSeq === 0 && !(await this.restore(store))) {
      await this.loadAll(store, latest);
      this.lastEventSeq = latest;
      this.save(store);
      return;
    }
    if (latest > this.lastEventSeq) await this.loadSince(store, latest);
    this.lastEventSeq = latest;
    const grown = this.data.events.count - this.eventsAtSnapshot >= Math.max(SAVE_AFTER_EVENTS, this.data.events.count >> 6);
    if (grown && Date.now() - this.savedAt >= SAVE_INTERVAL_MS) this.save(store);
  }

  /** What the store holds at an event seq: the row a snapshot must find there again. */
  private async markOf(store: TenantStore, eventSeq: number): Promise<StoreMark> {
    const row = (await readRows(store, "SELECT session, site, type, ts FROM event_rows WHERE seq = ?", [eventSeq]))[0];
    const event = row ? (row as [number, number, number, number]) : null;
    return { eventSeq, event, siteRef: this.data.siteRef, siteId: this.data.text(this.data.siteRef) ?? "", generation: this.data.generation };
  }

  /**
   * Takes the site's columns from its snapshot when it holds what the store holds up to its
   * mark; otherwise (none, damaged, stale, foreign) removes it and says no.
   */
  private async restore(store: TenantStore): Promise<boolean> {
    const path = this.data.snapshotPath;
    if (!path) return false;
    const started = performance.now();
    const read = readSnapshot<SiteMeta>(path, this.data.heldColumns());
    let problem = "problem" in read ? read.problem : null;
    if (!("problem" in read)) {
      const now = await this.markOf(store, read.mark.eventSeq);
      // A snapshot written before generations were marked was built at generation 0.
      const written = { ...read.mark, generation: read.mark.generation ?? 0 };
      if (JSON.stringify(now) !== JSON.stringify(written)) problem = "the store does not hold what it was written from (stale or foreign)";
      else {
        this.data.restore(read.columns, read.meta);
        const seq = this.data.sessions.seq.subarray(0, this.data.sessions.count);
        this.positionOf = new Int32Array(seq.reduce((max, x) => Math.max(max, x), 0) + 1).fill(-1);
        for (let p = 0; p < seq.length; p++) this.positionOf[seq[p]] = p;
        this.data.props.forEach((text, id) => text !== null && this.propsIds.set(text, id));
        this.lastEventSeq = read.mark.eventSeq;
        this.eventsAtSnapshot = this.data.events.count;
        this.snapshotSeq = read.mark.eventSeq;
        // As if just written: the first rewrite waits its interval (a burst after a restart is not paused).
        this.savedAt = Date.now();
        this.indexesAtSnapshot = this.indexState();
        this.data.restoredFromSnapshot = true;
        logLine({ msg: "analytics snapshot read", site: now.siteId, events: this.data.events.count, ms: Math.round(performance.now() - started) });
        return true;
      }
    }
    if (problem !== "no snapshot") {
      logLine({ level: "warn", msg: "analytics snapshot not used, rebuilding", site: this.data.text(this.data.siteRef), problem });
      await removeSnapshot(path);
    }
    return false;
  }

  /** Writes the site's snapshot in the background (one at a time; loads wait for it). */
  private save(store: TenantStore): void {
    const path = this.data.snapshotPath;
    if (!path || this.writing) return;
    const eventSeq = this.lastEventSeq;
    const events = this.data.events.count;
    const started = performance.now();
    this.savedAt = Date.now();
    this.writing = (async () => {
      const mark = await this.markOf(store, eventSeq);
      const kept = this.data.keptIndexes();
      const meta = this.data.snapshotMeta(kept);
      const parts = [
        ...this.data.heldColumns().map((c) => ({ name: c.name, kind: c.kind, count: c.count, array: c.get() })),
        ...kept.flatMap(({ key, columns }) => columns.map((c) => ({ ...c, name: `${EXTRA}${key}:${c.name}` }))),
      ];
      this.indexesAtSnapshot = this.indexState();
      const bytes = await writeSnapshot(path, mark, meta, parts);
      // Rows deleted meanwhile (an erasure, a purge) must not stay on disk in a snapshot built
      // before: the deletion removes the file after its commit, and a write renamed in after that
      // removal sees the new generation here and removes itself.
      if ((await dataGeneration(store, mark.siteId)) !== mark.generation) {
        await removeSnapshot(path);
        return;
      }
      this.eventsAtSnapshot = events;
      this.snapshotSeq = eventSeq;
      logLine({ msg: "analytics snapshot written", site: mark.siteId, events, bytes, ms: Math.round(performance.now() - started) });
    })()
      .catch((error) => logLine({ level: "warn", msg: "analytics snapshot not written", site: this.data.text(this.data.siteRef), error: String(error) }))
      .finally(() => (this.writing = null));
  }

  /** Writes the snapshot now if the columns hold rows it lacks (shutdown); settles when written. */
  async saveNow(store: TenantStore): Promise<void> {
    await this.pending;
    await this.writing;
    if (this.lastEventSeq > 0 && (this.lastEventSeq !== this.snapshotSeq || this.indexState() !== this.indexesAtSnapshot)) this.save(store);
    await this.writing;
  }

  /** Which derived indexes the data holds, in short: how many, and whether every report's are built. */
  private indexState(): string {
    return `${this.data.keptIndexCount()}|${this.data.reportIndexesBuilt}`;
  }

  /** Settles when no snapshot is being written (tests, shutdown). */
  saved(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  /** First load: every session and kept event of the site, in chunks, yielding between them. */
  private async loadAll(store: TenantStore, latest: number): Promise<void> {
    const maxSession = (await readRows(store, "SELECT coalesce(max(seq), 0) FROM session_rows", []))[0][0] as number;
    this.ensureSessions(Math.min(maxSession, 1 << 20) + 1);
    this.ensureEvents(Math.min(latest, 1 << 21) + 1);
    for (let after = 0; ; ) {
      const rows = await readRows(store, `SELECT ${SESSION_READ.select} FROM session_rows WHERE site = ? AND seq > ? ORDER BY seq LIMIT ${CHUNK}`, [this.data.siteRef, after]);
      if (rows.length === 0) break;
      for (const r of rows) this.putSession(r, false);
      after = rows[rows.length - 1][0] as number;
      await breather();
    }
    const kept = KEPT_EVENT_TYPES.join(", ");
    for (let from = 0; from < latest; from += CHUNK * 4) {
      const rows = await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ? AND type IN (${kept})`, [from, Math.min(from + CHUNK * 4, latest), this.data.siteRef]);
      for (const r of rows) this.putEvent(r);
      await breather();
    }
    this.chainAllVisitors();
    this.fitToSize();
  }

  /** After the first load, drops the room the columns grew into, keeping some for what comes next. */
  private fitToSize(): void {
    for (const c of this.data.heldColumns()) if (c.growable && c.get().length > room(c.count)) c.set(c.get().slice(0, room(c.count)));
  }

  /** Later loads: the sessions the new events touched (read again whole) and the new kept events. */
  private async loadSince(store: TenantStore, latest: number): Promise<void> {
    const touched = new Set<number>();
    const newEvents: unknown[][] = [];
    const unkept: unknown[][] = [];
    for (let from = this.lastEventSeq; from < latest; from += CHUNK) {
      const rows = await readRows(store, `SELECT ${EVENT_COLUMNS} FROM event_rows WHERE seq > ? AND seq <= ? AND site = ?`, [from, Math.min(from + CHUNK, latest), this.data.siteRef]);
      for (const r of rows) {
        touched.add(r[0] as number);
        (KEPT[r[1] as number] ? newEvents : unkept).push(r);
      }
    }
    const seqs = [...touched].sort((a, b) => a - b);
    const visitors = new Set<number>();
    for (let i = 0; i < seqs.length; i += 500) {
      for (const r of await readRows(store, `SELECT ${SESSION_READ.select} FROM session_rows WHERE seq IN (${seqs.slice(i, i + 500).join(",")})`, [])) {
        visitors.add(this.putSession(r, true));
      }
    }
    for (const r of newEvents) this.putEvent(r);
    for (const r of unkept) {
      const p = this.positionOfSession(r[0] as number);
      if (p >= 0) this.data.unkept.add(p, r[6] as number);
    }
    const sessions: number[] = [];
    for (const v of visitors) {
      this.chainVisitor(v, sessions);
      for (const d of this.data.dependents) d.visitorChanged?.(v, sessions);
    }
  }

  positionOfSession(seq: number): number {
    return seq < this.positionOf.length ? this.positionOf[seq] : -1;
  }

  /** Stores a session row (new or changed); returns its visitor. */
  private putSession(r: unknown[], tell: boolean): number {
    const s = this.data.sessions;
    const seq = r[SEQ_AT] as number;
    const visitor = r[VISITOR_AT] as number;
    if (seq >= this.positionOf.length) this.positionOf = grow(this.positionOf, Math.max(seq + 1, this.positionOf.length * 2), -1);
    let p = this.positionOf[seq];
    const isNew = p < 0;
    if (isNew) {
      p = s.count;
      this.ensureSessions(p + 1);
      s.count++;
      this.positionOf[seq] = p;
      if (visitor >= this.data.lastOfVisitor.length) this.data.lastOfVisitor = grow(this.data.lastOfVisitor, Math.max(visitor + 1, this.data.lastOfVisitor.length * 2), -1);
      // Chained at the head for now; chainVisitor puts the visitor's sessions in order.
      this.data.prevOfVisitor[p] = this.data.lastOfVisitor[visitor];
      this.data.lastOfVisitor[visitor] = p;
      this.data.lastEvent[p] = -1;
    } else if (tell) {
      for (const d of this.data.dependents) d.sessionWillChange?.(p);
    }
    const oldDay = isNew ? null : s.day[p];
    const columns = SESSION_READ.columns;
    for (let c = 0; c < columns.length; c++) s[columns[c].key][p] = r[c] as number;
    s.day[p] = heldDay(r[DAY_AT] as number); // 16 bits: clamped, never wrapped
    // The row's dimensions, in SESSION_DIMS order, as tuples of their groups' codes.
    const groups = this.data.dimGroups;
    for (let g = 0; g < groups.length; g++) {
      const parts = groups[g].parts;
      const codes = this.tupleCodes[g];
      for (let i = 0; i < parts.length; i++) codes[i] = parts[i].code((r[columns.length + this.dimAt[g][i]] as number | null) ?? 0);
      groups[g].tuples[p] = groups[g].intern(codes);
    }
    this.data.sessionDays.note(s.day[p], p);
    if (oldDay !== null && oldDay !== s.day[p]) {
      // A late, earlier event moved the session to another day: its events follow it (their
      // day is the session's), so their tables' day windows are noted again.
      for (let e = this.data.lastEvent[p]; e >= 0; e = this.data.prevInSession(e)) this.data.staleDays.add(this.data.events.type[e]);
    }
    if (tell) for (const d of this.data.dependents) d.sessionChanged?.(p);
    return visitor;
  }

  private putEvent(r: unknown[]): void {
    const p = this.positionOf[r[0] as number];
    if (p === undefined || p < 0) return; // not a session of this site's columns
    const v = this.data.events;
    const e = v.count;
    this.ensureEvents(e + 1);
    this.data.checkpointRows(e);
    v.count++;
    const type = r[1] as number;
    const t = this.data.tables[type];
    const row = t.count;
    if (row === tableCapacity(t)) growColumns(t, Math.max(1024, row * 2));
    t.count++;
    v.type[e] = type;
    this.data.linkEvent(e, this.data.lastEvent[p]);
    this.data.lastEvent[p] = e;
    t.session[row] = p;
    t.path[row] = this.data.paths.code((r[2] as number | null) ?? 0);
    t.name[row] = this.data.labels.code((r[4] as number | null) ?? 0);
    // Written to every value column: only the one the type has (TABLE_COLUMNS) stores it.
    const value = (r[5] as number | null) ?? 0;
    t.value[row] = value;
    t.ms[row] = value > 0 ? Math.min(value, 0xffffffff) : 0;
    t.pct[row] = value > 0 ? Math.min(value, 255) : 0;
    t.ts.set(row, r[6] as number);
    t.aux[row] = type === CONVERSION ? ((r[7] as number | null) ?? 0) : type === CUSTOM_EVENT ? this.propsId(r[8] as string | null) : 0;
    this.data.tableDays[type].note(this.data.sessions.day[p], row);
    const title = (r[3] as number | null) ?? 0;
    if (type === PAGEVIEW && title > 0) this.data.titles.set(t.path[row], title);
  }

  private propsId(text: string | null): number {
    if (text === null) return 0;
    let id = this.propsIds.get(text);
    if (id === undefined) {
      id = this.data.props.length;
      this.data.props.push(text);
      this.propsIds.set(text, id);
    }
    return id;
  }

  /** Puts one visitor's chain in order (start time, then seq) and sets prevDay. */
  private chainVisitor(v: number, out: number[]): void {
    const s = this.data.sessions;
    out.length = 0;
    for (let p = this.data.lastOfVisitor[v]; p >= 0; p = this.data.prevOfVisitor[p]) out.push(p);
    out.sort((a, b) => s.startedAt[a] - s.startedAt[b] || s.seq[a] - s.seq[b]);
    let prev = -1;
    for (const p of out) {
      this.data.prevOfVisitor[p] = prev;
      this.data.prevDay[p] = prev < 0 ? NO_DAY : s.day[prev];
      prev = p;
    }
    this.data.lastOfVisitor[v] = prev;
  }

  /** After the first load: every visitor's chain in order, by a counting sort over visitors. */
  private chainAllVisitors(): void {
    const s = this.data.sessions;
    const visitors = this.data.lastOfVisitor.length;
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
        this.data.prevOfVisitor[p] = prev;
        this.data.prevDay[p] = prev < 0 ? NO_DAY : s.day[prev];
        prev = p;
      }
      this.data.lastOfVisitor[v] = prev;
    }
  }

  private ensureSessions(capacity: number): void {
    const s = this.data.sessions;
    if (capacity <= s.seq.length) return;
    const size = Math.max(1024, capacity, Math.floor(s.seq.length * 1.5));
    growColumns(s, size);
    for (const group of this.data.dimGroups) group.tuples = grow(group.tuples, size);
    this.data.prevOfVisitor = grow(this.data.prevOfVisitor, size, -1);
    this.data.prevDay = grow(this.data.prevDay, size, NO_DAY);
    this.data.lastEvent = grow(this.data.lastEvent, size, -1);
  }

  private ensureEvents(capacity: number): void {
    const v = this.data.events;
    if (capacity <= v.type.length) return;
    const size = Math.max(1024, capacity, Math.floor(v.type.length * 1.5));
    v.type = grow(v.type, size);
    v.prevGap = grow(v.prevGap, size);
    v.typeRows = grow(v.typeRows, Math.ceil(size / ROW_BLOCK) * TYPE_SLOTS);
  }
}
