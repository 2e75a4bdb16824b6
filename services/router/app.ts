import { Elysia } from "elysia";
import { API_ROUTES, type ApiRoute } from "../../lib/api/routes.ts";
import { ApiError } from "../../lib/errors.ts";
import { checkAccess } from "../../lib/auth/access.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { KeyResolver, type AccessScope } from "../../lib/auth/resolve.ts";
import { admitSession, sessionCookie, sessionScope } from "../../lib/auth/session-resolve.ts";
import { KeyUseRecorder } from "../../lib/auth/key-use.ts";
import { mapError } from "../../lib/http/errors.ts";
import { logLine } from "../../lib/log.ts";
import { MAX_BODY_BYTES, readBodyLimited } from "../../lib/http/request.ts";
import { requestIdOf } from "../../lib/http/service.ts";
import type { Upstream } from "../../lib/http/upstream.ts";
import { DOCS_HTML, mergedOpenApi } from "../../lib/http/openapi-merge.ts";
import { RateLimiter, type RateDecision } from "../../lib/ratelimit.ts";
import type { Platform } from "../../lib/platform.ts";
import { recordRoute } from "../../lib/health/route-label.ts";
import { securityHeaders } from "../../lib/http/security-headers.ts";

export interface Upstreams {
  ingest: Upstream;
  query: Upstream;
  hooks: Upstream;
  dashboard: Upstream;
}

/** The dashboard service's own API routes (session-only: sign-in, second factor, e-mail, account, Workspace → API keys, members and settings, invitations, the consent page's writes: cookie scans and overrides, the report library's schedules, a person's export and erasure, a recommendation's status). */
const DASHBOARD_API = [
  "/api/v1/session",
  "/api/v1/session/*",
  "/api/v1/email-verification",
  "/api/v1/me/*",
  "/api/v1/orgs/:orgId/keys",
  "/api/v1/orgs/:orgId/keys/*",
  "/api/v1/orgs/:orgId/members",
  "/api/v1/orgs/:orgId/members/*",
  "/api/v1/orgs/:orgId/two-factor-requirement",
  "/api/v1/orgs/:orgId/settings/*",
  "/api/v1/invitations/accept",
  "/api/v1/orgs/:orgId/sites/:siteId/integrations/*",
  // The consent page's writes: cookies/scan, cookies/overrides/{name} (GET …/cookies is the read API's).
  "/api/v1/orgs/:orgId/sites/:siteId/cookies/*",
  // The report library's schedules (GET …/reports lists them; the writes are the dashboard's).
  "/api/v1/orgs/:orgId/sites/:siteId/report-schedules",
  "/api/v1/orgs/:orgId/sites/:siteId/report-schedules/*",
  // A person's export and erasure from the visitor profile (docs/data-lifecycle.md).
  "/api/v1/orgs/:orgId/sites/:siteId/people/*",
  // The Recommendations page's status buttons (GET …/recommendations is the read API's).
  "/api/v1/orgs/:orgId/sites/:siteId/recommendations/*",
];
/** Writes the dashboard answers on a path whose GET is a read-API route (the integrations list). */
const DASHBOARD_WRITES = ["/api/v1/orgs/:orgId/sites/:siteId/integrations"];

export interface RouterOptions {
  /** Per-minute allowances; default from the settings (spec Part 8: 300 per key, 600 per IP). */
  keyLimit?: number;
  ipLimit?: number;
}

/**
 * The one public /v1 route that counts each address itself, at a rate of its own: POST
 * /v1/collect (INGEST_RATE_PER_IP per site, in the collect thread, which knows the site). The
 * short-link redirect /l/* is not under /v1 and counts its own too (REDIRECT_RATE_PER_IP).
 */
const ownAllowance = (request: Request) => request.method === "POST" && pathOf(request.url) === "/v1/collect";

/** The path of an absolute URL, without parsing it whole (collect is the hottest route). */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return url.slice(start, query < 0 ? undefined : query);
}

const clientIps = new WeakMap<Request, string>();

/** The serving wrapper records the socket (or trusted proxy) address for each request. */
export function setClientIp(request: Request, ip: string): void {
  clientIps.set(request, ip);
}

function rateHeaders(d: RateDecision): Record<string, string> {
  return { "x-ratelimit-limit": String(d.limit), "x-ratelimit-remaining": String(d.remaining) };
}

/** Adds the router's headers to a service's answer (copying it only when its headers are immutable). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  let out = response;
  try {
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  } catch {
    out = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  }
  return out;
}

/**
 * The public entry: request id, body limit, key auth, rate limits, org/site scope, permission,
 * licence and feature checks, then forwarding with a signed context to ingest, query or hooks.
 */
export function createRouterApp(platform: Platform, upstreams: Upstreams, options: RouterOptions = {}) {
  const keys = new KeyResolver(platform.control);
  const uses = new KeyUseRecorder(platform.control, platform.tenants);
  uses.start();
  const perKey = new RateLimiter(options.keyLimit ?? platform.settings.rateLimitPerKey, platform.now);
  const perIp = new RateLimiter(options.ipLimit ?? platform.settings.rateLimitPerIp, platform.now);
  // The site's visitors have their own window: a busy office behind one address does not spend its team's API allowance.
  const publicPerIp = new RateLimiter(options.ipLimit ?? platform.settings.rateLimitPerIp, platform.now);
  const ipOf = (request: Request) => clientIps.get(request) ?? "unknown";

  const context = (request: Request, auth?: RequestContext["auth"]): RequestContext => ({ requestId: requestIdOf(request), ip: ipOf(request), auth, iat: Date.now(), at: platform.now() });

  const bodyOf = async (request: Request) => (request.method === "GET" || request.method === "HEAD" ? null : readBodyLimited(request));

  function rateLimited(decision: RateDecision, what: string): ApiError {
    return new ApiError("RATE_LIMITED", `Too many requests ${what}`, [], { "retry-after": String(decision.retryAfter), ...rateHeaders(decision) });
  }

  /**
   * A read-API call: a bearer key, or else the dashboard's session cookie (a bearer header wins
   * when both are sent), then the rate limits, then the same scope → permission → licence and
   * feature checks for both.
   */
  async function forwardApi(route: ApiRoute, request: Request, params: Record<string, string>): Promise<Response> {
    const ip = ipOf(request);
    const now = platform.now();
    const authorization = request.headers.get("authorization");
    const token = authorization ? undefined : sessionCookie(request.headers.get("cookie"));
    if (token !== undefined) return forwardAsSession(route, request, params, token);
    const principal = keys.resolve(authorization, now);
    if (!principal) throw new ApiError("UNAUTHENTICATED", "A valid API key is required (Authorization: Bearer exk_…)");
    const byIp = perIp.hit(ip);
    if (!byIp.allowed) throw rateLimited(byIp, "from this address");
    const byKey = perKey.hit(principal.keyId);
    if (!byKey.allowed) throw rateLimited(byKey, "for this key");
    return checkedForward(route, request, params, principal, byKey, () => {
      uses.record({ keyId: principal.keyId, org: principal.org, actor: { id: principal.userId, name: principal.userName, email: principal.userEmail }, ip, at: now });
      return { keyId: principal.keyId, userId: principal.userId };
    });
  }

  async function forwardAsSession(route: ApiRoute, request: Request, params: Record<string, string>, token: string): Promise<Response> {
    const byIp = perIp.hit(ipOf(request));
    if (!byIp.allowed) throw rateLimited(byIp, "from this address");
    const live = admitSession(platform, token, { method: request.method, origin: request.headers.get("origin"), kind: "other" });
    // The same allowance as a key, counted per user across their sessions.
    const byUser = perKey.hit(`user:${live.user.id}`);
    if (!byUser.allowed) throw rateLimited(byUser, "for this user");
    const scope = sessionScope(platform, live, params.orgId);
    return checkedForward(route, request, params, scope, byUser, () => ({ keyId: null, sessionId: live.session.id, secondFactorAt: live.session.secondFactorAt, twoFactorEnabled: live.user.twoFactorEnabledAt !== null, userId: live.user.id }));
  }

  async function checkedForward(
    route: ApiRoute,
    request: Request,
    params: Record<string, string>,
    scope: AccessScope,
    allowance: RateDecision,
    caller: () => Pick<NonNullable<RequestContext["auth"]>, "keyId" | "sessionId" | "secondFactorAt" | "twoFactorEnabled" | "userId">,
  ): Promise<Response> {
    const limits = rateHeaders(allowance);
    try {
      checkAccess(route, params, scope, platform.settings.disabledFeatures);
      const who = caller();
      const body = await bodyOf(request);
      const ctx = context(request, { ...who, orgId: scope.org.id, byo: scope.org.byo, permissions: [...scope.permissions], sites: [...scope.sites] });
      return withHeaders(await upstreams.query.forward(request, ctx, body), limits);
    } catch (error) {
      if (error instanceof ApiError) Object.assign(error.headers, limits);
      throw error;
    }
  }

  async function forwardPublic(request: Request, upstream: Upstream): Promise<Response> {
    const body = await bodyOf(request);
    return upstream.forward(request, context(request), body);
  }

  /**
   * A public /v1 endpoint (tracking, engagement, inbound hooks): the per-address allowance
   * before anything else, except for collect, which counts addresses itself (docs/api.md "Rate
   * limits").
   */
  async function forwardPublicLimited(request: Request, upstream: Upstream): Promise<Response> {
    if (!ownAllowance(request)) {
      const byIp = publicPerIp.hit(ipOf(request));
      if (!byIp.allowed) throw rateLimited(byIp, "from this address");
    }
    return forwardPublic(request, upstream);
  }

  /** Sign-in and account calls: limited per address (the account lock guards each account). */
  async function forwardDashboardApi(request: Request): Promise<Response> {
    const byIp = perIp.hit(ipOf(request));
    if (!byIp.allowed) throw rateLimited(byIp, "from this address");
    return withHeaders(await forwardPublic(request, upstreams.dashboard), rateHeaders(byIp));
  }

  const app = new Elysia({ name: "router" })
    .onError(({ code, error, request }) => mapError(code, error, { requestId: requestIdOf(request), log: logLine }))
    .onTransform(({ request, route, path }) => recordRoute(request, route, path))
    // Transport-level limit, before any other check: a declared body over 256 KB is refused unread.
    .onRequest(({ request }) => {
      const declared = request.headers.get("content-length");
      if (declared !== null && Number(declared) > MAX_BODY_BYTES) {
        throw new ApiError("BAD_REQUEST", "Request body larger than 256 KB", [{ path: "body", message: "larger than 256 KB" }]);
      }
    })
    .get("/api/v1/openapi.json", async ({ request }) => mergedOpenApi(platform, Object.values(upstreams), context(request)), {
      detail: { summary: "This document (OpenAPI 3.1)", tags: ["Meta"] },
    })
    .get("/api/v1/docs", () => new Response(DOCS_HTML, { headers: { "content-type": "text/html; charset=utf-8" } }), {
      detail: { summary: "API reference page", tags: ["Meta"] },
    })
    .get("/healthz", () => ({ ok: true }));

  // Elysia registers in place; the table drives which routes exist.
  for (const route of API_ROUTES) {
    app.route(route.method, route.path, ({ request, params }) => forwardApi(route, request, params as Record<string, string>));
  }

  // Elysia prefers the GET wildcard below (the dashboard's pages) to an ALL route with a wildcard
  // or path parameters: each of those is registered for GET as well.
  const everyMethod = (path: string, handle: (request: Request) => Promise<Response>) => app.get(path, ({ request }) => handle(request)).all(path, ({ request }) => handle(request));
  for (const path of DASHBOARD_API) everyMethod(path, forwardDashboardApi);
  for (const path of DASHBOARD_WRITES) app.post(path, ({ request }) => forwardDashboardApi(request));
  everyMethod("/v1/hooks/*", (request) => forwardPublicLimited(request, upstreams.hooks));
  everyMethod("/v1/*", (request) => forwardPublicLimited(request, upstreams.ingest));
  // Short links (docs/campaigns.md): public, served by ingest like tracking.
  everyMethod("/l/*", (request) => forwardPublic(request, upstreams.ingest));
  // Every other page is the dashboard's (its single-page app and assets); an unknown API path is not.
  app.get("/*", ({ request, path }) => {
    if (path.startsWith("/api/")) throw new ApiError("NOT_FOUND", "No such route");
    return forwardPublic(request, upstreams.dashboard);
  });

  const headersFor = securityHeaders(platform.settings.publicUrl);
  /** What the server calls: the app's answer, errors included, with the security headers for its path, set here only. */
  const handle = async (request: Request) => withHeaders(await app.handle(request), headersFor(new URL(request.url).pathname));

  /** Flushes the buffered key-use records; call when the server stops. */
  const close = () => uses.stop();
  return { app, handle, close, flushKeyUses: () => uses.flush() };
}

export type Router = ReturnType<typeof createRouterApp>;
