/** A worker for WorkerCalls' tests: each call names what to do. */
import { ApiError } from "../../lib/errors.ts";
import { serveCalls, streamOut } from "../../lib/threads/worker-calls.ts";

export type TestCall = { echo: unknown } | { apiError: true } | { storageError: true } | { crash: true } | { hang: true } | { inits: true } | { stream: number; failAt?: number } | { produced: true };

/** Chunks the streamed bodies have produced so far (how far the worker ran ahead of the reader). */
let produced = 0;

/** This worker's own id and the init messages it got: a restarted worker has another id. */
const self_id = crypto.randomUUID();
const inits: unknown[] = [];

serveCalls<string, TestCall>({
  init: (data) => void inits.push(data),
  call(call) {
    if ("echo" in call) return call.echo;
    if ("apiError" in call) throw new ApiError("RATE_LIMITED", "Too many", [{ path: "ip", message: "slow down" }], { "retry-after": "7" });
    if ("storageError" in call) throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY", name: "SQLiteError" });
    if ("crash" in call) {
      setTimeout(() => {
        throw new Error("boom");
      });
      return new Promise(() => {});
    }
    if ("hang" in call) return new Promise(() => {});
    if ("produced" in call) return produced;
    if ("stream" in call) {
      // `stream` chunks of 1 KiB, each filled with its number; `failAt` throws instead of that chunk.
      let i = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (i === call.failAt) throw new ApiError("VALIDATION_FAILED", "broke mid-stream");
            if (i === call.stream) return controller.close();
            produced++;
            controller.enqueue(new Uint8Array(1024).fill(i++ % 256));
          },
        },
        { highWaterMark: 0 },
      );
      return streamOut(body);
    }
    return { worker: self_id, inits };
  },
});
