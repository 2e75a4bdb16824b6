import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { IntegrationList } from "../../../lib/integrations/model.ts";
import { integrationsOfSite } from "../../../lib/integrations/list.ts";
import type { Platform } from "../../../lib/platform.ts";
import { doc, queryContext } from "../context.ts";

/** A site's integrations: inbound webhook URLs and outbound endpoints with their deliveries. */
export function integrationsRoutes(platform: Platform) {
  return new Elysia({ name: "query:integrations" })
    .use(queryContext(platform))
    .get(
      API.listIntegrations.path,
      async ({ params }) => integrationsOfSite(platform, params.orgId, params.siteId),
      { params: SiteParams, response: IntegrationList, detail: doc(API.listIntegrations) },
    );
}
