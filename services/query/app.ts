import { Elysia } from "elysia";
import { bodiesWithoutDefaults, SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import type { Platform } from "../../lib/platform.ts";
import { recentSitesOf } from "../../lib/analytics/recent-sites.ts";
import { saveSnapshots } from "../../lib/analytics/site-cache.ts";
import { warmRecentSites, type Warming } from "../../lib/analytics/warming.ts";
import { queryContext } from "./context.ts";
import { sitesAuditRoutes } from "./routes/sites-audit.ts";
import { integrationsRoutes } from "./routes/integrations.ts";
import { analyticsRoutes } from "./routes/analytics.ts";
import { funnelsExploreRoutes } from "./routes/funnels-explore.ts";
import { peopleRoutes } from "./routes/people.ts";
import { engagementRoutes } from "./routes/engagement.ts";
import { consentRoutes } from "./routes/consent.ts";
import { consentSettingsRoutes } from "./routes/consent-settings.ts";
import { insightsRoutes } from "./routes/insights.ts";
import { shortLinkRoutes } from "./routes/shortlinks.ts";
import { shortLinkStatsRoutes } from "./routes/shortlink-stats.ts";
import { reportRoutes } from "./routes/reports.ts";
import { recommendationsRoutes } from "./routes/recommendations.ts";

/**
 * The read API (everything under /api/v1 but the OpenAPI document). Scope and permission were
 * checked by the router. The context, parser and error envelope come first, so every route
 * plugin used after them is covered.
 */
export function createQueryApp(platform: Platform) {
  const app = new Elysia({ name: "query", ...SERVICE_CONFIG })
    .use(queryContext(platform))
    .use(serviceDocs("query"))
    // Internal (the router does not forward it): the loaded sites' memory and loads/drops, for operators and `bench tenants`.
    .get("/healthz", () => ({ ok: true, service: "query", analytics: platform.siteData.stats() }), { detail: { hide: true } })
    .use(sitesAuditRoutes(platform))
    .use(integrationsRoutes(platform))
    .use(analyticsRoutes(platform))
    .use(funnelsExploreRoutes(platform))
    .use(peopleRoutes(platform))
    .use(engagementRoutes(platform))
    .use(consentRoutes(platform))
    .use(consentSettingsRoutes(platform))
    .use(insightsRoutes(platform))
    .use(shortLinkRoutes(platform))
    .use(shortLinkStatsRoutes(platform))
    .use(reportRoutes(platform))
    .use(recommendationsRoutes(platform));
  return bodiesWithoutDefaults(app);
}

/**
 * The query app and what runs beside it: the sites read most recently are remembered in
 * DATA_DIR and, after a start, loaded in the background (lib/analytics/warming.ts).
 */
export function createQueryService(platform: Platform) {
  let warming: Warming | null = null;
  platform.metrics.watchLoadedSites(() => platform.siteData.stats());
  return {
    app: createQueryApp(platform),
    /** Call once the server listens; settles with the number of sites loaded. */
    warm: (): Promise<number> => (warming ??= warmRecentSites(platform)).done,
    /**
     * Stops warming (the site loading finishes on its own), saves the list of recent reads, and
     * brings every loaded site's snapshot up to date, so the next start reads no rows.
     */
    async close(): Promise<void> {
      warming?.stop();
      recentSitesOf(platform).flush();
      await saveSnapshots(platform);
    },
  };
}
