/**
 * Builds the tracking script: services/ingest/tracker/tracker.ts → tracker.min.js (committed,
 * embedded in the ingest service and its binary). Prints raw and gzip sizes; fails above 6 KB gzip.
 *   bun scripts/build-tracker.ts [--check]   (--check: fail when the committed file is out of date)
 */
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { readFileSync, writeFileSync, existsSync } from "node:fs";

const dir = join(import.meta.dir, "../services/ingest/tracker");
const LIMIT = 6 * 1024;

export async function buildTracker(): Promise<string> {
  const result = await Bun.build({ entrypoints: [join(dir, "tracker.ts")], minify: true, target: "browser", format: "iife" });
  if (!result.success) throw new Error(result.logs.map(String).join("\n"));
  return (await result.outputs[0].text()).trim() + "\n";
}

if (import.meta.main) {
  const code = await buildTracker();
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(`tracker.min.js  ${code.length} bytes, ${gz} bytes gzip (limit ${LIMIT})`);
  if (gz > LIMIT) {
    console.error("tracker is over the 6 KB gzip budget");
    process.exit(1);
  }
  const out = join(dir, "tracker.min.js");
  if (process.argv.includes("--check")) {
    if (!existsSync(out) || readFileSync(out, "utf8") !== code) {
      console.error("tracker.min.js is out of date: run bun scripts/build-tracker.ts");
      process.exit(1);
    }
  } else writeFileSync(out, code);
}
