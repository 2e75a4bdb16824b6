import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { canManage } from "../../../lib/auth/can-manage.ts";
import { CookieInventory } from "../../../lib/consent/models.ts";
import { consentSite, cookieInventory } from "../../../lib/consent/inventory-read.ts";
import type { Platform } from "../../../lib/platform.ts";
import { callerOf, doc, queryContext } from "../context.ts";

/** The cookie and tag inventory (docs/consent.md "Read API"); scans and overrides change it elsewhere. */
export function consentRoutes(platform: Platform) {
  return new Elysia({ name: "query:consent" })
    .use(queryContext(platform))
    .get(
      API.listCookies.path,
      async ({ ctx, params }) => cookieInventory(await consentSite(platform, params.orgId, params.siteId), canManage(platform.control.db, callerOf(ctx))),
      { params: SiteParams, response: CookieInventory, detail: doc(API.listCookies) },
    );
}
