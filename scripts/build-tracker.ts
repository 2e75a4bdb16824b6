/**
 * Builds the page scripts (committed, embedded in the ingest service and its binary):
 * services/ingest/tracker/tracker.ts → tracker.min.js, the core (≤ 6 KB gzip), and
 * engage.ts → engage.min.js, the engagement chunk the core loads on demand (≤ 12 KB gzip).
 * Prints raw and gzip sizes; fails above a budget.
 *   bun scripts/build-tracker.ts [--check]   (--check: fail when a committed file is out of date)
 */
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { readFileSync, writeFileSync, existsSync } from "node:fs";

const dir = join(import.meta.dir, "../services/ingest/tracker");
export const BUNDLES = [
  { entry: "tracker.ts", out: "tracker.min.js", limit: 6 * 1024 },
  { entry: "engage.ts", out: "engage.min.js", limit: 12 * 1024 },
] as const;

export async function buildBundle(entry: string): Promise<string> {
  const result = await Bun.build({ entrypoints: [join(dir, entry)], minify: true, target: "browser", format: "iife" });
  if (!result.success) throw new Error(result.logs.map(String).join("\n"));
  return (await result.outputs[0].text()).trim() + "\n";
}

export const buildTracker = () => buildBundle("tracker.ts");

if (import.meta.main) {
  let failed = false;
  for (const b of BUNDLES) {
    const code = await buildBundle(b.entry);
    const gz = gzipSync(code, { level: 9 }).length;
    console.log(`${b.out.padEnd(15)} ${code.length} bytes, ${gz} bytes gzip (limit ${b.limit})`);
    if (gz > b.limit) {
      console.error(`${b.out} is over its ${b.limit / 1024} KB gzip budget`);
      failed = true;
      continue;
    }
    const out = join(dir, b.out);
    if (process.argv.includes("--check")) {
      if (!existsSync(out) || readFileSync(out, "utf8") !== code) {
        console.error(`${b.out} is out of date: run bun scripts/build-tracker.ts`);
        failed = true;
      }
    } else writeFileSync(out, code);
  }
  if (failed) process.exit(1);
}
