/**
 * The ingest write thread: applies group-committed hits to SQLite files on its own
 * connections, so the HTTP thread keeps answering while a transaction runs.
 * Messages in: { id, path, synchronous, hits (packHits) }; out: { id, result } or { id, error } (thread-error.ts).
 */
import type { Database } from "bun:sqlite";
import { openSqlite } from "../db/sqlite.ts";
import { runOnSqlite } from "../db/statements.ts";
import { applyHits, RowRefs, unpackHits } from "./apply.ts";
import { toThreadError } from "./thread-error.ts";

declare const self: Worker;

const handles = new Map<string, Database>();
const refsByPath = new Map<string, RowRefs>();
const MAX_HANDLES = 64;

function handle(path: string, synchronous: "NORMAL" | "FULL"): Database {
  let db = handles.get(path);
  if (db) {
    handles.delete(path);
    handles.set(path, db);
    return db;
  }
  // The main thread opened (and migrated) the file before sending work for it.
  db = openSqlite(path, { synchronous });
  handles.set(path, db);
  if (handles.size > MAX_HANDLES) {
    const [oldest, old] = handles.entries().next().value as [string, Database];
    handles.delete(oldest);
    refsByPath.delete(oldest);
    old.close(false);
  }
  return db;
}

self.onmessage = (message: MessageEvent<{ id: number; path: string; synchronous: "NORMAL" | "FULL"; hits: string }>) => {
  const { id, path, synchronous, hits } = message.data;
  try {
    const db = handle(path, synchronous);
    let refs = refsByPath.get(path);
    if (!refs) refsByPath.set(path, (refs = new RowRefs()));
    const result = runOnSqlite(db, applyHits(unpackHits(hits), refs));
    self.postMessage({ id, result });
  } catch (error) {
    refsByPath.get(path)?.forget();
    self.postMessage({ id, error: toThreadError(error) });
  }
};
