import { Elysia } from "elysia";
import { requireOrgFeatures } from "../../lib/leads/inbound.ts";
import type { Platform } from "../../lib/platform.ts";
import { OrgParams } from "../../lib/api/key-models.ts";
import { benchmarkingOf, changeBenchmarking, industryOf } from "../../lib/recommendations/benchmarking.ts";
import { setRecommendationStatus } from "../../lib/recommendations/manage.ts";
import { BenchmarkingChange, BenchmarkingView, RecommendationItem } from "../../lib/recommendations/models.ts";
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
      async ({ caller: { org, actor }, params, body }) => {
        requireOrgFeatures(platform, org.id, ["recommendations"]);
        const site = orgSite(platform.control.db, org.id, params.siteId);
        return setRecommendationStatus(await platform.tenants.get(org), site, { ruleKey: params.ruleKey, ...body }, actor, platform.now(), PATHS);
      },
      {
        manages: { what: "recommendations", sensitive: false },
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

/** Workspace → Settings, industry benchmarks (docs/recommendations.md): the same as `admin org benchmarks`, for owners and admins. */
export function benchmarkingRoutes(platform: Platform) {
  return new Elysia({ name: "dashboard:benchmarking" })
    .use(dashboardContext(platform))
    .get(
      "/api/v1/orgs/:orgId/settings/benchmarks",
      ({ caller }) => benchmarkingOf(platform.control.db, caller.org.id)!,
      {
        manages: { what: "settings", sensitive: false },
        params: OrgParams,
        response: { 200: BenchmarkingView, ...ERRORS },
        detail: doc("The org's industry benchmarks setting", "Its industry (the peer group) and whether it opted out. Owners and admins only (others 403 FORBIDDEN; not a member → 404)."),
      },
    )
    .patch(
      "/api/v1/orgs/:orgId/settings/benchmarks",
      async ({ caller: { org, actor }, body }) => {
        const industry = body.industry === undefined ? undefined : industryOf(body.industry, "industry");
        const { inputsRemoved: _, ...after } = await changeBenchmarking(platform, org, { industry, optOut: body.optOut }, actor);
        return after;
      },
      {
        manages: { what: "settings", sensitive: false },
        params: OrgParams,
        body: BenchmarkingChange,
        parse: "json",
        response: { 200: BenchmarkingView, ...ERRORS },
        detail: doc(
          "Change the org's industry benchmarks setting",
          "`industry` (1–60 characters, stored lower-case) and `optOut`; either may be left out. A change removes the aggregates the org sent, so it leaves its old group at once; the next nightly run contributes again unless opted out (audited `org.benchmarks` with before and after). The same as `admin org benchmarks`. Owners and admins only.",
        ),
      },
    );
}
