import type { ReportKey } from "./catalogue.ts";
import type { ReportRun } from "./report.ts";
import { consentLogReport } from "./store/consent-log.ts";
import { hotLeadsReport } from "./store/hot-leads.ts";
import { leadsReport } from "./store/leads.ts";
import { popupPerformanceReport } from "./store/popup-performance.ts";
import { shortLinksReport } from "./store/short-links.ts";
import { spinPerformanceReport } from "./store/spin-performance.ts";

/** The library reports of stored rows (docs/reports.md); every other catalogue key is an engine report (engine-reports.ts). */
export const STORE_REPORTS = {
  leads: leadsReport,
  hot_leads: hotLeadsReport,
  popup_performance: popupPerformanceReport,
  spin_performance: spinPerformanceReport,
  short_links: shortLinksReport,
  consent_log: consentLogReport,
} as const satisfies Partial<Record<ReportKey, ReportRun>>;
