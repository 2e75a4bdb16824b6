import { Database } from "bun:sqlite";
import { join } from "node:path";
import { pageKey } from "../../lib/consent/page-key.ts";
import type { ItemKind } from "../../lib/consent/categories.ts";
import type { ScanStatus, ScanTrigger } from "../../lib/consent/models.ts";

/**
 * The cookie inventory's tables written the way ingest and the scanner write them
 * (docs/consent.md "Visits" and "Scans"), so read tests build exact fixtures without a browser.
 */

/** An inventory event as ingest applies it: the page, the consent state (bits), when, and what was read. */
export interface VisitSample {
  url: string;
  state: number;
  at: number;
  cookies?: string[];
  storage?: string[];
  hosts?: string[];
}

export interface ScanFinding {
  kind: ItemKind;
  name: string;
  pass: 1 | 2;
  host: string;
  page: string;
  at: number;
  httpOnly?: boolean | null;
}

export interface ScanRun {
  id: string;
  status: ScanStatus;
  trigger: ScanTrigger;
  queuedAt: number;
  startedAt?: number | null;
  finishedAt?: number | null;
  pages?: number;
  found?: number;
  error?: string | null;
  items?: ScanFinding[];
}

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
   * One inventory event: the sample of its page type and state gets `last_at`; only when its
   * sorted item list differs from the stored one are its items replaced, the items upserted
   * into `inventory` and their first sightings in this state inserted.
   */
  visit(siteId: string, v: VisitSample): void {
    const url = new URL(v.url);
    const items: [ItemKind, string][] = [
      ...(v.cookies ?? []).map((n): [ItemKind, string] => ["cookie", n]),
      ...(v.storage ?? []).map((n): [ItemKind, string] => ["storage", n]),
      ...(v.hosts ?? []).map((n): [ItemKind, string] => ["host", n.toLowerCase()]),
    ].sort((a, b) => (a[0] + "\0" + a[1] < b[0] + "\0" + b[1] ? -1 : 1));
    const digest = Bun.SHA256.hash(JSON.stringify(items), "hex");
    const key = pageKey(v.url);
    this.with((db) => {
      const stored = db.query("SELECT digest FROM inventory_samples WHERE site_id = ? AND page_key = ? AND state = ?").get(siteId, key, v.state) as { digest: string } | null;
      if (stored?.digest === digest) {
        db.query("UPDATE inventory_samples SET last_at = ? WHERE site_id = ? AND page_key = ? AND state = ?").run(v.at, siteId, key, v.state);
        return;
      }
      db.query("INSERT OR REPLACE INTO inventory_samples (site_id, page_key, state, digest, last_at, path) VALUES (?, ?, ?, ?, ?, ?)").run(siteId, key, v.state, digest, v.at, v.url);
      db.query("DELETE FROM inventory_sample_items WHERE site_id = ? AND page_key = ? AND state = ?").run(siteId, key, v.state);
      for (const [kind, name] of items) {
        db.query("INSERT INTO inventory_sample_items (site_id, page_key, state, kind, name) VALUES (?, ?, ?, ?, ?)").run(siteId, key, v.state, kind, name);
        db.query(
          `INSERT INTO inventory (site_id, kind, name, first_seen_at, last_seen_at, before_consent, last_path, host) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (site_id, kind, name) DO UPDATE SET last_seen_at = max(last_seen_at, excluded.last_seen_at), last_path = excluded.last_path, host = excluded.host,
             before_consent = max(before_consent, excluded.before_consent)`,
        ).run(siteId, kind, name, v.at, v.at, v.state === 3 ? 0 : 1, url.pathname, kind === "host" ? name : url.hostname);
        db.query("INSERT OR IGNORE INTO inventory_sightings (site_id, kind, name, state, at, path) VALUES (?, ?, ?, ?, ?, ?)").run(siteId, kind, name, v.state, v.at, v.url);
      }
    });
  }

  /** A scan row as the scanner leaves it, with its items (a failed, queued or running scan has none). */
  scan(siteId: string, s: ScanRun): void {
    this.with((db) => {
      db.query("INSERT INTO cookie_scans (id, site_id, status, trigger, queued_at, started_at, finished_at, lease_until, pages, found, error) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)").run(
        s.id, siteId, s.status, s.trigger, s.queuedAt, s.startedAt ?? null, s.finishedAt ?? null, s.pages ?? 0, s.found ?? 0, s.error ?? null,
      );
      for (const i of s.items ?? []) {
        db.query("INSERT INTO cookie_scan_items (scan_id, kind, name, pass, host, page, at, http_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
          s.id, i.kind, i.name, i.pass, i.host, i.page, i.at, i.kind === "cookie" ? (i.httpOnly ? 1 : 0) : null,
        );
      }
    });
  }

  /** A site's override as `admin cookies classify` stores it. */
  override(siteId: string, name: string, category: string, vendor = "", purpose = "", at = Date.now()): void {
    this.with((db) => db.query("INSERT OR REPLACE INTO cookie_overrides (site_id, name, category, vendor, purpose, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(siteId, name, category, vendor, purpose, at));
  }
}
