/**
 * The ingest write thread, so the HTTP thread keeps answering while a transaction runs. Two
 * kinds of work:
 * - { id, path, synchronous, hits (packHits) }: group-committed hits (IngestWriter), applied
 *   to SQLite files on its own connections, answered { id, result } or { id, error }
 *   (thread-error.ts);
 * - POST /v1/collect requests (IngestThread), which come through a RequestRing given with
 *   { init: { settings, ring } } and are collected here from end to end on this thread's own
 *   platform ({ id, ready } answers once it is open); answered { answers: [[id, answer]…] }.
 */
import type { Database } from "bun:sqlite";
import type { Settings } from "../config.ts";
import { openSqlite } from "../db/sqlite.ts";
import { runOnSqlite } from "../db/statements.ts";
import { setLogging } from "../log.ts";
import { openPlatform } from "../platform.ts";
import { applyHits, RowRefs, unpackHits } from "./apply.ts";
import { openCollectDeps } from "./collect-deps.ts";
import { collectRequest, type CollectDeps } from "./collect.ts";
import { RequestRing, type RingEntry } from "./request-ring.ts";
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

async function collectAll(entries: RingEntry[]): Promise<CollectAnswer[]> {
  const deps = await collecting!;
  // The newest generation the HTTP thread sent covers the older ones.
  deps.platform.control.follow(entries[entries.length - 1].control);
  // Together: their hits meet in the writer's queue and commit in one transaction per store.
  return Promise.all(entries.map((e) => collectRequest(deps, e.request).then((outcome) => ({ outcome }), (error) => ({ error: toThreadError(error) }))));
}

/** Takes what the ring holds, collects it, answers; sleeps when it is empty. */
async function pump(ring: RequestRing): Promise<never> {
  for (;;) {
    const entries = ring.take();
    if (entries.length === 0) {
      await ring.sleep();
      continue;
    }
    let answers: CollectAnswer[];
    try {
      answers = await collectAll(entries);
    } catch (error) {
      answers = entries.map(() => ({ error: toThreadError(error) }));
    }
    self.postMessage({ answers: entries.map((e, i) => [e.id, answers[i]]) });
  }
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
  | { init: { settings: Settings; ring: SharedArrayBuffer } }
  | { id: number; ready: true }
  | { id: number; path: string; synchronous: "NORMAL" | "FULL"; hits: string };

self.onmessage = async (message: MessageEvent<Message>) => {
  const data = message.data;
  if ("init" in data) {
    collecting = openCollecting(data.init.settings);
    void pump(new RequestRing(data.init.ring));
    return;
  }
  try {
    const result = "ready" in data ? Boolean(await collecting) : writeHits(data);
    self.postMessage({ id: data.id, result });
  } catch (error) {
    self.postMessage({ id: data.id, error: toThreadError(error) });
  }
};
