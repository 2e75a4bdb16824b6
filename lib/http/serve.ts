import type { Server } from "bun";
import { isLogging, logLine } from "../log.ts";
import { requestIdOf } from "./service.ts";
import { MAX_BODY_BYTES } from "./request.ts";
import { errorResponse } from "./errors.ts";

export interface ServeOptions {
  port: number;
  hostname?: string;
  /** Take the client address from X-Forwarded-For (TRUST_PROXY). */
  trustProxy?: boolean;
  /** Told the client address before the app sees the request. */
  onClientIp?: (request: Request, ip: string) => void;
  service: string;
  /** Settings.httpIdleTimeoutS: chosen, not Bun's 10 s default. */
  idleTimeoutS: number;
}

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

function clientIp(request: Request, server: Server<unknown>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const first = forwarded?.split(",")[0]?.trim();
    if (first) return first;
  }
  const address = server.requestIP(request)?.address ?? "unknown";
  // IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d; keep the plain form.
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
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
      const ip = clientIp(request, server, options.trustProxy ?? false);
      options.onClientIp?.(request, ip);
      const requestId = requestIdOf(request);
      if (draining.has(server)) {
        return errorResponse("MAINTENANCE", "The service is stopping; try again shortly", [], requestId, { "retry-after": "5", connection: "close" });
      }
      let response = await handle(request);
      if (response.headers.get("x-request-id") !== requestId) {
        try {
          response.headers.set("x-request-id", requestId);
        } catch {
          response = new Response(response.body, response);
          response.headers.set("x-request-id", requestId);
        }
      }
      if (!isLogging()) return response;
      const url = new URL(request.url);
      logLine({
        service: options.service,
        requestId,
        method: request.method,
        route: url.pathname,
        status: response.status,
        ms: Math.round((performance.now() - started) * 100) / 100,
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
