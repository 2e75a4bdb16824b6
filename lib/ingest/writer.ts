import type { TenantStore } from "../db/tenants.ts";
import { runOnLibsql, runOnSqlite, type Program } from "../db/statements.ts";
import { applyHits, packHits, RowRefs, type Hit, type HitResult } from "./apply.ts";

/**
 * The write thread's entry. In a single-file binary scripts/build.ts embeds it as an extra
 * entrypoint, which Bun stores under its path from the project root.
 */
const WRITE_WORKER = import.meta.url.includes("$bunfs") ? "/$bunfs/root/lib/ingest/write-worker.js" : new URL("./write-worker.ts", import.meta.url).href;

interface Pending {
  hit: Hit;
  resolve: (r: HitResult) => void;
  reject: (e: unknown) => void;
}

interface Queue {
  items: Pending[];
  /** A group is being written; the next one waits for it (one transaction at a time per store). */
  busy: boolean;
  scheduled: boolean;
}

/** An error from the write thread, rebuilt so the usual storage-failure mapping applies. */
class WriteError extends Error {
  constructor(info: { message: string; code?: string; name?: string }) {
    super(info.message);
    this.name = info.name ?? "WriteError";
    if (info.code) (this as { code?: string }).code = info.code;
  }
}

/**
 * Group commit: hits are queued per tenant store and written together in one transaction —
 * on SQLite files by a write thread, so the HTTP thread keeps serving while it runs; on a
 * libSQL database through its client. Each caller's promise settles only after the
 * transaction holding its hit committed, so a 202 is never answered for a hit that could
 * still be lost.
 */
export class IngestWriter {
  private readonly queues = new Map<TenantStore, Queue>();
  /** libSQL stores are written from this thread; each keeps its row references here. */
  private readonly refs = new WeakMap<TenantStore, RowRefs>();
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (r: HitResult[]) => void; reject: (e: unknown) => void }>();
  private nextId = 1;

  write(store: TenantStore, hit: Hit): Promise<HitResult> {
    return new Promise((resolve, reject) => {
      let q = this.queues.get(store);
      if (!q) {
        q = { items: [], busy: false, scheduled: false };
        this.queues.set(store, q);
      }
      q.items.push({ hit, resolve, reject });
      if (!q.busy && !q.scheduled) {
        q.scheduled = true;
        setImmediate(() => void this.flush(store, q!));
      }
    });
  }

  /** Runs one small write program on a store's own connection (rejected hosts). */
  async run(store: TenantStore, program: Program<void>): Promise<void> {
    if (store.sqlite) runOnSqlite(store.sqlite, program);
    else if (store.libsql) await runOnLibsql(store.libsql, program);
  }

  private async flush(store: TenantStore, q: Queue): Promise<void> {
    q.scheduled = false;
    if (q.busy || q.items.length === 0) return;
    q.busy = true;
    const items = q.items;
    q.items = [];
    try {
      const hits = items.map((p) => p.hit);
      const results = store.path ? await this.onWorker(store.path, store.synchronous, hits) : await this.onLibsql(store, hits);
      items.forEach((p, i) => p.resolve(results[i]));
    } catch (error) {
      for (const p of items) p.reject(error);
    } finally {
      q.busy = false;
      // Hits that arrived meanwhile form the next group.
      if (q.items.length > 0) void this.flush(store, q);
      else this.queues.delete(store);
    }
  }

  private async onLibsql(store: TenantStore, hits: Hit[]): Promise<HitResult[]> {
    let refs = this.refs.get(store);
    if (!refs) this.refs.set(store, (refs = new RowRefs()));
    try {
      return await runOnLibsql(store.libsql!, applyHits(hits, refs));
    } catch (error) {
      refs.forget();
      throw error;
    }
  }

  private onWorker(path: string, synchronous: "NORMAL" | "FULL", hits: Hit[]): Promise<HitResult[]> {
    if (!this.worker) {
      this.worker = new Worker(WRITE_WORKER);
      (this.worker as Worker & { unref(): void }).unref(); // never keeps the process alive
      this.worker.onmessage = (m: MessageEvent<{ id: number; results?: HitResult[]; error?: { message: string; code?: string; name?: string } }>) => {
        const waiter = this.waiting.get(m.data.id);
        if (!waiter) return;
        this.waiting.delete(m.data.id);
        if (m.data.error) waiter.reject(new WriteError(m.data.error));
        else waiter.resolve(m.data.results!);
      };
      this.worker.onerror = (e) => {
        for (const w of this.waiting.values()) w.reject(new WriteError({ message: `write thread failed: ${e.message}`, code: "SQLITE_IOERR" }));
        this.waiting.clear();
        this.worker = null;
      };
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, path, synchronous, hits: packHits(hits) });
    });
  }
}
