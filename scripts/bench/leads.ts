/**
 * `bun run bench leads`: the lead pipeline.
 *
 * Inbound webhook: leads/s and p50/p99 of POST /v1/hooks/webhook_in/{siteKey} through the
 * router in one-process mode (generic format, a fresh externalId on every send, so none is a
 * duplicate), with one outbound webhook endpoint on the site: a receiver started as its own
 * process. After each run: how long until every delivery was delivered, and deliveries/s from
 * the start of the run to that moment.
 *
 * Visitor list: latency of GET …/visitors with filters on the benchmarks' seeded site (1.5
 * million visitors over 90 days, about 1.3 million of them consenting; scripts/bench/seeded-site.ts),
 * warm (median and p95 of --warm runs) after a first request that loads the site.
 *
 * Options: --seconds 10 --runs 3 --connections 32 --warm 15 --visitors 1500000 --days 90.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Temporal } from "temporal-polyfill";
import { flag, load, machine, median, ROOT, startProcess, type LoadResult } from "./harness.ts";
import { p95, seededSite, timedCall, type BenchCall } from "./seeded-site.ts";

const seconds = flag("seconds", 10);
const runs = flag("runs", 3);
const connections = flag("connections", 32);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-leads-"));
const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: "1", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };

/** The admin CLI on the bench's data directory. */
function admin(...args: string[]): Record<string, string> {
  const proc = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env: { ...process.env, ...env, LOG_REQUESTS: "0" } });
  if (proc.exitCode !== 0) throw new Error(`admin ${args.join(" ")}: ${proc.stderr.toString()}`);
  return JSON.parse(proc.stdout.toString());
}

const table = (rows: (string | number)[][]) => rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(40) : String(c).padStart(11))).join(" ")).join("\n");

// ─── Inbound webhook leads, delivered to one outbound endpoint ───────────────────────────────

interface LeadRun {
  load: LoadResult;
  leads: number;
  /** Seconds from the end of the load until nothing was left to deliver. */
  drainSeconds: number;
  deliveriesPerSecond: number;
}

async function inboundLeads(): Promise<void> {
  const server = await startProcess(["services/router/main.ts"], env);
  const receiver = await startProcess(["scripts/bench/bare-receiver.ts"], {});
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const inbound = admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_in");
  admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_out", "--url", `${receiver.url}/leads`);
  const bodyFile = join(dataDir, "lead-bodies.json");
  const lead = (i: number) =>
    JSON.stringify({ externalId: "__UUID__", name: `Bench Lead ${i}`, email: `lead-${i}-__UUID__@example.com`, phone: "+44 20 7946 0000", company: "Bench Ltd", message: "Please call me back about pricing.", campaign: "bench", extra: { plan: "pro", seats: 12 } });
  writeFileSync(bodyFile, JSON.stringify(Array.from({ length: 100 }, (_, i) => lead(i))));
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const count = (sql: string) => (db.query(sql).get() as { n: number }).n;
  const delivered = async () => ((await (await fetch(`${receiver.url}/count`)).json()) as { received: number }).received;

  const results: LeadRun[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      console.error(`inbound leads, run ${r + 1} …`);
      const leadsBefore = count("SELECT count(*) AS n FROM leads");
      const deliveredBefore = await delivered();
      const started = performance.now();
      const result = await load([
        "--url", `${server.url}/v1/hooks/webhook_in/${boot.siteKey}`, "--method", "POST", "--body-file", bodyFile,
        "--header", "content-type: application/json", "--header", `x-svc-secret: ${inbound.secret}`,
        "--seconds", String(seconds), "--connections", String(connections),
      ]);
      const loadEnded = performance.now();
      // A delivery that had to be retried would wait minutes for its next attempt: give up after two.
      const deadline = performance.now() + 120_000;
      while (count("SELECT count(*) AS n FROM deliveries WHERE status = 'pending'") > 0 && performance.now() < deadline) await Bun.sleep(20);
      const drained = performance.now();
      const leads = count("SELECT count(*) AS n FROM leads") - leadsBefore;
      results.push({ load: result, leads, drainSeconds: (drained - loadEnded) / 1000, deliveriesPerSecond: ((await delivered()) - deliveredBefore) / ((drained - started) / 1000) });
    }
    const failed = count("SELECT count(*) AS n FROM deliveries WHERE status <> 'delivered'");
    const pick = (f: (r: LeadRun) => number) => median(results.map(f));
    console.log(`\nInbound lead webhook → one outbound endpoint — ${connections} connections, ${seconds}s × ${runs} runs (median), ${machine()}\n`);
    console.log(
      table([
        ["", "leads/s", "p50 ms", "p99 ms", "non-2xx", "drain s", "deliveries/s"],
        ["POST /v1/hooks/webhook_in (one process)", pick((r) => r.load.rps), pick((r) => r.load.p50), pick((r) => r.load.p99), pick((r) => r.load.errors), pick((r) => r.drainSeconds).toFixed(2), Math.round(pick((r) => r.deliveriesPerSecond))],
      ]),
    );
    console.log(`\nruns: ${results.map((r) => `${r.load.rps} leads/s, ${r.leads} leads, drained ${r.drainSeconds.toFixed(2)} s after the load, ${Math.round(r.deliveriesPerSecond)} deliveries/s`).join(" | ")}`);
    console.log(`deliveries not delivered at the end: ${failed} (the receiver answers 200 to everything; any left pending were retried and the drain gave up after 120 s)`);
  } finally {
    db.close();
    await server.stop();
    await receiver.stop();
  }
}

// ─── The visitor list at a million visitors ─────────────────────────────────────────────────

async function visitorList(): Promise<void> {
  const days = flag("days", 90);
  const warmRuns = flag("warm", 15);
  const seeded = await seededSite(flag("visitors", 1_500_000), days);
  const { boot } = seeded.seeded;
  const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/visitors`;
  const today = Temporal.Now.plainDateISO("UTC");
  const all = `from=${today.subtract({ days: days - 1 })}&to=${today}`;
  const calls: BenchCall[] = [
    { name: "recent, 28 days", path: site },
    { name: `recent, ${days} days (every visitor)`, path: `${site}?${all}` },
    { name: `hot, ${days} days`, path: `${site}?${all}&view=hot` },
    { name: `tier warm × stage engaged, page 3, ${days} days`, path: `${site}?${all}&tier=warm&stage=engaged&page=3` },
    { name: `organic search, score ≥ 20, ${days} days`, path: `${site}?${all}&channel=organic_search&minScore=20` },
    { name: `customers, ${days} days`, path: `${site}?${all}&view=customers` },
    { name: `id starting 01a, ${days} days`, path: `${site}?${all}&q=01a` },
  ];
  const server = await startProcess(["services/router/main.ts"], seeded.env);
  const rows: (string | number)[][] = [["", "total", "warm p50 ms", "warm p95 ms"]];
  try {
    const first = await timedCall(server.url, boot.key, calls[0]);
    console.error(`first request (loads the site): ${first.ms.toFixed(0)} ms`);
    for (const q of calls) {
      const answer = await timedCall(server.url, boot.key, q);
      if (answer.status !== 200) throw new Error(`${q.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
      const warm: number[] = [];
      for (let i = 0; i < warmRuns; i++) warm.push((await timedCall(server.url, boot.key, q)).ms);
      rows.push([q.name, (answer.body as { total: number }).total, median(warm).toFixed(1), p95(warm).toFixed(1)]);
    }
  } finally {
    await server.stop();
  }
  console.log(`\nGET …/visitors on one site with ${seeded.seeded.sessions.toLocaleString("en")} sessions over ${days} days (50 a page), ${machine()}\n`);
  console.log(table(rows));
}

try {
  await inboundLeads();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
await visitorList();
