import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { canManage } from "../../../lib/auth/can-manage.ts";
import { EngagementParams, EngagementQuery, PopupDetail, PopupList, SpinDetail, SpinList } from "../../../lib/engagement/models.ts";
import { popupDetail, popupList } from "../../../lib/engagement/popup-report.ts";
import { spinDetail, spinList } from "../../../lib/engagement/wheel-report.ts";
import type { Platform } from "../../../lib/platform.ts";
import { callerOf, doc, queryContext } from "../context.ts";

/** Popups and spin wheels: lists and figures (docs/engagement.md "Read API"); the admin CLI changes them. */
export function engagementRoutes(platform: Platform) {
  const { now } = platform;
  return new Elysia({ name: "query:engagement" })
    .use(queryContext(platform))
    .get(
      API.listPopups.path,
      async ({ ctx, params }) => popupList(await siteWithStore(platform, params.orgId, params.siteId), canManage(platform.control.db, callerOf(ctx)), now()),
      { params: SiteParams, response: PopupList, detail: doc(API.listPopups) },
    )
    .get(
      API.popupDetail.path,
      // The analytics data is needed for the downstream conversions of the visitors who saw it.
      async ({ params, query }) => popupDetail(await readSite(platform, params.orgId, params.siteId), params.id, query, now()),
      { params: EngagementParams, query: EngagementQuery, response: PopupDetail, detail: doc(API.popupDetail) },
    )
    .get(
      API.listSpins.path,
      async ({ ctx, params }) => spinList(await siteWithStore(platform, params.orgId, params.siteId), canManage(platform.control.db, callerOf(ctx)), now()),
      { params: SiteParams, response: SpinList, detail: doc(API.listSpins) },
    )
    .get(
      API.spinDetail.path,
      async ({ params, query }) => spinDetail(await siteWithStore(platform, params.orgId, params.siteId), params.id, query, now()),
      { params: EngagementParams, query: EngagementQuery, response: SpinDetail, detail: doc(API.spinDetail) },
    );
}
