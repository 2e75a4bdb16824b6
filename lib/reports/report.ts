import type { Platform } from "../platform.ts";
import type { Period } from "../analytics/period.ts";
import type { AnalyticsSite, SiteWithStore } from "../analytics/site-cache.ts";
import type { ReportKey } from "./catalogue.ts";
import type { STORE_REPORTS } from "./store-reports.ts";

/**
 * What a library report's run is given and gives back (docs/reports.md "How a report runs").
 * One run per report key (lib/reports/runs.ts); the JSON answer, the CSV and XLSX files and the
 * e-mailed schedules all take the same rows from it.
 */

/** A cell: a string, a number (never NaN or ±Infinity), or null for an empty cell. */
export type Cell = string | number | null;
/** A row keyed by the report's column keys (lib/reports/catalogue.ts), every column present. */
export type ReportRow = Record<string, Cell>;

export interface ReportInput {
  platform: Platform;
  orgId: string;
  /** The site with its org's store; its analytics columns are loaded only by `analytics()`. */
  site: SiteWithStore;
  /** The site with its analytics columns up to date (loads them on first call). */
  analytics: () => Promise<AnalyticsSite>;
  period: Period;
  /** The caller may see contact details; without it they pass through lib/privacy/mask.ts. */
  piiAccess: boolean;
  now: number;
}

/** A report's rows: in memory or read from a synchronous store (bun:sqlite), or from a remote libSQL store page by page. */
export type ReportRows = Iterable<ReportRow> | AsyncIterable<ReportRow>;

export interface ReportData {
  /** The full row count. */
  total: number;
  /**
   * Every row in the report's order. Reports of stored rows (leads, consent records) read the
   * store in keyset pages as the iterator is pulled — asynchronously from a remote libSQL store —
   * so an export's memory does not grow with the row count; each call starts again from the
   * first row. Read it with `for await`, which takes both kinds.
   */
  rows(): ReportRows;
}

export type ReportRun = (input: ReportInput) => Promise<ReportData>;
export type ReportRuns<K extends ReportKey> = Record<K, ReportRun>;

/** Reports computed from the analytics columns (lib/reports/engine-reports.ts). */
export type EngineReportKey = Exclude<ReportKey, StoreReportKey>;
/** Reports of stored rows: the keys of lib/reports/store-reports.ts, where they are listed once. */
export type StoreReportKey = keyof typeof STORE_REPORTS;

/** Rows already in memory (aggregates), as ReportData. */
export function rowsInMemory(rows: readonly ReportRow[]): ReportData {
  return { total: rows.length, rows: () => rows };
}
