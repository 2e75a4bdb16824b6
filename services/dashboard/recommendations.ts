import { Elysia } from "elysia";
import { requireOrgFeatures } from "../../lib/leads/inbound.ts";
import type { Platform } from "../../lib/platform.ts";
import { setRecommendationStatus } from "../../lib/recommendations/manage.ts";
import { RecommendationItem } from "../../lib/recommendations/models.ts";
import { StatusBody, StatusParams } from "../../lib/recommendations/status-model.ts";
import { orgSite } from "../../lib/sites/sites.ts";
import { dashboardContext, doc, ERRORS } from "./context.ts";

const PATHS = { rule: "ruleKey", status: "status", until: "until" };

/** The Recommendations page's status buttons (docs/recommendations.md "Status"): the same as `admin recommendations status`, audited as the signed-in user. */
export function recommendationStatusRoutes(platform: Platform) {
  return new Elysia({ name: "dashboard:recommendations" })
    .use(dashboardContext(platform))
    .put(
      "/api/v1/orgs/:orgId/sites/:siteId/recommendations/:ruleKey/status",
      async ({ manager, params, body }) => {
        const { org, actor } = manager(params.orgId, "recommendations", false);
        requireOrgFeatures(platform, org.id, ["recommendations"]);
        const site = orgSite(platform.control.db, org.id, params.siteId);
        return setRecommendationStatus(await platform.tenants.get(org), site, { ruleKey: params.ruleKey, ...body }, actor, platform.now(), PATHS);
      },
      {
        params: StatusParams,
        body: StatusBody,
        parse: "json",
        response: { 200: RecommendationItem, ...ERRORS },
        detail: doc(
          "Set a recommendation's status",
          "open, dismissed, snoozed (with `until`) or done; the item as `GET …/recommendations` shows it afterwards (audited `recommendation.status_changed`). A dismissed or done item stays so across nightly runs while its evidence is materially the same. An item the site is not shown → 404 (details path `ruleKey`); `until` without a snooze, a snooze without it, a past day or more than 365 days ahead → 422 at `until`. Owners and admins only (others 403 FORBIDDEN; not a member, or a site outside the org → 404); an org without the recommendations feature → 403 FEATURE_UNAVAILABLE.",
        ),
      },
    );
}
