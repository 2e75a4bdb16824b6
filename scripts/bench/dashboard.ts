/**
 * `bun run bench dashboard`: what the dashboard's first page ships. Builds the app into a
 * temporary folder (lib/dashboard/build.ts, as `npm run build` does) and prints the JavaScript
 * and CSS that index.html loads, raw, gzip (level 9) and brotli (quality 11), against the
 * issue's goal of 120 KB gzip. (Time to the overview's numbers and Lighthouse come later.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDashboard } from "../../lib/dashboard/build.ts";
import { machine } from "./harness.ts";

const GOAL_GZIP_BYTES = 120 * 1024;
const dir = mkdtempSync(join(tmpdir(), "tm-bench-dashboard-"));
try {
  const started = performance.now();
  const manifest = await buildDashboard(join(dir, "dashboard"));
  const buildMs = performance.now() - started;
  const first = manifest.files.filter((f) => manifest.firstPage.includes(f.name) || f.name === "index.html");
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(machine());
  console.log(`build: ${buildMs.toFixed(0)} ms`);
  console.log("file".padEnd(28), "raw".padStart(10), "gzip".padStart(10), "brotli".padStart(10));
  for (const f of first) console.log(f.name.padEnd(28), kb(f.bytes).padStart(10), kb(f.gzip).padStart(10), kb(f.brotli).padStart(10));
  const sum = (pick: (f: (typeof first)[number]) => number) => first.reduce((total, f) => total + pick(f), 0);
  console.log("first page".padEnd(28), kb(sum((f) => f.bytes)).padStart(10), kb(sum((f) => f.gzip)).padStart(10), kb(sum((f) => f.brotli)).padStart(10));
  const gzip = sum((f) => f.gzip);
  console.log(`goal ≤ ${kb(GOAL_GZIP_BYTES)} gzip: ${gzip <= GOAL_GZIP_BYTES ? "met" : "MISSED"} (${((gzip / GOAL_GZIP_BYTES) * 100).toFixed(0)} % of it)`);
  if (gzip > GOAL_GZIP_BYTES) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
