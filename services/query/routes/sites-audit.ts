import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { ActivityLog, AuditQuery, OrgParams, SiteList, SiteParams, SiteStatus } from "../../../lib/api/models.ts";
import { orgStore } from "../../../lib/db/org-store.ts";
import { siteStatus, sitesWithStatus } from "../../../lib/sites/sites.ts";
import { activityLog } from "../../../lib/audit.ts";
import type { Platform } from "../../../lib/platform.ts";
import { callerOf, doc, queryContext } from "../context.ts";

/** The organization's sites with their status, and its activity log. */
export function sitesAuditRoutes(platform: Platform) {
  const { control, now } = platform;
  return new Elysia({ name: "query:sites-audit" })
    .use(queryContext(platform))
    .get(
      API.listSites.path,
      async ({ ctx, params }) => {
        const store = await orgStore(platform, params.orgId);
        return { data: await sitesWithStatus(control, store.db, params.orgId, callerOf(ctx).sites, now()) };
      },
      { params: OrgParams, response: SiteList, detail: doc(API.listSites) },
    )
    .get(
      API.audit.path,
      async ({ params, query }) => {
        const store = await orgStore(platform, params.orgId);
        return activityLog(store.db, params.orgId, query, now());
      },
      { params: OrgParams, query: AuditQuery, response: ActivityLog, detail: doc(API.audit) },
    )
    .get(
      API.siteStatus.path,
      async ({ params }) => {
        const store = await orgStore(platform, params.orgId);
        return siteStatus(control.db, store.db, params.siteId, now());
      },
      { params: SiteParams, response: SiteStatus, detail: doc(API.siteStatus) },
    );
}
