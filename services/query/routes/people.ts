import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { siteWithStore } from "../../../lib/analytics/site-cache.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { LeadList, LeadListQuery, VisitorList, VisitorListQuery, VisitorParams, VisitorProfile } from "../../../lib/people/models.ts";
import { visitorsList } from "../../../lib/people/visitors.ts";
import { visitorProfile } from "../../../lib/people/profile.ts";
import { exportLeads, leadsList } from "../../../lib/people/leads.ts";
import { CSV_TYPE, fileResponse } from "../../../lib/csv.ts";
import { userActorById } from "../../../lib/auth/user-audit.ts";
import type { Platform } from "../../../lib/platform.ts";
import { callerOf, doc, piiAccess, queryContext } from "../context.ts";

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
      // Two answers, not one of a union: Elysia sends a Response (the CSV file) as it is.
      ({ ctx, params, query }): Promise<LeadList> | Promise<Response> => {
        const caller = callerOf(ctx);
        const site = siteWithStore(platform, params.orgId, params.siteId);
        if (query.format !== "csv") {
          const list: Promise<LeadList> = site.then((s) => leadsList(s, query, caller, piiAccess(ctx), now()));
          return list;
        }
        const who = { ...caller, actor: userActorById(platform.control.db, caller.userId), ip: ctx?.ip ?? null };
        const file: Promise<Response> = site.then((s) => exportLeads(s, query, who, piiAccess(ctx), now())).then((f) => fileResponse(f.filename, CSV_TYPE, f.body));
        return file;
      },
      { params: SiteParams, query: LeadListQuery, response: LeadList, detail: doc(API.listLeads) },
    );
}
