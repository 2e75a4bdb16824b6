import { Elysia } from "elysia";
import { API } from "../../lib/api/routes.ts";
import { ActivityLog, AuditQuery, OrgParams, SiteList, SiteParams, SiteStatus } from "../../lib/api/models.ts";
import { serviceBase } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { orgStore } from "../../lib/db/org-store.ts";
import { siteStatus, sitesWithStatus } from "../../lib/sites/sites.ts";
import { activityLog } from "../../lib/audit.ts";
import type { Platform } from "../../lib/platform.ts";

/** The read API (everything under /api/v1 but the OpenAPI document). Scope and permission were checked by the router. */
export function createQueryApp(platform: Platform) {
  const { control, now } = platform;
  return new Elysia({ name: "query" })
    .use(serviceBase({ name: "query", secret: platform.secret, requireAuth: true }))
    .use(serviceDocs("query"))
    .get("/healthz", () => ({ ok: true, service: "query" }), { detail: { hide: true } })
    .get(
      API.listSites.path,
      async ({ ctx, params }) => {
        const store = await orgStore(platform, params.orgId);
        return { data: await sitesWithStatus(control, store.db, params.orgId, ctx!.auth!.sites, now()) };
      },
      { params: OrgParams, response: SiteList, detail: { summary: API.listSites.summary, tags: [API.listSites.tag] } },
    )
    .get(
      API.audit.path,
      async ({ params, query }) => {
        const store = await orgStore(platform, params.orgId);
        return activityLog(store.db, params.orgId, query, now());
      },
      { params: OrgParams, query: AuditQuery, response: ActivityLog, detail: { summary: API.audit.summary, tags: [API.audit.tag] } },
    )
    .get(
      API.siteStatus.path,
      async ({ params }) => {
        const store = await orgStore(platform, params.orgId);
        return siteStatus(control.db, store.db, params.siteId, now());
      },
      { params: SiteParams, response: SiteStatus, detail: { summary: API.siteStatus.summary, tags: [API.siteStatus.tag] } },
    );
}
