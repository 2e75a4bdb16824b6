import type { TenantStore } from "../db/tenants.ts";
import { readRows } from "../db/statements.ts";
import { HOLDOUT } from "./assign.ts";

/**
 * A popup's `popup_exposures` rows held in the query process as typed columns, so its
 * report is a loop over arrays instead of a scan of the period's rows (about 0.2 s at 300 000).
 * Loaded once, then brought up to date on each read from what changed since:
 *
 * - rows added since: `rowid` above the last one seen (a rowid table: new rows get a rowid
 *   above every existing one, and an upsert keeps its row's);
 * - leads marked since: `lead_at` at or after the latest one seen less LEAD_SLACK_MS (leads
 *   from concurrent requests may commit out of order), by the (popup_id, lead_at) index;
 * - a lead that made its row before the view event came (views 0): the view lowers its
 *   `first_at`, so such rows are read again until they have a view, for an hour at most.
 *
 * What else can change a row is a view event earlier than the row's stored first view coming
 * after it (one visitor's hits arriving out of order, within seconds): the columns are read
 * anew when REBUILD_MS old, so that lasts minutes at most.
 *
 * Bounded per (store, popup): kept with the store handle's statements (dropped when it closes)
 * and dropped when unused for IDLE_MS (swept at the store's next popup read). Bytes: 21 per
 * exposure (visitor i32, first view and lead f64, variant u8; the first load sized exactly,
 * later growth by half), and the visitor index, 4 per visitor seq up to the highest exposed
 * one (a Map entry for seqs above 8× the exposures): 14.1 MB for 345 000 exposures among
 * 1.5 M visitors (the benchmark's popup).
 */

const LEAD_SLACK_MS = 10 * 60_000;
const PENDING_MS = 60 * 60_000;
const IDLE_MS = 10 * 60_000;
const REBUILD_MS = 10 * 60_000;
/** No lead yet. */
export const NO_LEAD = Number.POSITIVE_INFINITY;

type Row = [rowid: number, visitor: number, variant: string, firstAt: number, leadAt: number | null, views: number];
const COLUMNS = "rowid, visitor, variant, first_at, lead_at, views";

export class PopupExposures {
  count = 0;
  /** visitor_rows.seq */
  visitor = new Int32Array(1024);
  /** The first view (or holdout), ms. */
  firstAt = new Float64Array(1024);
  /** When the exposure became a lead (NO_LEAD: not). */
  leadAt = new Float64Array(1024);
  /** Index into `variants`. */
  variant = new Uint8Array(1024);
  /** The variants ingest recorded, by code (a popup has at most a few dozen). */
  readonly variants: string[] = [];
  private readonly codes = new Map<string, number>();
  private index = new Int32Array(0);
  private readonly sparse = new Map<number, number>();
  private lastRowid = 0;
  private latestLead = Number.NEGATIVE_INFINITY;
  /** Rows a lead made before any view (their first view may still move earlier): position → when read (performance.now()). */
  private readonly pending = new Map<number, number>();
  private refreshing: Promise<void> = Promise.resolve();
  readonly builtAt = performance.now();
  usedAt = performance.now();

  constructor(private readonly popupId: string) {}

  /** The position of a visitor's exposure (-1: none). */
  positionOf(visitor: number): number {
    const i = visitor >= 0 && visitor < this.index.length ? this.index[visitor] : -1;
    return i >= 0 || this.sparse.size === 0 ? i : (this.sparse.get(visitor) ?? -1);
  }

  /** Reads what changed since the last refresh (one at a time: a caller waits for one in flight). */
  refresh(store: TenantStore): Promise<void> {
    this.usedAt = performance.now();
    this.refreshing = this.refreshing.then(() => this.readChanges(store));
    return this.refreshing;
  }

  private async readChanges(store: TenantStore): Promise<void> {
    // Leads since the latest one the last refresh saw (the rows read next may hold later ones);
    // every lead while none was seen yet (one set on a row loaded before it).
    const leadsSince = Math.max(this.latestLead - LEAD_SLACK_MS, Number.MIN_SAFE_INTEGER);
    // The first load by the popup's rows (primary key); then by rowid, the popup filtered row by row (`+`: not its index).
    const added = (this.lastRowid === 0
      ? await readRows(store, `SELECT ${COLUMNS} FROM popup_exposures WHERE popup_id = ?`, [this.popupId])
      : await readRows(store, `SELECT ${COLUMNS} FROM popup_exposures WHERE rowid > ? AND +popup_id = ?`, [this.lastRowid, this.popupId])) as Row[];
    this.reserve(added);
    for (const row of added) this.add(row);
    const leads = (await readRows(store, "SELECT visitor, lead_at FROM popup_exposures WHERE popup_id = ? AND lead_at >= ?", [this.popupId, leadsSince])) as [number, number][];
    for (const [visitor, leadAt] of leads) {
      const i = this.positionOf(visitor);
      // A row not seen yet was added after the read above: the next refresh reads it whole.
      if (i < 0) continue;
      this.leadAt[i] = leadAt;
      this.noteLead(leadAt);
    }
    if (this.pending.size > 0) await this.readPending(store);
  }

  private add([rowid, visitor, variant, firstAt, leadAt, views]: Row): void {
    if (rowid > this.lastRowid) this.lastRowid = rowid;
    if (this.positionOf(visitor) >= 0) return;
    if (this.count === this.visitor.length) this.grow(this.count * 2);
    const i = this.count++;
    let code = this.codes.get(variant);
    if (code === undefined) this.codes.set(variant, (code = this.variants.push(variant) - 1));
    this.visitor[i] = visitor;
    this.firstAt[i] = firstAt;
    this.leadAt[i] = leadAt ?? NO_LEAD;
    this.variant[i] = code;
    this.noteVisitor(visitor, i);
    if (leadAt !== null) {
      this.noteLead(leadAt);
      if (views === 0 && variant !== HOLDOUT) this.pending.set(i, performance.now());
    }
  }

  private noteLead(leadAt: number): void {
    if (leadAt > this.latestLead) this.latestLead = leadAt;
  }

  /** Rows a lead made without a view: their first view as it is now, until they have one. */
  private async readPending(store: TenantStore): Promise<void> {
    const positions = [...this.pending.keys()];
    const now = performance.now();
    for (let from = 0; from < positions.length; from += 500) {
      const visitors = positions.slice(from, from + 500).map((i) => this.visitor[i]);
      const rows = (await readRows(store, `SELECT visitor, first_at, views FROM popup_exposures WHERE popup_id = ? AND visitor IN (${visitors.map(() => "?").join(",")})`, [this.popupId, ...visitors])) as [number, number, number][];
      for (const [visitor, firstAt, views] of rows) {
        const i = this.positionOf(visitor);
        this.firstAt[i] = firstAt;
        if (views > 0 || now - this.pending.get(i)! > PENDING_MS) this.pending.delete(i);
      }
    }
  }

  /** Room for the rows just read: the first load fits them exactly, later ones grow by half at least. */
  private reserve(rows: Row[]): void {
    const needed = this.count + rows.length;
    if (needed > this.visitor.length) this.grow(this.count === 0 ? needed : Math.max(needed, Math.ceil(this.visitor.length * 1.5)));
    let highest = -1;
    for (const row of rows) if (row[1] > highest) highest = row[1];
    const size = Math.min(this.indexLimit(needed), highest + 1);
    if (size > this.index.length) this.growIndex(size);
  }

  private grow(size: number): void {
    const visitor = new Int32Array(size), firstAt = new Float64Array(size), leadAt = new Float64Array(size), variant = new Uint8Array(size);
    visitor.set(this.visitor), firstAt.set(this.firstAt), leadAt.set(this.leadAt), variant.set(this.variant);
    this.visitor = visitor, this.firstAt = firstAt, this.leadAt = leadAt, this.variant = variant;
  }

  /** Visitor seqs are dense from 1 in a store: a typed index up to 8× the exposures (plus room), a Map above. */
  private indexLimit(exposures: number): number {
    return 8 * (exposures + 65_536);
  }

  private noteVisitor(visitor: number, i: number): void {
    if (visitor >= this.index.length) {
      const limit = this.indexLimit(this.count);
      if (visitor >= limit) return void this.sparse.set(visitor, i);
      this.growIndex(Math.min(limit, Math.max(visitor + 1, Math.ceil(this.index.length * 1.5))));
    }
    this.index[visitor] = i;
  }

  private growIndex(size: number): void {
    const index = new Int32Array(size).fill(-1);
    index.set(this.index);
    this.index = index;
  }
}

/** A store's popup exposures, kept with its handle's statements: finalize() runs when it closes. */
class StoreExposures {
  readonly popups = new Map<string, PopupExposures>();

  finalize(): void {
    this.popups.clear();
  }
}

/** The popup's exposures, up to date (the first call for a popup loads them all). */
export async function popupExposures(store: TenantStore, popupId: string): Promise<PopupExposures> {
  const kept = store.statements.get("engagement.popupExposures", () => new StoreExposures()).popups;
  const now = performance.now();
  for (const [id, columns] of kept) if (now - columns.usedAt > IDLE_MS || now - columns.builtAt > REBUILD_MS) kept.delete(id);
  let columns = kept.get(popupId);
  if (!columns) kept.set(popupId, (columns = new PopupExposures(popupId)));
  await columns.refresh(store);
  return columns;
}
