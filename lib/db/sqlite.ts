import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export interface SqliteOptions {
  synchronous?: "NORMAL" | "FULL";
  /** Create the parent folder when missing (managed files only; never for a BYO path). */
  createDir?: boolean;
}

/** How long a statement waits for another connection's lock. */
const BUSY_TIMEOUT_MS = 5_000;

/** Opens a SQLite file with the pragmas every store uses. */
export function openSqlite(path: string, options: SqliteOptions = {}): Database {
  if (options.createDir) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, readwrite: true, strict: true });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${options.synchronous ?? "NORMAL"}`);
    db.exec("PRAGMA foreign_keys = ON");
    // Deleted rows are overwritten with zeros, not left in free pages and cells of the file: an
    // erased person's e-mail must not stay readable in its bytes (docs/data-lifecycle.md).
    db.exec("PRAGMA secure_delete = ON");
    // Checkpoint every ~40 MB of WAL instead of ~4 MB: checkpoints (with their fsync) dominate
    // sustained ingest otherwise. Commits stay durable against a process crash either way.
    db.exec("PRAGMA wal_autocheckpoint = 10000");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** How long truncateWal waits for readers to move on before it gives up. */
const WAL_TRUNCATE_WAIT_MS = 5_000;

/**
 * Copies the WAL into the database file and truncates it to zero bytes (`wal_checkpoint(TRUNCATE)`),
 * so the page images a deletion replaced — with the deleted values in them — are gone from the
 * `-wal` file too. Readers of older snapshots (other connections, other processes) hold the
 * checkpoint back: it is retried without blocking the event loop (busy_timeout 0 for the call)
 * until they moved on or `WAL_TRUNCATE_WAIT_MS` passed. True when the WAL was emptied.
 */
export async function truncateWal(db: Database): Promise<boolean> {
  const deadline = Date.now() + WAL_TRUNCATE_WAIT_MS;
  for (;;) {
    db.exec("PRAGMA busy_timeout = 0");
    let busy: number;
    try {
      busy = (db.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as { busy: number }).busy;
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      busy = 1;
    } finally {
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    if (busy === 0) return true;
    if (Date.now() >= deadline) return false;
    await Bun.sleep(20);
  }
}

type ErrorLike = { code?: unknown; name?: unknown };

/** The error and its causes (drizzle wraps driver errors), a few levels deep. */
function* causeChain(error: unknown): Generator<ErrorLike> {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e as ErrorLike;
}

/** Errors that mean "the store is not reachable right now" rather than a bug in the query. */
const UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|NOTADB|CORRUPT|READONLY|PROTOCOL|NOMEM)/;
const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ConnectionRefused|ConnectionClosed)$/;
export function isStorageFailure(error: unknown): boolean {
  for (const err of causeChain(error)) {
    if (err.name === "LibsqlError") return true;
    if (typeof err.code === "string" && (UNAVAILABLE_CODES.test(err.code) || NETWORK_CODES.test(err.code))) return true;
  }
  return false;
}

/** Any database error at all (used for an org's own database, where every failure is theirs). */
export function isDatabaseError(error: unknown): boolean {
  for (const err of causeChain(error)) {
    if (err.name === "SQLiteError" || err.name === "LibsqlError" || err.name === "DrizzleQueryError") return true;
    if (typeof err.code === "string" && err.code.startsWith("SQLITE_")) return true;
  }
  return isStorageFailure(error);
}
