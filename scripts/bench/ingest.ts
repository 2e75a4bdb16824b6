/**
 * `bun run bench ingest`: sustained events/s and p50/p99 latency of POST /v1/collect through
 * the router in one-process mode, with realistic batches (mixed event types, 1–20 events,
 * many visitors and sessions), next to a bare Bun.serve that parses the JSON and answers 202.
 * Each connection plays returning visitors: 3 batches a session, 2 sessions a visitor. Router
 * and bare runs alternate, so drift in the machine's speed affects both.
 * Options: --seconds 10 --runs 3 --connections 32.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMicros, flag, machine, measure, median, startProcess, type LoadResult } from "./harness.ts";
import { COLLECT_HEADERS, makeBodies } from "./collect-bodies.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-ingest-"));

const results: [string, LoadResult & { runs: LoadResult[] }, number][] = [];
try {
  const env = { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
  const server = await startProcess(["services/router/main.ts"], env);
  const bare = await startProcess(["scripts/bench/bare-collect.ts"], {});
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  // The load generator gives every send fresh ids (__UUID__), so each request is new data.
  const perRun = 2000;
  const common = ["--seconds", String(seconds), "--connections", String(connections), "--method", "POST", ...COLLECT_HEADERS];
  const bareFile = join(dataDir, "bodies-bare.json");
  writeFileSync(bareFile, JSON.stringify(makeBodies(boot.siteKey, perRun).bodies));
  // Router and bare runs take turns (both servers stay up, the idle one waiting), so a machine
  // whose speed drifts within minutes weighs on both alike.
  const runsRouter: LoadResult[] = [];
  const runsBare: LoadResult[] = [];
  /** The router process's CPU time (every thread) per request, run by run. */
  const cpuPerRequest: number[] = [];
  let eventsPerBody = 0;
  for (let r = 0; r < runs; r++) {
    const { bodies, events } = makeBodies(boot.siteKey, perRun);
    eventsPerBody = events / bodies.length;
    const file = join(dataDir, `bodies-${r}.json`);
    writeFileSync(file, JSON.stringify(bodies));
    console.error(`one-process router, run ${r + 1} …`);
    const cpuBefore = cpuMicros(server.proc.pid);
    const run = (await measure(["--url", `${server.url}/v1/collect`, "--body-file", file, ...common], 1)).runs[0];
    cpuPerRequest.push((cpuMicros(server.proc.pid) - cpuBefore) / run.requests);
    runsRouter.push(run);
    console.error(`bare Bun.serve, run ${r + 1} …`);
    runsBare.push((await measure(["--url", `${bare.url}/v1/collect`, "--body-file", bareFile, ...common], 1)).runs[0]);
  }
  const medianOf = (all: LoadResult[]) => {
    const pick = (k: keyof LoadResult) => median(all.map((x) => x[k] as number));
    return { ...all[0], requests: pick("requests"), ok: pick("ok"), rps: pick("rps"), p50: pick("p50"), p90: pick("p90"), p99: pick("p99"), max: pick("max"), errors: pick("errors"), runs: all };
  };
  results.push(["one-process router → ingest", medianOf(runsRouter), eventsPerBody]);
  results.push(["bare Bun.serve (parse JSON, 202)", medianOf(runsBare), eventsPerBody]);
  const db = await import("bun:sqlite").then(({ Database }) => new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true }));
  const stored = (db.query("SELECT count(*) AS n FROM event_rows").get() as { n: number }).n;
  db.close();
  await server.stop();
  await bare.stop();

  console.log(`\nPOST /v1/collect — ${connections} connections, ${seconds}s × ${runs} runs (median), ~${eventsPerBody.toFixed(1)} events per batch, 3 batches a session, 2 sessions a visitor, ${machine()}\n`);
  console.log(["target".padEnd(36), "batches/s".padStart(10), "events/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8)].join(" "));
  for (const [name, r, per] of results) {
    console.log([name.padEnd(36), String(r.rps).padStart(10), String(Math.round(r.rps * per)).padStart(10), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8)].join(" "));
  }
  const ratio = results[0][1].rps / results[1][1].rps;
  const pairs = results[0][1].runs.map((r, i) => Math.round((r.rps / results[1][1].runs[i].rps) * 100));
  console.log(`\nrouter/bare: ${(ratio * 100).toFixed(0)} % (run by run: ${pairs.join(", ")} %) · events stored during the router runs: ${stored}`);
  console.log(`router CPU per request (all threads, µs): ${median(cpuPerRequest).toFixed(1)} (run by run: ${cpuPerRequest.map((c) => c.toFixed(1)).join(", ")})`);
  console.log(`runs (batches/s): ${results.map(([n, r]) => `${n}: ${r.runs.map((x) => x.rps).join(", ")}`).join(" | ")}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
