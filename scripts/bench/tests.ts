/**
 * `bun run bench tests [filter…] [--jobs 1] [--top 20]`: runs each test file under test/ alone
 * (`bun test <file>`, as a newcomer would) and prints the slowest twenty by CPU time (user + sys
 * of the file's process and the children it waited for: servers, Chromium, tsc), with its wall
 * time, hooks included. CPU is the figure to compare on a shared machine: wall time grows with
 * whatever else runs, CPU time barely. A filter keeps the files whose path contains it
 * (`bun run bench tests browser/ cookie`). --jobs runs that many files at once (wall times then
 * disturb each other; CPU times do not). A file that fails is marked, its time still counted.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { flag, machine, ROOT } from "./harness.ts";

const jobs = Math.max(1, flag("jobs", 1));
const top = flag("top", 20);
const valued = new Set(["--jobs", "--top"]);
const filters = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !valued.has(all[i - 1] ?? ""));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return testFiles(path);
    return e.name.endsWith(".test.ts") ? [relative(ROOT, path)] : [];
  });
}

type FileTime = { file: string; wallS: number; cpuS: number; ok: boolean; failures: string[] };

async function measure(file: string): Promise<FileTime> {
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, "test", `./${file}`], { cwd: ROOT, stdout: "ignore", stderr: "pipe" });
  const [output, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  const wallS = (performance.now() - started) / 1000;
  const cpu = proc.resourceUsage()?.cpuTime;
  // cpuTime is in microseconds (bigints).
  const cpuS = cpu ? Number(cpu.user + cpu.system) / 1e6 : NaN;
  // bun test reports on stderr: a failed test's name, and the file's error outside any test.
  const failures = output.split("\n").filter((line) => line.startsWith("(fail)") || /^error: /.test(line));
  return { file, wallS, cpuS, ok: code === 0, failures };
}

const files = testFiles(join(ROOT, "test"))
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  console.error(`no test file matches ${filters.join(", ")}`);
  process.exit(2);
}
console.error(`${files.length} files, ${jobs} at a time — ${machine()}`);

const results: FileTime[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const r = await measure(file);
      results.push(r);
      console.error(`${r.ok ? "  " : "✗ "}${r.file}  cpu ${r.cpuS.toFixed(1)} s  wall ${r.wallS.toFixed(1)} s`);
      for (const line of r.failures) console.error(`    ${line}`);
    }
  }),
);

results.sort((a, b) => b.cpuS - a.cpuS);
const sum = (k: "cpuS" | "wallS") => results.reduce((s, r) => s + r[k], 0);
console.log(`\nslowest ${Math.min(top, results.length)} of ${results.length} by CPU (user+sys)   cpu s   wall s`);
for (const r of results.slice(0, top)) {
  console.log(`${r.ok ? " " : "✗"} ${r.file.padEnd(52)} ${r.cpuS.toFixed(1).padStart(7)} ${r.wallS.toFixed(1).padStart(8)}`);
}
console.log(`  ${"total".padEnd(52)} ${sum("cpuS").toFixed(1).padStart(7)} ${sum("wallS").toFixed(1).padStart(8)}`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) console.log(`${failed.length} failed: ${failed.map((r) => r.file).join(", ")}`);
process.exit(failed.length > 0 ? 1 : 0);
