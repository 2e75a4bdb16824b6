import type { Database } from "bun:sqlite";
// The web client (HTTP/WebSocket, pure JS): own SQLite files go through bun:sqlite, so the
// native local driver is never needed — and single-file binaries stay self-contained.
import { createClient, type Client } from "@libsql/client/web";
import { drizzle as drizzleSqlite } from "drizzle-orm/bun-sqlite";
import { drizzle as drizzleLibsql } from "drizzle-orm/libsql/web";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ApiError } from "../errors.ts";
import { migrateLibsql, migrateSqlite, tenantMigrations } from "./migrate.ts";
import { openSqlite } from "./sqlite.ts";
import { statementsOf, type StatementCache } from "./prepared.ts";
import { logLine } from "../log.ts";
import * as schema from "./tenant-schema.ts";

/** Works for both drivers: always `await` queries; keep transaction bodies synchronous on sqlite. */
export type TenantDb = BaseSQLiteDatabase<"sync" | "async", unknown, typeof schema> & { $client: Database | Client };

export interface TenantStore {
  orgId: string;
  /** true when the org brought its own database. */
  byo: boolean;
  db: TenantDb;
  /** The raw bun:sqlite handle (managed files and `file:` BYO databases); null for libSQL. */
  sqlite: Database | null;
  /** The libSQL client of a remote own database; null otherwise. */
  libsql: Client | null;
  /** The SQLite file's path (managed and `file:` stores), for other connections to it. */
  path: string | null;
  synchronous: "NORMAL" | "FULL";
  /** Hot paths keep their prepared statements here (lib/db/prepared.ts); finalized when the handle closes. */
  statements: StatementCache;
}

export interface OrgStoreRef {
  id: string;
  dbUrl: string | null;
}

const BYO_SCHEMES = ["file:", "libsql:", "https:", "http:", "wss:", "ws:"];

/** Checks a bring-your-own database URL; returns a reason when it cannot be used. */
export function byoUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a URL (use file:/path/db.sqlite or libsql://host)";
  }
  if (!BYO_SCHEMES.includes(parsed.protocol)) return `scheme ${parsed.protocol} is not supported (file:, libsql:, https:, http:, wss:, ws:)`;
  if (parsed.protocol === "file:" && !parsed.pathname) return "file: URL needs a path";
  return null;
}

function unreachable(error: unknown): ApiError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError("BYO_DB_UNREACHABLE", "The organization's own database cannot be reached", [
    { path: "database", message: reason.slice(0, 300) },
  ]);
}

export const upstreamUnavailable = (message = "The data store is temporarily unavailable") =>
  new ApiError("UPSTREAM_UNAVAILABLE", message, [], { "retry-after": "5" });

/** A bounded LRU of open tenant handles. */
export class TenantStores {
  private readonly open = new Map<string, TenantStore>();
  private readonly opening = new Map<string, Promise<TenantStore>>();
  /** Evicted handles waiting to close, with their timers (closeAll closes them at once). */
  private readonly closing = new Map<TenantStore, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly dataDir: string,
    private readonly options: {
      max?: number;
      synchronous?: "NORMAL" | "FULL";
      /** How long an evicted handle stays open for requests still using it (30 s). */
      evictedCloseAfterMs?: number;
    } = {},
  ) {}

  private get synchronous(): "NORMAL" | "FULL" {
    return this.options.synchronous ?? "NORMAL";
  }

  /** Opens (or returns the cached handle of) an org's store, migrating it on first open. */
  async get(org: OrgStoreRef): Promise<TenantStore> {
    const cacheKey = `${org.id}|${org.dbUrl ?? ""}`;
    const hit = this.open.get(cacheKey);
    if (hit) {
      this.open.delete(cacheKey);
      this.open.set(cacheKey, hit);
      return hit;
    }
    const pending = this.opening.get(cacheKey);
    if (pending) return pending;
    const promise = this.openStore(org).finally(() => this.opening.delete(cacheKey));
    this.opening.set(cacheKey, promise);
    const store = await promise;
    this.open.set(cacheKey, store);
    this.evict();
    return store;
  }

  private async openStore(org: OrgStoreRef): Promise<TenantStore> {
    if (!org.dbUrl) return this.openManaged(org.id);
    const problem = byoUrlProblem(org.dbUrl);
    if (problem) throw unreachable(new Error(`database URL ${problem}`));
    const url = new URL(org.dbUrl);
    if (url.protocol === "file:") {
      let sqlite: Database | undefined;
      const path = fileURLToPath(url);
      try {
        sqlite = openSqlite(path, { synchronous: this.options.synchronous });
        migrateSqlite(sqlite, tenantMigrations);
      } catch (error) {
        sqlite?.close();
        throw unreachable(error);
      }
      return { orgId: org.id, byo: true, db: drizzleSqlite({ client: sqlite, schema }) as unknown as TenantDb, sqlite, libsql: null, path, synchronous: this.synchronous, statements: statementsOf(sqlite) };
    }
    const authToken = url.searchParams.get("authToken") ?? undefined;
    url.searchParams.delete("authToken");
    let client: Client | undefined;
    try {
      client = createClient({ url: url.toString(), authToken });
      const db = drizzleLibsql({ client, schema });
      await migrateLibsql(db as never, tenantMigrations);
      return { orgId: org.id, byo: true, db: db as unknown as TenantDb, sqlite: null, libsql: client, path: null, synchronous: this.synchronous, statements: statementsOf(client) };
    } catch (error) {
      client?.close();
      throw unreachable(error);
    }
  }

  private openManaged(orgId: string): TenantStore {
    let sqlite: Database | undefined;
    const path = join(this.dataDir, `${orgId}.sqlite`);
    try {
      sqlite = openSqlite(path, { synchronous: this.options.synchronous, createDir: true });
      migrateSqlite(sqlite, tenantMigrations);
    } catch (error) {
      sqlite?.close();
      logLine({ level: "error", msg: "tenant store failed to open", orgId, error: String(error) });
      throw upstreamUnavailable();
    }
    return { orgId, byo: false, db: drizzleSqlite({ client: sqlite, schema }) as unknown as TenantDb, sqlite, libsql: null, path, synchronous: this.synchronous, statements: statementsOf(sqlite) };
  }

  private evict(): void {
    const max = this.options.max ?? 64;
    while (this.open.size > max) {
      const [oldestKey, oldest] = this.open.entries().next().value as [string, TenantStore];
      this.open.delete(oldestKey);
      // Requests still holding the handle may be between awaits: close a little later.
      const timer = setTimeout(() => {
        this.closing.delete(oldest);
        closeStore(oldest);
      }, this.options.evictedCloseAfterMs ?? 30_000);
      timer.unref();
      this.closing.set(oldest, timer);
    }
  }

  /** Drops a cached handle (after an org's database setting changed). */
  forget(orgId: string): void {
    for (const [key, store] of this.open) {
      if (store.orgId === orgId) {
        this.open.delete(key);
        closeStore(store);
      }
    }
  }

  size(): number {
    return this.open.size;
  }

  closeAll(): void {
    for (const [store, timer] of this.closing) {
      clearTimeout(timer);
      closeStore(store);
    }
    this.closing.clear();
    for (const store of this.open.values()) closeStore(store);
    this.open.clear();
  }
}

/** Finalizes the handle's statements, then closes its connection. */
function closeStore(store: TenantStore): void {
  store.statements.finalizeAll();
  try {
    // throwOnError also finalizes statements drizzle prepared for one-off queries and not yet
    // collected, so the file is released now instead of staying open as a zombie connection.
    store.sqlite?.close(true);
  } catch (error) {
    logLine({ level: "warn", msg: "tenant store did not close cleanly", orgId: store.orgId, error: String(error) });
  }
  store.libsql?.close();
}
