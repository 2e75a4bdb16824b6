/**
 * The route a request matched, as its pattern (`/api/v1/orgs/:orgId/sites/:siteId/overview`),
 * never the raw URL: ids in paths (and strangers' made-up paths) would make a metric label per
 * request. Each app records it once Elysia has routed (onTransform); the serving wrapper reads it.
 */
const routes = new WeakMap<Request, string>();

/** Public paths a wildcard route serves that are worth a label of their own (the hot ones). */
const NAMED_UNDER_WILDCARD = new Set(["/v1/collect", "/v1/script.js", "/v1/engage.js"]);

export function recordRoute(request: Request, pattern: string | undefined, path: string): void {
  if (pattern === undefined || routes.has(request)) return;
  routes.set(request, pattern.endsWith("*") && NAMED_UNDER_WILDCARD.has(path) ? path : pattern);
}

/** The matched pattern; `unmatched` for a request no route took (404s, a body refused before routing). */
export function routeOf(request: Request): string {
  return routes.get(request) ?? "unmatched";
}
