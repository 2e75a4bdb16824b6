import { ApiError } from "../errors.ts";
import { attachContext, contextHeaders, type RequestContext } from "../auth/context.ts";
import { attachBody } from "./request.ts";

/** A service the router forwards to: in-process (`app.handle`) or over HTTP. */
export interface Upstream {
  name: string;
  /** Sends the caller's request on with the resolved context; `body` is the already-read body. */
  forward(original: Request, ctx: RequestContext, body: Uint8Array | null): Promise<Response>;
  /** A GET of the service's own path (its OpenAPI document). */
  get(path: string, ctx: RequestContext): Promise<Response>;
}

/** Base URL used for in-process requests (Elysia reads the path after the host). */
const LOCAL_BASE = "http://localhost";

const HOP_BY_HOP = ["host", "connection", "keep-alive", "transfer-encoding", "content-length", "upgrade", "proxy-connection"];

/** The request a service receives: same method, path, query, headers and body. */
function forwardedRequest(base: string, original: Request, url: URL, extraHeaders: Record<string, string>, body: Uint8Array | null): Request {
  const headers = new Headers(original.headers);
  for (const h of HOP_BY_HOP) headers.delete(h);
  for (const [k, v] of Object.entries(extraHeaders)) headers.set(k, v);
  return new Request(base + url.pathname + url.search, { method: original.method, headers, body: body as BodyInit | null });
}

/**
 * Routes a service also exposes as plain functions ("POST /v1/collect" → handler; "GET /l/*"
 * for every path under /l/), which the in-process router calls with the original request
 * instead of routing it a second time.
 */
export type DirectRoutes = Record<string, (request: Request, ctx: RequestContext, body: Uint8Array | null) => Promise<Response>>;

export function inProcess(name: string, app: { handle(request: Request): Promise<Response> | Response }, direct: DirectRoutes = {}): Upstream {
  const send = (request: Request, ctx: RequestContext) => {
    attachContext(request, ctx);
    return Promise.resolve(app.handle(request));
  };
  return {
    name,
    forward: (original, ctx, body) => {
      const url = new URL(original.url);
      const handler = direct[`${original.method} ${url.pathname}`] ?? direct[`${original.method} ${url.pathname.slice(0, url.pathname.indexOf("/", 1) + 1)}*`];
      if (handler) return handler(original, ctx, body);
      // The body was read (and size-checked) once by the router: the service gets the same bytes.
      const request = forwardedRequest(LOCAL_BASE, original, url, { "x-request-id": ctx.requestId }, null);
      if (body) attachBody(request, body);
      return send(request, ctx);
    },
    get: (path, ctx) => send(new Request(LOCAL_BASE + path), ctx),
  };
}

export function overHttp(name: string, baseUrl: string, secret: string): Upstream {
  const base = baseUrl.replace(/\/+$/, "");
  const send = async (request: Request) => {
    try {
      // Bun extension `decompress: false`: keep the body exactly as the service sent it.
      return await fetch(request, { redirect: "manual", decompress: false } as RequestInit);
    } catch (error) {
      throw new ApiError("UPSTREAM_UNAVAILABLE", `The ${name} service cannot be reached`, [{ path: name, message: String((error as Error).message ?? error).slice(0, 200) }], { "retry-after": "5" });
    }
  };
  return {
    name,
    forward: (original, ctx, body) => send(forwardedRequest(base, original, new URL(original.url), { "x-request-id": ctx.requestId, ...contextHeaders(ctx, secret) }, body)),
    get: (path, ctx) => send(new Request(base + path, { headers: contextHeaders(ctx, secret) })),
  };
}
