import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { ApiError } from "../../../lib/errors.ts";
import type { Platform } from "../../../lib/platform.ts";
import type { AnalyticsSite } from "../../../lib/analytics/site-cache.ts";
import { readSite } from "../../../lib/analytics/recent-sites.ts";
import { reportPeriod, type Period } from "../../../lib/analytics/period.ts";
import { Acquisition, Attribution, Audience, Behaviour, Campaigns, Conversions, Events, Locations, Overview, Pages, LocationsQuery, Realtime, ReportQuery, REPORTS, type ReportName } from "../../../lib/analytics/models.ts";
import { DATED_REPORTS } from "../../../lib/analytics/reports/dated.ts";
import { siteRealtime } from "../../../lib/analytics/reports/realtime.ts";
import { queryContext } from "../context.ts";

/** One concrete path per report, so each documents its own response model. */
const report = (name: ReportName) => API.analyticsReport.path.replace(":report", name);

/** The analytics reports (spec 2.6): one path each, and NOT_FOUND naming the built ones for any other. */
export function analyticsRoutes(platform: Platform) {
  const { now } = platform;
  /** A report over `from`/`to` in the site's timezone: resolve the site and period, run the report. */
  const datedReport =
    <T>(run: (site: AnalyticsSite, period: Period, query: ReportQuery) => T) =>
    async ({ params, query }: { params: { orgId: string; siteId: string }; query: ReportQuery }) => {
      const site = await readSite(platform, params.orgId, params.siteId);
      return run(site, reportPeriod(query, site.timezone, now()), query);
    };
  return new Elysia({ name: "query:analytics" })
    .use(queryContext(platform))
    .get(
      report("overview"),
      datedReport(DATED_REPORTS.overview),
      { params: SiteParams, query: ReportQuery, response: Overview, detail: { summary: "Overview: KPIs against the previous period, daily series, top channels, pages, countries, devices (spec 2.6)", tags: ["Analytics"] } },
    )
    .get(
      report("acquisition"),
      datedReport(DATED_REPORTS.acquisition),
      { params: SiteParams, query: ReportQuery, response: Acquisition, detail: { summary: "Acquisition: channels and source / medium", tags: ["Analytics"] } },
    )
    .get(
      report("pages"),
      datedReport(DATED_REPORTS.pages),
      { params: SiteParams, query: ReportQuery, response: Pages, detail: { summary: "Pages: views, users, entrances, exits and engaged time per path, with titles", tags: ["Analytics"] } },
    )
    .get(
      report("events"),
      datedReport(DATED_REPORTS.events),
      { params: SiteParams, query: ReportQuery, response: Events, detail: { summary: "Events: custom events with counts, sessions, users and their top properties", tags: ["Analytics"] } },
    )
    .get(
      report("audience"),
      datedReport(DATED_REPORTS.audience),
      { params: SiteParams, query: ReportQuery, response: Audience, detail: { summary: "Audience: new vs returning, devices, browsers, operating systems, languages, screen sizes", tags: ["Analytics"] } },
    )
    .get(
      report("campaigns"),
      datedReport(DATED_REPORTS.campaigns),
      { params: SiteParams, query: ReportQuery, response: Campaigns, detail: { summary: "Campaigns: UTM campaign, source and medium with sessions, engagement, conversions, revenue", tags: ["Analytics"] } },
    )
    .get(
      report("locations"),
      datedReport(DATED_REPORTS.locations),
      { params: SiteParams, query: LocationsQuery, response: Locations, detail: { summary: "Locations: countries; country=XX its regions; country and region its cities", tags: ["Analytics"] } },
    )
    .get(
      report("behaviour"),
      datedReport(DATED_REPORTS.behaviour),
      { params: SiteParams, query: ReportQuery, response: Behaviour, detail: { summary: "Behaviour: landing and exit pages, scroll depth, outbound links, downloads, form submits, web vitals p75 per page", tags: ["Analytics"] } },
    )
    .get(
      report("attribution"),
      datedReport(DATED_REPORTS.attribution),
      { params: SiteParams, query: ReportQuery, response: Attribution, detail: { summary: "Attribution: conversions and revenue per channel by first touch, last touch, last non-direct touch and linear", tags: ["Analytics"] } },
    )
    .get(
      report("conversions"),
      datedReport(DATED_REPORTS.conversions),
      { params: SiteParams, query: ReportQuery, response: Conversions, detail: { summary: "Conversions by name, value and currency, with a daily series", tags: ["Analytics"] } },
    )
    .get(
      report("realtime"),
      ({ params }) => siteRealtime(platform, params.orgId, params.siteId),
      { params: SiteParams, response: Realtime, detail: { summary: "Realtime: active visitors now, the last 30 minutes by minute, top pages, sources, countries (ignores from/to)", tags: ["Analytics"] } },
    )
    .get(
      API.analyticsReport.path,
      ({ params }) => {
        throw new ApiError("NOT_FOUND", `Unknown report ${params.report}`, [{ path: "report", message: `available: ${REPORTS.join(", ")}` }]);
      },
      { detail: { hide: true } },
    );
}
