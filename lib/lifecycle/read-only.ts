import { Database } from "bun:sqlite";

/** Opens a SQLite file read-only for one use and closes it whatever happens: backups never write to what they read. */
export function readOnly<T>(path: string, use: (db: Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return use(db);
  } finally {
    db.close();
  }
}
