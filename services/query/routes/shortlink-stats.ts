import { Elysia, t } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { shortLinkStats, ShortLinkStats, ShortLinkStatsQuery } from "../../../lib/shortlinks/stats.ts";
import type { Platform } from "../../../lib/platform.ts";
import { doc, queryContext } from "../context.ts";

/** GET …/shortlinks/{id}: a short link with its clicks and what they became (docs/campaigns.md). */
export function shortLinkStatsRoutes(platform: Platform) {
  return new Elysia({ name: "query:shortlink-stats" })
    .use(queryContext(platform))
    .get(
      API.shortLinkStats.path,
      async ({ params, query }) => shortLinkStats(await siteWithStore(platform, params.orgId, params.siteId), params.id, query, platform.now(), platform.settings.publicUrl),
      { params: t.Object({ orgId: t.String(), siteId: t.String(), id: t.String() }), query: ShortLinkStatsQuery, response: ShortLinkStats, detail: doc(API.shortLinkStats) },
    );
}
