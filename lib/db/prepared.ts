/**
 * Prepared statements kept for the life of one connection: drizzle otherwise rebuilds and
 * re-prepares the SQL on every call, which dominates short read paths. Whoever closes a
 * connection finalizes its cache first: a bun:sqlite statement left unfinalized keeps its
 * connection (and the file) open after close(false), as sqlite3_close_v2 makes it a zombie.
 */
export class StatementCache {
  private readonly entries = new Map<string, unknown>();

  /** The statement kept under `key` (a name, or the SQL text itself), built on first use. */
  get<T>(key: string, build: () => T): T {
    let statement = this.entries.get(key) as T | undefined;
    if (statement === undefined) {
      statement = build();
      this.entries.set(key, statement);
    }
    return statement;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Finalizes every kept statement and forgets them all (the connection is about to close). */
  finalizeAll(): void {
    for (const entry of this.entries.values()) {
      try {
        finalizerOf(entry)?.();
      } catch {
        /* one statement failing to finalize must not keep the others open */
      }
    }
    this.entries.clear();
  }
}

type Finalizable = { finalize(): void };
const canFinalize = (value: unknown): value is Finalizable => typeof (value as Finalizable | null)?.finalize === "function";

/**
 * A bun:sqlite Statement finalizes itself; drizzle's bun-sqlite prepared query holds its
 * Statement in `stmt`; libSQL's prepared queries hold nothing to release.
 */
function finalizerOf(entry: unknown): (() => void) | null {
  if (canFinalize(entry)) return () => entry.finalize();
  const inner = (entry as { stmt?: unknown } | null)?.stmt;
  return canFinalize(inner) ? () => inner.finalize() : null;
}

/** Each connection's cache, by the connection (a bun:sqlite Database or a libSQL Client). */
const caches = new WeakMap<object, StatementCache>();

/** The statement cache of a connection, made on first use; its owner finalizes it on close. */
export function statementsOf(connection: object): StatementCache {
  let cache = caches.get(connection);
  if (!cache) {
    cache = new StatementCache();
    caches.set(connection, cache);
  }
  return cache;
}

/** Finalizes a connection's kept statements before it closes (tenant handles, the control store). */
export function finalizeStatements(connection: object): void {
  caches.get(connection)?.finalizeAll();
  caches.delete(connection);
}

/** A named prepared query of a drizzle database, kept in its connection's cache. */
export function prepared<T>(db: { $client: object }, name: string, build: () => T): T {
  return statementsOf(db.$client).get(name, build);
}
