import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { LeadList, LeadListQuery, VisitorList, VisitorListQuery, VisitorParams, VisitorProfile } from "../../../lib/people/models.ts";
import { visitorsList } from "../../../lib/people/visitors.ts";
import { visitorProfile } from "../../../lib/people/profile.ts";
import { leadsList } from "../../../lib/people/leads.ts";
import type { Platform } from "../../../lib/platform.ts";
import { doc, piiAccess, queryContext } from "../context.ts";

/** Visitors, a visitor's profile and leads; contact details unmasked only with analytics.pii.read. */
export function peopleRoutes(platform: Platform) {
  const { now } = platform;
  return new Elysia({ name: "query:people" })
    .use(queryContext(platform))
    .get(
      API.listVisitors.path,
      async ({ ctx, params, query }) => visitorsList(await readSite(platform, params.orgId, params.siteId), query, piiAccess(ctx), now()),
      { params: SiteParams, query: VisitorListQuery, response: VisitorList, detail: doc(API.listVisitors) },
    )
    .get(
      API.visitorProfile.path,
      async ({ ctx, params }) => visitorProfile(await readSite(platform, params.orgId, params.siteId), params.visitorId, piiAccess(ctx), now()),
      { params: VisitorParams, response: VisitorProfile, detail: doc(API.visitorProfile) },
    )
    .get(
      API.listLeads.path,
      async ({ ctx, params, query }) => leadsList(await siteWithStore(platform, params.orgId, params.siteId), query, piiAccess(ctx), now()),
      { params: SiteParams, query: LeadListQuery, response: LeadList, detail: doc(API.listLeads) },
    );
}
