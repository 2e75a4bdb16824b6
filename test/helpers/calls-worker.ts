/** A worker for WorkerCalls' tests: each call names what to do. */
import { ApiError } from "../../lib/errors.ts";
import { serveCalls } from "../../lib/threads/worker-calls.ts";

export type TestCall = { echo: unknown } | { apiError: true } | { storageError: true } | { crash: true } | { hang: true } | { inits: true };

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
    return { worker: self_id, inits };
  },
});
