import type { Server } from "bun";
import { isLogging, logLine } from "../log.ts";
import { requestIdOf } from "./service.ts";
import { MAX_BODY_BYTES } from "./request.ts";
import { recordRoute, routeOf } from "../health/route-label.ts";
import type { PlatformMetrics } from "../health/metrics.ts";
import type { OpsEndpoints } from "../health/ops-endpoints.ts";
import { errorResponse } from "./errors.ts";

export interface ServeOptions {
  port: number;
  /** Settings.host (HOST); Bun's default (every interface) when absent. */
  hostname?: string;
  /** Take the client address from X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: boolean;
  /** Told the client address before the app sees the request. */
  onClientIp?: (request: Request, ip: string) => void;
  service: string;
  /** Settings.httpIdleTimeoutS: chosen, not Bun's 10 s default. */
  idleTimeoutS: number;
  /** Where each request's route, status and latency are counted. */
  metrics?: PlatformMetrics;
  /** /readyz and /metrics, answered before the app (they need the socket's address). */
  ops?: OpsEndpoints;
}

/** Methods a label may name; anything else is counted as `other` (a label per made-up method would grow without end). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Servers stopping: a request that still arrives (on a kept-alive connection) is refused. */
const draining = new WeakSet<Server<unknown>>();

/**
 * Stops a server cleanly: no new connection is accepted, a request that arrives on an open one
 * is answered 503 MAINTENANCE (Connection: close), and the requests in flight are answered
 * before this settles, so what they committed is acknowledged rather than cut off.
 */
export async function drainServer(server: Server<unknown>): Promise<void> {
  draining.add(server);
  const stopped = server.stop(false);
  // Idle kept-alive connections would otherwise hold the stop until they time out.
  server.closeIdleConnections();
  await stopped;
}

const ORG_IN_PATH = /\/orgs\/([0-9a-f]{24})(?:\/|$)/;

function socketIp(request: Request, server: Server<unknown>): string {
  const address = server.requestIP(request)?.address ?? "unknown";
  // IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d; keep the plain form.
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

function clientIp(request: Request, socket: string, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const first = forwarded?.split(",")[0]?.trim();
    if (first) return first;
  }
  return socket;
}

/**
 * Serves an app with what every response needs: x-request-id, one JSON log line per request
 * (request id, route, status, ms, org) and the client address.
 */
export function serveApp(handle: (request: Request) => Promise<Response> | Response, options: ServeOptions): Server<unknown> {
  return Bun.serve({
    port: options.port,
    hostname: options.hostname,
    // Above our own 256 KB limit so that we, not Bun, answer oversized bodies with the envelope.
    maxRequestBodySize: MAX_BODY_BYTES * 4,
    idleTimeout: options.idleTimeoutS,
    async fetch(request, server) {
      const started = performance.now();
      const socket = socketIp(request, server);
      const ip = clientIp(request, socket, options.trustProxy ?? false);
      options.onClientIp?.(request, ip);
      const requestId = requestIdOf(request);
      if (draining.has(server)) {
        return errorResponse("MAINTENANCE", "The service is stopping; try again shortly", [], requestId, { "retry-after": "5", connection: "close" });
      }
      const ops = (await options.ops?.handle(request, socket)) ?? null;
      if (ops) recordRoute(request, new URL(request.url).pathname, "");
      let response = ops ?? (await handle(request));
      if (response.headers.get("x-request-id") !== requestId) {
        try {
          response.headers.set("x-request-id", requestId);
        } catch {
          response = new Response(response.body, response);
          response.headers.set("x-request-id", requestId);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      const method = METHODS.has(request.method) ? request.method : "other";
      options.metrics?.requests.observe({ service: options.service, method, route: routeOf(request), status: String(response.status) }, seconds);
      if (!isLogging()) return response;
      const url = new URL(request.url);
      logLine({
        service: options.service,
        requestId,
        method: request.method,
        route: url.pathname,
        status: response.status,
        ms: Math.round(seconds * 100_000) / 100,
        org: ORG_IN_PATH.exec(url.pathname)?.[1] ?? null,
      });
      return response;
    },
    error(error) {
      logLine({ level: "error", service: options.service, msg: "unhandled", error: String(error) });
      return new Response(JSON.stringify({ error: { code: "INTERNAL", message: "Unexpected error", details: [], requestId: crypto.randomUUID() } }), {
        status: 500,
        headers: { "content-type": "application/json" },
      });
    },
  });
}
