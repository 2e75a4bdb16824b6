/**
 * CSV text (RFC 4180: comma-separated, CRLF line ends, a field with a comma, quote or line break
 * quoted, quotes doubled). A cell a spreadsheet would read as a formula (one starting with =, +,
 * -, @, or a tab or carriage return) gets a leading apostrophe: exported personal data cannot run
 * as a formula on the reader's machine (OWASP "CSV injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** A CSV answer the browser saves as a file (never cached: it holds personal data). */
export function csvFile(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "no-store",
    },
  });
}
