import type { Permission } from "../auth/permissions.ts";
import type { Feature } from "../plans.ts";
import { REPORT_KEYS } from "../reports/catalogue.ts";

/**
 * The read API's routes: one table that the router uses to check scope, permission and
 * feature before forwarding, and that the query service registers its handlers under.
 */
export interface ApiRoute {
  method: "GET" | "POST" | "PATCH";
  path: string;
  /** Fixed permission, or one chosen from the path (realtime needs analytics.realtime). */
  permission: Permission | ((params: Record<string, string>) => Permission);
  feature?: Feature | ((params: Record<string, string>) => Feature | undefined);
  summary: string;
  tag: string;
  /** A second answer as a file (e.g. `format=csv`): its media types (one per format) and when it is given. */
  file?: { mediaTypes: readonly string[]; description: string };
}

const org = "/api/v1/orgs/:orgId";
const site = `${org}/sites/:siteId`;

/** A short link's QR code as a file (the redirect counts scans of `?qr=1` as `qr` clicks). */
const qrRoute = <F extends "svg" | "png">(format: F, mediaType: string, size: string) =>
  ({
    method: "GET",
    path: `${site}/shortlinks/:id/qr.${format}`,
    permission: "shortlinks.read",
    feature: "shortlinks",
    summary: `The link's QR code as ${format.toUpperCase()}`,
    tag: "Campaigns",
    file: { mediaTypes: [mediaType], description: `The QR code of \`shortUrl?qr=1\` (scans are counted as \`qr\` clicks)${size}, as \`attachment; filename="{slug}.${format}"\`.` },
  }) as const;

export const API = {
  listSites: { method: "GET", path: `${org}/sites`, permission: "sites.read", summary: "List the sites the key may access, with live status", tag: "Sites" },
  audit: { method: "GET", path: `${org}/audit`, permission: "audit.read", feature: "audit", summary: "Activity log, newest first", tag: "Organization" },
  siteStatus: { method: "GET", path: `${site}/status`, permission: "sites.read", summary: "Installation status of a site", tag: "Sites" },
  listIntegrations: { method: "GET", path: `${site}/integrations`, permission: "integrations.read", feature: "integrations", summary: "Integrations of the site: inbound webhook URLs, outbound endpoints with their state and last deliveries", tag: "Integrations" },
  analyticsReport: {
    method: "GET",
    path: `${site}/analytics/:report`,
    permission: (params) => (params.report === "realtime" ? "analytics.realtime" : "analytics.read"),
    feature: (params) => (params.report === "realtime" ? "realtime" : undefined),
    summary: "An analytics report",
    tag: "Analytics",
  },
  recommendations: { method: "GET", path: `${site}/recommendations`, permission: "recommendations.read", feature: "recommendations", summary: "Ranked advice for the site with its evidence, and the site beside its industry's benchmarks", tag: "Recommendations" },
  marketingInsights: { method: "GET", path: `${site}/insights/marketing`, permission: "analytics.read", feature: "insights", summary: "Ad spend by channel and campaign beside our own sessions, leads, conversions and revenue, with CPC, CPL, CPA and ROAS", tag: "Campaigns" },
  listFunnels: { method: "GET", path: `${site}/funnels`, permission: "analytics.read", feature: "funnels", summary: "Saved funnels of the site", tag: "Funnels" },
  previewFunnel: { method: "POST", path: `${site}/funnels/preview`, permission: "analytics.read", feature: "funnels", summary: "Run an unsaved funnel definition", tag: "Funnels" },
  runFunnel: { method: "GET", path: `${site}/funnels/:id`, permission: "analytics.read", feature: "funnels", summary: "Run a saved funnel", tag: "Funnels" },
  listVisitors: { method: "GET", path: `${site}/visitors`, permission: "analytics.read", feature: "visitors", summary: "Visitors who consented to analytics, scored, filtered and paged", tag: "People" },
  visitorProfile: { method: "GET", path: `${site}/visitors/:visitorId`, permission: "analytics.read", feature: "visitors", summary: "The person behind a visitor id: linked ids, sessions, campaigns, conversions, leads, score", tag: "People" },
  listLeads: {
    method: "GET",
    path: `${site}/leads`,
    permission: "leads.read",
    feature: "leads",
    summary: "Leads, newest first",
    tag: "People",
    file: {
      mediaTypes: ["text/csv"],
      description:
        "With `format=csv`: every lead of the filtered list (no paging) as a CSV file (`Content-Disposition: attachment`), contact details masked as in the JSON answer, cells starting with =, +, -, @ prefixed with an apostrophe; audited as `report.exported`. Only a dashboard session of a user with two-factor on and a second factor from the last 15 minutes: an API key → 403 FORBIDDEN (details path `format`); two-factor off → 403 STEP_UP_REQUIRED (details path `twoFactor`); no recent second factor → 403 STEP_UP_REQUIRED.",
    },
  },
  listPopups: { method: "GET", path: `${site}/popups`, permission: "popups.read", feature: "popups", summary: "Popups of the site with their last 28 days' views and leads", tag: "Engagement" },
  popupDetail: { method: "GET", path: `${site}/popups/:id`, permission: "popups.read", feature: "popups", summary: "A popup: its definition, the period's views, leads and downstream conversions, and its A/B test", tag: "Engagement" },
  listSpins: { method: "GET", path: `${site}/spins`, permission: "spinwheel.read", feature: "spinwheel", summary: "Spin-to-win wheels of the site with their last 28 days' spins and leads", tag: "Engagement" },
  spinDetail: { method: "GET", path: `${site}/spins/:id`, permission: "spinwheel.read", feature: "spinwheel", summary: "A spin wheel: its definition (codes left out), the period's spins and leads, and each slice's prizes", tag: "Engagement" },
  listCookies: { method: "GET", path: `${site}/cookies`, permission: "consent.read", feature: "consent", summary: "The cookie and tag inventory: what visits and the scanner saw, classified, with violations and their evidence, and the latest scan", tag: "Consent" },
  consentSettings: { method: "GET", path: `${site}/consent`, permission: "consent.read", feature: "consent", summary: "The site's consent settings: mode, categories, banner texts per language, DNT/GPC handling, policy link", tag: "Consent" },
  explore: { method: "POST", path: `${site}/explore`, permission: "analytics.read", feature: "explore", summary: "Explore: metrics by a dimension, filtered", tag: "Analytics" },
  listShortLinks: { method: "GET", path: `${site}/shortlinks`, permission: "shortlinks.read", feature: "shortlinks", summary: "Short links of the site, newest first: paged, searched, filtered by tag", tag: "Campaigns" },
  createShortLink: { method: "POST", path: `${site}/shortlinks`, permission: "shortlinks.manage", feature: "shortlinks", summary: "Create a short link (a random 7-character slug when none is given)", tag: "Campaigns" },
  updateShortLink: { method: "PATCH", path: `${site}/shortlinks/:id`, permission: "shortlinks.manage", feature: "shortlinks", summary: "Edit a short link: any subset of its fields", tag: "Campaigns" },
  shortLinkQrSvg: qrRoute("svg", "image/svg+xml", ""),
  shortLinkQrPng: qrRoute("png", "image/png", ", 512 pixels square"),
  shortLinkStats: { method: "GET", path: `${site}/shortlinks/:id`, permission: "shortlinks.read", feature: "shortlinks", summary: "A short link with its clicks by class and day, countries, devices, referrers, and the sessions, leads, conversions and revenue its clicks became", tag: "Campaigns" },
  listReports: { method: "GET", path: `${site}/reports`, permission: "reports.read", feature: "reports", summary: `The report library: the ${REPORT_KEYS.length} reports of the catalogue and the site's e-mail schedules`, tag: "Reports" },
  reportResult: {
    method: "GET",
    path: `${site}/reports/:key`,
    permission: "reports.read",
    feature: "reports",
    summary: "A library report: its columns, the first 200 rows and the full count, or the whole report as a CSV or XLSX file",
    tag: "Reports",
    file: {
      mediaTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      description:
        "With `format=csv` or `format=xlsx`: the whole report as a file, `Content-Disposition: attachment; filename=\"{site}_{key}_{from}_{to}.{csv|xlsx}\"`, audited as `report.exported`; needs `reports.export` (403 FORBIDDEN, details path `format`). A `pii` report's file holds personal data, so it follows the leads export's rule (spec 5.6): only a dashboard session of a user with two-factor on and a second factor from the last 15 minutes — an API key → 403 FORBIDDEN (details path `format`), two-factor off → 403 STEP_UP_REQUIRED (details path `twoFactor`), no recent second factor → 403 STEP_UP_REQUIRED. CSV: RFC 4180, UTF-8 with a byte-order mark, header of column labels, text cells starting with =, +, -, @, tab or carriage return prefixed with an apostrophe, numbers as they are. XLSX: typed cells; more than 200 000 rows → 422 VALIDATION_FAILED (details path `format`: use csv). The data's own read permission (`leads.read`, `popups.read`, …) and, for a `pii` report, `analytics.pii.read` → 403 FORBIDDEN (details path `key`), in JSON as in files (spec 4.8); its plan feature → 403 FEATURE_UNAVAILABLE; an unknown key → 404 NOT_FOUND naming the keys.",
    },
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteId = keyof typeof API;
export const API_ROUTES: ApiRoute[] = Object.values(API);
