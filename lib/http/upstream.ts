import { ApiError } from "../errors.ts";

/** A service the router forwards to: in-process (`app.handle`) or over HTTP. */
export interface Upstream {
  name: string;
  handle(request: Request): Promise<Response>;
}

/** Base URL used for in-process requests (Elysia reads the path after the host). */
const LOCAL_BASE = "http://localhost";

export function inProcess(name: string, app: { handle(request: Request): Promise<Response> | Response }): Upstream {
  return {
    name,
    handle: async (request) => app.handle(request),
  };
}

export function overHttp(name: string, baseUrl: string): Upstream {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    name,
    async handle(request) {
      const url = new URL(request.url);
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
      try {
        return await fetch(base + url.pathname + url.search, {
          method: request.method,
          headers: request.headers,
          body,
          redirect: "manual",
          // Bun extension: keep the body exactly as the service sent it.
          decompress: false,
        });
      } catch (error) {
        throw new ApiError("UPSTREAM_UNAVAILABLE", `The ${name} service cannot be reached`, [{ path: name, message: String((error as Error).message ?? error).slice(0, 200) }], { "retry-after": "5" });
      }
    },
  };
}

const HOP_BY_HOP = ["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade", "proxy-connection"];

/** Builds the request a service receives: same method, path, query and body, plus context headers. */
export function forwardedRequest(request: Request, extraHeaders: Record<string, string>, body: Uint8Array | null): Request {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  for (const [k, v] of Object.entries(extraHeaders)) headers.set(k, v);
  return new Request(LOCAL_BASE + url.pathname + url.search, { method: request.method, headers, body: body as BodyInit | null });
}
