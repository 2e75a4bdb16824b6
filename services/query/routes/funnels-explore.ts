import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { FunnelList, FunnelParams, FunnelPreviewBody, FunnelResultModel, FunnelRunQuery } from "../../../lib/analytics/funnels/model.ts";
import { listFunnels, previewFunnel, runSavedFunnel } from "../../../lib/analytics/funnels/endpoints.ts";
import { ExploreRequest, ExploreResponse } from "../../../lib/analytics/explore/model.ts";
import { explore } from "../../../lib/analytics/explore/index.ts";
import type { Platform } from "../../../lib/platform.ts";
import { callerOf, doc, JSON_BODY, queryContext } from "../context.ts";

/** The questions a user composes: saved and unsaved funnels, and explore (query, segments, retention, paths). */
export function funnelsExploreRoutes(platform: Platform) {
  const { now } = platform;
  return new Elysia({ name: "query:funnels-explore" })
    .use(queryContext(platform))
    .get(
      API.listFunnels.path,
      async ({ ctx, params }) => listFunnels(platform, callerOf(ctx), params.siteId),
      { params: SiteParams, response: FunnelList, detail: doc(API.listFunnels) },
    )
    .post(
      API.previewFunnel.path,
      async ({ params, body }) => previewFunnel(await readSite(platform, params.orgId, params.siteId), body, now()),
      { params: SiteParams, body: FunnelPreviewBody, response: FunnelResultModel, detail: doc(API.previewFunnel), parse: JSON_BODY },
    )
    .get(
      API.runFunnel.path,
      async ({ params, query }) => runSavedFunnel(await readSite(platform, params.orgId, params.siteId), params.id, query, now()),
      { params: FunnelParams, query: FunnelRunQuery, response: FunnelResultModel, detail: doc(API.runFunnel) },
    )
    .post(
      API.explore.path,
      async ({ params, body }) => explore(await readSite(platform, params.orgId, params.siteId), body, now()),
      { params: SiteParams, body: ExploreRequest, response: ExploreResponse, detail: { summary: "Explore: query (metrics by one dimension, filtered; spec 2.8), segments, retention cohorts or paths (spec 4.7)", tags: ["Analytics"] }, parse: JSON_BODY },
    );
}
