/**
 * `bun run bench router`: requests/s and p50/p99 of an authenticated GET /api/v1/orgs/{org}/sites
 * through the router in one-process mode and in split mode (services over HTTP), next to a bare
 * Bun.serve answering the same JSON. Options: --seconds 10 --runs 3 --connections 32.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flag, machine, measure, startProcess, type LoadResult } from "./harness.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-"));
// The bench measures the 200 path: the rate limits are raised for it (they are settings).
const env = { DATA_DIR: dataDir, INTERNAL_SECRET: "bench-secret", RATE_LIMIT_PER_KEY: "1000000000", RATE_LIMIT_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
const results: [string, LoadResult & { runs: LoadResult[] }][] = [];

try {
  const one = await startProcess(["services/router/main.ts"], env);
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const path = `/api/v1/orgs/${boot.orgId}/sites`;
  const auth = ["--header", `authorization: Bearer ${boot.key}`];
  const body = await (await fetch(one.url + path, { headers: { authorization: `Bearer ${boot.key}` } })).text();
  const bodyFile = join(dataDir, "sites.json");
  writeFileSync(bodyFile, body);
  const common = ["--seconds", String(seconds), "--connections", String(connections)];

  console.error(`one-process router …`);
  results.push(["one-process router", await measure(["--url", one.url + path, ...auth, ...common], runs)]);
  await one.stop();

  const bare = await startProcess(["scripts/bench/bare-json.ts", bodyFile], {});
  console.error(`bare Bun.serve …`);
  results.push(["bare Bun.serve (same JSON)", await measure(["--url", bare.url + path, ...common], runs)]);
  await bare.stop();

  const services = await Promise.all(["ingest", "query", "hooks"].map((name) => startProcess([`services/${name}/main.ts`], env)));
  const [ingest, query, hooks] = services;
  const router = await startProcess(["services/router/main.ts"], { ...env, INGEST_URL: ingest.url, QUERY_URL: query.url, HOOKS_URL: hooks.url });
  console.error(`split router …`);
  results.push(["split router (HTTP to query)", await measure(["--url", router.url + path, ...auth, ...common], runs)]);
  for (const p of [router, ...services]) await p.stop();

  console.log(`\nGET /api/v1/orgs/{org}/sites — ${connections} connections, ${seconds}s × ${runs} runs (median), ${machine()}\n`);
  console.log(["target".padEnd(32), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8)].join(" "));
  for (const [name, r] of results) {
    console.log([name.padEnd(32), String(r.rps).padStart(8), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8)].join(" "));
  }
  console.log(`\nruns (req/s): ${results.map(([n, r]) => `${n}: ${r.runs.map((x) => x.rps).join(", ")}`).join(" | ")}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
