import type { Settings } from "../../lib/config.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { attachedContext } from "../../lib/auth/context.ts";
import { attachedBody, headerPairs } from "../../lib/http/request.ts";
import { WorkerCalls } from "../../lib/threads/worker-calls.ts";
import type { MetricsJson } from "../../lib/health/metrics.ts";

/**
 * The query service on its own thread, for one-process mode: a report's tens of milliseconds
 * of column scans run beside the router's event loop instead of on it, so `/v1/collect`'s
 * answers (and every other route) never wait behind a report. Requests cross as plain data —
 * method, URL, headers, the body the router read, the router's resolved context and clock —
 * and answers come back whole — but a file (an export) streams, one chunk per read. The thread opens its own platform (control store, tenant
 * stores, loaded sites); a thread that dies is started again on the next request, and the
 * requests it held answer 500.
 */

export interface QueryInit {
  settings: Settings;
}

export type QueryCall =
  | { kind: "request"; method: string; url: string; headers: [string, string][]; body: Uint8Array | null; ctx: RequestContext | null; now: number }
  | { kind: "warm" }
  | { kind: "metrics" }
  | { kind: "close" };

export interface QueryAnswer {
  status: number;
  headers: [string, string][];
  /** The whole body, or null when it streams (`stream`: a file answer, read chunk by chunk). */
  body: ArrayBuffer | null;
  stream: number | null;
}

// In a compiled router the worker is an extra entrypoint of the executable (scripts/build.ts), at its path in the bundle.
const QUERY_WORKER = import.meta.url.includes("$bunfs") ? "/$bunfs/root/services/query/worker.js" : new URL("./worker.ts", import.meta.url).href;

export type QueryThread = ReturnType<typeof createQueryThread>;

export function createQueryThread(settings: Settings, now: () => number) {
  const calls = new WorkerCalls<QueryInit, QueryCall>(QUERY_WORKER, { init: () => ({ settings }) });
  // Started now, not on the first request: its modules load while the router's do.
  calls.start();
  return {
    app: {
      async handle(request: Request): Promise<Response> {
        const body = attachedBody(request) ?? (request.body ? new Uint8Array(await request.arrayBuffer()) : null);
        const call: QueryCall = { kind: "request", method: request.method, url: request.url, headers: headerPairs(request.headers), body, ctx: attachedContext(request) ?? null, now: now() };
        const answer = await calls.call<QueryAnswer>(call);
        return new Response(answer.stream === null ? answer.body : calls.stream(answer.stream), { status: answer.status, headers: answer.headers });
      },
    },
    /** The thread's own metrics (its loaded analytics columns, its tenant handles), for the router's /metrics. */
    metrics: () => calls.call<MetricsJson>({ kind: "metrics" }),
    /** Loads the recently read sites in the thread, in the background; settles with how many. */
    warm: () => calls.call<number>({ kind: "warm" }),
    /** Stops the thread's warming, saves its recent-sites list and snapshots, then ends it. */
    close: (): Promise<void> => calls.closeAfter({ kind: "close" }),
  };
}
