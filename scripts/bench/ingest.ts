/**
 * `bun run bench ingest`: sustained events/s and p50/p99 latency of POST /v1/collect through
 * the router in one-process mode, with realistic batches (mixed event types, 1–20 events,
 * many visitors and sessions), next to a bare Bun.serve that parses the JSON and answers 202.
 * Each connection plays returning visitors: 3 batches a session, 2 sessions a visitor. Router
 * and bare runs alternate, so drift in the machine's speed affects both.
 * Options: --seconds 10 --runs 3 --connections 32 --inventory N (0: off): each run also plays
 * the same mix with 1 event in N an inventory event (docs/consent.md "Visits"), the plain and
 * the inventory mix taking turns on the same server, so the two can be compared.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMicros, flag, machine, measure, median, startProcess, type LoadResult } from "./harness.ts";
import { COLLECT_HEADERS, makeBodies } from "./collect-bodies.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const inventoryEvery = flag("inventory", 0);
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
  const runsInventory: LoadResult[] = [];
  const runsBare: LoadResult[] = [];
  /** The router process's CPU time (every thread) per request, run by run. */
  const cpuPerRequest: number[] = [];
  const cpuPerRequestInventory: number[] = [];
  let eventsPerBody = 0;
  let inventoryShare = "";
  /** One load run against the router with these bodies, and its CPU per request. */
  const routerRun = async (bodies: string[], name: string, cpu: number[]) => {
    const file = join(dataDir, `bodies-${name}.json`);
    writeFileSync(file, JSON.stringify(bodies));
    const cpuBefore = cpuMicros(server.proc.pid);
    const run = (await measure(["--url", `${server.url}/v1/collect`, "--body-file", file, ...common], 1)).runs[0];
    cpu.push((cpuMicros(server.proc.pid) - cpuBefore) / run.requests);
    return run;
  };
  for (let r = 0; r < runs; r++) {
    const { bodies, events } = makeBodies(boot.siteKey, perRun);
    eventsPerBody = events / bodies.length;
    const plain = async () => {
      console.error(`one-process router, run ${r + 1} …`);
      runsRouter.push(await routerRun(bodies, `plain-${r}`, cpuPerRequest));
    };
    const withInventory = async () => {
      const mix = makeBodies(boot.siteKey, perRun, inventoryEvery);
      inventoryShare = `${mix.inventory} of ${mix.events} events`;
      console.error(`one-process router with inventory events, run ${r + 1} …`);
      runsInventory.push(await routerRun(mix.bodies, `inventory-${r}`, cpuPerRequestInventory));
    };
    // The plain and the inventory mix take turns going first.
    if (inventoryEvery > 0 && r % 2 === 1) await withInventory();
    await plain();
    if (inventoryEvery > 0 && r % 2 === 0) await withInventory();
    console.error(`bare Bun.serve, run ${r + 1} …`);
    runsBare.push((await measure(["--url", `${bare.url}/v1/collect`, "--body-file", bareFile, ...common], 1)).runs[0]);
  }
  const medianOf = (all: LoadResult[]) => {
    const pick = (k: keyof LoadResult) => median(all.map((x) => x[k] as number));
    return { ...all[0], requests: pick("requests"), ok: pick("ok"), rps: pick("rps"), p50: pick("p50"), p90: pick("p90"), p99: pick("p99"), max: pick("max"), errors: pick("errors"), runs: all };
  };
  results.push(["one-process router → ingest", medianOf(runsRouter), eventsPerBody]);
  if (inventoryEvery > 0) results.push([`  … 1 in ${inventoryEvery} an inventory event`, medianOf(runsInventory), eventsPerBody]);
  results.push(["bare Bun.serve (parse JSON, 202)", medianOf(runsBare), eventsPerBody]);
  const db = await import("bun:sqlite").then(({ Database }) => new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true }));
  const countOf = (table: string) => (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const stored = countOf("event_rows");
  const inventoryRows = ["inventory_samples", "inventory_sample_items", "inventory", "inventory_sightings"].map((t) => `${t} ${countOf(t)}`).join(", ");
  db.close();
  await server.stop();
  await bare.stop();

  console.log(`\nPOST /v1/collect — ${connections} connections, ${seconds}s × ${runs} runs (median), ~${eventsPerBody.toFixed(1)} events per batch, 3 batches a session, 2 sessions a visitor, ${machine()}\n`);
  console.log(["target".padEnd(36), "batches/s".padStart(10), "events/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8)].join(" "));
  for (const [name, r, per] of results) {
    console.log([name.padEnd(36), String(r.rps).padStart(10), String(Math.round(r.rps * per)).padStart(10), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8)].join(" "));
  }
  const bareResult = results[results.length - 1][1];
  const ratio = results[0][1].rps / bareResult.rps;
  const pairs = results[0][1].runs.map((r, i) => Math.round((r.rps / bareResult.runs[i].rps) * 100));
  console.log(`\nrouter/bare: ${(ratio * 100).toFixed(0)} % (run by run: ${pairs.join(", ")} %) · events stored during the router runs: ${stored}`);
  console.log(`router CPU per request (all threads, µs): ${median(cpuPerRequest).toFixed(1)} (run by run: ${cpuPerRequest.map((c) => c.toFixed(1)).join(", ")})`);
  if (inventoryEvery > 0) {
    const pairsInventory = runsInventory.map((r, i) => Math.round((r.rps / runsRouter[i].rps) * 100));
    console.log(`with inventory events (${inventoryShare}) / plain: ${((medianOf(runsInventory).rps / results[0][1].rps) * 100).toFixed(0)} % (run by run: ${pairsInventory.join(", ")} %)`);
    console.log(`router CPU per request with inventory events (µs): ${median(cpuPerRequestInventory).toFixed(1)} (run by run: ${cpuPerRequestInventory.map((c) => c.toFixed(1)).join(", ")}) · rows: ${inventoryRows}`);
  }
  console.log(`runs (batches/s): ${results.map(([n, r]) => `${n}: ${r.runs.map((x) => x.rps).join(", ")}`).join(" | ")}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
