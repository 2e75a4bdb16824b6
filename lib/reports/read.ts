import type { Actor } from "../audit.ts";
import { ApiError } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { siteWithStore } from "../analytics/site-cache.ts";
import { readSite } from "../analytics/recent-sites.ts";
import { orgSite } from "../sites/sites.ts";
import { fileResponse } from "../csv.ts";
import { checkReportAccess, type ReportCaller } from "./access.ts";
import { isReportKey, REPORT_DEFINITIONS, REPORT_KEYS, reportDefinition } from "./catalogue.ts";
import { auditReportExport, exportReport, reportInput, reportJson } from "./export.ts";
import type { FileFormat, ReportCatalogue, ReportFormat, ReportResult, ReportResultQuery } from "./models.ts";
import { schedulesOfSite } from "./schedules/list.ts";

/** The two read routes of the report library (spec 4.8; docs/reports.md "Reading a report"). */

/** `GET …/reports`: every report of the catalogue and the site's schedules. */
export async function reportCatalogue(platform: Platform, orgId: string, siteId: string): Promise<ReportCatalogue> {
  const site = await siteWithStore(platform, orgId, siteId);
  return {
    reports: REPORT_DEFINITIONS.map(({ key, category, title, description, pii }) => ({ key, category, title, description, pii })),
    schedules: await schedulesOfSite(site.store.db, platform.control, site),
  };
}

/** Who asks: their permissions (and for a file of personal data their session's second factor) decide what they may read; an export is audited in their name. */
export interface ReportReader extends ReportCaller {
  actor: Actor;
  ip: string | null;
}

/** A report the reader may read in this format: an unknown key is 404 naming the keys, then the access rule (lib/reports/access.ts). */
async function readableReport(platform: Platform, params: { orgId: string; siteId: string; key: string }, query: ReportResultQuery, format: ReportFormat, reader: ReportReader) {
  const { orgId, siteId, key } = params;
  const site = orgSite(platform.control.db, orgId, siteId);
  const def = reportDefinition(key);
  if (!def || !isReportKey(key)) throw new ApiError("NOT_FOUND", `There is no report ${key}`, [{ path: "key", message: `must be one of ${REPORT_KEYS.join(", ")}` }]);
  const now = platform.now();
  checkReportAccess(platform, orgId, def, format, reader, now);
  const input = await reportInput(platform, orgId, siteId, query, reader.permissions.has("analytics.pii.read"), now, readSite);
  return { key, input, siteName: site.name };
}

/** `GET …/reports/{key}` as JSON: the columns, the first 200 rows and the full count. */
export async function reportAnswer(platform: Platform, params: { orgId: string; siteId: string; key: string }, query: ReportResultQuery, reader: ReportReader): Promise<ReportResult> {
  const { key, input } = await readableReport(platform, params, query, "json", reader);
  return reportJson(key, input);
}

/** `GET …/reports/{key}?format=csv|xlsx`: the whole report as a file, audited in the reader's name. */
export async function reportDownload(
  platform: Platform,
  params: { orgId: string; siteId: string; key: string },
  query: ReportResultQuery,
  format: FileFormat,
  reader: ReportReader,
): Promise<Response> {
  const { key, input, siteName } = await readableReport(platform, params, query, format, reader);
  const file = await exportReport(key, input, format, siteName);
  await auditReportExport(input, key, format, file.total, reader);
  return fileResponse(file.filename, file.contentType, file.body);
}
