import type { Permission } from "../auth/permissions.ts";
import { ApiError } from "../errors.ts";
import { orgFeatureBlocked } from "../leads/inbound.ts";
import type { Platform } from "../platform.ts";
import { checkPersonalDataExport, type ExportCaller } from "../privacy/personal-data-export.ts";
import type { ReportDefinition } from "./catalogue.ts";
import type { ReportFormat } from "./models.ts";

/**
 * Who may read a library report, and how (docs/reports.md "Reading a report"): the one rule the
 * read route, the schedule's owner (their permissions at send time) and each of its recipients
 * apply.
 */

/**
 * The permissions beyond `reports.read`, in the order they are checked, with the query field each
 * refusal names: the data's own read permission and, for a `pii` report, `analytics.pii.read`
 * (spec 4.8: in JSON as in files), then `reports.export` for a file.
 */
export function reportNeeds(def: ReportDefinition, format: ReportFormat): { permission: Permission; path: string }[] {
  return [
    ...def.needs.map((permission) => ({ permission, path: "key" })),
    ...(def.pii ? [{ permission: "analytics.pii.read" as const, path: "key" }] : []),
    ...(format !== "json" ? [{ permission: "reports.export" as const, path: "format" }] : []),
  ];
}

/** The first permission the holder lacks for this report and format, or null. */
export function missingReportPermission(def: ReportDefinition, format: ReportFormat, permissions: ReadonlySet<Permission>) {
  return reportNeeds(def, format).find((n) => !permissions.has(n.permission)) ?? null;
}

/**
 * What a schedule's recipient must hold to be sent the report: what reading it needs
 * (`reports.read` and the JSON rule above). The file is the owner's export, checked against the
 * owner; the recipient receives what they could read themselves.
 */
export function missingRecipientPermission(def: ReportDefinition, permissions: ReadonlySet<Permission>) {
  if (!permissions.has("reports.read")) return { permission: "reports.read" as const, path: "key" };
  return missingReportPermission(def, "json", permissions);
}

/** Who reads a report: their permissions, and for a file of personal data the session's second factor. */
export interface ReportCaller extends ExportCaller {
  permissions: ReadonlySet<Permission>;
}

/**
 * Throws 403 FORBIDDEN naming the missing permission, FEATURE_UNAVAILABLE for the report's data
 * feature, then — for a `pii` report as a file — the personal-data export rule (a key → 403
 * FORBIDDEN; a session without a recent second factor → 403 STEP_UP_REQUIRED).
 */
export function checkReportAccess(platform: Platform, orgId: string, def: ReportDefinition, format: ReportFormat, caller: ReportCaller, now: number): void {
  const missing = missingReportPermission(def, format, caller.permissions);
  if (missing) {
    throw new ApiError("FORBIDDEN", `The report ${def.key}${missing.path === "format" ? ` as ${format}` : ""} needs the permission ${missing.permission}`, [
      { path: missing.path, message: `needs ${missing.permission}` },
    ]);
  }
  if (def.feature && orgFeatureBlocked(platform, orgId, def.feature)) {
    throw new ApiError("FEATURE_UNAVAILABLE", `The report ${def.key} reads ${def.feature}, which this organization's plan does not include`, [{ path: "key", message: def.feature }]);
  }
  if (def.pii && format !== "json") checkPersonalDataExport(caller, format, now);
}
