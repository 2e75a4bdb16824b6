/**
 * The ingest write thread, so the HTTP thread keeps answering while a transaction runs. Two
 * kinds of work, each answered { id, result } or { id, error } (thread-error.ts):
 * - { id, path, synchronous, hits (packHits) }: group-committed hits (IngestWriter), applied
 *   to SQLite files on its own connections;
 * - { id, requests, control }: POST /v1/collect requests (IngestThread), collected here from
 *   end to end on this thread's own platform (opened from { init: settings }; { id, ready }
 *   answers once it is open), answered per request.
 */
import type { Database } from "bun:sqlite";
import type { Settings } from "../config.ts";
import { openSqlite } from "../db/sqlite.ts";
import { runOnSqlite } from "../db/statements.ts";
import { setLogging } from "../http/log.ts";
import { openPlatform } from "../platform.ts";
import { applyHits, RowRefs, unpackHits } from "./apply.ts";
import { openCollectDeps } from "./collect-deps.ts";
import { collectRequest, type CollectDeps, type CollectRequest } from "./collect.ts";
import type { CollectAnswer } from "./ingest-thread.ts";
import { toThreadError } from "./thread-error.ts";
import { IngestWriter } from "./writer.ts";

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

let collecting: Promise<CollectDeps> | null = null;

async function openCollecting(settings: Settings): Promise<CollectDeps> {
  setLogging(settings.logRequests);
  return openCollectDeps(openPlatform(settings), { writer: new IngestWriter({ onThisThread: true }) });
}

async function collectAll(requests: CollectRequest[], control: string): Promise<CollectAnswer[]> {
  const deps = await collecting!;
  deps.platform.control.follow(control);
  // Together: their hits meet in the writer's queue and commit in one transaction per store.
  return Promise.all(requests.map((r) => collectRequest(deps, r).then((outcome) => ({ outcome }), (error) => ({ error: toThreadError(error) }))));
}

function writeHits(data: { path: string; synchronous: "NORMAL" | "FULL"; hits: string }) {
  const { path, synchronous, hits } = data;
  let refs = refsByPath.get(path);
  if (!refs) refsByPath.set(path, (refs = new RowRefs()));
  try {
    return runOnSqlite(handle(path, synchronous), applyHits(unpackHits(hits), refs));
  } catch (error) {
    refs.forget();
    throw error;
  }
}

type Message =
  | { init: Settings }
  | { id: number; ready: true }
  | { id: number; requests: CollectRequest[]; control: string }
  | { id: number; path: string; synchronous: "NORMAL" | "FULL"; hits: string };

self.onmessage = async (message: MessageEvent<Message>) => {
  const data = message.data;
  if ("init" in data) {
    collecting = openCollecting(data.init);
    return;
  }
  try {
    const result = "ready" in data ? Boolean(await collecting) : "requests" in data ? await collectAll(data.requests, data.control) : writeHits(data);
    self.postMessage({ id: data.id, result });
  } catch (error) {
    self.postMessage({ id: data.id, error: toThreadError(error) });
  }
};
