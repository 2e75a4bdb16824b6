import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { canManage } from "../../../lib/auth/can-manage.ts";
import type { Platform } from "../../../lib/platform.ts";
import { Recommendations } from "../../../lib/recommendations/models.ts";
import { readRecommendations } from "../../../lib/recommendations/read.ts";
import { callerOf, doc, queryContext } from "../context.ts";

/** The site's recommendations and benchmarks (docs/recommendations.md); the nightly job computes them. */
export function recommendationsRoutes(platform: Platform) {
  return new Elysia({ name: "query:recommendations" })
    .use(queryContext(platform))
    .get(
      API.recommendations.path,
      async ({ ctx, params }) => {
        const { store } = await siteWithStore(platform, params.orgId, params.siteId);
        return readRecommendations(platform.control.db, { orgId: params.orgId, id: params.siteId, store }, {
          canManage: canManage(platform.control.db, callerOf(ctx)),
          minSessions: platform.settings.benchmarkMinSessions,
          now: platform.now(),
        });
      },
      { params: SiteParams, response: Recommendations, detail: doc(API.recommendations) },
    );
}
