import { stringify } from "csv-stringify/sync";
import { collectGarbage } from "./memory.ts";

/**
 * The one CSV writer (docs/reports.md "Files"): RFC 4180 (comma, CRLF line ends, a field with a
 * comma, quote or line break quoted, quotes doubled), UTF-8 with a byte-order mark so Excel reads
 * accents, a header row first. A text cell a spreadsheet would read as a formula (one starting
 * with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so exported data cannot
 * run as a formula on the reader's machine (OWASP "CSV injection"); numbers are written as they
 * are — csv-stringify's `escape_formulas` looks at strings only, so -5 stays -5.
 */

export type CsvCell = string | number | null;

/** Rows handed to csv-stringify at a time: large enough to be quick, small enough to keep memory flat. */
const BATCH_ROWS = 1_000;
/** CSV written between two garbage collections (lib/memory.ts: why a long export collects). */
const COLLECT_BYTES = 2 ** 19;

const OPTIONS = {
  escape_formulas: true,
  record_delimiter: "windows",
  // csv-stringify quotes a field holding the whole "\r\n" but not a lone "\n" or "\r"; RFC 4180 quotes any line break.
  quoted_match: /[\r\n]/,
} as const;

/**
 * The CSV as a byte stream. Each pull takes the next batch of rows from the iterator and writes
 * it, and the stream asks again only once the reader took the last one — so a million-row report
 * is never held in memory, only one batch of it.
 */
export function csvStream(header: readonly string[], rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  type Cells = readonly CsvCell[];
  let iterator: Iterator<Cells> | AsyncIterator<Cells> | null = null;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = iterator === null;
      iterator ??= Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
      const batch: Cells[] = first ? [header] : [];
      let done = false;
      while (batch.length < BATCH_ROWS) {
        // A synchronous source is not awaited row by row (a million rows, a million microtasks).
        let next = iterator.next();
        if (next instanceof Promise) next = await next;
        if (next.done) {
          done = true;
          break;
        }
        batch.push(next.value);
      }
      if (batch.length > 0) {
        const bytes = encoder.encode(stringify(batch, { ...OPTIONS, bom: first }));
        controller.enqueue(bytes);
        written += bytes.length;
        if (written >= COLLECT_BYTES) {
          collectGarbage();
          written = 0;
        }
      }
      if (done) controller.close();
    },
    async cancel() {
      // A reader gone mid-file: let a store-backed iterator close its statement.
      await iterator?.return?.();
    },
  });
}

/** A file answer the browser saves (never cached: exports may hold personal data). */
export function fileResponse(filename: string, contentType: string, body: BodyInit): Response {
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "no-store",
    },
  });
}

export const CSV_TYPE = "text/csv; charset=utf-8";
