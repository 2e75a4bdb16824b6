import type { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import * as controlSet from "./migrations/control/index.ts";
import * as tenantSet from "./migrations/tenant/index.ts";

/** Same shape as drizzle's MigrationMeta, built once per process from the embedded files. */
export interface Migration {
  sql: string[];
  bps: boolean;
  folderMillis: number;
  hash: string;
}

interface MigrationSet {
  journal: { entries: { tag: string; when: number; breakpoints: boolean }[] };
  sqlByTag: Record<string, string>;
}

export function buildMigrations(set: MigrationSet): Migration[] {
  return set.journal.entries.map((entry) => {
    const text = set.sqlByTag[entry.tag];
    if (text === undefined) throw new Error(`migration ${entry.tag} is missing its SQL file`);
    return {
      sql: text.split("--> statement-breakpoint"),
      bps: entry.breakpoints,
      folderMillis: entry.when,
      hash: createHash("sha256").update(text).digest("hex"),
    };
  });
}

export const controlMigrations = buildMigrations(controlSet);
export const tenantMigrations = buildMigrations(tenantSet);

const TABLE = "__drizzle_migrations";

/**
 * Applies pending migrations under one write lock (BEGIN IMMEDIATE), so two processes opening
 * the same new file cannot both create its tables. Bookkeeping matches drizzle's migrator.
 */
export function migrateSqlite(db: Database, migrations: Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  db.exec("BEGIN IMMEDIATE");
  try {
    const last = db.query<{ created_at: number }, []>(`SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`).get();
    const applied = last ? Number(last.created_at) : -Infinity;
    const record = db.prepare(`INSERT INTO ${TABLE} ("hash", "created_at") VALUES (?, ?)`);
    for (const m of migrations) {
      if (m.folderMillis <= applied) continue;
      for (const statement of m.sql) if (statement.trim()) db.exec(statement);
      record.run(m.hash, m.folderMillis);
    }
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** Applies pending migrations to a libSQL database (an org's own remote database). */
export async function migrateLibsql(db: LibSQLDatabase<Record<string, unknown>>, migrations: Migration[]): Promise<void> {
  // drizzle's async dialect does the same bookkeeping inside one transaction.
  const dialect = (db as unknown as { dialect: { migrate(m: Migration[], s: unknown, c: object): Promise<void> } }).dialect;
  const session = (db as unknown as { session: unknown }).session;
  await db.run(sql`SELECT 1`);
  await dialect.migrate(migrations, session, { migrationsFolder: "" });
}

export type StoreKind = "control" | "tenant";

/** Each store kind's migration tags, oldest first, with the time drizzle records for each. */
export const migrationTags: Record<StoreKind, { tag: string; when: number }[]> = {
  control: controlSet.journal.entries.map(({ tag, when }) => ({ tag, when })),
  tenant: tenantSet.journal.entries.map(({ tag, when }) => ({ tag, when })),
};

/**
 * A SQLite store's schema version: the tag of the last migration applied to it. drizzle's table
 * records only each migration's time, so the tag is looked up in this build's journal; a time
 * this build does not know (a newer Tidemark migrated the store) gives `null` with the time.
 */
export function appliedMigration(db: Database, kind: StoreKind): { tag: string | null; when: number | null } {
  const table = db.query<{ n: number }, []>(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '${TABLE}'`).get();
  if (!table?.n) return { tag: null, when: null };
  const last = db.query<{ created_at: number }, []>(`SELECT created_at FROM ${TABLE} ORDER BY created_at DESC LIMIT 1`).get();
  if (!last) return { tag: null, when: null };
  const when = Number(last.created_at);
  return { tag: migrationTags[kind].find((m) => m.when === when)?.tag ?? null, when };
}
