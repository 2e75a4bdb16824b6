import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import type { Platform } from "../../../lib/platform.ts";
import { ReportCatalogue, ReportParams, ReportResult, ReportResultQuery } from "../../../lib/reports/models.ts";
import { reportAnswer, reportCatalogue, reportDownload } from "../../../lib/reports/read.ts";
import { actorOf, callerOf, doc, queryContext } from "../context.ts";

/** The report library (spec 4.8): the catalogue, and one report as JSON or as a CSV or XLSX file. */
export function reportRoutes(platform: Platform) {
  return new Elysia({ name: "query:reports" })
    .use(queryContext(platform))
    .get(API.listReports.path, ({ params }) => reportCatalogue(platform, params.orgId, params.siteId), {
      params: SiteParams,
      response: ReportCatalogue,
      detail: doc(API.listReports),
    })
    .get(
      API.reportResult.path,
      // Two answers, not one of a union: Elysia sends a Response (the file) as it is.
      ({ ctx, params, query }): Promise<ReportResult> | Promise<Response> => {
        const { keyId, secondFactorAt, twoFactorEnabled, permissions } = callerOf(ctx);
        const reader = { keyId, secondFactorAt, twoFactorEnabled, permissions: new Set(permissions), actor: actorOf(platform, ctx), ip: ctx?.ip ?? null };
        const format = query.format ?? "json";
        // Written as `return call(…)`: Elysia reads a handler's source to learn it answers a promise it must await.
        if (format === "json") return reportAnswer(platform, params, query, reader);
        return reportDownload(platform, params, query, format, reader);
      },
      { params: ReportParams, query: ReportResultQuery, response: ReportResult, detail: doc(API.reportResult) },
    );
}
