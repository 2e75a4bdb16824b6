import type { Platform } from "../platform.ts";
import { invalid } from "../errors.ts";
import { reportPeriod } from "../analytics/period.ts";
import { analyticsSite, siteWithStore, type AnalyticsSite } from "../analytics/site-cache.ts";
import { recordAudit, type Actor } from "../audit.ts";
import { CSV_TYPE, csvStream, type CsvCell } from "../csv.ts";
import { reportDefinition, type ReportDefinition, type ReportKey } from "./catalogue.ts";
import { JSON_ROWS, type FileFormat, type ReportResult } from "./models.ts";
import type { ReportData, ReportInput, ReportRow } from "./report.ts";
import { runReport } from "./runs.ts";
import { XLSX_MAX_ROWS, XLSX_TYPE, xlsxBytes } from "./xlsx-file.ts";

/**
 * A library report as JSON or as a CSV or XLSX file (docs/reports.md "Reading a report",
 * "Files"): what the read route answers and what a schedule's mail attaches.
 */

/**
 * What a report runs on: the org's site and store, the period of `from`/`to` in the site's
 * timezone (spec 4.2: inclusive, at most 400 days, else 422 naming the field; default the last
 * 28 days), and the site's analytics columns, loaded only if the report asks for them — by
 * `load`: the read route passes readSite, which remembers the read for warming; a schedule's
 * send is no reader's hint and takes the default.
 */
export async function reportInput(
  platform: Platform,
  orgId: string,
  siteId: string,
  period: { from?: string; to?: string },
  piiAccess: boolean,
  now: number,
  load: (platform: Platform, orgId: string, siteId: string) => Promise<AnalyticsSite> = analyticsSite,
): Promise<ReportInput> {
  const site = await siteWithStore(platform, orgId, siteId);
  let analytics: Promise<AnalyticsSite> | null = null;
  return {
    platform,
    orgId,
    site,
    analytics: () => (analytics ??= load(platform, orgId, siteId)),
    period: reportPeriod(period, site.timezone, now),
    piiAccess,
    now,
  };
}

const definitionOf = (key: ReportKey): ReportDefinition => reportDefinition(key)!;

/** The JSON answer: the columns, the first JSON_ROWS rows, the full count, the site's currency. */
export async function reportJson(key: ReportKey, input: ReportInput): Promise<ReportResult> {
  const def = definitionOf(key);
  const data = await runReport(key, input);
  const rows: ReportRow[] = [];
  if (JSON_ROWS > 0) {
    // Leaving the loop early closes a store-backed iterator.
    for await (const row of data.rows()) if (rows.push(row) === JSON_ROWS) break;
  }
  return {
    key: def.key,
    title: def.title,
    currency: input.site.currency,
    columns: def.columns.map(({ key, label, type }) => ({ key, label, type })),
    rows,
    total: data.total,
    range: { from: input.period.range.from, to: input.period.range.to },
  };
}

/** `{site}_{key}_{from}_{to}.{format}`, the site's name as a plain ASCII slug. */
export function reportFileName(siteName: string, key: string, range: { from: string; to: string }, format: FileFormat): string {
  const slug =
    siteName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "site";
  return `${slug}_${key}_${range.from}_${range.to}.${format}`;
}

/** A report's rows as CSV cells, in the catalogue's column order. */
function csvRows(def: ReportDefinition, data: ReportData): Iterable<CsvCell[]> | AsyncIterable<CsvCell[]> {
  const rows = data.rows();
  const cells = (row: ReportRow) => def.columns.map((column) => row[column.key] ?? null);
  // A synchronous source stays synchronous: no await per row on the million-row path.
  if (Symbol.asyncIterator in rows) {
    return (async function* () {
      for await (const row of rows) yield cells(row);
    })();
  }
  return (function* () {
    for (const row of rows) yield cells(row);
  })();
}

export interface ReportFile {
  filename: string;
  contentType: string;
  total: number;
  body: ReadableStream<Uint8Array>;
}

/**
 * The whole report as a file. CSV streams: rows are taken from the report as the reader reads.
 * XLSX is built in memory, so above REPORT_XLSX_MAX_ROWS it is refused (422 naming `format`).
 */
export async function exportReport(key: ReportKey, input: ReportInput, format: FileFormat, siteName: string): Promise<ReportFile> {
  return reportFile(definitionOf(key), await runReport(key, input), format, reportFileName(siteName, key, input.period.range, format), input.platform.settings.reportXlsxMaxRows);
}

/** A report's rows as a file of the format (exportReport's second half, given the rows). */
export function reportFile(def: ReportDefinition, data: ReportData, format: FileFormat, filename: string, xlsxMaxRows = XLSX_MAX_ROWS): ReportFile {
  if (format === "csv") {
    return { filename, contentType: CSV_TYPE, total: data.total, body: csvStream(def.columns.map((c) => c.label), csvRows(def, data)) };
  }
  if (data.total > xlsxMaxRows) throw invalid("format", `an XLSX file holds at most ${xlsxMaxRows} rows here (REPORT_XLSX_MAX_ROWS) and this report has ${data.total}: use csv`);
  // Built when the body is first read (the audit and headers go out first; a failure ends the body).
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      controller.enqueue(await xlsxBytes(def, data.rows()));
      controller.close();
    },
  });
  return { filename, contentType: XLSX_TYPE, total: data.total, body };
}

/** The audit entry of an export (never a contact detail: the report, format, range and row count). */
export function auditReportExport(input: ReportInput, key: ReportKey, format: FileFormat, total: number, by: { actor: Actor; ip: string | null }): Promise<void> {
  const def = definitionOf(key);
  const { from, to } = input.period.range;
  return recordAudit(input.site.store.db, {
    actor: by.actor,
    action: "report.exported",
    label: `${def.title} exported to ${format.toUpperCase()} (${total} rows, ${from} to ${to})`,
    target: { type: "report", id: key },
    meta: { report: key, site: input.site.id, format, from, to, rows: total },
    ip: by.ip,
    at: input.now,
  });
}
