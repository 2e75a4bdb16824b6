import type { Permission } from "../auth/permissions.ts";
import type { Feature } from "../plans.ts";

/**
 * The report library (spec 2.9 and 4.8; docs/reports.md): every report's key, category, title,
 * description, whether it holds personal data, what else it needs, and its columns. The one place
 * these are written: the catalogue answer, the JSON result, the CSV and XLSX files, the e-mailed
 * tables and the dashboard all read them from here.
 */

/**
 * How a column's values are written: `text` a string (null = empty cell), `date` a
 * `YYYY-MM-DD` string in the site's timezone, `timestamp` an ISO 8601 UTC string, `integer` and
 * `decimal` numbers, `rate` a fraction 0–1 (4 decimals; XLSX shows it as a percentage), `money`
 * an amount in the report's currency (2 decimals).
 */
export const COLUMN_TYPES = ["text", "date", "timestamp", "integer", "decimal", "rate", "money"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface ReportColumn {
  key: string;
  label: string;
  type: ColumnType;
}

export interface ReportDefinition {
  key: string;
  category: string;
  title: string;
  description: string;
  /**
   * Holds contact details: without `analytics.pii.read` the report is refused (403 FORBIDDEN, spec
   * 4.8), and its file is a personal-data export (lib/privacy/personal-data-export.ts).
   */
  pii: boolean;
  /** Permissions the report needs beyond `reports.read` (the data's own read permission). */
  needs: readonly Permission[];
  /** The plan feature of the data it reads, beside `reports` itself. */
  feature: Feature | null;
  columns: readonly ReportColumn[];
}

const c = (key: string, label: string, type: ColumnType): ReportColumn => ({ key, label, type });

/** The session metrics most reports show after their dimension (DESIGN section 5's definitions). */
const users = c("users", "Users", "integer");
const newUsers = c("newUsers", "New users", "integer");
const sessions = c("sessions", "Sessions", "integer");
const engagedSessions = c("engagedSessions", "Engaged sessions", "integer");
const engagementRate = c("engagementRate", "Engagement rate", "rate");
const bounceRate = c("bounceRate", "Bounce rate", "rate");
const avgEngagedSeconds = c("avgEngagedSeconds", "Avg. engaged time (s)", "decimal");
const pagesPerSession = c("pagesPerSession", "Pages per session", "decimal");
const pageviews = c("pageviews", "Pageviews", "integer");
const conversions = c("conversions", "Conversions", "integer");
const conversionRate = c("conversionRate", "Session conversion rate", "rate");
const revenue = c("revenue", "Revenue", "money");
const lcpP75 = c("lcpP75", "LCP p75 (ms)", "decimal");
const inpP75 = c("inpP75", "INP p75 (ms)", "decimal");
const clsP75 = c("clsP75", "CLS p75", "decimal");

/** The lead columns both lead reports share (spec 2.11's list item, flattened). */
const leadContact = [c("name", "Name", "text"), c("email", "E-mail", "text"), c("phone", "Phone", "text"), c("company", "Company", "text")];
const leadOrigin = [
  c("source", "Lead source", "text"),
  c("sourceName", "Captured by", "text"),
  c("path", "Page", "text"),
  c("country", "Country", "text"),
  c("channel", "Channel", "text"),
  c("campaign", "Campaign", "text"),
  c("sourceMedium", "Source / medium", "text"),
];

export const REPORT_DEFINITIONS = [
  {
    key: "kpi_daily",
    category: "Overview",
    title: "Daily KPIs",
    description: "Users, sessions, pageviews and conversions for each day of the range, every day listed (zero days too).",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("date", "Date", "date"), users, sessions, pageviews, conversions],
  },
  {
    key: "channel_performance",
    category: "Acquisition",
    title: "Channel performance",
    description: "Every default channel group (GA4's rules) with users, engagement, conversions and revenue, by sessions.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("channel", "Channel", "text"), users, newUsers, sessions, engagedSessions, engagementRate, bounceRate, avgEngagedSeconds, pagesPerSession, conversions, conversionRate, revenue],
  },
  {
    key: "campaign_performance",
    category: "Acquisition",
    title: "Campaign performance",
    description: "UTM campaigns with their source and medium: sessions, engagement, conversions, revenue and leads (untagged traffic is left out).",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("campaign", "Campaign", "text"), c("source", "Source", "text"), c("medium", "Medium", "text"), users, sessions, engagementRate, conversions, conversionRate, revenue, c("leads", "Leads", "integer")],
  },
  {
    key: "source_medium",
    category: "Acquisition",
    title: "Source / medium",
    description: "Every source and medium pair with its channel, users, engagement, conversions and revenue.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("source", "Source", "text"), c("medium", "Medium", "text"), c("channel", "Channel", "text"), users, newUsers, sessions, engagementRate, bounceRate, conversions, revenue],
  },
  {
    key: "utm_audit",
    category: "Acquisition",
    title: "UTM audit",
    description: "Tagging problems worth fixing: paid traffic without UTM tags, UTM values that differ only in case, a source without a medium, mediums GA4 files under Unassigned.",
    pii: false,
    needs: [],
    feature: null,
    columns: [
      c("issue", "Issue", "text"),
      c("field", "Field", "text"),
      c("value", "Value as sent", "text"),
      c("source", "Source", "text"),
      c("medium", "Medium", "text"),
      c("campaign", "Campaign", "text"),
      c("landing", "Top landing page", "text"),
      sessions,
      c("suggestion", "Suggestion", "text"),
    ],
  },
  {
    key: "referrers",
    category: "Acquisition",
    title: "Referrers",
    description: "Referring hosts with the channel they count in, users, engagement, conversions and revenue.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("referrer", "Referrer", "text"), c("channel", "Channel", "text"), users, sessions, engagementRate, conversions, revenue],
  },
  {
    key: "page_performance",
    category: "Behaviour",
    title: "Page performance",
    description: "Every page path with its title: views, users, entrances, exits, exit rate and engaged time.",
    pii: false,
    needs: [],
    feature: null,
    columns: [
      c("path", "Page path", "text"),
      c("title", "Page title", "text"),
      c("views", "Views", "integer"),
      users,
      c("entrances", "Entrances", "integer"),
      c("exits", "Exits", "integer"),
      c("exitRate", "Exit rate", "rate"),
      c("engagedSeconds", "Engaged time (s)", "decimal"),
      c("avgEngagedSeconds", "Avg. engaged time per view (s)", "decimal"),
    ],
  },
  {
    key: "events",
    category: "Behaviour",
    title: "Events",
    description: "Custom events, outbound clicks, downloads and form submissions by name: count, users, sessions and count per user.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("type", "Type", "text"), c("name", "Event name", "text"), c("events", "Event count", "integer"), users, sessions, c("eventsPerUser", "Events per user", "decimal")],
  },
  {
    key: "conversions_by_channel",
    category: "Conversions",
    title: "Conversions by channel",
    description: "Conversions and revenue per channel: the sessions' own (last click) and credited by last non-direct click and first click over 90 days.",
    pii: false,
    needs: [],
    feature: null,
    columns: [
      c("channel", "Channel", "text"),
      sessions,
      conversions,
      conversionRate,
      revenue,
      c("lastNonDirectConversions", "Conversions (last non-direct)", "decimal"),
      c("lastNonDirectRevenue", "Revenue (last non-direct)", "money"),
      c("firstTouchConversions", "Conversions (first click)", "decimal"),
      c("firstTouchRevenue", "Revenue (first click)", "money"),
    ],
  },
  {
    key: "leads",
    category: "People",
    title: "Leads",
    description: "Every lead captured in the range, newest first, with contact details, what captured it and its attribution.",
    pii: true,
    needs: ["leads.read"],
    feature: "leads",
    columns: [c("createdAt", "Captured at", "timestamp"), ...leadContact, ...leadOrigin, c("visitorId", "Visitor id", "text")],
  },
  {
    key: "hot_leads",
    category: "People",
    title: "Hot leads",
    description: "Leads of the range whose visitor scores hot or very hot today (a lead score of 50 or more), highest score first.",
    pii: true,
    needs: ["leads.read"],
    feature: "leads",
    columns: [
      c("score", "Score", "integer"),
      c("tier", "Tier", "text"),
      ...leadContact,
      c("createdAt", "Captured at", "timestamp"),
      c("lastSeenAt", "Last seen", "timestamp"),
      sessions,
      conversions,
      c("source", "Lead source", "text"),
      c("channel", "Channel", "text"),
      c("visitorId", "Visitor id", "text"),
    ],
  },
  {
    key: "popup_performance",
    category: "Engagement",
    title: "Popup performance",
    description: "Each popup and A/B variant: views, leads, conversion rate, and the conversions and revenue of the sessions that saw it.",
    pii: false,
    needs: ["popups.read"],
    feature: "popups",
    columns: [
      c("popup", "Popup", "text"),
      c("variant", "Variant", "text"),
      c("status", "Status", "text"),
      c("views", "Views", "integer"),
      c("leads", "Leads", "integer"),
      c("leadRate", "Lead rate", "rate"),
      conversions,
      revenue,
    ],
  },
  {
    key: "spin_performance",
    category: "Engagement",
    title: "Spin wheel performance",
    description: "Each wheel and slice: spins, wins, leads and coupon codes handed out.",
    pii: false,
    needs: ["spinwheel.read"],
    feature: "spinwheel",
    columns: [c("wheel", "Wheel", "text"), c("slice", "Slice", "text"), c("spins", "Spins", "integer"), c("wins", "Wins", "integer"), c("leads", "Leads", "integer"), c("codesIssued", "Codes issued", "integer")],
  },
  {
    key: "short_links",
    category: "Campaigns",
    title: "Short links",
    description: "Each short link: human, QR and bot clicks, and the sessions, leads, conversions and revenue its clicks became.",
    pii: false,
    needs: ["shortlinks.read"],
    feature: "shortlinks",
    columns: [
      c("slug", "Slug", "text"),
      c("shortUrl", "Short URL", "text"),
      c("destination", "Destination", "text"),
      c("campaign", "Campaign", "text"),
      c("clicks", "Human clicks", "integer"),
      c("qrClicks", "QR scans", "integer"),
      c("botClicks", "Bot clicks", "integer"),
      sessions,
      c("leads", "Leads", "integer"),
      conversions,
      revenue,
    ],
  },
  {
    key: "geo",
    category: "Audience",
    title: "Countries and regions",
    description: "Country and region of the sessions (from the IP address at ingest), with users, engagement, conversions and revenue.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("country", "Country", "text"), c("region", "Region", "text"), users, newUsers, sessions, engagementRate, conversions, revenue],
  },
  {
    key: "tech",
    category: "Audience",
    title: "Devices, browsers and systems",
    description: "Device category, browser and operating system combinations with users, engagement and conversions.",
    pii: false,
    needs: [],
    feature: null,
    columns: [c("device", "Device", "text"), c("browser", "Browser", "text"), c("os", "Operating system", "text"), users, sessions, engagementRate, conversions, conversionRate],
  },
  {
    key: "consent_log",
    category: "Consent",
    title: "Consent log",
    description: "Every consent choice visitors made in the range, oldest first: when, the pseudonymous visitor id, the page, and what was granted.",
    pii: false,
    needs: ["consent.read"],
    feature: "consent",
    columns: [c("at", "Time", "timestamp"), c("visitorId", "Visitor id", "text"), c("path", "Page", "text"), c("analytics", "Analytics granted", "text"), c("marketing", "Marketing granted", "text")],
  },
  {
    key: "web_vitals",
    category: "Experience",
    title: "Core Web Vitals",
    description: "Per page: the 75th percentile of LCP, INP, CLS, FCP and TTFB from real visits, with samples and Google's rating of each of the three Core Web Vitals.",
    pii: false,
    needs: [],
    feature: null,
    columns: [
      c("path", "Page path", "text"),
      c("samples", "Samples", "integer"),
      lcpP75,
      c("lcpRating", "LCP rating", "text"),
      inpP75,
      c("inpRating", "INP rating", "text"),
      clsP75,
      c("clsRating", "CLS rating", "text"),
      c("fcpP75", "FCP p75 (ms)", "decimal"),
      c("ttfbP75", "TTFB p75 (ms)", "decimal"),
    ],
  },
  {
    key: "experience",
    category: "Experience",
    title: "Page experience",
    description: "Per page: views, engaged time, how far visitors scroll, exit rate and the Core Web Vitals, so slow or unread pages stand out.",
    pii: false,
    needs: [],
    feature: null,
    columns: [
      c("path", "Page path", "text"),
      c("views", "Views", "integer"),
      c("avgEngagedSeconds", "Avg. engaged time per view (s)", "decimal"),
      c("scrolled90Rate", "Scrolled 90 %", "rate"),
      c("exitRate", "Exit rate", "rate"),
      lcpP75,
      inpP75,
      clsP75,
      c("rating", "Experience", "text"),
    ],
  },
] as const satisfies readonly ReportDefinition[];

export type ReportKey = (typeof REPORT_DEFINITIONS)[number]["key"];
export const REPORT_KEYS = REPORT_DEFINITIONS.map((r) => r.key) as ReportKey[];

const BY_KEY = new Map<string, ReportDefinition>(REPORT_DEFINITIONS.map((r) => [r.key, r]));

export function reportDefinition(key: string): ReportDefinition | undefined {
  return BY_KEY.get(key);
}

export const isReportKey = (key: string): key is ReportKey => BY_KEY.has(key);
