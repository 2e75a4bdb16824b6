import { fromThreadError, type ThreadError } from "./thread-error.ts";

/**
 * The write thread's entry. In a single-file binary scripts/build.ts embeds it as an extra
 * entrypoint, which Bun stores under its path from the project root.
 */
const WRITE_WORKER = import.meta.url.includes("$bunfs") ? "/$bunfs/root/lib/ingest/write-worker.js" : new URL("./write-worker.ts", import.meta.url).href;

export type WriteThreadReply = { id: number; result: unknown } | { id: number; error: ThreadError };

/**
 * Calls to a write thread (lib/ingest/write-worker.ts): a message with an id, answered once
 * with a result or an error. The thread starts on the first call (or `start`), and again
 * after it died, told `init()` first; it never keeps the process alive. Messages without an
 * id go to `onEvent`; `onExit` hears that the thread died.
 */
export class WriteThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: unknown) => void }>();
  private nextId = 1;

  constructor(private readonly options: { init?: () => unknown; onEvent?: (data: unknown) => void; onExit?: (error: Error) => void } = {}) {}

  call<T>(message: Record<string, unknown>): Promise<T> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  /** The running thread, started if need be. */
  start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WRITE_WORKER);
    (worker as Worker & { unref(): void }).unref();
    worker.onmessage = (m: MessageEvent<WriteThreadReply | { id?: undefined }>) => {
      if (m.data.id === undefined) return this.options.onEvent?.(m.data);
      const waiter = this.waiting.get(m.data.id);
      if (!waiter) return;
      this.waiting.delete(m.data.id);
      if ("error" in m.data) waiter.reject(fromThreadError(m.data.error));
      else waiter.resolve((m.data as { result: unknown }).result);
    };
    worker.onerror = (e) => {
      const error = fromThreadError({ message: `write thread failed: ${e.message}`, code: "SQLITE_IOERR" });
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
      this.worker = null;
      this.options.onExit?.(error);
    };
    if (this.options.init) worker.postMessage({ init: this.options.init() });
    this.worker = worker;
    return worker;
  }
}
