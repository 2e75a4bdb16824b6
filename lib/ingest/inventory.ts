import { byRowCount, type Arg, type Op, type Program } from "../db/statements.ts";
import { consentState, type ItemKind } from "../consent/categories.ts";
import { pageKey } from "../consent/page-key.ts";

/**
 * Items a site's inventory keeps (docs/consent.md "Limits"): visits report names the page can
 * see, and anyone can send them, so a new item past this many is dropped and counted
 * (`inventory_dropped`, the read API's `summary.dropped`) instead of growing the store.
 */
export const MAX_INVENTORY_ITEMS = 1_000;

/**
 * Distinct visitors that must report an item before full consent for its violation to stand on
 * its own; below, the read API and the dashboard mark it low evidence (docs/consent.md "Low
 * evidence"). The visitors are kept up to this many per item.
 */
export const INVENTORY_WITNESSES = 3;

/** Analytics and marketing both granted: nothing reported in it is before consent. */
const ALL_GRANTED = 3;

/**
 * An `inventory` event as ingest writes it (docs/consent.md "Visits"): the latest sample of a
 * page type in a consent state. Built on the collect side (parsing, sorting, hashing); written
 * in the group-committed transaction, where an unchanged sample costs one row write at most.
 */
export interface InventorySample {
  pageKey: string;
  /** Consent bits when the names were read (1 analytics, 2 marketing). */
  state: number;
  /** The page's URL without query string and fragment (they may carry tokens): the evidence. */
  page: string;
  /** The page's host name; null when the URL does not parse. */
  pageHost: string | null;
  /** Sorted by kind, then name (code units), without repeats. */
  items: { kind: ItemKind; name: string }[];
  /** 64-bit hash (hex) of the sorted `kind:name` lines. */
  digest: string;
}

export interface InventoryNames {
  u: string;
  c?: { analytics: boolean; marketing: boolean };
  ck?: string[];
  st?: string[];
  hs?: string[];
}

/**
 * Sorted (by code units) and without repeats: cookies of the same name on several paths are
 * one item. The script sends its lists so, and a list already in order is only checked.
 */
function uniqueSorted(names: string[]): string[] {
  let inOrder = true;
  for (let i = 1; i < names.length && inOrder; i++) inOrder = names[i - 1] < names[i];
  if (inOrder) return names;
  const out = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let kept = 0;
  for (const name of out) if (kept === 0 || out[kept - 1] !== name) out[kept++] = name;
  out.length = kept;
  return out;
}

/** The sample an inventory event reports; `batchConsent` stands in when the event has no `c`. */
export function inventorySample(e: InventoryNames, batchConsent: { analytics: boolean; marketing: boolean }): InventorySample {
  let page = e.u;
  let pageHost: string | null = null;
  try {
    const url = new URL(e.u);
    page = url.origin === "null" ? `${url.protocol}${url.pathname}` : `${url.origin}${url.pathname}`;
    pageHost = url.hostname.toLowerCase() || null;
  } catch {
    page = e.u.replace(/[?#].*$/s, "");
  }
  const items: InventorySample["items"] = [];
  // Names hold no control characters (the protocol refuses them), so a newline separates them unambiguously.
  let lines = "";
  const add = (kind: ItemKind, names: string[]) => {
    for (const name of uniqueSorted(names)) {
      items.push({ kind, name });
      lines += lines === "" ? `${kind}:${name}` : `\n${kind}:${name}`;
    }
  };
  // Kinds in their sorted order (cookie < host < storage), so the list is sorted as a whole.
  add("cookie", e.ck ?? []);
  add("host", (e.hs ?? []).map((h) => h.toLowerCase()));
  add("storage", e.st ?? []);
  return { pageKey: pageKey(e.u), state: consentState(e.c ?? batchConsent), page, pageHost, items, digest: Bun.hash(lines).toString(16) };
}

/** What a write connection knows of a stored sample. */
interface KnownSample {
  digest: string;
  /** The sample's `last_at`, with this transaction's unwritten moves (`moved`) included. */
  lastAt: number;
  /** Its items, when known (written or read by this connection). */
  items: InventorySample["items"] | null;
}

/**
 * What a write connection knows of the stored samples by site, page key and state, so a
 * repeated sample skips even its SELECT and a changed one the read of its previous items; and
 * the samples a transaction saw again unchanged, whose `last_at` is written once per sample at
 * its end (`writeMoves`), however often the group repeated it. Only values a committed or the
 * current transaction wrote or read are kept; RowRefs forgets them with everything else on a
 * rollback. Bounded: past MAX_KNOWN samples it starts over.
 */
export class KnownSamples {
  static readonly MAX_KNOWN = 5_000;
  private known = new Map<string, KnownSample>();
  /** Unchanged samples seen again in this transaction: their latest time and page. */
  private moved = new Map<string, { where: Arg[]; at: number; page: string }>();
  /** Witnesses an item is known to have (a lower bound), by site, kind and name; and the visitors known among them. */
  private witnesses = new Map<string, number>();
  private witnessedBy = new Set<string>();

  /** `count` witnesses are known for `item`, `visitor` among them. */
  witnessed(item: string, visitor: number, count: number) {
    if (this.witnesses.size >= KnownSamples.MAX_KNOWN && !this.witnesses.has(item)) this.witnesses = new Map();
    if (this.witnessedBy.size >= KnownSamples.MAX_KNOWN) this.witnessedBy = new Set();
    this.witnesses.set(item, count);
    this.witnessedBy.add(`${item}\n${visitor}`);
  }

  /** Nothing left to record of `visitor` for `item`: it has its witnesses, or the visitor is one. */
  settled(item: string, visitor: number): boolean {
    return (this.witnesses.get(item) ?? 0) >= INVENTORY_WITNESSES || this.witnessedBy.has(`${item}\n${visitor}`);
  }

  get(key: string): KnownSample | undefined {
    return this.known.get(key);
  }

  set(key: string, value: KnownSample) {
    if (this.known.size >= KnownSamples.MAX_KNOWN && !this.known.has(key)) this.known = new Map();
    this.known.set(key, value);
  }

  /** An unchanged sample seen again at `at` (later than its `last_at`). */
  move(key: string, where: Arg[], at: number, page: string) {
    this.known.get(key)!.lastAt = at;
    this.moved.set(key, { where, at, page });
  }

  /** Writes the moves of this transaction: one UPDATE per sample. */
  *writeMoves(): Program<void> {
    for (const [key, { where, at, page }] of this.moved) {
      // A changed sample written later in the transaction has a later last_at already.
      const updated = (yield run(`UPDATE inventory_samples SET last_at = ?, path = ? WHERE ${SAMPLE} AND last_at <= ?`, [at, page, ...where, at])) as { changes: number } | undefined;
      // No row: the retention purge (or an erasure) deleted it; the next sighting writes it again.
      if (updated?.changes === 0) this.known.delete(key);
    }
    this.moved.clear();
  }
}

function run(sql: string, args: Arg[]): Op {
  return { sql, args, mode: "run" };
}

/** Multi-row statements of up to CHUNK rows. */
const CHUNK = 100;
const SAMPLE = "site_id = ? AND page_key = ? AND state = ?";
// OR IGNORE: with another process writing the same file, what this connection remembers of a
// sample may be behind; a difference taken from it then never fails the transaction.
const insertSampleItemsSql = byRowCount("INSERT OR IGNORE INTO inventory_sample_items (site_id, page_key, state, kind, name) VALUES", "(?,?,?,?,?)");
const upsertItemsSql = byRowCount(
  "INSERT INTO inventory (site_id, kind, name, first_seen_at, last_seen_at, before_consent, last_path, host) VALUES",
  "(?,?,?,?,?,?,?,?)",
  `ON CONFLICT (site_id, kind, name) DO UPDATE SET
     first_seen_at = min(first_seen_at, excluded.first_seen_at),
     before_consent = max(before_consent, excluded.before_consent),
     last_path = iif(excluded.last_seen_at >= last_seen_at, excluded.last_path, last_path),
     host = iif(excluded.last_seen_at >= last_seen_at, excluded.host, host),
     last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
);
// The earliest sighting wins, also when events arrive out of order.
const insertSightingsSql = byRowCount(
  "INSERT INTO inventory_sightings (site_id, kind, name, state, at, path) VALUES",
  "(?,?,?,?,?,?)",
  "ON CONFLICT (site_id, kind, name, state) DO UPDATE SET at = excluded.at, path = excluded.path WHERE excluded.at < at",
);

type Item = InventorySample["items"][number];

/** One multi-row statement per CHUNK items, `width` values of each item from `row`. */
function* inChunks(items: Item[], sql: (n: number) => string, width: number, row: (item: Item, values: Arg[], at: number) => void): Program<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    const part = items.slice(start, start + CHUNK);
    const values: Arg[] = new Array(part.length * width);
    for (let i = 0; i < part.length; i++) row(part[i], values, i * width);
    yield run(sql(part.length), values);
  }
}

/** The items' order (kind, then name by code units), as inventorySample sorts them. */
const byItem = (a: Item, b: Item) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** What came and what went between two sorted item lists, in one pass. */
function difference(before: Item[], after: Item[]): { came: Item[]; went: Item[] } {
  const came: Item[] = [];
  const went: Item[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const order = i === before.length ? 1 : j === after.length ? -1 : byItem(before[i], after[j]);
    if (order < 0) went.push(before[i++]);
    else if (order > 0) came.push(after[j++]);
    else (i++, j++);
  }
  return { came, went };
}

/**
 * The items the site's inventory can take: all of them while it has room for them; else those it
 * holds already and, in order, as many new ones as there is room for. The rest are counted in
 * `inventory_dropped`.
 */
function* withinCap(siteId: string, at: number, items: Item[]): Program<Item[]> {
  if (items.length === 0) return items;
  const { n } = (yield { sql: "SELECT count(*) AS n FROM inventory WHERE site_id = ?", args: [siteId], mode: "get" }) as { n: number };
  if (n + items.length <= MAX_INVENTORY_ITEMS) return items;
  const held = new Set(((yield { sql: "SELECT kind, name FROM inventory WHERE site_id = ?", args: [siteId], mode: "all" }) as Item[]).map((i) => `${i.kind}:${i.name}`));
  let room = Math.max(0, MAX_INVENTORY_ITEMS - n);
  const kept: Item[] = [];
  for (const item of items) {
    if (held.has(`${item.kind}:${item.name}`)) kept.push(item);
    else if (room > 0) (kept.push(item), room--);
  }
  const dropped = items.length - kept.length;
  if (dropped > 0) {
    yield run(
      "INSERT INTO inventory_dropped (site_id, items, last_at) VALUES (?,?,?) ON CONFLICT (site_id) DO UPDATE SET items = items + excluded.items, last_at = max(last_at, excluded.last_at)",
      [siteId, dropped, at],
    );
  }
  return kept;
}

/** Items newly seen at `at`, as far as the inventory has room (withinCap): the item rows upserted, their first sightings in the sample's state recorded. */
function* recordItems(siteId: string, at: number, sample: InventorySample, seen: Item[]): Program<void> {
  const items = yield* withinCap(siteId, at, seen);
  const beforeConsent = sample.state === 3 ? 0 : 1;
  yield* inChunks(items, upsertItemsSql, 8, (item, v, i) => {
    v[i] = siteId;
    v[i + 1] = item.kind;
    v[i + 2] = item.name;
    v[i + 3] = at;
    v[i + 4] = at;
    v[i + 5] = beforeConsent;
    v[i + 6] = sample.page;
    v[i + 7] = item.kind === "host" ? item.name : sample.pageHost;
  });
  yield* inChunks(items, insertSightingsSql, 6, (item, v, i) => {
    v[i] = siteId;
    v[i + 1] = item.kind;
    v[i + 2] = item.name;
    v[i + 3] = sample.state;
    v[i + 4] = at;
    v[i + 5] = sample.page;
  });
}

/**
 * Writes one inventory event seen at `at` (docs/consent.md "Visits"). The sample row of its
 * page type and state gets the later `last_at` (and that sample's page). Only when the digest
 * differs are the sample's items brought to the new list — by difference: the items that came
 * are inserted, upserted into `inventory` and sighted; the items that went are deleted, their
 * `last_seen_at` raised to the previous sample's `last_at` (the items that stayed are seen as
 * long as the sample holds them: a read takes the sample's `last_at`, and their sighting in
 * this state exists since they came). An older event than the latest sample changes no sample;
 * its items are recorded all the same.
 */
export function* writeInventorySample(siteId: string, at: number, sample: InventorySample, digests: KnownSamples, visitor: number): Program<void> {
  yield* writeSample(siteId, at, sample, digests);
  if (sample.state !== ALL_GRANTED) yield* witnessItems(siteId, sample.items, visitor, digests);
}

/**
 * The visitor becomes a witness of each item it reported before full consent, while the item is
 * in the inventory and has fewer than INVENTORY_WITNESSES: per CHUNK items one read of their
 * witnesses and, for those still short of them, one insert — until this connection knows each
 * item has them all (or the visitor among them), and then nothing.
 */
function* witnessItems(siteId: string, items: Item[], visitor: number, known: KnownSamples): Program<void> {
  const keyOf = (item: { kind: string; name: string }) => `${siteId}\n${item.kind}\n${item.name}`;
  const open = items.filter((item) => !known.settled(keyOf(item), visitor));
  for (let start = 0; start < open.length; start += CHUNK) {
    const part = open.slice(start, start + CHUNK);
    const pairs = part.map(() => "(?,?)").join(",");
    const names = part.flatMap((item) => [item.kind, item.name]);
    const rows = (yield {
      sql: `SELECT kind, name, count(*) AS n, max(visitor = ?) AS mine FROM inventory_witnesses WHERE site_id = ? AND (kind, name) IN (VALUES ${pairs}) GROUP BY kind, name`,
      args: [visitor, siteId, ...names],
      mode: "all",
    }) as { kind: string; name: string; n: number; mine: number }[];
    const stored = new Map(rows.map((r) => [keyOf(r), r]));
    const short: Item[] = [];
    for (const item of part) {
      const row = stored.get(keyOf(item));
      const count = row?.n ?? 0;
      const adds = !row?.mine && count < INVENTORY_WITNESSES;
      if (adds) short.push(item);
      known.witnessed(keyOf(item), visitor, adds ? count + 1 : count);
    }
    if (short.length === 0) continue;
    // From the inventory's rows: an item the full inventory dropped has none, and needs no witness.
    yield run(
      `INSERT OR IGNORE INTO inventory_witnesses (site_id, kind, name, visitor) SELECT site_id, kind, name, ? FROM inventory WHERE site_id = ? AND (kind, name) IN (VALUES ${short.map(() => "(?,?)").join(",")})`,
      [visitor, siteId, ...short.flatMap((item) => [item.kind, item.name])],
    );
  }
}

/** The sample itself (see writeInventorySample's doc). */
function* writeSample(siteId: string, at: number, sample: InventorySample, digests: KnownSamples): Program<void> {
  const key = `${siteId}\n${sample.pageKey}\n${sample.state}`;
  const where = [siteId, sample.pageKey, sample.state];
  let stored = digests.get(key);
  if (!stored) {
    const row = (yield { sql: `SELECT digest, last_at FROM inventory_samples WHERE ${SAMPLE}`, args: where, mode: "get" }) as { digest: string; last_at: number } | undefined;
    if (row) digests.set(key, (stored = { digest: row.digest, lastAt: row.last_at, items: null }));
  }
  const latest = !stored || at >= stored.lastAt;
  if (stored && stored.digest === sample.digest) {
    if (!latest) return;
    digests.move(key, where, at, sample.page);
    return;
  }
  // An older sample that differs from the latest: its items were seen, the latest stays.
  if (!latest) return yield* recordItems(siteId, at, sample, sample.items);
  const before = !stored ? [] : (stored.items ?? ((yield { sql: `SELECT kind, name FROM inventory_sample_items WHERE ${SAMPLE}`, args: where, mode: "all" }) as Item[]).sort(byItem));
  const { came, went } = difference(before, sample.items);
  yield run(
    `INSERT INTO inventory_samples (site_id, page_key, state, digest, last_at, path) VALUES (?,?,?,?,?,?)
     ON CONFLICT (site_id, page_key, state) DO UPDATE SET digest = excluded.digest, last_at = excluded.last_at, path = excluded.path`,
    [...where, sample.digest, at, sample.page],
  );
  digests.set(key, { digest: sample.digest, lastAt: at, items: sample.items });
  // One statement per item that went (a few, usually): by key, cheaper than a list of row values.
  for (const item of went) {
    yield run(`DELETE FROM inventory_sample_items WHERE ${SAMPLE} AND kind = ? AND name = ?`, [...where, item.kind, item.name]);
    yield run("UPDATE inventory SET last_seen_at = max(last_seen_at, ?) WHERE site_id = ? AND kind = ? AND name = ?", [stored!.lastAt, siteId, item.kind, item.name]);
  }
  yield* inChunks(came, insertSampleItemsSql, 5, (item, v, i) => {
    v[i] = siteId;
    v[i + 1] = sample.pageKey;
    v[i + 2] = sample.state;
    v[i + 3] = item.kind;
    v[i + 4] = item.name;
  });
  yield* recordItems(siteId, at, sample, came);
}
