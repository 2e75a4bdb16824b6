/** The dashboard's pages, in the order of the navigation (no DOM here: scripts/screenshots.ts reads it too). The pages of a site: */
export const SITE_PAGES = [
  { key: "overview", label: "Overview" },
  { key: "realtime", label: "Realtime" },
  { key: "acquisition", label: "Acquisition" },
  { key: "pages", label: "Pages" },
  { key: "events", label: "Events" },
  { key: "audience", label: "Audience" },
  { key: "locations", label: "Locations" },
  { key: "campaigns", label: "Campaigns" },
  { key: "insights", label: "Marketing" },
  { key: "behaviour", label: "Behaviour" },
  { key: "attribution", label: "Attribution" },
  { key: "conversions", label: "Conversions" },
  { key: "funnels", label: "Funnels" },
  { key: "explore", label: "Explore" },
  { key: "visitors", label: "Visitors" },
  { key: "leads", label: "Leads" },
  { key: "popups", label: "Popups" },
  { key: "spins", label: "Spin wheels" },
  { key: "links", label: "Short links" },
  { key: "consent", label: "Consent" },
  { key: "library", label: "Report library" },
  { key: "integrations", label: "Integrations" },
  { key: "recommendations", label: "Recommendations" },
] as const;
/** Site pages without a date range (their controls show no range picker). */
export const UNDATED_PAGES: readonly string[] = ["integrations", "consent", "recommendations"];
export type SitePage = (typeof SITE_PAGES)[number]["key"];

/** The organisation's own pages, beside the reports of its sites (at `/orgs/{org}/{key}`). */
export const WORKSPACE_PAGES = [
  { key: "sites", label: "Sites" },
  { key: "activity", label: "Activity log" },
  { key: "members", label: "Members" },
  { key: "keys", label: "API keys" },
  { key: "settings", label: "Settings" },
] as const;
export type WorkspacePage = (typeof WORKSPACE_PAGES)[number]["key"];
/** The signed-in user's own page (two-factor, password): not an org's. */
export const ACCOUNT_PAGE = { key: "account", label: "Account" } as const;
