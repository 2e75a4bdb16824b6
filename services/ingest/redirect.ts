import type { Platform } from "../../lib/platform.ts";
import type { OrgStoreRef } from "../../lib/db/tenants.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { ApiError } from "../../lib/errors.ts";
import { mapError } from "../../lib/http/errors.ts";
import { requestIdOf } from "../../lib/http/service.ts";
import { logLine } from "../../lib/log.ts";
import { GeoLocator } from "../../lib/ingest/geo.ts";
import { RateLimiter } from "../../lib/ratelimit.ts";
import { followLink } from "../../lib/shortlinks/redirect.ts";

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Link not found</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2933;display:grid;place-items:center;min-height:90vh;margin:0}main{text-align:center;padding:2rem}h1{font-size:1.4rem}</style></head>
<body><main><h1>This link does not exist or is no longer active</h1><p>Check the address, or ask whoever shared it for a new one.</p></main></body></html>`;

/** The path's slug; a malformed escape is no slug. */
function slugOfPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname.slice("/l/".length));
  } catch {
    return "";
  }
}

/**
 * GET and HEAD /l/{slug}: the short-link redirect (public, no key). Limited per IP; the answer
 * is never cached, so every click reaches us.
 */
export function redirectEndpoint(platform: Platform) {
  const perIp = new RateLimiter(platform.settings.redirectRatePerIp, platform.now);
  // Opened on first use (the collect thread has its own).
  let geo: GeoLocator | null = null;
  let opening: Promise<GeoLocator> | null = null;
  const deps = { control: platform.control, store: (org: OrgStoreRef) => platform.tenants.get(org) };

  return async (request: Request, ctx: RequestContext | null): Promise<Response> => {
    const requestId = ctx?.requestId ?? requestIdOf(request);
    try {
      if (!ctx) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
      const allowance = perIp.hit(ctx.ip);
      if (!allowance.allowed) throw new ApiError("RATE_LIMITED", "Too many redirects from this address", [], { "retry-after": String(allowance.retryAfter), "x-ratelimit-limit": String(allowance.limit) });
      geo ??= await (opening ??= GeoLocator.open(platform.settings.geoipDb));
      const url = new URL(request.url);
      const head = request.method === "HEAD";
      const located = geo;
      const { location } = await followLink(deps, {
        slug: slugOfPath(url.pathname),
        head,
        query: url.searchParams,
        userAgent: request.headers.get("user-agent"),
        referer: request.headers.get("referer"),
        country: () => located.locate(ctx.ip).country,
        at: ctx.at ?? platform.now(),
      });
      const headers: Record<string, string> = { "cache-control": "no-store", "x-request-id": requestId };
      if (location) return new Response(null, { status: 302, headers: { ...headers, location } });
      return new Response(head ? null : NOT_FOUND_PAGE, { status: 404, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
    } catch (error) {
      return mapError("", error, { requestId, log: logLine });
    }
  };
}
