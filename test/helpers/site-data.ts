import { Database } from "bun:sqlite";
import { migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";
import { runOnSqlite } from "../../lib/db/statements.ts";
import type { TenantStore } from "../../lib/db/tenants.ts";
import { applyHits, RowRefs, type Hit } from "../../lib/ingest/apply.ts";
import { SiteData } from "../../lib/analytics/site-data.ts";

/** Hits written by ingest's own writer into a fresh in-memory store, then loaded as the engine loads a site. */
export async function siteDataOf(siteId: string, hits: Hit[], groupSize = 17): Promise<SiteData> {
  const db = new Database(":memory:");
  migrateSqlite(db, tenantMigrations);
  const refs = new RowRefs();
  for (let i = 0; i < hits.length; i += groupSize) runOnSqlite(db, applyHits(hits.slice(i, i + groupSize), refs));
  const siteRef = (db.query("SELECT id FROM strings WHERE value = ?").get(siteId) as { id: number }).id;
  const data = new SiteData(siteRef);
  await data.refresh({ sqlite: db, libsql: null } as unknown as TenantStore, 0);
  return data;
}
