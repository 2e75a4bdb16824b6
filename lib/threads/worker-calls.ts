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

/** What the calling side posts: `init` once to each new worker, then calls. */
export type CallMessage<Init, Call> = { init: Init } | { id: number; call: Call };

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
    worker.onmessage = (m: MessageEvent<Reply | Reply[]>) => {
      if (Array.isArray(m.data)) for (const reply of m.data) this.settle(reply);
      else this.settle(m.data);
      this.options.onReplies?.();
    };
    worker.onerror = (e) => this.died(worker, e.message);
    worker.addEventListener("close", () => this.died(worker, "it exited"));
    this.worker = worker;
    if (this.options.init) worker.postMessage({ init: this.options.init() } satisfies CallMessage<Init, Call>);
    return worker;
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

/** Worker side: answers WorkerCalls; `init` takes the first message. */
export function serveCalls<Init, Call>(handlers: { init(data: Init): void; call(call: Call): unknown }): void {
  self.onmessage = async (m: MessageEvent<CallMessage<Init, Call>>) => {
    const data = m.data;
    if ("init" in data) handlers.init(data.init);
    else self.postMessage(await replyTo(data.id, () => handlers.call(data.call)));
  };
}

/** Worker side: replies to calls that arrived another way, many in one message. */
export function postReplies(replies: Reply[]): void {
  self.postMessage(replies);
}
