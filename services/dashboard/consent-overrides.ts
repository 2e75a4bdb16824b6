import { Elysia, t } from "elysia";
import { Id } from "../../lib/api/models.ts";
import { checkName, checkOverride, classifyName, CookieOverride, OverrideBody, unclassifyName } from "../../lib/consent/overrides.ts";
import { orgSite } from "../../lib/sites/sites.ts";
import type { Platform } from "../../lib/platform.ts";
import { dashboardContext, doc, ERRORS, NoContent } from "./context.ts";

const OverrideParams = t.Object({ orgId: Id, siteId: Id, name: t.String({ description: "The name, URL-encoded: 1–200 characters, no control characters" }) });
const PATHS = { name: "name", category: "category", vendor: "vendor", purpose: "purpose" };
const WHO =
  "Owners and admins only (others 403 FORBIDDEN; not a member, or a site outside the org → 404). No step-up: a classification changes what the inventory says, not who can reach data.";

/**
 * The consent page's "Reclassify" (docs/consent.md "Dashboard"): a site's own class for a cookie,
 * storage key or host name, kept across rescans; the same as `admin cookies classify` and
 * `unclassify`, audited as the signed-in user.
 */
export function consentOverrideRoutes(platform: Platform) {
  return new Elysia({ name: "dashboard:consent-overrides" })
    .use(dashboardContext(platform))
    .put(
      "/api/v1/orgs/:orgId/sites/:siteId/cookies/overrides/:name",
      async ({ caller: { org, actor }, params, body }) => {
        const site = orgSite(platform.control.db, org.id, params.siteId);
        const override = checkOverride({ ...body, name: params.name }, PATHS);
        return classifyName(platform, org, await platform.tenants.get(org), site, override, actor);
      },
      {
        manages: { what: "cookie classifications", sensitive: false },
        params: OverrideParams,
        body: OverrideBody,
        parse: "json",
        response: { 200: CookieOverride, ...ERRORS },
        detail: doc(
          "Classify a cookie, storage key or host",
          `The site's override for that name, first in classification (\`match: "override"\`) and kept across rescans; a second call replaces it (audited \`cookie.classified\`). \`category\` one of necessary, analytics, marketing, personalization, unknown; \`vendor\` at most 200 characters and \`purpose\` at most 1000 (both trimmed, empty when left out); the name (URL-encoded in the path) 1–200 characters without control characters — else 422 with the field's path. ${WHO}`,
        ),
      },
    )
    .delete(
      "/api/v1/orgs/:orgId/sites/:siteId/cookies/overrides/:name",
      async ({ caller: { org, actor }, params, set }) => {
        const site = orgSite(platform.control.db, org.id, params.siteId);
        await unclassifyName(platform, org, await platform.tenants.get(org), site, checkName(params.name, PATHS.name), actor, PATHS.name);
        set.status = 204;
        return undefined;
      },
      {
        manages: { what: "cookie classifications", sensitive: false },
        params: OverrideParams,
        response: { 204: NoContent, ...ERRORS },
        detail: doc(
          "Remove a classification override",
          `The name is classified by the database again (audited \`cookie.unclassified\`). No override of that name → 404 (details path \`name\`). ${WHO}`,
        ),
      },
    );
}
