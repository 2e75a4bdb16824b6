import type { TenantStore } from "../db/tenants.ts";
import { runOnLibsql, runOnSqlite, type Program } from "../db/statements.ts";
import { applyHits, packHits, RowRefs, type Hit, type HitResult } from "./apply.ts";
import { Batches } from "./batches.ts";
import { WriteThread } from "./write-thread.ts";

/**
 * Group commit: hits are queued per tenant store and written together in one transaction —
 * on SQLite files by a write thread, so the HTTP thread keeps serving while it runs; on a
 * libSQL database through its client. Each caller's promise settles only after the
 * transaction holding its hit committed, so a 202 is never answered for a hit that could
 * still be lost. On the write thread itself (`onThisThread`), SQLite files are written where
 * the hits were collected.
 */
export class IngestWriter {
  private readonly queues = new Map<TenantStore, Batches<Hit, HitResult>>();
  /** Stores written from this thread keep their row references here. */
  private readonly refs = new WeakMap<TenantStore, RowRefs>();
  private readonly thread = new WriteThread();

  constructor(private readonly options: { onThisThread?: boolean } = {}) {}

  write(store: TenantStore, hit: Hit): Promise<HitResult> {
    let q = this.queues.get(store);
    if (!q) {
      // One transaction at a time per store; hits that arrive meanwhile form the next group.
      q = new Batches((hits) => this.writeGroup(store, hits), () => this.queues.delete(store));
      this.queues.set(store, q);
    }
    return q.add(hit);
  }

  /** Runs one small write program on a store's own connection (rejected hosts). */
  async run(store: TenantStore, program: Program<void>): Promise<void> {
    if (store.sqlite) runOnSqlite(store.sqlite, program);
    else if (store.libsql) await runOnLibsql(store.libsql, program);
  }

  private writeGroup(store: TenantStore, hits: Hit[]): Promise<HitResult[]> {
    return store.path && !this.options.onThisThread
      ? this.thread.call<HitResult[]>({ path: store.path, synchronous: store.synchronous, hits: packHits(hits) })
      : this.here(store, hits);
  }

  private async here(store: TenantStore, hits: Hit[]): Promise<HitResult[]> {
    let refs = this.refs.get(store);
    if (!refs) this.refs.set(store, (refs = new RowRefs()));
    try {
      return store.sqlite ? runOnSqlite(store.sqlite, applyHits(hits, refs)) : await runOnLibsql(store.libsql!, applyHits(hits, refs));
    } catch (error) {
      refs.forget();
      throw error;
    }
  }
}
