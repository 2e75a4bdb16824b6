import { ApiError, type ErrorCode, type ErrorDetail } from "../errors.ts";

/** An error as it crosses between threads: structured cloning keeps no class, so it is rebuilt. */
export interface ThreadError {
  message: string;
  name?: string;
  code?: string;
  /** An ApiError's answer (its code is then the error code). */
  details?: ErrorDetail[];
  headers?: Record<string, string>;
}

export function toThreadError(error: unknown): ThreadError {
  if (error instanceof ApiError) return { message: error.message, name: error.name, code: error.code, details: error.details, headers: error.headers };
  const e = error as { message?: string; code?: string; name?: string } | null;
  return { message: e?.message ?? String(error), code: typeof e?.code === "string" ? e.code : undefined, name: e?.name };
}

/** An error from another thread, rebuilt so the usual answers apply (ApiError, storage-failure codes). */
export class ThreadFailure extends Error {
  constructor(info: ThreadError) {
    super(info.message);
    this.name = info.name ?? "ThreadFailure";
    if (info.code) (this as { code?: string }).code = info.code;
  }
}

export function fromThreadError(info: ThreadError): Error {
  if (info.name === "ApiError" && info.code) return new ApiError(info.code as ErrorCode, info.message, info.details ?? [], info.headers ?? {});
  return new ThreadFailure(info);
}

/** A worker's answer to one call; it posts one Reply or an array of them. */
export type Reply = { id: number; result: unknown } | { id: number; error: ThreadError };

/**
 * A streamed answer's traffic (see `streamOut`): the worker posts a chunk, the end or an error
 * of stream `stream` only when the calling side asked for the next one (`pull`), so a file
 * of any size crosses with one chunk in flight; `cancel` drops the rest.
 */
export type StreamMessage = { stream: number; chunk: Uint8Array } | { stream: number; done: true } | { stream: number; error: ThreadError };

/** What the calling side posts: `init` once to each new worker, then calls, and pulls of streamed answers. */
export type CallMessage<Init, Call> = { init: Init } | { id: number; call: Call } | { pull: number } | { cancel: number };

interface WorkerCallOptions<Init> {
  /** The worker's first message, made anew for each worker started. */
  init?: () => Init;
  /** Told after replies were settled (room may have come free). */
  onReplies?: () => void;
  /** Told that the worker died, after its pending calls were rejected. */
  onExit?: (error: Error) => void;
  /** The `code` of the error pending calls get when the worker dies. */
  crashCode?: string;
}

/**
 * Calls to a worker thread, each answered once with a result or an error (rebuilt on this
 * side: fromThreadError). The worker starts on first use and again after it died, told
 * `init()` first; calls pending when it died are rejected. It never keeps the process alive.
 */
export class WorkerCalls<Init = unknown, Call = unknown> {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve: (r: never) => void; reject: (e: unknown) => void }>();
  /** Streamed answers being read: the pull waiting for the worker's next message. */
  private readonly streams = new Map<number, { next: ((m: StreamMessage) => void) | null }>();
  private nextId = 1;

  constructor(
    private readonly url: string,
    private readonly options: WorkerCallOptions<Init> = {},
  ) {}

  /** Posts a call; settles with the worker's reply. */
  call<T>(call: Call): Promise<T> {
    return this.expect((id, worker) => worker.postMessage({ id, call } satisfies CallMessage<Init, Call>));
  }

  /** A call the worker learns of another way: `send` puts its id where the worker reads it (shared memory). */
  expect<T>(send: (id: number, worker: Worker) => void): Promise<T> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (r: never) => void, reject });
      try {
        send(id, worker);
      } catch (error) {
        this.waiting.delete(id);
        reject(error);
      }
    });
  }

  /** The running worker, started if need be. */
  start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url);
    (worker as Worker & { unref(): void }).unref();
    worker.onmessage = (m: MessageEvent<Reply | Reply[] | StreamMessage>) => {
      if (Array.isArray(m.data)) for (const reply of m.data) this.settle(reply);
      else if ("stream" in m.data) this.streams.get(m.data.stream)?.next?.(m.data);
      else this.settle(m.data);
      this.options.onReplies?.();
    };
    worker.onerror = (e) => this.died(worker, e.message);
    worker.addEventListener("close", () => this.died(worker, "it exited"));
    this.worker = worker;
    if (this.options.init) worker.postMessage({ init: this.options.init() } satisfies CallMessage<Init, Call>);
    return worker;
  }

  /**
   * The body of an answer the worker streams (`streamOut` there): each read asks the worker for
   * one chunk, so memory holds one chunk however large the file; a reader that stops cancels it.
   */
  stream(id: number): ReadableStream<Uint8Array> {
    const worker = this.start();
    const entry: { next: ((m: StreamMessage) => void) | null } = { next: null };
    this.streams.set(id, entry);
    return new ReadableStream<Uint8Array>({
      pull: (controller) =>
        new Promise<void>((resolve) => {
          if (this.worker !== worker) {
            this.streams.delete(id);
            controller.error(new ThreadFailure({ message: "worker thread failed while streaming an answer" }));
            return resolve();
          }
          entry.next = (m) => {
            entry.next = null;
            if ("chunk" in m) controller.enqueue(m.chunk);
            else {
              this.streams.delete(id);
              if ("done" in m) controller.close();
              else controller.error(fromThreadError(m.error));
            }
            resolve();
          };
          worker.postMessage({ pull: id } satisfies CallMessage<Init, Call>);
        }),
      cancel: () => {
        this.streams.delete(id);
        if (this.worker === worker) worker.postMessage({ cancel: id } satisfies CallMessage<Init, Call>);
      },
    }, { highWaterMark: 0 });
  }

  /**
   * A last call (the worker finishes and closes what it holds), then the worker ends. The worker
   * never keeps the process alive (unref'd): a timer does while the call runs.
   */
  async closeAfter(call: Call): Promise<void> {
    const alive = setInterval(() => {}, 60_000);
    try {
      await this.call(call);
    } finally {
      clearInterval(alive);
      this.close();
    }
  }

  close(): void {
    const worker = this.worker;
    this.worker = null;
    worker?.terminate();
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if ("error" in reply) waiter.reject(fromThreadError(reply.error));
    else waiter.resolve(reply.result as never);
  }

  private died(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    worker.terminate();
    const error = fromThreadError({ message: `worker thread failed: ${reason}`, code: this.options.crashCode });
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
    for (const s of this.streams.values()) s.next?.({ stream: 0, error: toThreadError(error) });
    this.streams.clear();
    this.options.onExit?.(error);
  }
}

declare const self: Worker;

/** Worker side: a call's reply, its error caught. */
export async function replyTo(id: number, work: () => unknown): Promise<Reply> {
  try {
    return { id, result: await work() };
  } catch (error) {
    return { id, error: toThreadError(error) };
  }
}

/** Worker side: the bodies being streamed to the calling side, by stream id. */
const outgoing = new Map<number, ReadableStreamDefaultReader<Uint8Array>>();
let nextStream = 1;

/**
 * Worker side: hands a body to the calling side as a stream (its `stream(id)`), one chunk per
 * pull; returns the id to put in the reply.
 */
export function streamOut(body: ReadableStream<Uint8Array>): number {
  const id = nextStream++;
  outgoing.set(id, body.getReader());
  return id;
}

async function pullOut(id: number): Promise<void> {
  const reader = outgoing.get(id);
  if (!reader) return self.postMessage({ stream: id, error: { message: "no such stream" } } satisfies StreamMessage);
  try {
    const { done, value } = await reader.read();
    if (done) {
      outgoing.delete(id);
      self.postMessage({ stream: id, done: true } satisfies StreamMessage);
    } else {
      // A copy when the chunk is a view of a larger buffer (transferring it would detach the rest).
      const chunk = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
      self.postMessage({ stream: id, chunk } satisfies StreamMessage, [chunk.buffer as ArrayBuffer]);
    }
  } catch (error) {
    outgoing.delete(id);
    self.postMessage({ stream: id, error: toThreadError(error) } satisfies StreamMessage);
  }
}

/** Worker side: answers WorkerCalls; `init` takes the first message. */
export function serveCalls<Init, Call>(handlers: { init(data: Init): void; call(call: Call): unknown }): void {
  self.onmessage = async (m: MessageEvent<CallMessage<Init, Call>>) => {
    const data = m.data;
    if ("init" in data) handlers.init(data.init);
    else if ("pull" in data) await pullOut(data.pull);
    else if ("cancel" in data) {
      void outgoing.get(data.cancel)?.cancel();
      outgoing.delete(data.cancel);
    } else self.postMessage(await replyTo(data.id, () => handlers.call(data.call)));
  };
}

/** Worker side: replies to calls that arrived another way, many in one message. */
export function postReplies(replies: Reply[]): void {
  self.postMessage(replies);
}
