import { Elysia } from "elysia";
import { API, type ApiRoute } from "../../lib/api/routes.ts";
import { ActivityLog, AuditQuery, OrgParams, SiteList, SiteParams, SiteStatus } from "../../lib/api/models.ts";
import { serviceBase } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { orgStore } from "../../lib/db/org-store.ts";
import { siteStatus, sitesWithStatus } from "../../lib/sites/sites.ts";
import { activityLog } from "../../lib/audit.ts";
import type { Platform } from "../../lib/platform.ts";
import { analyticsSite, siteWithStore, type AnalyticsSite } from "../../lib/analytics/site-cache.ts";
import { reportPeriod, type Period } from "../../lib/analytics/period.ts";
import { Acquisition, Attribution, Audience, Behaviour, Campaigns, Conversions, Events, Locations, Overview, Pages, Realtime, ReportQuery, REPORTS, type ReportName } from "../../lib/analytics/models.ts";
import { ExploreRequest, ExploreResponse } from "../../lib/analytics/explore/model.ts";
import { overviewReport } from "../../lib/analytics/reports/overview.ts";
import { acquisitionReport } from "../../lib/analytics/reports/acquisition.ts";
import { locationsReport } from "../../lib/analytics/reports/locations.ts";
import { audienceReport } from "../../lib/analytics/reports/audience.ts";
import { eventsReport } from "../../lib/analytics/reports/events.ts";
import { behaviourReport } from "../../lib/analytics/reports/behaviour.ts";
import { pagesReport } from "../../lib/analytics/reports/pages.ts";
import { attributionReport } from "../../lib/analytics/reports/attribution.ts";
import { conversionsReport } from "../../lib/analytics/reports/conversions.ts";
import { campaignsReport } from "../../lib/analytics/reports/campaigns.ts";
import { realtimeReport } from "../../lib/analytics/reports/realtime.ts";
import { explore } from "../../lib/analytics/explore/index.ts";
import { ApiError } from "../../lib/errors.ts";
import { FunnelList, FunnelParams, FunnelPreviewBody, FunnelResultModel, FunnelRunQuery } from "../../lib/analytics/funnels/model.ts";
import { listFunnels, previewFunnel, runSavedFunnel } from "../../lib/analytics/funnels/endpoints.ts";
import { LeadList, LeadListQuery, VisitorList, VisitorListQuery, VisitorParams, VisitorProfile } from "../../lib/people/models.ts";
import { visitorsList } from "../../lib/people/visitors.ts";
import { visitorProfile } from "../../lib/people/profile.ts";
import { leadsList } from "../../lib/people/leads.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { IntegrationList } from "../../lib/integrations/model.ts";
import { integrationsOfSite } from "../../lib/integrations/list.ts";

/**
 * Names the body's content type for the OpenAPI document; the service's own 256 KB JSON parser
 * (registered first, globally) still reads the body.
 */
const JSON_BODY = "json" as const;

/** A route's OpenAPI summary and tag, from the route table. */
const doc = (route: ApiRoute) => ({ summary: route.summary, tags: [route.tag] });

/** May the caller see contact details unmasked? */
const piiAccess = (ctx: RequestContext | null) => ctx?.auth?.permissions.includes("analytics.pii.read") ?? false;

const report = (name: ReportName) => API.analyticsReport.path.replace(":report", name);

/** The read API (everything under /api/v1 but the OpenAPI document). Scope and permission were checked by the router. */
export function createQueryApp(platform: Platform) {
  const { control, now } = platform;
  /** A report over `from`/`to` in the site's timezone: resolve the site and period, run the report. */
  const datedReport =
    <T>(run: (site: AnalyticsSite, period: Period, query: ReportQuery) => T) =>
    async ({ params, query }: { params: { orgId: string; siteId: string }; query: ReportQuery }) => {
      const site = await analyticsSite(platform, params.orgId, params.siteId);
      return run(site, reportPeriod(query, site.timezone, now()), query);
    };
  return new Elysia({ name: "query" })
    .use(serviceBase({ name: "query", secret: platform.secret, requireAuth: true }))
    .use(serviceDocs("query"))
    .get("/healthz", () => ({ ok: true, service: "query" }), { detail: { hide: true } })
    .get(
      API.listSites.path,
      async ({ ctx, params }) => {
        const store = await orgStore(platform, params.orgId);
        return { data: await sitesWithStatus(control, store.db, params.orgId, ctx!.auth!.sites, now()) };
      },
      { params: OrgParams, response: SiteList, detail: doc(API.listSites) },
    )
    .get(
      API.audit.path,
      async ({ params, query }) => {
        const store = await orgStore(platform, params.orgId);
        return activityLog(store.db, params.orgId, query, now());
      },
      { params: OrgParams, query: AuditQuery, response: ActivityLog, detail: doc(API.audit) },
    )
    .get(
      API.siteStatus.path,
      async ({ params }) => {
        const store = await orgStore(platform, params.orgId);
        return siteStatus(control.db, store.db, params.siteId, now());
      },
      { params: SiteParams, response: SiteStatus, detail: doc(API.siteStatus) },
    )
    .get(
      API.listIntegrations.path,
      async ({ params }) => integrationsOfSite(platform, params.orgId, params.siteId),
      { params: SiteParams, response: IntegrationList, detail: { summary: API.listIntegrations.summary, tags: [API.listIntegrations.tag] } },
    )
    .get(
      report("overview"),
      datedReport(overviewReport),
      { params: SiteParams, query: ReportQuery, response: Overview, detail: { summary: "Overview: KPIs against the previous period, daily series, top channels, pages, countries, devices (spec 2.6)", tags: ["Analytics"] } },
    )
    .get(
      report("acquisition"),
      datedReport(acquisitionReport),
      { params: SiteParams, query: ReportQuery, response: Acquisition, detail: { summary: "Acquisition: channels and source / medium", tags: ["Analytics"] } },
    )
    .get(
      report("pages"),
      datedReport(pagesReport),
      { params: SiteParams, query: ReportQuery, response: Pages, detail: { summary: "Pages: views, users, entrances, exits and engaged time per path, with titles", tags: ["Analytics"] } },
    )
    .get(
      report("events"),
      datedReport(eventsReport),
      { params: SiteParams, query: ReportQuery, response: Events, detail: { summary: "Events: custom events with counts, sessions, users and their top properties", tags: ["Analytics"] } },
    )
    .get(
      report("audience"),
      datedReport(audienceReport),
      { params: SiteParams, query: ReportQuery, response: Audience, detail: { summary: "Audience: new vs returning, devices, browsers, operating systems, languages, screen sizes", tags: ["Analytics"] } },
    )
    .get(
      report("campaigns"),
      datedReport(campaignsReport),
      { params: SiteParams, query: ReportQuery, response: Campaigns, detail: { summary: "Campaigns: UTM campaign, source and medium with sessions, engagement, conversions, revenue", tags: ["Analytics"] } },
    )
    .get(
      report("locations"),
      datedReport(locationsReport),
      { params: SiteParams, query: ReportQuery, response: Locations, detail: { summary: "Locations: countries; country=XX its regions; country and region its cities", tags: ["Analytics"] } },
    )
    .get(
      report("behaviour"),
      datedReport(behaviourReport),
      { params: SiteParams, query: ReportQuery, response: Behaviour, detail: { summary: "Behaviour: landing and exit pages, scroll depth, outbound links, downloads, form submits, web vitals p75 per page", tags: ["Analytics"] } },
    )
    .get(
      report("attribution"),
      datedReport(attributionReport),
      { params: SiteParams, query: ReportQuery, response: Attribution, detail: { summary: "Attribution: conversions and revenue per channel by first touch, last touch, last non-direct touch and linear", tags: ["Analytics"] } },
    )
    .get(
      report("conversions"),
      datedReport(conversionsReport),
      { params: SiteParams, query: ReportQuery, response: Conversions, detail: { summary: "Conversions by name, value and currency, with a daily series", tags: ["Analytics"] } },
    )
    .get(
      report("realtime"),
      async ({ params }) => realtimeReport(await orgStore(platform, params.orgId), params.siteId, now()),
      { params: SiteParams, response: Realtime, detail: { summary: "Realtime: active visitors now, the last 30 minutes by minute, top pages, sources, countries (ignores from/to)", tags: ["Analytics"] } },
    )
    .get(
      API.analyticsReport.path,
      ({ params }) => {
        throw new ApiError("NOT_FOUND", `Unknown report ${params.report}`, [{ path: "report", message: `available: ${REPORTS.join(", ")}` }]);
      },
      { detail: { hide: true } },
    )
    .get(
      API.listFunnels.path,
      async ({ ctx, params }) => listFunnels(platform, ctx!.auth!, params.siteId),
      { params: SiteParams, response: FunnelList, detail: doc(API.listFunnels) },
    )
    .post(
      API.previewFunnel.path,
      async ({ params, body }) => previewFunnel(await analyticsSite(platform, params.orgId, params.siteId), body, now()),
      { params: SiteParams, body: FunnelPreviewBody, response: FunnelResultModel, detail: doc(API.previewFunnel), parse: JSON_BODY },
    )
    .get(
      API.runFunnel.path,
      async ({ params, query }) => runSavedFunnel(await analyticsSite(platform, params.orgId, params.siteId), params.id, query, now()),
      { params: FunnelParams, query: FunnelRunQuery, response: FunnelResultModel, detail: doc(API.runFunnel) },
    )
    .get(
      API.listVisitors.path,
      async ({ ctx, params, query }) => visitorsList(await analyticsSite(platform, params.orgId, params.siteId), query, piiAccess(ctx), now()),
      { params: SiteParams, query: VisitorListQuery, response: VisitorList, detail: doc(API.listVisitors) },
    )
    .get(
      API.visitorProfile.path,
      async ({ ctx, params }) => visitorProfile(await analyticsSite(platform, params.orgId, params.siteId), params.visitorId, piiAccess(ctx), now()),
      { params: VisitorParams, response: VisitorProfile, detail: doc(API.visitorProfile) },
    )
    .get(
      API.listLeads.path,
      async ({ ctx, params, query }) => leadsList(await siteWithStore(platform, params.orgId, params.siteId), query, piiAccess(ctx), now()),
      { params: SiteParams, query: LeadListQuery, response: LeadList, detail: doc(API.listLeads) },
    )
    .post(
      API.explore.path,
      async ({ params, body }) => {
        const site = await analyticsSite(platform, params.orgId, params.siteId);
        return explore(site, body, now());
      },
      { params: SiteParams, body: ExploreRequest, response: ExploreResponse, detail: { summary: "Explore: query (metrics by one dimension, filtered; spec 2.8), segments, retention cohorts or paths (spec 4.7)", tags: ["Analytics"] }, parse: JSON_BODY },
    );
}
