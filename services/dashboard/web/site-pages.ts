/** The pages of a site, in the order of the navigation (no DOM here: scripts/screenshots.ts reads it too). */
export const SITE_PAGES = [
  { key: "overview", label: "Overview" },
  { key: "realtime", label: "Realtime" },
  { key: "acquisition", label: "Acquisition" },
  { key: "pages", label: "Pages" },
  { key: "events", label: "Events" },
  { key: "audience", label: "Audience" },
  { key: "locations", label: "Locations" },
  { key: "campaigns", label: "Campaigns" },
  { key: "behaviour", label: "Behaviour" },
  { key: "attribution", label: "Attribution" },
  { key: "conversions", label: "Conversions" },
  { key: "funnels", label: "Funnels" },
  { key: "explore", label: "Explore" },
  { key: "visitors", label: "Visitors" },
  { key: "leads", label: "Leads" },
  { key: "integrations", label: "Integrations" },
] as const;
/** Site pages without a date range (their controls show no range picker). */
export const UNDATED_PAGES: readonly string[] = ["integrations"];
export type SitePage = (typeof SITE_PAGES)[number]["key"];
