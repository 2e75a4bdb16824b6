import type { Platform } from "../platform.ts";
import type { CollectOutcome, CollectRequest } from "./collect.ts";
import { RequestRing, type RingEntry } from "./request-ring.ts";
import { fromThreadError, type ThreadError } from "./thread-error.ts";
import { WriteThread } from "./write-thread.ts";

/** What the write thread answers for each request. */
export type CollectAnswer = { outcome: CollectOutcome } | { error: ThreadError };

/** Room for thousands of usual batches, and more than a few of the largest (256 KB, up to 3 bytes a character). */
const RING_BYTES = 8 * 1024 * 1024;

/**
 * POST /v1/collect past the router, on the write thread: reading the batch, the site, Origin,
 * pause, bot and flood checks, validation, enrichment and the group-committed write all run
 * there, so the HTTP thread — which every request of every route waits on — only reads the
 * body and answers. Requests reach the thread through a RequestRing; it takes all that
 * arrived while it wrote the last group and answers them together (one message).
 */
export class IngestThread {
  private ring: RequestRing | null = null;
  private readonly waiting = new Map<number, { resolve: (answer: CollectAnswer) => void; reject: (error: unknown) => void }>();
  /** Entries the ring had no room for; they go in as the thread answers. */
  private overflow: RingEntry[] = [];
  private nextId = 1;
  private readonly thread: WriteThread;

  constructor(
    private readonly platform: Platform,
    ringBytes = RING_BYTES,
  ) {
    this.thread = new WriteThread({
      init: () => {
        this.ring = new RequestRing(ringBytes);
        return { settings: platform.settings, ring: this.ring.buffer };
      },
      onEvent: (data) => this.answered((data as { answers: [number, CollectAnswer][] }).answers),
      onExit: (error) => {
        for (const w of this.waiting.values()) w.reject(error);
        this.waiting.clear();
        this.overflow = [];
        this.ring = null;
      },
    });
  }

  async collect(request: CollectRequest): Promise<CollectOutcome> {
    this.thread.start();
    const ring = this.ring!;
    // The thread's control caches follow this thread's writes (a site paused a moment ago).
    const entry: RingEntry = { id: this.nextId++, request, control: this.platform.control.generation() };
    const answer = await new Promise<CollectAnswer>((resolve, reject) => {
      this.waiting.set(entry.id, { resolve, reject });
      if (this.overflow.length > 0 || !ring.push(entry)) this.overflow.push(entry);
      ring.wake();
    });
    if ("outcome" in answer) return answer.outcome;
    throw fromThreadError(answer.error);
  }

  /** Settles once the thread has opened what it collects with (a bad GEOIP_DB fails here, at start). */
  async ready(): Promise<void> {
    await this.thread.call({ ready: true });
  }

  close(): void {
    this.thread.close();
  }

  private answered(answers: [number, CollectAnswer][]): void {
    for (const [id, answer] of answers) {
      this.waiting.get(id)?.resolve(answer);
      this.waiting.delete(id);
    }
    let moved = 0;
    while (moved < this.overflow.length && this.ring!.push(this.overflow[moved])) moved++;
    if (moved > 0) {
      this.overflow = this.overflow.slice(moved);
      this.ring!.wake();
    }
  }
}
