/**
 * `bun run bench recommendations`: the nightly recommendations job (docs/recommendations.md) and
 * the read endpoint it feeds.
 *
 * 1. The job over a fleet of --orgs organizations of one small site each (scripts/bench/
 *    tenant-fleet.ts: 20 organizations seeded through the ingest path at different sizes over the
 *    last 35 days, one of them under BENCHMARK_MIN_SESSIONS, copied to the others; six industries,
 *    one too small to publish; every 50th organization opted out). Built once in the temp folder.
 * 2. The job on the benchmarks' seeded site (~10 M events over 90 days, scripts/bench/
 *    seeded-site.ts), written into that seed's own folder (the job only adds its rows).
 * Each run is `admin recommendations compute` as a child process, the nightly job's steps
 * (computeRecommendations): its wall seconds and peak RSS (the child's VmHWM, sampled).
 * 3. GET …/sites/{siteId}/recommendations after the job: per run a fresh one-process server, one
 *    first request (timed apart: it opens the stores), then --warm requests, their p50 and p95;
 *    on the 10 M-event site and on one organization of the fleet.
 * Each figure is the median of --runs runs; every run's figure is printed too.
 * Options: --orgs 1000 --runs 3 --warm 50 --visitors 1500000 --days 90 --fresh (builds the
 * fleet and seeds the 10 M-event site again) --cold (one more job on the 10 M-event site with its
 * column snapshot moved aside, so every row is read; put back afterwards).
 */
import { Database } from "bun:sqlite";
import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { flag, machine, median, memoryOf, ROOT, startProcess } from "./harness.ts";
import { p95, seededSite, timedCall } from "./seeded-site.ts";
import { tenantFleet } from "./tenant-fleet.ts";
import { readSettings } from "../../lib/config.ts";
import type { JobSummary } from "../../lib/recommendations/nightly.ts";
import type { Recommendations } from "../../lib/recommendations/models.ts";

const orgs = flag("orgs", 1000);
const runs = flag("runs", 3);
const warmRuns = flag("warm", 50);
const visitors = flag("visitors", 1_500_000);
const days = flag("days", 90);

// The fleet: 20 seeded sizes (0.7–1.3 × 4 000 events; the last at 0.25, under the minimum),
// 35 days of traffic so the 28-day window is full.
const SEEDED = 20;
const EVENTS_PER_SITE = 4_000;
const FLEET_DAYS = 35;
const INDUSTRIES = ["retail", "saas", "media", "travel", "education"];
const SMALL_INDUSTRY = "nonprofit";
const scale = (o: number) => (o === SEEDED - 1 ? 0.25 : 0.7 + (0.6 * o) / (SEEDED - 2));
// Blocks of 20 (one of each size) take the industries in turn; every 250th joins an industry too
// small to publish (fewer than BENCHMARK_MIN_ORGS); every 50th is opted out.
const industry = (o: number) => (o % 250 === 249 ? SMALL_INDUSTRY : INDUSTRIES[Math.floor(o / SEEDED) % INDUSTRIES.length]);
const optedOut = (o: number) => o % 50 === 25;

// One process for the endpoint's server (no ingest, query or hooks service to forward to).
const ONE_PROCESS = { INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };

const fleet = await tenantFleet({
  orgs, sitesPerOrg: 1, eventsPerSite: EVENTS_PER_SITE, days: FLEET_DAYS,
  seeded: { orgs: Math.min(SEEDED, orgs), scale }, industry, optedOut,
  name: `tidemark-bench-recommendations-${orgs}-${EVENTS_PER_SITE}-${FLEET_DAYS}`,
});
const seeded = await seededSite(visitors, days);
const fleetEnv = { ...fleet.env, ...ONE_PROCESS };

interface JobRun {
  seconds: number;
  peakMiB: number;
  summary: JobSummary;
}

/**
 * `admin recommendations compute` in a child process: wall time from spawn to exit, and the
 * child's peak resident memory (VmHWM, read every 20 ms until it exits). Not the child's
 * `resourceUsage().maxRSS`: Linux carries the parent's high-water mark across the spawn's exec
 * into it (measured: a 27 MiB child of a 600 MiB bench reports 624 MiB).
 */
async function runJob(env: Record<string, string>): Promise<JobRun> {
  const started = performance.now();
  const proc = Bun.spawn([process.execPath, join(ROOT, "scripts/admin.ts"), "recommendations", "compute"], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "inherit" });
  let peakMiB = 0;
  const sampler = setInterval(() => {
    try {
      // An exiting process's status has no memory lines (NaN): its peak was read before.
      const { peakMiB: now } = memoryOf(proc.pid);
      if (Number.isFinite(now)) peakMiB = Math.max(peakMiB, now);
    } catch {
      /* exited between two samples */
    }
  }, 20);
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`admin recommendations compute exited ${code}: ${out}`);
  const summary = JSON.parse(out) as JobSummary;
  if (summary.failed !== 0) throw new Error(`the job failed on ${summary.failed} sites: ${out}`);
  return { seconds, peakMiB, summary };
}

/** Industries of the latest day in control `benchmark_results` that published any metric's percentiles, of all industries there. */
function publishedIndustries(dataDir: string): { published: number; industries: number; day: string } {
  const db = new Database(join(dataDir, "control.sqlite"), { readonly: true });
  try {
    const { day } = db.query("SELECT max(day) AS day FROM benchmark_results").get() as { day: string };
    const rows = db.query("SELECT industry, max(eligible) AS published FROM benchmark_results WHERE day = ? GROUP BY industry").all(day) as { industry: string; published: number }[];
    return { published: rows.filter((r) => r.published === 1).length, industries: rows.length, day };
  } finally {
    db.close();
  }
}

interface EndpointRun {
  firstMs: number;
  p50: number;
  p95: number;
}

/** One fresh server: a first request, then the warm ones; the answer must be 200 with items and benchmark rows. */
async function measureEndpoint(env: Record<string, string>, key: string, orgId: string, siteId: string): Promise<EndpointRun & { items: number; rows: number; peers: number }> {
  const server = await startProcess(["services/router/main.ts"], env);
  try {
    const call = { name: "recommendations", path: `/api/v1/orgs/${orgId}/sites/${siteId}/recommendations` };
    const first = await timedCall(server.url, key, call);
    if (first.status !== 200) throw new Error(`recommendations: ${first.status} ${JSON.stringify(first.body)}`);
    const body = first.body as Recommendations;
    if (body.items.length === 0 || body.benchmarks.rows.length === 0) throw new Error(`recommendations: no items or no benchmark rows ${JSON.stringify(body)}`);
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) {
      const r = await timedCall(server.url, key, call);
      if (r.status !== 200) throw new Error(`recommendations: ${r.status} ${JSON.stringify(r.body)}`);
      warm.push(r.ms);
    }
    return { firstMs: first.ms, p50: median(warm), p95: p95(warm), items: body.items.length, rows: body.benchmarks.rows.length, peers: body.benchmarks.rows.filter((r) => r.source === "peers").length };
  } finally {
    await server.stop();
  }
}

const jobs = { fleet: [] as JobRun[], site: [] as JobRun[] };
const endpoints = { site: [] as EndpointRun[], fleet: [] as EndpointRun[] };
const answers: Record<"site" | "fleet", string> = { site: "", fleet: "" };
// A fleet organization that contributes (not opted out, not the small size, a publishing industry).
const fleetOrg = fleet.fleet.orgs[1];

for (let run = 0; run < runs; run++) {
  const f = await runJob(fleetEnv);
  jobs.fleet.push(f);
  console.error(`run ${run + 1}, job on ${orgs} orgs: ${f.seconds.toFixed(1)} s, peak ${f.peakMiB} MiB, ${JSON.stringify(f.summary)}`);
  const s = await runJob(seeded.env);
  jobs.site.push(s);
  console.error(`run ${run + 1}, job on the 10 M-event site: ${s.seconds.toFixed(1)} s, peak ${s.peakMiB} MiB, ${JSON.stringify(s.summary)}`);
  for (const [which, env, key, orgId, siteId] of [
    ["site", seeded.env, seeded.seeded.boot.key, seeded.seeded.boot.orgId, seeded.seeded.boot.siteId],
    ["fleet", fleetEnv, fleetOrg.key, fleetOrg.orgId, fleetOrg.sites[0]],
  ] as const) {
    const e = await measureEndpoint(env, key, orgId, siteId);
    endpoints[which].push(e);
    answers[which] = `${e.items} items, ${e.rows} benchmark rows (${e.peers} with peers' percentiles)`;
    console.error(`run ${run + 1}, endpoint on the ${which === "site" ? "10 M-event site" : "fleet's site"}: first ${e.firstMs.toFixed(1)} ms, warm p50 ${e.p50.toFixed(1)} ms, p95 ${e.p95.toFixed(1)} ms`);
  }
}

// --cold: once more on the 10 M-event site without its column snapshot (a hooks process on a host
// where no query service ever wrote one): the job reads every row. The snapshot is put back after.
let cold: JobRun | null = null;
if (process.argv.includes("--cold")) {
  const columns = join(seeded.dataDir, "columns");
  const aside = `${columns}.bench-aside`;
  renameSync(columns, aside);
  try {
    cold = await runJob(seeded.env);
    console.error(`cold, job on the 10 M-event site: ${cold.seconds.toFixed(1)} s, peak ${cold.peakMiB} MiB, ${JSON.stringify(cold.summary)}`);
  } finally {
    rmSync(columns, { recursive: true, force: true });
    renameSync(aside, columns);
  }
}

const settings = readSettings({ ...process.env, ...fleetEnv });
const published = publishedIndustries(fleet.dataDir);
const list = (xs: number[], digits: number) => xs.map((x) => x.toFixed(digits)).join(", ");
const jobLine = (name: string, rs: JobRun[]) =>
  `${name.padEnd(34)} ${median(rs.map((r) => r.seconds)).toFixed(1).padStart(7)} s ${String(median(rs.map((r) => r.peakMiB))).padStart(6)} MiB   runs: ${list(rs.map((r) => r.seconds), 1)} s; ${rs.map((r) => r.peakMiB).join(", ")} MiB`;
const endpointLine = (name: string, rs: EndpointRun[]) =>
  `${name.padEnd(34)} ${median(rs.map((r) => r.p50)).toFixed(1).padStart(7)} ${median(rs.map((r) => r.p95)).toFixed(1).padStart(7)} ${median(rs.map((r) => r.firstMs)).toFixed(1).padStart(8)}   runs' p50s: ${list(rs.map((r) => r.p50), 1)}; firsts: ${list(rs.map((r) => r.firstMs), 1)}`;

console.log(`\nRecommendations: the nightly job (admin recommendations compute) and GET …/recommendations; ${machine()}`);
console.log(`fleet: ${orgs} organizations × 1 site, ${SEEDED} seeded sizes of ${fleet.fleet.eventsPerSite.map((e) => e.toLocaleString("en")).join("/")} events over ${FLEET_DAYS} days (${fleet.dataDir})`);
console.log(`       BENCHMARK_MIN_SESSIONS ${settings.benchmarkMinSessions}, BENCHMARK_MIN_ORGS ${settings.benchmarkMinOrgs}; last summary ${JSON.stringify(jobs.fleet.at(-1)?.summary)}`);
console.log(`       industries publishing percentiles on ${published.day}: ${published.published} of ${published.industries}`);
console.log(`10 M site: ${seeded.seeded.events.toLocaleString("en")} events, ${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days; last summary ${JSON.stringify(jobs.site.at(-1)?.summary)}`);
console.log(`median of ${runs} runs\n`);
console.log(`${"nightly job".padEnd(34)} ${"wall".padStart(9)} ${"peak RSS".padStart(10)}`);
console.log(jobLine(`${orgs} small orgs`, jobs.fleet));
console.log(jobLine("the 10 M-event site", jobs.site));
if (cold) console.log(jobLine("the 10 M-event site, no snapshot", [cold]));
console.log(`\n${`GET …/recommendations (${warmRuns} warm)`.padEnd(34)} ${"p50 ms".padStart(7)} ${"p95 ms".padStart(7)} ${"first ms".padStart(8)}`);
console.log(endpointLine("the 10 M-event site", endpoints.site));
console.log(endpointLine("a fleet organization's site", endpoints.fleet));
console.log(`answers: 10 M site ${answers.site}; fleet site ${answers.fleet}`);
