import { sql } from "drizzle-orm";
import type { TenantDb, TenantStore } from "../db/tenants.ts";
import { readRows, runOp, type Op } from "../db/statements.ts";

/**
 * A site's data generation (lib/db/tenant-schema.ts `data_generations`; docs/data-lifecycle.md
 * "Deleting data"): whoever deletes a site's events, sessions or visitors bumps it in the same
 * transaction, and the analytics engine drops and rebuilds a loaded site (and its snapshot)
 * built at an older one.
 */

/** Bumps the site's generation; call inside the transaction that deletes its rows. */
export async function bumpDataGeneration(tx: Pick<TenantDb, "run">, siteId: string, at: number): Promise<void> {
  await tx.run(sql`INSERT INTO data_generations (site_id, generation, changed_at) VALUES (${siteId}, 1, ${at})
    ON CONFLICT (site_id) DO UPDATE SET generation = generation + 1, changed_at = excluded.changed_at`);
}

const BUMP = `INSERT INTO data_generations (site_id, generation, changed_at) VALUES (?, 1, ?)
  ON CONFLICT (site_id) DO UPDATE SET generation = generation + 1, changed_at = excluded.changed_at`;

/** bumpDataGeneration as a step of a write program (lib/db/statements.ts runProgram): same transaction as the deletes. */
export const bumpDataGenerationOp = (siteId: string, at: number): Op => runOp(BUMP, siteId, at);

/** The site's generation now (0 before any deletion). */
export async function dataGeneration(store: TenantStore, siteId: string): Promise<number> {
  const rows = await readRows(store, "SELECT generation FROM data_generations WHERE site_id = ?", [siteId]);
  return (rows[0]?.[0] as number | undefined) ?? 0;
}
