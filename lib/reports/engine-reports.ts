import type { EngineReportKey, ReportRun } from "./report.ts";

/** The library reports computed from the analytics columns (docs/reports.md). */
export const ENGINE_REPORTS: Partial<Record<EngineReportKey, ReportRun>> = {};
