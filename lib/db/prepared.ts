/**
 * Prepared statements kept per database handle: drizzle otherwise rebuilds and re-prepares the
 * SQL on every call, which dominates short read paths. Keyed weakly by the handle, so a closed
 * (evicted) tenant store drops its statements with it.
 */
const byHandle = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  let statements = byHandle.get(db);
  if (!statements) {
    statements = new Map();
    byHandle.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}
