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
      async ({ ctx, params }) => {
        const inventory: CookieInventory = await cookieInventory(await consentSite(platform, params.orgId, params.siteId), canManage(platform.control.db, callerOf(ctx)));
        // Answered as serialized here: the model documents it, and the type above holds it to the
        // model; cleaning and checking 5 000 items against it on each read cost more than the read.
        return new Response(JSON.stringify(inventory), { headers: { "content-type": "application/json" } });
      },
      { params: SiteParams, response: CookieInventory, detail: doc(API.listCookies) },
    );
}
