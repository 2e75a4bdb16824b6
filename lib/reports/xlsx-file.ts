import { utils, write, type CellObject, type WorkSheet } from "xlsx";
import type { ReportColumn, ReportDefinition } from "./catalogue.ts";
import type { Cell, ReportRows } from "./report.ts";


/**
 * A report as an XLSX workbook (docs/reports.md "Files"): one sheet named after the report, the
 * column labels as the header row, typed cells. Written with SheetJS, which Tidemark uses for
 * writing only — it never parses a spreadsheet. The community build writes no cell styles, so
 * the header row is plain, not bold.
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** REPORT_XLSX_MAX_ROWS's default: a workbook is built in memory, so above it an export is refused (use CSV). */
export const XLSX_MAX_ROWS = 200_000;

const DAY_MS = 86_400_000;
/** Excel's serial day of 1970-01-01 (its day 0 is 1899-12-30). */
const EPOCH_SERIAL = 25_569;
const serialOf = (ms: number) => ms / DAY_MS + EPOCH_SERIAL;

/** Number formats by column type (a rate is a fraction shown as a percentage). */
const FORMAT: Partial<Record<ReportColumn["type"], string>> = {
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm:ss",
  rate: "0.00%",
  money: "#,##0.00",
};

/** One cell as the column's type asks; null for an empty cell. A value that does not fit its type is written as text. */
function cellOf(column: ReportColumn, value: Cell): CellObject | null {
  if (value === null) return null;
  if (column.type === "date" || column.type === "timestamp") {
    const ms = typeof value === "string" ? Date.parse(column.type === "date" ? `${value}T00:00:00Z` : value) : NaN;
    return Number.isFinite(ms) ? { t: "n", v: serialOf(ms), z: FORMAT[column.type] } : { t: "s", v: String(value) };
  }
  if (column.type === "text" || typeof value === "string") return { t: "s", v: String(value) };
  const format = FORMAT[column.type];
  return format ? { t: "n", v: value, z: format } : { t: "n", v: value };
}

/** Excel forbids [ ] : * ? / \ in a sheet name and cuts it at 31 characters. */
export const sheetNameOf = (title: string) => title.replace(/[[\]:*?/\\]/g, "-").slice(0, 31);

/** The workbook's bytes. The caller checked the row count against XLSX_MAX_ROWS. */
export async function xlsxBytes(def: ReportDefinition, rows: ReportRows): Promise<Uint8Array<ArrayBuffer>> {
  // A dense sheet (an array of rows of cells, which SheetJS writes as it does an "A1"-keyed
  // one) keeps no address string and map entry per cell: a third of the memory on 200 000 rows.
  const dense: (CellObject | undefined)[][] = [def.columns.map((column) => ({ t: "s", v: column.label }))];
  for await (const row of rows) {
    dense.push(def.columns.map((column) => cellOf(column, row[column.key] ?? null) ?? undefined));
  }
  const sheet = dense as unknown as WorkSheet;
  sheet["!ref"] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: dense.length - 1, c: def.columns.length - 1 } });
  sheet["!cols"] = def.columns.map((column) => ({ wch: Math.max(10, column.label.length + 2) }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, sheetNameOf(def.title));
  // A Node Buffer, which is a Uint8Array.
  return write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Uint8Array<ArrayBuffer>;
}
