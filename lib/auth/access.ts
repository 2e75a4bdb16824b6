import { ApiError, notFound } from "../errors.ts";
import type { ApiRoute } from "../api/routes.ts";
import { featureBlocked, type Feature } from "../plans.ts";
import type { AccessScope } from "./resolve.ts";

/**
 * After the key and rate checks: org and site scope (404, never revealing existence),
 * then permission (403), then licence and feature (403) — DESIGN section 8's order.
 */
export function checkAccess(route: ApiRoute, params: Record<string, string>, principal: AccessScope, platformDisabled: readonly string[]): void {
  if (params.orgId !== principal.org.id) throw notFound();
  if (params.siteId !== undefined && !principal.sites.has(params.siteId)) throw notFound();
  const permission = typeof route.permission === "function" ? route.permission(params) : route.permission;
  if (!principal.permissions.has(permission)) {
    throw new ApiError("FORBIDDEN", `${principal.via === "key" ? "This key" : "Your role"} lacks the permission ${permission}`, [{ path: "permission", message: permission }]);
  }
  if (principal.org.licenceStatus !== "active") {
    throw new ApiError("LICENCE_INACTIVE", `The organization's licence is ${principal.org.licenceStatus}`, [{ path: "licence", message: principal.org.licenceStatus }]);
  }
  const feature: Feature | undefined = typeof route.feature === "function" ? route.feature(params) : route.feature;
  if (feature && featureBlocked(feature, principal.org.plan, principal.org.disabledFeatures, platformDisabled)) {
    throw new ApiError("FEATURE_UNAVAILABLE", `The feature ${feature} is not available to this organization`, [{ message: feature }]);
  }
}
