import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { reportPeriod } from "../../../lib/analytics/period.ts";
import type { Platform } from "../../../lib/platform.ts";
import { InsightsQuery, MarketingInsights } from "../../../lib/spend/models.ts";
import { marketingInsights } from "../../../lib/spend/insights.ts";
import { doc, queryContext } from "../context.ts";

/** Marketing insights: ad spend beside our own results (docs/campaigns.md "Marketing insights"). */
export function insightsRoutes(platform: Platform) {
  const { now } = platform;
  return new Elysia({ name: "query:insights" })
    .use(queryContext(platform))
    .get(
      API.marketingInsights.path,
      async ({ params, query }) => {
        const site = await readSite(platform, params.orgId, params.siteId);
        return marketingInsights(site, reportPeriod(query, site.timezone, now()), query.model ?? "last_non_direct");
      },
      { params: SiteParams, query: InsightsQuery, response: MarketingInsights, detail: doc(API.marketingInsights) },
    );
}
