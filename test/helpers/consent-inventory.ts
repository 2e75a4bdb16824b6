import { Database } from "bun:sqlite";
import { join } from "node:path";
import { pageKey } from "../../lib/consent/page-key.ts";
import type { ItemKind } from "../../lib/consent/categories.ts";
import type { ScanStatus, ScanTrigger } from "../../lib/consent/models.ts";
import type { FoundItem } from "../../lib/consent/scanner.ts";
import { claimScan, finishScan, queueScan } from "../../lib/consent/scans.ts";
import { checkOverride, setOverride } from "../../lib/consent/overrides.ts";
import { TenantStores, type TenantStore } from "../../lib/db/tenants.ts";

/**
 * The cookie inventory's tables written the way ingest and the scanner write them
 * (docs/consent.md "Visits" and "Scans"), so read tests build exact fixtures without a browser:
 * visits as lib/ingest/inventory.ts writes them (test/http/consent-fixture.test.ts holds the
 * two to the same rows), scans through lib/consent/scans.ts itself.
 */

/** An inventory event as ingest applies it (in time order): the page, the consent state (bits), when, and what was read. */
export interface VisitSample {
  url: string;
  state: number;
  at: number;
  cookies?: string[];
  storage?: string[];
  hosts?: string[];
}

export type ScanFinding = FoundItem;

/** A scan to its status: queued at `queuedAt`, claimed at `startedAt`, ended at `finishedAt` (done with its items, or failed). */
export type ScanRun =
  | { status: Extract<ScanStatus, "queued">; trigger: ScanTrigger; queuedAt: number }
  | { status: Extract<ScanStatus, "running">; trigger: ScanTrigger; queuedAt: number; startedAt: number }
  | { status: Extract<ScanStatus, "done">; trigger: ScanTrigger; queuedAt: number; startedAt: number; finishedAt: number; pages: number; items: ScanFinding[] }
  | { status: Extract<ScanStatus, "failed">; trigger: ScanTrigger; queuedAt: number; startedAt: number; finishedAt: number; error: string };

export class ConsentRows {
  constructor(
    private readonly dataDir: string,
    private readonly orgId: string,
  ) {}

  private with<T>(work: (db: Database) => T): T {
    const db = new Database(join(this.dataDir, `${this.orgId}.sqlite`));
    db.exec("PRAGMA busy_timeout = 5000");
    try {
      return db.transaction(() => work(db))();
    } finally {
      db.close();
    }
  }

  /**
   * One inventory event, in time order, as lib/ingest/inventory.ts writes it: the sample of its
   * page type and state gets `last_at` and the page; only when its sorted item list differs from
   * the stored one are its items brought to the new list by difference — the items that came
   * are inserted, upserted into `inventory` and get their first sighting in this state; the
   * items that went are deleted, their `last_seen_at` raised to the previous sample's `last_at`.
   */
  visit(siteId: string, v: VisitSample): void {
    const url = new URL(v.url);
    const page = `${url.origin}${url.pathname}`;
    const items: [ItemKind, string][] = [
      ...(v.cookies ?? []).map((n): [ItemKind, string] => ["cookie", n]),
      ...(v.storage ?? []).map((n): [ItemKind, string] => ["storage", n]),
      ...(v.hosts ?? []).map((n): [ItemKind, string] => ["host", n.toLowerCase()]),
    ].sort(([ka, na], [kb, nb]) => (ka < kb ? -1 : ka > kb ? 1 : na < nb ? -1 : na > nb ? 1 : 0));
    // The sample's digest as ingest computes it: its sorted `kind:name` lines.
    const digest = Bun.hash(items.map(([kind, name]) => `${kind}:${name}`).join("\n")).toString(16);
    const key = [siteId, pageKey(v.url), v.state] as const;
    this.with((db) => {
      const SAMPLE = "site_id = ? AND page_key = ? AND state = ?";
      const stored = db.query(`SELECT digest, last_at FROM inventory_samples WHERE ${SAMPLE}`).get(...key) as { digest: string; last_at: number } | null;
      if (stored?.digest === digest) {
        db.query(`UPDATE inventory_samples SET last_at = ?, path = ? WHERE ${SAMPLE}`).run(v.at, page, ...key);
        return;
      }
      const before = new Set((db.query(`SELECT kind, name FROM inventory_sample_items WHERE ${SAMPLE}`).all(...key) as { kind: string; name: string }[]).map((r) => `${r.kind}\0${r.name}`));
      const after = new Set(items.map(([kind, name]) => `${kind}\0${name}`));
      db.query(
        `INSERT INTO inventory_samples (site_id, page_key, state, digest, last_at, path) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (site_id, page_key, state) DO UPDATE SET digest = excluded.digest, last_at = excluded.last_at, path = excluded.path`,
      ).run(...key, digest, v.at, page);
      for (const went of before) {
        if (after.has(went)) continue;
        const [kind, name] = went.split("\0");
        db.query(`DELETE FROM inventory_sample_items WHERE ${SAMPLE} AND kind = ? AND name = ?`).run(...key, kind!, name!);
        db.query("UPDATE inventory SET last_seen_at = max(last_seen_at, ?) WHERE site_id = ? AND kind = ? AND name = ?").run(stored!.last_at, siteId, kind!, name!);
      }
      for (const [kind, name] of items) {
        if (before.has(`${kind}\0${name}`)) continue;
        db.query("INSERT OR IGNORE INTO inventory_sample_items (site_id, page_key, state, kind, name) VALUES (?, ?, ?, ?, ?)").run(...key, kind, name);
        db.query(
          `INSERT INTO inventory (site_id, kind, name, first_seen_at, last_seen_at, before_consent, last_path, host) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (site_id, kind, name) DO UPDATE SET first_seen_at = min(first_seen_at, excluded.first_seen_at), before_consent = max(before_consent, excluded.before_consent),
             last_path = iif(excluded.last_seen_at >= last_seen_at, excluded.last_path, last_path), host = iif(excluded.last_seen_at >= last_seen_at, excluded.host, host),
             last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
        ).run(siteId, kind, name, v.at, v.at, v.state === 3 ? 0 : 1, page, kind === "host" ? name : url.hostname);
        db.query(
          `INSERT INTO inventory_sightings (site_id, kind, name, state, at, path) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (site_id, kind, name, state) DO UPDATE SET at = excluded.at, path = excluded.path WHERE excluded.at < at`,
        ).run(siteId, kind, name, v.state, v.at, page);
      }
    });
  }

  /** A scan as the scanner's worker takes it through lib/consent/scans.ts: queued, claimed, finished. */
  async scan(siteId: string, run: ScanRun): Promise<void> {
    await this.withStore(async (store) => {
      const { scan: queued, created } = await queueScan(store, siteId, run.trigger, run.queuedAt);
      if (!created) throw new Error(`site ${siteId} already has a scan ${queued.status}`);
      if (run.status === "queued") return;
      const running = await claimScan(store, queued.id, run.startedAt, 120_000);
      if (!running) throw new Error("the scan was not claimed");
      if (run.status === "running") return;
      const result = run.status === "done" ? { status: run.status, pages: run.pages, items: run.items } : { status: run.status, error: run.error };
      if (!(await finishScan(store, running, result, run.finishedAt))) throw new Error("the scan did not finish");
    });
  }

  /** A site's override as `admin cookies classify` stores it (lib/consent/overrides.ts, checked). */
  async override(siteId: string, input: { name: string; category: string; vendor?: string; purpose?: string }, at = Date.now()): Promise<void> {
    await this.withStore((store) => setOverride(store, siteId, checkOverride(input, { name: "name", category: "category", vendor: "vendor", purpose: "purpose" }), at));
  }

  /** The org's store as the services open it, for lib functions; closed after `work`. */
  private async withStore<T>(work: (store: TenantStore) => Promise<T>): Promise<T> {
    const stores = new TenantStores(this.dataDir);
    try {
      return await work(await stores.get({ id: this.orgId, dbUrl: null }));
    } finally {
      stores.closeAll();
    }
  }
}
