import { AggregatorRegistry, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { logLine } from "../log.ts";
import { requestIdOf } from "../http/service.ts";
import type { Platform } from "../platform.ts";
import { metricsAllowed } from "./access.ts";
import type { MetricsJson } from "./metrics.ts";
import { READY_CHECKS, readinessChecker, type ReadinessOptions } from "./readiness.ts";

export interface OpsOptions extends ReadinessOptions {
  /** The metrics of this process's other threads (the collect thread, the query thread), added to this one's. */
  threads?: (() => Promise<MetricsJson>)[];
}

/** The answer to a caller who may not read /metrics: an unknown API path's 404, not a 401 that says a token would open it. */
function notFound(request: Request): Response {
  return Response.json({ error: { code: "NOT_FOUND", message: "No such route", details: [], requestId: requestIdOf(request) } }, { status: 404 });
}

const NO_STORE = { "cache-control": "no-store" };

/**
 * `/readyz` and `/metrics`, answered by the serving wrapper (lib/http/serve.ts) before the app,
 * where the socket's address is known. `/readyz` says only yes or no; the reasons go to the log
 * and to `tidemark_ready_check` on /metrics.
 */
export function opsEndpoints(platform: Platform, options: OpsOptions = {}) {
  const check = readinessChecker(platform, options);
  const own = new Registry();
  // Process metrics (CPU, memory, event loop lag, GC) once per process: here, on the serving thread.
  collectDefaultMetrics({ register: own });
  new Gauge({
    name: "tidemark_ready_check",
    help: "Each /readyz check: 1 passing, 0 failing (the reason is in the log)",
    labelNames: ["check"] as const,
    registers: [own],
    async collect() {
      const result = await check();
      for (const name of READY_CHECKS) {
        if (name === "ingest_thread" && !options.ingestAlive) continue;
        this.set({ check: name }, result.failures[name] === undefined ? 1 : 0);
      }
    },
  });

  async function exposition(): Promise<{ text: string; contentType: string }> {
    const sources = [() => own.getMetricsAsJSON() as Promise<MetricsJson>, () => platform.metrics.json(), ...(options.threads ?? [])];
    const settled = await Promise.allSettled(sources.map((source) => source()));
    const parts: MetricsJson[] = [];
    for (const result of settled) {
      if (result.status === "fulfilled") parts.push(result.value);
      else logLine({ level: "warn", msg: "metrics: a thread's numbers could not be read", error: String(result.reason) });
    }
    const merged = AggregatorRegistry.aggregate(parts as Parameters<typeof AggregatorRegistry.aggregate>[0]);
    return { text: await merged.metrics(), contentType: merged.contentType };
  }

  return {
    /** The answer for `/readyz` or `/metrics`, or null for any other path (the app's). */
    async handle(request: Request, socketAddress: string): Promise<Response | null> {
      // Every request passes here, /v1/collect's included: a look at the string before parsing it.
      if (!request.url.includes("/readyz") && !request.url.includes("/metrics")) return null;
      const path = new URL(request.url).pathname;
      if (path !== "/readyz" && path !== "/metrics") return null;
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      if (path === "/readyz") {
        const { ready } = await check();
        return Response.json({ ready }, { status: ready ? 200 : 503, headers: NO_STORE });
      }
      if (!metricsAllowed(request, socketAddress, platform.settings.metricsToken)) return notFound(request);
      const { text, contentType } = await exposition();
      return new Response(text, { headers: { "content-type": contentType, ...NO_STORE } });
    },
  };
}

export type OpsEndpoints = ReturnType<typeof opsEndpoints>;
