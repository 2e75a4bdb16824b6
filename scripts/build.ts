/**
 * `npm run build`: the tracking script, the dashboard app (dist/dashboard-web), then one
 * self-contained executable per service in dist/ (bun build --compile).
 */
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildDashboard } from "../lib/dashboard/build.ts";

const root = join(import.meta.dir, "..");
const services = ["router", "ingest", "query", "hooks", "dashboard"];
/** Worker threads a service starts, bundled as extra entrypoints (Bun's rule for workers in executables). */
const workers: Record<string, string[]> = { router: ["lib/ingest/collect-worker.ts", "services/query/worker.ts"], ingest: ["lib/ingest/collect-worker.ts"] };
mkdirSync(join(root, "dist"), { recursive: true });
// The tracking script first: it is embedded in the ingest service (prints its gzip size, fails over 6 KB).
const tracker = Bun.spawnSync([process.execPath, join(root, "scripts/build-tracker.ts")], { cwd: root, stdout: "inherit", stderr: "inherit" });
if (tracker.exitCode !== 0) process.exit(tracker.exitCode ?? 1);
// The dashboard's single-page app: hashed files with .gz/.br beside them (lib/dashboard/build.ts).
const dashboard = await buildDashboard();
for (const file of dashboard.files.filter((f) => dashboard.firstPage.includes(f.name))) {
  console.log(`dist/dashboard-web/${file.name}  ${file.bytes} B, gzip ${file.gzip} B, brotli ${file.brotli} B`);
}
for (const name of services) {
  const out = join(root, "dist", name);
  const result = Bun.spawnSync([process.execPath, "build", "--compile", "--sourcemap", join(root, "services", name, "main.ts"), ...(workers[name] ?? []).map((w) => join(root, w)), "--outfile", out], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0) {
    process.stderr.write(result.stdout.toString() + result.stderr.toString());
    process.exit(result.exitCode ?? 1);
  }
  console.log(`dist/${name}  ${(statSync(out).size / 1e6).toFixed(1)} MB`);
}
