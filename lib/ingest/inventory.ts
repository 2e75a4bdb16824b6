import { byRowCount, type Arg, type Op, type Program } from "../db/statements.ts";
import { consentState } from "../consent/categories.ts";
import type { ItemKind } from "../consent/categories.ts";
import { pageKey } from "../consent/page-key.ts";

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

/** Sorted and without repeats: cookies of the same name on several paths are one item. */
const uniqueSorted = (names: string[]) => [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

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
  // Kinds in their sorted order (cookie < host < storage), so the list is sorted as a whole.
  for (const name of uniqueSorted(e.ck ?? [])) items.push({ kind: "cookie", name });
  for (const name of uniqueSorted((e.hs ?? []).map((h) => h.toLowerCase()))) items.push({ kind: "host", name });
  for (const name of uniqueSorted(e.st ?? [])) items.push({ kind: "storage", name });
  // Names hold no control characters (the protocol refuses them), so a newline separates them unambiguously.
  const digest = Bun.hash(items.map((i) => `${i.kind}:${i.name}`).join("\n")).toString(16);
  return { pageKey: pageKey(e.u), state: consentState(e.c ?? batchConsent), page, pageHost, items, digest };
}

/**
 * What a write connection knows of the stored samples (digest and `last_at` by site, page key
 * and state), so a repeated sample skips even its SELECT. Only values a committed or current
 * transaction wrote or read are kept; RowRefs forgets them with everything else on a rollback.
 */
export class SampleDigests {
  private known = new Map<string, { digest: string; lastAt: number }>();

  get(key: string) {
    return this.known.get(key);
  }

  set(key: string, value: { digest: string; lastAt: number }) {
    if (this.known.size >= 100_000) this.known = new Map();
    this.known.set(key, value);
  }
}

const run = (sql: string, args: Arg[]): Op => ({ sql, args, mode: "run" });

/** Multi-row statements of up to CHUNK rows. */
const CHUNK = 100;
const insertSampleItemsSql = byRowCount("INSERT INTO inventory_sample_items (site_id, page_key, state, kind, name) VALUES", "(?,?,?,?,?)");
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

/** One multi-row statement per CHUNK items, each row's values from `row`. */
function* inChunks<T>(items: T[], sql: (n: number) => string, width: number, row: (item: T, values: Arg[], at: number) => void): Program<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    const part = items.slice(start, start + CHUNK);
    const values: Arg[] = new Array(part.length * width);
    for (let i = 0; i < part.length; i++) row(part[i], values, i * width);
    yield run(sql(part.length), values);
  }
}

/**
 * Writes one inventory event seen at `at` (docs/consent.md "Visits"). The sample row of its
 * page type and state always gets the later `last_at` (and that sample's page); only when the
 * digest differs are the sample's items replaced (when this is the latest sample), the items
 * upserted and their first sightings in this state recorded.
 */
export function* writeInventorySample(siteId: string, at: number, sample: InventorySample, digests: SampleDigests): Program<void> {
  const key = `${siteId}\n${sample.pageKey}\n${sample.state}`;
  let stored = digests.get(key);
  if (!stored) {
    const row = (yield { sql: "SELECT digest, last_at FROM inventory_samples WHERE site_id = ? AND page_key = ? AND state = ?", args: [siteId, sample.pageKey, sample.state], mode: "get" }) as
      | { digest: string; last_at: number }
      | undefined;
    if (row) stored = { digest: row.digest, lastAt: row.last_at };
  }
  const latest = !stored || at >= stored.lastAt;
  if (stored && stored.digest === sample.digest) {
    if (!latest) return;
    yield run("UPDATE inventory_samples SET last_at = ?, path = ? WHERE site_id = ? AND page_key = ? AND state = ?", [at, sample.page, siteId, sample.pageKey, sample.state]);
    digests.set(key, { digest: stored.digest, lastAt: at });
    return;
  }
  if (latest) {
    yield run(
      `INSERT INTO inventory_samples (site_id, page_key, state, digest, last_at, path) VALUES (?,?,?,?,?,?)
       ON CONFLICT (site_id, page_key, state) DO UPDATE SET digest = excluded.digest, last_at = excluded.last_at, path = excluded.path`,
      [siteId, sample.pageKey, sample.state, sample.digest, at, sample.page],
    );
    digests.set(key, { digest: sample.digest, lastAt: at });
    yield run("DELETE FROM inventory_sample_items WHERE site_id = ? AND page_key = ? AND state = ?", [siteId, sample.pageKey, sample.state]);
    yield* inChunks(sample.items, insertSampleItemsSql, 5, (item, v, i) => {
      v[i] = siteId;
      v[i + 1] = sample.pageKey;
      v[i + 2] = sample.state;
      v[i + 3] = item.kind;
      v[i + 4] = item.name;
    });
  } else if (stored) {
    // An older sample that differs from the latest: its items were still seen, the latest stays.
    digests.set(key, stored);
  }
  const beforeConsent = sample.state === 3 ? 0 : 1;
  yield* inChunks(sample.items, upsertItemsSql, 8, (item, v, i) => {
    v[i] = siteId;
    v[i + 1] = item.kind;
    v[i + 2] = item.name;
    v[i + 3] = at;
    v[i + 4] = at;
    v[i + 5] = beforeConsent;
    v[i + 6] = sample.page;
    v[i + 7] = item.kind === "host" ? item.name : sample.pageHost;
  });
  yield* inChunks(sample.items, insertSightingsSql, 6, (item, v, i) => {
    v[i] = siteId;
    v[i + 1] = item.kind;
    v[i + 2] = item.name;
    v[i + 3] = sample.state;
    v[i + 4] = at;
    v[i + 5] = sample.page;
  });
}
