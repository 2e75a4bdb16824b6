import type { TenantStore } from "../db/tenants.ts";
import { runOnLibsql, runOnSqlite, type Program } from "../db/statements.ts";
import { Batches } from "../threads/batches.ts";
import { applyHits, RowRefs, type Hit, type HitResult } from "./apply.ts";

/**
 * Group commit: hits are queued per tenant store and written together in one transaction, on
 * the store's own connection (a libSQL database through its client). Each caller's promise
 * settles only after the transaction holding its hit committed, so a 202 is never answered
 * for a hit that could still be lost. Runs on the collect thread (collect-worker.ts), so the
 * HTTP thread keeps serving while a transaction runs.
 */
export class IngestWriter {
  private readonly queues = new Map<TenantStore, Batches<Hit, HitResult>>();
  /** What each store's write connection remembers, kept as long as the store's handle. */
  private readonly rowRefs = new WeakMap<TenantStore, RowRefs>();

  /** `onGroup`: told the number of hits of each transaction as it starts. */
  constructor(private readonly onGroup?: (hits: number) => void) {}

  /** Hits waiting for their group commit, over every store. */
  queued(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.waiting;
    return n;
  }

  write(store: TenantStore, hit: Hit): Promise<HitResult> {
    let q = this.queues.get(store);
    if (!q) {
      // One transaction at a time per store; hits that arrive meanwhile form the next group.
      q = new Batches((hits) => this.writeGroup(store, hits), () => this.queues.delete(store), this.onGroup);
      this.queues.set(store, q);
    }
    return q.add(hit);
  }

  /** Runs one small write program on a store's own connection (rejected hosts). */
  async run(store: TenantStore, program: Program<void>): Promise<void> {
    if (store.sqlite) runOnSqlite(store.sqlite, program);
    else if (store.libsql) await runOnLibsql(store.libsql, program);
  }

  private async writeGroup(store: TenantStore, hits: Hit[]): Promise<HitResult[]> {
    let refs = this.rowRefs.get(store);
    if (!refs) this.rowRefs.set(store, (refs = new RowRefs()));
    try {
      return store.sqlite ? runOnSqlite(store.sqlite, applyHits(hits, refs)) : await runOnLibsql(store.libsql!, applyHits(hits, refs));
    } catch (error) {
      refs.forget();
      throw error;
    }
  }
}
