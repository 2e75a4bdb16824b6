import type { ReportRun, StoreReportKey } from "./report.ts";
import { consentLogReport } from "./store/consent-log.ts";
import { hotLeadsReport } from "./store/hot-leads.ts";
import { leadsReport } from "./store/leads.ts";
import { popupPerformanceReport } from "./store/popup-performance.ts";
import { shortLinksReport } from "./store/short-links.ts";
import { spinPerformanceReport } from "./store/spin-performance.ts";

/** The library reports of stored rows (docs/reports.md). */
export const STORE_REPORTS: Record<StoreReportKey, ReportRun> = {
  leads: leadsReport,
  hot_leads: hotLeadsReport,
  popup_performance: popupPerformanceReport,
  spin_performance: spinPerformanceReport,
  short_links: shortLinksReport,
  consent_log: consentLogReport,
};
