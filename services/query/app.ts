import { Elysia } from "elysia";
import { SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import type { Platform } from "../../lib/platform.ts";
import { queryContext } from "./context.ts";
import { sitesAuditRoutes } from "./routes/sites-audit.ts";
import { integrationsRoutes } from "./routes/integrations.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { funnelsExploreRoutes } from "./routes/funnels-explore.ts";
import { peopleRoutes } from "./routes/people.ts";

/**
 * The read API (everything under /api/v1 but the OpenAPI document). Scope and permission were
 * checked by the router. The context, parser and error envelope come first, so every route
 * plugin used after them is covered.
 */
export function createQueryApp(platform: Platform) {
  return new Elysia({ name: "query", ...SERVICE_CONFIG })
    .use(queryContext(platform))
    .use(serviceDocs("query"))
    // Internal (the router does not forward it): the loaded sites' memory and loads/drops, for operators and `bench tenants`.
    .get("/healthz", () => ({ ok: true, service: "query", analytics: platform.siteData.stats() }), { detail: { hide: true } })
    .use(sitesAuditRoutes(platform))
    .use(integrationsRoutes(platform))
    .use(analyticsRoutes(platform))
    .use(funnelsExploreRoutes(platform))
    .use(peopleRoutes(platform));
}
