import type { Platform } from "../platform.ts";
import { ByteRing } from "../threads/byte-ring.ts";
import { WorkerCalls } from "../threads/worker-calls.ts";
import type { CollectOutcome, CollectRequest } from "./collect.ts";
import { collectCodec, type CollectEntry } from "./collect-ring.ts";
import type { CollectCall, CollectInit } from "./collect-worker.ts";
import { ApiError } from "../errors.ts";
import type { MetricsJson } from "../health/metrics.ts";

/**
 * The collect thread's entry. In a single-file binary scripts/build.ts embeds it as an extra
 * entrypoint, which Bun stores under its path from the project root.
 */
const COLLECT_WORKER = import.meta.url.includes("$bunfs") ? "/$bunfs/root/lib/ingest/collect-worker.js" : new URL("./collect-worker.ts", import.meta.url).href;

/** Room for thousands of usual batches, and more than a few of the largest (256 KB, up to 3 bytes a character). */
const RING_BYTES = 8 * 1024 * 1024;

/**
 * POST /v1/collect on a thread of its own (lib/ingest/collect-worker.ts): reading the batch,
 * the site, Origin, pause, bot and flood checks, validation, enrichment and the
 * group-committed write all run there, so the HTTP thread — which every request of every
 * route waits on — only reads the body and answers. Requests reach the thread through a
 * ByteRing; it takes all that arrived while it wrote the last group and answers them together.
 */
export class CollectThread {
  private ring: ByteRing<CollectEntry> | null = null;
  /** Entries the ring had no room for; they go in as the thread answers. */
  private overflow: CollectEntry[] = [];
  private readonly calls: WorkerCalls<CollectInit, CollectCall>;

  /** `floodLimit` overrides the per-IP tracking limit (the demo seeder sends millions of hits from a few hundred addresses). */
  constructor(
    private readonly platform: Platform,
    options: { floodLimit?: number; ringBytes?: number } = {},
  ) {
    this.calls = new WorkerCalls(COLLECT_WORKER, {
      init: () => {
        this.ring = new ByteRing(options.ringBytes ?? RING_BYTES, collectCodec);
        return { settings: platform.settings, ring: this.ring.buffer, floodLimit: options.floodLimit };
      },
      onReplies: () => this.refill(),
      onExit: () => {
        this.overflow = [];
        this.ring = null;
      },
      // The thread died with its transaction: the store's write failed.
      crashCode: "SQLITE_IOERR",
    });
  }

  collect(request: CollectRequest): Promise<CollectOutcome> {
    const outcome = this.calls.expect<CollectOutcome>((id) => {
      // The thread's control caches follow this thread's writes (a site paused a moment ago).
      const entry: CollectEntry = { id, request, control: this.platform.control.generation() };
      if (this.overflow.length > 0 || !this.ring!.push(entry)) this.overflow.push(entry);
      this.ring!.wake();
    });
    outcome.then((o) => this.count(o), (error) => this.countRefused(error));
    return outcome;
  }

  /** The events of an answered batch, counted where the answer arrives (one thread, whichever collects). */
  private count(outcome: CollectOutcome): void {
    const events = this.platform.metrics.ingestEvents;
    if (outcome.accepted) events.inc({ outcome: "accepted" }, outcome.accepted);
    if (outcome.duplicates) events.inc({ outcome: "duplicate" }, outcome.duplicates);
    if (outcome.rejected.length) events.inc({ outcome: "rejected" }, outcome.rejected.length);
  }

  /** A batch in which no event was valid names each of them (`e.<index>…`): they count as rejected. */
  private countRefused(error: unknown): void {
    if (!(error instanceof ApiError) || error.code !== "VALIDATION_FAILED") return;
    const indexes = new Set(error.details.map((d) => /^e\.(\d+)/.exec(d.path ?? "")?.[1]).filter((i) => i !== undefined));
    if (indexes.size) this.platform.metrics.ingestEvents.inc({ outcome: "rejected" }, indexes.size);
  }

  /** The collect thread's own metrics (group commits, their queue, its tenant handles). */
  metrics(): Promise<MetricsJson> {
    return this.calls.call<MetricsJson>("metrics");
  }

  /** Settles once the thread has opened what it collects with (a bad GEOIP_DB fails here, at start); later, /readyz's liveness ping. */
  async ready(): Promise<void> {
    await this.calls.call("ready");
  }

  /**
   * Collects and commits what the ring still holds, closes the thread's stores, then ends the
   * thread. Called once the server has answered its requests, so no batch is left waiting.
   */
  close(): Promise<void> {
    return this.calls.closeAfter("close");
  }

  private refill(): void {
    const ring = this.ring;
    let moved = 0;
    while (ring && moved < this.overflow.length && ring.push(this.overflow[moved])) moved++;
    if (moved > 0) {
      this.overflow = this.overflow.slice(moved);
      ring!.wake();
    }
  }
}
