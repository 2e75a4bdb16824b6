import type { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { join } from "node:path";
import * as schema from "./control-schema.ts";
import { controlMigrations, migrateSqlite } from "./migrate.ts";
import { openSqlite } from "./sqlite.ts";
import { finalizeStatements } from "./prepared.ts";

/** The control database with writes: only `ControlStore.write` hands it out. */
export type ControlDb = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** The control database for reads (`ControlStore.db`): writing through it does not type-check. */
export type ControlReader = Omit<ControlDb, "insert" | "update" | "delete" | "run" | "transaction">;

/** control.sqlite, opened once per process. */
export class ControlStore {
  private readonly sqlite: Database;
  private readonly writer: ControlDb;
  readonly db: ControlReader;
  private localWrites = 0;
  private readonly dataVersion;

  constructor(dataDir: string, synchronous: "NORMAL" | "FULL" = "NORMAL") {
    this.sqlite = openSqlite(join(dataDir, "control.sqlite"), { synchronous, createDir: true });
    migrateSqlite(this.sqlite, controlMigrations);
    this.writer = drizzle({ client: this.sqlite, schema });
    this.db = this.writer;
    this.dataVersion = this.sqlite.prepare<{ data_version: number }, []>("PRAGMA data_version");
  }

  /**
   * Every change to control data: `change` runs synchronously in one immediate transaction
   * (nested calls become savepoints) and the generation moves on once it is over — committed,
   * or failed after a statement may have run — so no cache of this process outlives a write.
   * A promise is refused by type: work that awaits cannot hold the transaction.
   */
  write<T>(change: (db: ControlDb) => T extends PromiseLike<unknown> ? never : T): T {
    try {
      return this.sqlite.transaction(() => change(this.writer)).immediate();
    } finally {
      this.localWrites++;
    }
  }

  /**
   * Changes whenever control data may have changed — by this process (through `write`) or by
   * another one (SQLite's data_version) — so caches of keys, orgs and sites know when to drop.
   */
  generation(): string {
    // Asking SQLite costs more than the request paths that ask: look at most every 20 ms (a
    // change by another process — the admin CLI — is seen within that; our own writes at once).
    const now = performance.now();
    if (now - this.versionReadAt > 20) {
      this.version = this.dataVersion.get()!.data_version;
      this.versionReadAt = now;
    }
    return `${this.version}:${this.localWrites}`;
  }

  private version = 0;
  private versionReadAt = -Infinity;
  private followed = "";

  /**
   * Another connection in this process (the HTTP thread's, for the collect thread) says its
   * generation: when it changed, that connection committed changes, so the next look at
   * SQLite's data_version must not wait the 20 ms.
   */
  follow(generation: string): void {
    if (generation === this.followed) return;
    this.followed = generation;
    this.versionReadAt = -Infinity;
  }

  private memoGeneration = "";
  private readonly memos = new Map<string, unknown>();

  /**
   * Remembers a read of control data until the data changes (any process). Control data is
   * read on every request and changes rarely, so hot paths read it from here.
   */
  memo<T>(key: string, load: () => T): T {
    const gen = this.generation();
    if (gen !== this.memoGeneration) {
      this.memos.clear();
      this.memoGeneration = gen;
    }
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = load();
    if (this.memos.size > 50_000) this.memos.clear();
    this.memos.set(key, value);
    return value;
  }

  sqliteVersion(): string {
    return this.sqlite.query<{ v: string }, []>("select sqlite_version() as v").get()!.v;
  }

  close(): void {
    finalizeStatements(this.sqlite);
    // Not in the statement cache: left open, it keeps the connection (and its WAL file) alive after close.
    this.dataVersion.finalize();
    this.sqlite.close();
  }
}
