/** The site's metrics in the order the benchmark rows show them, with their labels (docs/recommendations.md). */
export const METRIC_LABELS = {
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
} as const;
export type MetricKey = keyof typeof METRIC_LABELS;
export const METRIC_KEYS = Object.keys(METRIC_LABELS) as MetricKey[];
