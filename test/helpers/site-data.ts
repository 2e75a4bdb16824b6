import { Database } from "bun:sqlite";
import { migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";
import { runOnSqlite } from "../../lib/db/statements.ts";
import type { TenantStore } from "../../lib/db/tenants.ts";
import { applyHits, RowRefs, type Hit } from "../../lib/ingest/apply.ts";
import { SiteData } from "../../lib/analytics/site-data.ts";

/** An in-memory tenant store written by ingest's own writer, read as the engine reads a site. */
export class TestStore {
  readonly db: Database;
  private readonly refs = new RowRefs();
  readonly store: TenantStore;

  /** @param file a SQLite file to write (another process can open it), else one in memory. */
  constructor(file = ":memory:") {
    this.db = new Database(file);
    this.store = { sqlite: this.db, libsql: null } as unknown as TenantStore;
    migrateSqlite(this.db, tenantMigrations);
  }

  /** Writes hits in groups, as the group-committing writer does. */
  write(hits: Hit[], groupSize = 17): this {
    for (let i = 0; i < hits.length; i += groupSize) runOnSqlite(this.db, applyHits(hits.slice(i, i + groupSize), this.refs));
    return this;
  }

  /** A site's data loaded from scratch (or `data` brought up to date), with its snapshot at `snapshotPath` if given. */
  async load(siteId: string, data?: SiteData, snapshotPath: string | null = null): Promise<SiteData> {
    const siteRef = (this.db.query("SELECT id FROM strings WHERE value = ?").get(siteId) as { id: number }).id;
    const out = data ?? new SiteData(siteRef, snapshotPath);
    await out.refresh(this.store);
    return out;
  }
}

/** Hits written by ingest's own writer into a fresh in-memory store, then loaded as the engine loads a site. */
export async function siteDataOf(siteId: string, hits: Hit[], groupSize = 17): Promise<SiteData> {
  return new TestStore().write(hits, groupSize).load(siteId);
}
