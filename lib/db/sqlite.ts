import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export interface SqliteOptions {
  synchronous?: "NORMAL" | "FULL";
  /** Create the parent folder when missing (managed files only; never for a BYO path). */
  createDir?: boolean;
}

/** Opens a SQLite file with the pragmas every store uses. */
export function openSqlite(path: string, options: SqliteOptions = {}): Database {
  if (options.createDir) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { create: true, readwrite: true, strict: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${options.synchronous ?? "NORMAL"}`);
    db.exec("PRAGMA foreign_keys = ON");
    // Checkpoint every ~40 MB of WAL instead of ~4 MB: checkpoints (with their fsync) dominate
    // sustained ingest otherwise. Commits stay durable against a process crash either way.
    db.exec("PRAGMA wal_autocheckpoint = 10000");
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
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
