/**
 * `bun scripts/refresh-cookie-database.ts FILE.csv [--into DIR]`: replaces the project's copy of
 * the Open Cookie Database (data/open-cookie-database/, or DIR) with a newer CSV after checking
 * every row, and updates SOURCE.md's row count and refresh date. A file that fails a check is
 * refused (exit 2) and nothing changes. See data/open-cookie-database/SOURCE.md.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readCookieDatabase } from "../lib/consent/cookie-database.ts";

const CSV_FILE = "open-cookie-database.csv";
const ROWS_LINE = /^- Rows: [\d,]+$/m;
const DATE_LINE = /^- Refreshed: \d{4}-\d{2}-\d{2}$/m;
/** At most this many problems are listed: a wrong file usually fails on every row. */
const SHOWN_PROBLEMS = 20;

class Refused extends Error {}

/** Checks `csv`, then writes it and the updated SOURCE.md into `dir`; returns the old and new row counts. */
export function refreshCookieDatabase(csv: string, dir: string, today: string): { before: number; after: number } {
  const { rows, problems } = readCookieDatabase(csv);
  if (problems.length > 0) {
    const listed = problems.slice(0, SHOWN_PROBLEMS).map((p) => `  line ${p.line}: ${p.message}`);
    if (problems.length > SHOWN_PROBLEMS) listed.push(`  … and ${problems.length - SHOWN_PROBLEMS} more`);
    throw new Refused(`${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${listed.join("\n")}`);
  }
  if (rows.length === 0) throw new Refused("the file has no rows");
  const sourcePath = join(dir, "SOURCE.md");
  if (!existsSync(sourcePath)) throw new Refused(`${sourcePath} is missing`);
  const source = readFileSync(sourcePath, "utf8");
  if (!ROWS_LINE.test(source) || !DATE_LINE.test(source)) throw new Refused(`${sourcePath} has no "- Rows: N" and "- Refreshed: YYYY-MM-DD" lines to update`);
  const csvPath = join(dir, CSV_FILE);
  const before = existsSync(csvPath) ? readCookieDatabase(readFileSync(csvPath, "utf8")).rows.length : 0;
  const updated = source.replace(ROWS_LINE, `- Rows: ${rows.length.toLocaleString("en-US")}`).replace(DATE_LINE, `- Refreshed: ${today}`);
  // Written aside and renamed: a reader never sees half a file.
  writeFileSync(`${csvPath}.new`, csv);
  writeFileSync(`${sourcePath}.new`, updated);
  renameSync(`${csvPath}.new`, csvPath);
  renameSync(`${sourcePath}.new`, sourcePath);
  return { before, after: rows.length };
}

function main(argv: string[]): number {
  const usage = "usage: bun scripts/refresh-cookie-database.ts FILE.csv [--into DIR]";
  let file: string;
  let dir: string;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { into: { type: "string" } }, allowPositionals: true });
    if (positionals.length !== 1) throw new Error("one CSV file is needed");
    file = positionals[0];
    dir = values.into ?? join(import.meta.dir, "..", "data", "open-cookie-database");
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`refused ${file}: no such file`);
    return 2;
  }
  try {
    const { before, after } = refreshCookieDatabase(readFileSync(file, "utf8"), dir, new Date().toISOString().slice(0, 10));
    console.log(`${join(dir, CSV_FILE)}: ${after} rows (was ${before}); SOURCE.md updated. Update its commit line by hand.`);
    return 0;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    console.error(`refused ${file}, nothing changed: ${error.message}`);
    return 2;
  }
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
