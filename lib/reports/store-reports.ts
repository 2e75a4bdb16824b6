import type { ReportRun, StoreReportKey } from "./report.ts";

/** The library reports of stored rows (docs/reports.md). */
export const STORE_REPORTS: Partial<Record<StoreReportKey, ReportRun>> = {};
