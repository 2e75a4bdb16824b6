/**
 * `bun run bench ingest`: sustained events/s and p50/p99 latency of POST /v1/collect through
 * the router in one-process mode, with realistic batches (mixed event types, 1–20 events,
 * many visitors and sessions), next to a bare Bun.serve that parses the JSON and answers 202.
 * Each connection plays returning visitors: 3 batches a session, 2 sessions a visitor.
 * Options: --seconds 10 --runs 3 --connections 32.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flag, machine, measure, startProcess, type LoadResult } from "./harness.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-ingest-"));
const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** Realistic batches: a pageview with referrer/UTMs, then a mix of the script's event types. */
function makeBodies(siteKey: string, count: number): { bodies: string[]; events: number } {
  const refs = ["", "https://www.google.com/", "https://t.co/x", "https://news.ycombinator.com/", "https://www.bing.com/"];
  const kinds = ["pageview", "engagement", "scroll", "event", "vital", "outbound", "conversion"];
  let events = 0;
  const bodies = Array.from({ length: count }, (_, i) => {
    const n = 1 + ((i * 7) % 20);
    events += n;
    const e = Array.from({ length: n }, (_, j) => {
      const t = j === 0 ? "pageview" : kinds[(i + j) % kinds.length];
      const base = { id: "__UUID__", t, ts: "__NOW__", u: `http://localhost/p/${(i + j) % 50}?x=${j}`, ti: `Page ${(i + j) % 50}` };
      switch (t) {
        case "engagement": return { ...base, et: 1000 + j * 100 };
        case "scroll": return { ...base, pct: [25, 50, 75, 90][j % 4] };
        case "event": return { ...base, n: "cta_click", p: { variant: j % 2 ? "a" : "b" } };
        case "vital": return { ...base, n: "LCP", val: 1200 + j };
        case "outbound": return { ...base, href: "https://partner.example/" };
        case "conversion": return { ...base, n: "purchase", val: 20, oid: "__UUID__" };
        default: return base;
      }
    });
    return JSON.stringify({
      v: 1, s: siteKey, vid: "__VID__", sid: "__SID__", nv: true, c: { analytics: i % 3 !== 0, marketing: i % 2 === 0 },
      ctx: { ref: refs[i % refs.length], lang: "en-US", tz: "Europe/Berlin", sw: 1920, sh: 1080, utm: i % 4 === 0 ? { utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov" } : {} },
      e,
    });
  });
  return { bodies, events };
}

const results: [string, LoadResult & { runs: LoadResult[] }, number][] = [];
try {
  const env = { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
  const server = await startProcess(["services/router/main.ts"], env);
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  // The load generator gives every send fresh ids (__UUID__), so each request is new data.
  const perRun = 2000;
  const headers = ["--header", "origin: http://localhost", "--header", `user-agent: ${UA}`, "--header", "content-type: application/json"];
  const common = ["--seconds", String(seconds), "--connections", String(connections), "--method", "POST", ...headers];
  const runsRouter: LoadResult[] = [];
  let eventsPerBody = 0;
  for (let r = 0; r < runs; r++) {
    const { bodies, events } = makeBodies(boot.siteKey, perRun);
    eventsPerBody = events / bodies.length;
    const file = join(dataDir, `bodies-${r}.json`);
    writeFileSync(file, JSON.stringify(bodies));
    console.error(`one-process router, run ${r + 1} …`);
    runsRouter.push((await measure(["--url", `${server.url}/v1/collect`, "--body-file", file, ...common], 1)).runs[0]);
  }
  const sorted = (k: keyof LoadResult) => [...runsRouter].sort((a, b) => (a[k] as number) - (b[k] as number))[Math.floor(runs / 2)][k] as number;
  results.push(["one-process router → ingest", { ...runsRouter[0], rps: sorted("rps"), p50: sorted("p50"), p99: sorted("p99"), errors: sorted("errors"), runs: runsRouter }, eventsPerBody]);
  const db = await import("bun:sqlite").then(({ Database }) => new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true }));
  const stored = (db.query("SELECT count(*) AS n FROM events").get() as { n: number }).n;
  db.close();
  await server.stop();

  const bare = await startProcess(["scripts/bench/bare-collect.ts"], {});
  const { bodies } = makeBodies(boot.siteKey, perRun);
  const file = join(dataDir, "bodies-bare.json");
  writeFileSync(file, JSON.stringify(bodies));
  console.error("bare Bun.serve …");
  results.push(["bare Bun.serve (parse JSON, 202)", await measure(["--url", `${bare.url}/v1/collect`, "--body-file", file, ...common], runs), eventsPerBody]);
  await bare.stop();

  console.log(`\nPOST /v1/collect — ${connections} connections, ${seconds}s × ${runs} runs (median), ~${eventsPerBody.toFixed(1)} events per batch, 3 batches a session, 2 sessions a visitor, ${machine()}\n`);
  console.log(["target".padEnd(36), "batches/s".padStart(10), "events/s".padStart(10), "p50 ms".padStart(8), "p99 ms".padStart(8), "non-2xx".padStart(8)].join(" "));
  for (const [name, r, per] of results) {
    console.log([name.padEnd(36), String(r.rps).padStart(10), String(Math.round(r.rps * per)).padStart(10), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.errors).padStart(8)].join(" "));
  }
  const ratio = results[0][1].rps / results[1][1].rps;
  console.log(`\nrouter/bare: ${(ratio * 100).toFixed(0)} % · events stored during the router runs: ${stored}`);
  console.log(`runs (batches/s): ${results.map(([n, r]) => `${n}: ${r.runs.map((x) => x.rps).join(", ")}`).join(" | ")}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
