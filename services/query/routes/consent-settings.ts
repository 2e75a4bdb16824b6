import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { ConsentSettings } from "../../../lib/consent/settings.ts";
import { siteConsentSettings } from "../../../lib/consent/site-settings.ts";
import type { Platform } from "../../../lib/platform.ts";
import { doc, queryContext } from "../context.ts";

/** The site's consent settings (docs/consent.md "Consent settings"); the admin CLI changes them. */
export function consentSettingsRoutes(platform: Platform) {
  return new Elysia({ name: "query:consent-settings" })
    .use(queryContext(platform))
    .get(API.consentSettings.path, ({ params }) => siteConsentSettings(platform.control, params.orgId, params.siteId), {
      params: SiteParams,
      response: ConsentSettings,
      detail: doc(API.consentSettings),
    });
}
