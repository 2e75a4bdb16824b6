import type { Platform } from "../platform.ts";
import type { CollectOutcome, CollectRequest } from "./collect.ts";
import { fromThreadError, type ThreadError } from "./thread-error.ts";
import { Batches } from "./batches.ts";
import { WriteThread } from "./write-thread.ts";

/** What the write thread answers for each request of a batch. */
export type CollectAnswer = { outcome: CollectOutcome } | { error: ThreadError };

/**
 * POST /v1/collect past the router, on the write thread: reading the batch, the site, Origin,
 * pause, bot and flood checks, validation, enrichment and the group-committed write all run
 * there, so the HTTP thread — which every request of every route waits on — only reads the
 * body and answers. Requests that arrive while a batch is on the thread go together next (one
 * message, one transaction per store).
 */
export class IngestThread {
  private readonly thread: WriteThread;
  private readonly batches = new Batches<CollectRequest, CollectAnswer>((requests) =>
    // The thread's control caches follow this thread's writes (a site paused a moment ago).
    this.thread.call<CollectAnswer[]>({ requests, control: this.platform.control.generation() }),
  );

  constructor(private readonly platform: Platform) {
    this.thread = new WriteThread(platform.settings);
  }

  async collect(request: CollectRequest): Promise<CollectOutcome> {
    const answer = await this.batches.add(request);
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
}
