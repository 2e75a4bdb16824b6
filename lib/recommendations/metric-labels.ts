import type { MetricKey } from "./facts.ts";

/** The label of each of the site's metrics (docs/recommendations.md); the keys and their order are facts.ts METRIC_KEYS. */
export const METRIC_LABELS: Record<MetricKey, string> = {
  engagementRate: "Engagement rate",
  bounceRate: "Bounce rate",
  conversionRate: "Session conversion rate",
  pagesPerSession: "Pages per session",
  avgEngagedSeconds: "Average engaged time per session",
  mobileShare: "Mobile share of sessions",
  leadRate: "Leads per 1 000 sessions",
  lcpP75: "LCP p75 (ms)",
  inpP75: "INP p75 (ms)",
  clsP75: "CLS p75",
  popupConversionRate: "Popup lead rate",
  shortLinkHumanShare: "Short-link human click share",
};
