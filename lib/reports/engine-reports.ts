import type { EngineReportKey, ReportRun } from "./report.ts";
import { kpiDaily } from "./engine/kpi-daily.ts";
import { channelPerformance, geo, referrers, sourceMedium, tech } from "./engine/grouped.ts";
import { campaignPerformance } from "./engine/campaigns.ts";
import { utmAudit } from "./engine/utm-audit.ts";
import { experience, pagePerformance, webVitals } from "./engine/pages.ts";
import { events } from "./engine/events.ts";
import { conversionsByChannel } from "./engine/conversions.ts";

/** The library reports computed from the analytics columns (docs/reports.md "The reports"). */
export const ENGINE_REPORTS: Record<EngineReportKey, ReportRun> = {
  kpi_daily: kpiDaily,
  channel_performance: channelPerformance,
  campaign_performance: campaignPerformance,
  source_medium: sourceMedium,
  utm_audit: utmAudit,
  referrers,
  page_performance: pagePerformance,
  events,
  conversions_by_channel: conversionsByChannel,
  geo,
  tech,
  web_vitals: webVitals,
  experience,
};
