import { describe, expect, test } from "bun:test";
import { read, utils } from "xlsx";
import type { ReportDefinition } from "../../lib/reports/catalogue.ts";
import { reportFile, reportFileName } from "../../lib/reports/export.ts";
import { ApiError } from "../../lib/errors.ts";
import { sheetNameOf, xlsxBytes } from "../../lib/reports/xlsx-file.ts";

/** The XLSX workbook of a report on hand-made rows (typed cells, formats), and export file names. */

const DEF: ReportDefinition = {
  key: "source_medium",
  category: "Acquisition",
  title: "Source / medium: a long report title",
  description: "",
  pii: false,
  needs: [],
  feature: null,
  columns: [
    { key: "name", label: "Name", type: "text" },
    { key: "day", label: "Day", type: "date" },
    { key: "at", label: "At", type: "timestamp" },
    { key: "n", label: "Count", type: "integer" },
    { key: "avg", label: "Average", type: "decimal" },
    { key: "rate", label: "Rate", type: "rate" },
    { key: "money", label: "Revenue", type: "money" },
  ],
};

describe("xlsxBytes", () => {
  test("typed cells with formats, the labels as header, a sheet named after the report", async () => {
    const rows = [
      { name: "=HYPERLINK(\"x\")", day: "2026-11-10", at: "2026-11-10T09:30:15.000Z", n: 12, avg: 3.5, rate: 0.125, money: -19.99 },
      { name: null, day: "2026-03-29", at: "2026-03-29T01:00:00.000Z", n: 0, avg: null, rate: 1, money: 1234.5 },
    ];
    const book = read(await xlsxBytes(DEF, rows), { type: "buffer", cellNF: true });
    expect(book.SheetNames).toEqual(["Source - medium- a long report "]);
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet["!ref"]).toBe("A1:G3");
    expect(utils.sheet_to_json(sheet, { header: 1 })[0]).toEqual(["Name", "Day", "At", "Count", "Average", "Rate", "Revenue"]);
    // A text that looks like a formula stays a string cell: no formula is written.
    expect(sheet.A2).toMatchObject({ t: "s", v: '=HYPERLINK("x")' });
    expect(sheet.A2.f).toBeUndefined();
    expect(sheet.A3).toBeUndefined();
    expect(sheet.B2).toMatchObject({ t: "n", v: 46336, z: "yyyy-mm-dd" });
    expect(sheet.C2.t).toBe("n");
    expect(sheet.C2.z).toBe("yyyy-mm-dd hh:mm:ss");
    expect(Math.round((sheet.C2.v - 25569) * 86_400_000)).toBe(Date.parse("2026-11-10T09:30:15Z"));
    expect(sheet.D2).toMatchObject({ t: "n", v: 12 });
    expect(sheet.E2).toMatchObject({ t: "n", v: 3.5 });
    expect(sheet.E3).toBeUndefined();
    expect(sheet.F2).toMatchObject({ t: "n", v: 0.125, z: "0.00%" });
    expect(sheet.G2).toMatchObject({ t: "n", v: -19.99, z: "#,##0.00" });
    expect(sheet.G3.w).toBe("1,234.50");
  });

  test("sheet names lose the characters Excel forbids and stop at 31", () => {
    expect(sheetNameOf("Source / medium")).toBe("Source - medium");
    expect(sheetNameOf("a[b]c:d*e?f\\g")).toBe("a-b-c-d-e-f-g");
    expect(sheetNameOf("x".repeat(40))).toHaveLength(31);
  });
});

test("file names: the site's name as an ASCII slug, the key and the range", () => {
  const range = { from: "2026-11-01", to: "2026-11-07" };
  expect(reportFileName("Café Zürich & Co.", "kpi_daily", range, "csv")).toBe("cafe-zurich-co_kpi_daily_2026-11-01_2026-11-07.csv");
  expect(reportFileName("東京", "leads", range, "xlsx")).toBe("site_leads_2026-11-01_2026-11-07.xlsx");
});

describe("reportFile", () => {
  const rows = [{ name: "-5", day: "2026-11-10", at: null, n: -5, avg: 1.5, rate: 0.5, money: -0.01 }];

  test("CSV: the labels, then the cells in column order, text escaped, numbers as they are", async () => {
    const file = reportFile(DEF, { total: 1, rows: () => rows }, "csv", "x.csv");
    expect(file).toMatchObject({ filename: "x.csv", contentType: "text/csv; charset=utf-8", total: 1 });
    const text = new TextDecoder().decode(new Uint8Array(await new Response(file.body).arrayBuffer()).slice(3));
    expect(text).toBe("Name,Day,At,Count,Average,Rate,Revenue\r\n'-5,2026-11-10,,-5,1.5,0.5,-0.01\r\n");
  });

  test("XLSX above 200 000 rows is refused with 422 naming format, before any row is read", () => {
    let read = false;
    const big = { total: 200_001, rows: () => ((read = true), []) };
    let error: unknown = null;
    try {
      reportFile(DEF, big, "xlsx", "x.xlsx");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "format", message: "an XLSX file holds at most 200000 rows here (REPORT_XLSX_MAX_ROWS) and this report has 200001: use csv" }] });
    expect(read).toBe(false);
    expect(reportFile(DEF, { total: 200_000, rows: () => [] }, "xlsx", "x.xlsx").contentType).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    // An operator's lower REPORT_XLSX_MAX_ROWS (a small server) refuses sooner.
    expect(() => reportFile(DEF, { total: 3, rows: () => [] }, "xlsx", "x.xlsx", 2)).toThrow("at most 2 rows here (REPORT_XLSX_MAX_ROWS) and this report has 3: use csv");
  });
});
