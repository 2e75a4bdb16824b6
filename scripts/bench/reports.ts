/**
 * `bun run bench reports`: the report library on the benchmarks' seeded site (~10 M events over
 * 90 days, scripts/bench/seeded-site.ts), copied once into a folder of this bench's own with
 * 1 000 000 leads added (spread evenly over the last 100 days, written straight into the store).
 *
 * 1. Every report's JSON answer over the seed's 90 days: per run a fresh server, one request to
 *    load, --warm warm requests, their p50; the figure is the median of --runs runs.
 * 2. The `leads` report as CSV over 101 days (all 1 M rows): rows/s, and the server's RSS growth
 *    over its RSS before the export (sampled every 10 ms while the file streams).
 * 3. The `leads` report as XLSX over the last 20 days (~200 k rows): seconds and RSS growth.
 * Options: --visitors 1500000 --days 90 --warm 20 --runs 3 --leads 1000000 --fresh
 */
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { Temporal } from "temporal-polyfill";
import { flag, machine, median, memoryOf, startProcess } from "./harness.ts";
import { p95, seededSite, timedCall } from "./seeded-site.ts";
import { REPORT_KEYS } from "../../lib/reports/catalogue.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { readSettings } from "../../lib/config.ts";
import { orgStore } from "../../lib/db/org-store.ts";
import { setLogging } from "../../lib/log.ts";
import { newId } from "../../lib/ids.ts";

const visitors = flag("visitors", 1_500_000);
const days = flag("days", 90);
const warmRuns = flag("warm", 20);
const runs = flag("runs", 3);
const LEADS = flag("leads", 1_000_000);
const LEAD_DAYS = 100;
const XLSX_DAYS = 20;

const seeded = await seededSite(visitors, days);
const { boot } = seeded.seeded;
const dataDir = `${seeded.dataDir}-reports`;
const marker = `${dataDir}/leads.json`;
if (process.argv.includes("--fresh")) rmSync(dataDir, { recursive: true, force: true });

if (!existsSync(marker)) {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(seeded.dataDir, dataDir, { recursive: true });
  setLogging(false);
  // Opening the org's store through the platform brings its schema up to date first.
  const platform = openPlatform(readSettings({ ...process.env, ...seeded.env, DATA_DIR: dataDir }));
  await orgStore(platform, boot.orgId);
  closePlatform(platform);
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`));
  const insert = db.prepare(
    "INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, extra, path, country, channel, campaign, source_medium) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?)",
  );
  const now = Date.now();
  const step = (LEAD_DAYS * 86_400_000) / LEADS;
  const sources = ["popup", "spin", "form", "api"] as const;
  const channels = ["Organic Search", "Paid Search", "Direct", "Email", "Organic Social"];
  db.transaction(() => {
    for (let i = 0; i < LEADS; i++) {
      const source = sources[i % sources.length];
      insert.run(
        newId(), boot.siteId, Math.floor(now - i * step), source, `${source} ${i % 7}`,
        // Every 50th name would run as a formula in a spreadsheet: the export escapes it.
        i % 50 === 0 ? `=HYPERLINK("x","Lead ${i}")` : `Lead ${i}`, `lead${i}@example.com`, `+4930${String(i).padStart(7, "0")}`, i % 3 ? `Company ${i % 997}` : null,
        i % 5 ? null : "Please call me back", `/pricing/${i % 40}`, ["DE", "FR", "US", "GB"][i % 4], channels[i % channels.length], i % 4 ? "spring_sale" : null, "google / cpc",
      );
    }
  })();
  db.close();
  writeFileSync(marker, JSON.stringify({ leads: LEADS }));
}

const env = { ...seeded.env, DATA_DIR: dataDir };
const base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/reports`;
const tz = (() => {
  const control = new Database(join(dataDir, "control.sqlite"), { readonly: true });
  const { timezone } = control.query("SELECT timezone FROM sites WHERE id = ?").get(boot.siteId) as { timezone: string };
  control.close();
  return timezone;
})();
const today = Temporal.Now.plainDateISO(tz);
const range = (n: number) => `from=${today.subtract({ days: n - 1 })}&to=${today}`;

/** Downloads a file answer while sampling the server's RSS; rows counted by line ends (no cell holds one). */
async function download(url: string, pid: number, path: string) {
  const before = memoryOf(pid).rssMiB;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMiB)), 10);
  const started = performance.now();
  try {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const chunk = r.value;
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, memoryOf(pid).rssMiB);
    return { seconds, bytes, lines, before, growth: peak - before, peak };
  } finally {
    clearInterval(sampler);
  }
}

const jsonP50s = new Map<string, number[]>(REPORT_KEYS.map((k) => [k, []]));
const totals = new Map<string, number>();
const csvRuns: Awaited<ReturnType<typeof download>>[] = [];
const xlsxRuns: (Awaited<ReturnType<typeof download>> & { rows: number })[] = [];
for (let run = 0; run < runs; run++) {
  const server = await startProcess(["services/router/main.ts"], env);
  try {
    for (const key of REPORT_KEYS) {
      const q = { name: key, path: `${base}/${key}?${range(days)}` };
      const first = await timedCall(server.url, boot.key, q);
      if (first.status !== 200) throw new Error(`${key}: ${first.status} ${JSON.stringify(first.body)}`);
      totals.set(key, (first.body as { total: number }).total);
      const warm: number[] = [];
      for (let w = 0; w < warmRuns; w++) warm.push((await timedCall(server.url, boot.key, q)).ms);
      jsonP50s.get(key)!.push(median(warm));
      console.error(`run ${run + 1}, ${key}: total ${totals.get(key)}, warm p50 ${median(warm).toFixed(1)} ms, p95 ${p95(warm).toFixed(1)} ms`);
    }
    const csv = await download(server.url, server.proc.pid, `${base}/leads?${range(LEAD_DAYS + 1)}&format=csv`);
    csvRuns.push(csv);
    console.error(`run ${run + 1}, leads CSV: ${csv.lines - 1} rows in ${csv.seconds.toFixed(2)} s, RSS ${csv.before} → peak ${csv.peak} MiB`);
    const xlsxTotal = (await timedCall(server.url, boot.key, { name: "xlsx rows", path: `${base}/leads?${range(XLSX_DAYS)}` })).body as { total: number };
    const xlsx = await download(server.url, server.proc.pid, `${base}/leads?${range(XLSX_DAYS)}&format=xlsx`);
    xlsxRuns.push({ ...xlsx, rows: xlsxTotal.total });
    console.error(`run ${run + 1}, leads XLSX: ${xlsxTotal.total} rows in ${xlsx.seconds.toFixed(2)} s, RSS ${xlsx.before} → peak ${xlsx.peak} MiB`);
  } finally {
    await server.stop();
  }
}

console.log(`\nReport library on one site: ${seeded.seeded.events.toLocaleString("en")} events, ${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days, ${LEADS.toLocaleString("en")} leads; ${machine()}`);
console.log(`JSON: ${warmRuns} warm requests per run over ${days} days, median of ${runs} runs (goal < 150 ms)\n`);
console.log(["report".padEnd(24), "rows".padStart(9), "warm p50".padStart(9), "  runs' p50s"].join(" "));
for (const key of REPORT_KEYS) {
  const p50s = jsonP50s.get(key)!;
  console.log([key.padEnd(24), String(totals.get(key)).padStart(9), median(p50s).toFixed(1).padStart(9), `  ${p50s.map((x) => x.toFixed(1)).join(", ")}`].join(" "));
}
const csvMid = median(csvRuns.map((r) => r.seconds));
const csvRows = csvRuns[0].lines - 1;
console.log(`\nleads CSV, ${csvRows.toLocaleString("en")} rows (${(csvRuns[0].bytes / 2 ** 20).toFixed(0)} MiB): median ${csvMid.toFixed(2)} s = ${Math.round(csvRows / csvMid).toLocaleString("en")} rows/s; RSS growth ${csvRuns.map((r) => r.growth).join(", ")} MiB (median ${median(csvRuns.map((r) => r.growth))}; goal < 64)`);
console.log(`leads XLSX, ${xlsxRuns[0].rows.toLocaleString("en")} rows (${(xlsxRuns[0].bytes / 2 ** 20).toFixed(1)} MiB): median ${median(xlsxRuns.map((r) => r.seconds)).toFixed(2)} s; RSS growth ${xlsxRuns.map((r) => r.growth).join(", ")} MiB, peak RSS ${xlsxRuns.map((r) => r.peak).join(", ")} MiB`);
