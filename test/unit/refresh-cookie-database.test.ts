import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The script runs as the operator runs it, on a copy of the data folder (--into): the
// repository's copy is never touched.
const DATA = new URL("../../data/open-cookie-database/", import.meta.url).pathname;
const SCRIPT = new URL("../../scripts/refresh-cookie-database.ts", import.meta.url).pathname;
const original = readFileSync(join(DATA, "open-cookie-database.csv"), "utf8");
const [header, ...lines] = original.trimEnd().split("\n");
const work = mkdtempSync(join(tmpdir(), "tm-ocd-"));
const dir = join(work, "data");
afterAll(() => rmSync(work, { recursive: true, force: true }));
beforeEach(() => {
  rmSync(dir, { recursive: true, force: true });
  cpSync(DATA, dir, { recursive: true });
});

function refresh(csv: string | null, ...extra: string[]) {
  const file = join(work, csv === null ? "missing.csv" : "new.csv");
  if (csv !== null) writeFileSync(file, csv);
  const run = Bun.spawnSync([process.execPath, SCRIPT, file, "--into", dir, ...extra]);
  return { code: run.exitCode, out: run.stdout.toString(), err: run.stderr.toString() };
}
const copy = (name: string) => readFileSync(join(dir, name), "utf8");
const today = new Date().toISOString().slice(0, 10);
const row = (category: string, name: string, wildcard: string) => `11111111-2222-3333-4444-555555555555,Shop,${category},${name},,"Keeps the cart, per visit",session,Shop Inc,,${wildcard}`;

describe("refresh-cookie-database", () => {
  test("a good file replaces the copy and updates SOURCE.md's row count and date", () => {
    const csv = [header, ...lines, row("Functional", "shop_cart", "0"), row("Marketing", "shop_ad_", "1")].join("\n") + "\n";
    const result = refresh(csv);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain("2266 rows (was 2264)");
    expect(copy("open-cookie-database.csv")).toBe(csv);
    const source = copy("SOURCE.md");
    expect(source).toContain("\n- Rows: 2,266\n");
    expect(source).toContain(`\n- Refreshed: ${today}\n`);
    // Everything else in the note stays.
    expect(source.replace(/- Rows: .*\n- Refreshed: .*\n/, "")).toBe(readFileSync(join(DATA, "SOURCE.md"), "utf8").replace(/- Rows: .*\n- Refreshed: .*\n/, ""));
    expect(readFileSync(join(DATA, "open-cookie-database.csv"), "utf8")).toBe(original);
  });

  const bad: [string, string, string][] = [
    ["a renamed column", [header.replace("Wildcard match", "Wildcard"), ...lines].join("\n"), "line 1: the header must be exactly: ID,Platform,Category,"],
    ["a missing column", [header.replace(",Wildcard match", ""), ...lines].join("\n"), "line 1: the header must be exactly"],
    ["an unknown category", [header, ...lines.slice(0, 3), row("Tracking", "x", "0")].join("\n"), 'line 5: category "Tracking" is not one of Functional, Security, Necessary, Analytics, Marketing, Personalization'],
    ["a wildcard that is not 0 or 1", [header, row("Analytics", "x_", "yes")].join("\n"), 'line 2: Wildcard match "yes" is not 0 or 1'],
    ["an empty name", [header, row("Analytics", "  ", "0")].join("\n"), "line 2: the name is empty"],
    ["a row short of columns", [header, "a,b,Analytics,x"].join("\n"), "line 2: 4 columns, expected 10"],
    ["an unclosed quote", [header, '1,P,Analytics,x,,"never closed,1 year,C,,0'].join("\n"), "Quote Not Closed"],
    ["no rows", header + "\n", "the file has no rows"],
  ];
  for (const [what, csv, message] of bad) {
    test(`refuses ${what}, exit 2, nothing changed`, () => {
      const result = refresh(csv);
      expect(result.code).toBe(2);
      expect(result.err).toStartWith(`refused ${join(work, "new.csv")}, nothing changed:`);
      expect(result.err).toContain(message);
      expect(copy("open-cookie-database.csv")).toBe(original);
      expect(copy("SOURCE.md")).toBe(readFileSync(join(DATA, "SOURCE.md"), "utf8"));
    });
  }

  test("lists at most 20 problems of a file wrong on every row", () => {
    const result = refresh([header, ...lines.map((l) => l.replace(/,[01]$/, ",2"))].join("\n"));
    expect(result.code).toBe(2);
    expect(result.err).toContain("2264 problems:");
    expect(result.err.match(/^ {2}line /gm)?.length).toBe(20);
    expect(result.err).toContain("… and 2244 more");
  });

  test("a missing file or no file: exit 2", () => {
    const missing = refresh(null);
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`refused ${join(work, "missing.csv")}: no such file\n`);
    const none = Bun.spawnSync([process.execPath, SCRIPT]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr.toString()).toContain("usage: bun scripts/refresh-cookie-database.ts FILE.csv [--into DIR]");
  });
});
