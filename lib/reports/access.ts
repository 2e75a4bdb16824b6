import type { Permission } from "../auth/permissions.ts";
import { ApiError } from "../errors.ts";
import { orgFeatureBlocked } from "../leads/inbound.ts";
import type { Platform } from "../platform.ts";
import type { ReportDefinition } from "./catalogue.ts";
import type { ReportFormat } from "./models.ts";

/**
 * Who may read a library report, and how (docs/reports.md "Reading a report"): the one rule the
 * read route and the schedule sender (with the owner's permissions at send time) both apply.
 */

/** The permissions beyond `reports.read`, in the order they are checked, with the query field each refusal names. */
export function reportNeeds(def: ReportDefinition, format: ReportFormat): { permission: Permission; path: string }[] {
  const file = format !== "json";
  return [
    ...def.needs.map((permission) => ({ permission, path: "key" })),
    ...(file ? [{ permission: "reports.export" as const, path: "format" }] : []),
    ...(file && def.pii ? [{ permission: "analytics.pii.read" as const, path: "format" }] : []),
  ];
}

/** The first permission the holder lacks for this report and format, or null. */
export function missingReportPermission(def: ReportDefinition, format: ReportFormat, permissions: ReadonlySet<Permission>) {
  return reportNeeds(def, format).find((n) => !permissions.has(n.permission)) ?? null;
}

/** Throws 403 FORBIDDEN naming the missing permission, or FEATURE_UNAVAILABLE for the report's data feature. */
export function checkReportAccess(platform: Platform, orgId: string, def: ReportDefinition, format: ReportFormat, permissions: ReadonlySet<Permission>): void {
  const missing = missingReportPermission(def, format, permissions);
  if (missing) {
    throw new ApiError("FORBIDDEN", `The report ${def.key}${missing.path === "format" ? ` as ${format}` : ""} needs the permission ${missing.permission}`, [
      { path: missing.path, message: `needs ${missing.permission}` },
    ]);
  }
  if (def.feature && orgFeatureBlocked(platform, orgId, def.feature)) {
    throw new ApiError("FEATURE_UNAVAILABLE", `The report ${def.key} reads ${def.feature}, which this organization's plan does not include`, [{ path: "key", message: def.feature }]);
  }
}
