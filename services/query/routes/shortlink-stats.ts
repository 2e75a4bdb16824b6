import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { shortLinkStats, ShortLinkStats, ShortLinkStatsQuery } from "../../../lib/shortlinks/stats.ts";
import { shortLinkById } from "../../../lib/shortlinks/manage.ts";
import { ShortLinkParams } from "../../../lib/shortlinks/models.ts";
import type { Platform } from "../../../lib/platform.ts";
import { doc, queryContext } from "../context.ts";

/** GET …/shortlinks/{id}: a short link with its clicks and what they became (docs/campaigns.md). */
export function shortLinkStatsRoutes(platform: Platform) {
  return new Elysia({ name: "query:shortlink-stats" })
    .use(queryContext(platform))
    .get(
      API.shortLinkStats.path,
      async ({ params, query }) => {
        // The link first: another site's or org's id is 404 before any period is read.
        const link = await shortLinkById(platform, params.orgId, params.siteId, params.id);
        return shortLinkStats(await siteWithStore(platform, params.orgId, params.siteId), link, query, platform.now());
      },
      { params: ShortLinkParams, query: ShortLinkStatsQuery, response: ShortLinkStats, detail: doc(API.shortLinkStats) },
    );
}
