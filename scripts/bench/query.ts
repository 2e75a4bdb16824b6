/**
 * `bun run bench query`: report latency on one site seeded with ~10 million events (~3 million
 * sessions over 90 days) through the ingest code path (`demo seed`). Cold = the first request
 * of a freshly started server (the site's columns are loaded from the store); warm = the same
 * request again (median and p95 of --warm runs); the other reports warm only. Then the ingest
 * rate alone and while the overview is asked back to back, and the store's size. The seeded store is kept in the temp folder and
 * reused by later runs (scripts/bench/seeded-site.ts).
 * Options: --visitors 1500000 --days 90 --warm 15 --seconds 10 --connections 32 --fresh;
 * --warm-only: every report warm in one server (no cold figures, no ingest section) — for
 * before/after comparisons, since a cold first request can outlast the server's idle timeout;
 * --ingest-only: only the ingest section.
 */
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { Temporal } from "temporal-polyfill";
import { flag, load, machine, median, memoryOf, startProcess } from "./harness.ts";
import { COLLECT_HEADERS, makeBodies } from "./collect-bodies.ts";
import { p95, seededSite, timedCall, type BenchCall } from "./seeded-site.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { readSettings } from "../../lib/config.ts";
import { analyticsSite } from "../../lib/analytics/site-cache.ts";
import { heldBytes } from "../../lib/analytics/held-bytes.ts";

const visitors = flag("visitors", 1_500_000);
const days = flag("days", 90);
const warmRuns = flag("warm", 15);
const seconds = flag("seconds", 10);
const connections = flag("connections", 32);
const warmOnly = process.argv.includes("--warm-only");
const ingestOnly = process.argv.includes("--ingest-only");
const { dataDir, env, seeded } = await seededSite(visitors, days);
const { boot } = seeded;
const file = join(dataDir, `${boot.orgId}.sqlite`);
const storeBytes = () => [file, `${file}-wal`].reduce((n, f) => n + (existsSync(f) ? statSync(f).size : 0), 0);
{
  // Fold the WAL into the file so the size is the store's, not a log's.
  const db = new Database(file);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}
const sizeBefore = storeBytes();
const counts = (() => {
  const db = new Database(file, { readonly: true });
  const n = (sql: string) => (db.query(sql).get() as { n: number }).n;
  const out = { events: n("SELECT count(*) AS n FROM event_rows"), sessions: n("SELECT count(*) AS n FROM session_rows"), visitors: n("SELECT count(*) AS n FROM visitor_rows") };
  db.close();
  return out;
})();

const site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
const today = Temporal.Now.plainDateISO("UTC");
const range90 = `from=${today.subtract({ days: days - 1 })}&to=${today}`;
const explore = {
  kind: "query",
  from: today.subtract({ days: days - 1 }).toString(),
  to: today.toString(),
  query: {
    metrics: ["sessions", "users", "engagementRate", "conversions", "revenue"],
    dimension: "landing",
    filters: [{ dim: "device", op: "is", value: "mobile" }, { dim: "channel", op: "in", value: ["organic_search", "paid_search"] }],
  },
};

/** `warmOnly`: measured warm after the others, in one server (the cold figures are the list). */
type Query = BenchCall & { warmOnly?: boolean };
const call = (url: string, q: Query) => timedCall(url, boot.key, q);

/**
 * The first request of a fresh server loads the site's columns; when that outlasts the
 * server's idle timeout the connection is reset while the load goes on, so ask again until it
 * answers (the load is shared by every request that comes meanwhile).
 */
async function firstCall(url: string, q: Query) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(url, q);
    } catch (error) {
      if (attempt >= 10 || (error as { code?: string }).code !== "ECONNRESET") throw error;
    }
  }
}

// The drill-down goes to the busiest region of the busiest country.
let queries: Query[] = [];
{
  const server = await startProcess(["services/router/main.ts"], env);
  const countries = (await firstCall(server.url, { name: "", path: `${site}/analytics/locations?${range90}` })).body as { rows: { key: string }[] };
  const country = countries.rows[0].key;
  const regions = (await call(server.url, { name: "", path: `${site}/analytics/locations?${range90}&country=${country}` })).body as { rows: { key: string }[] };
  const region = regions.rows.find((r) => r.key !== "(not set)")?.key ?? regions.rows[0].key;
  await server.stop();
  queries = [
    { name: "overview, 28 days", path: `${site}/analytics/overview` },
    { name: `overview, ${days} days`, path: `${site}/analytics/overview?${range90}` },
    { name: `acquisition, ${days} days`, path: `${site}/analytics/acquisition?${range90}` },
    { name: `pages, ${days} days`, path: `${site}/analytics/pages?${range90}` },
    { name: `locations ${country} › ${region}, ${days} days`, path: `${site}/analytics/locations?${range90}&country=${country}&region=${encodeURIComponent(region)}` },
    { name: `explore landing × 2 filters, ${days} days`, path: `${site}/explore`, body: explore },
    ...["events", "audience", "campaigns", "behaviour", "attribution", "conversions"].map((report) => ({ name: `${report}, ${days} days`, path: `${site}/analytics/${report}?${range90}`, warmOnly: true })),
    { name: "realtime", path: `${site}/analytics/realtime`, warmOnly: true },
  ];
}

/** cold: the first request of a fresh server; first: the first of this report once another loaded the site; memory after the warm runs. */
const rows: { name: string; cold: number | null; first?: number; p50: number; p95: number; rssMiB?: number; peakMiB?: number }[] = [];
const warmly = async (url: string, q: Query) => {
  const warm: number[] = [];
  for (let i = 0; i < warmRuns; i++) warm.push((await call(url, q)).ms);
  return { p50: median(warm), p95: p95(warm) };
};
for (const q of queries.filter((x) => !x.warmOnly && !warmOnly && !ingestOnly)) {
  // Cold: a fresh process, so the first request loads the site's columns from the store.
  const server = await startProcess(["services/router/main.ts"], env);
  const cold = await firstCall(server.url, q);
  if (cold.status !== 200) throw new Error(`${q.name}: ${cold.status} ${JSON.stringify(cold.body)}`);
  const warm = await warmly(server.url, q);
  rows.push({ name: q.name, cold: cold.ms, ...warm, ...memoryOf(server.proc.pid) });
  console.error(`${q.name}: cold ${cold.ms.toFixed(0)} ms, warm p50 ${warm.p50.toFixed(1)} ms`);
  await server.stop();
}
if (!ingestOnly) {
  const server = await startProcess(["services/router/main.ts"], env);
  await firstCall(server.url, queries[0]);
  for (const q of queries.filter((x) => x.warmOnly || warmOnly)) {
    const first = await call(server.url, q);
    if (first.status !== 200) throw new Error(`${q.name}: ${first.status} ${JSON.stringify(first.body)}`);
    const warm = await warmly(server.url, q);
    rows.push({ name: q.name, cold: null, first: first.ms, ...warm, ...memoryOf(server.proc.pid) });
    console.error(`${q.name}: warm p50 ${warm.p50.toFixed(1)} ms`);
  }
  await server.stop();
}

if (warmOnly) {
  console.log(`\nQueries on one site (warm only): ${counts.events.toLocaleString("en")} events, ${counts.sessions.toLocaleString("en")} sessions over ${days} days; ${machine()}\n`);
  console.log(["query".padEnd(44), "warm p50".padStart(9), "warm p95".padStart(9)].join(" "));
  for (const r of rows) console.log([r.name.padEnd(44), r.p50.toFixed(1).padStart(9), r.p95.toFixed(1).padStart(9)].join(" "));
  process.exit(0);
}

// Ingest while the overview is asked for again and again.
const server = await startProcess(["services/router/main.ts"], env);
await firstCall(server.url, queries[0]);
const { bodies, events } = makeBodies(boot.siteKey, 2000);
const bodyFile = join(dataDir, "bodies.json");
writeFileSync(bodyFile, JSON.stringify(bodies));
const collect = ["--url", `${server.url}/v1/collect`, "--body-file", bodyFile, "--seconds", String(seconds), "--connections", String(connections), "--method", "POST", ...COLLECT_HEADERS];
const alone = await load(collect);
let ingesting = true;
const during: number[] = [];
const loop = (async () => {
  while (ingesting) during.push((await call(server.url, queries[0])).ms);
})();
const ingest = await load(collect);
ingesting = false;
await loop;
await server.stop();
const perBatch = events / bodies.length;

// The columns' own bytes (as the memory budget counts them), loaded here in the bench's process.
const held = await (async () => {
  const platform = openPlatform(readSettings({ ...process.env, ...env }));
  const site = await analyticsSite(platform, boot.orgId, boot.siteId);
  // The columns' values themselves (no room to grow, no derived index) and all the site holds.
  const bytes = site.data.heldColumns().reduce((n, c) => n + c.count * c.get().BYTES_PER_ELEMENT, 0);
  // Stored events now, the ingest above included: the columns hold those too.
  const db = new Database(file, { readonly: true });
  const stored = (db.query("SELECT count(*) AS n FROM event_rows").get() as { n: number }).n;
  db.close();
  const out = { bytes, held: heldBytes(site.data), sessions: site.data.sessions.count, events: site.data.events.count, stored, fromSnapshot: site.data.restoredFromSnapshot };
  await site.data.snapshotSaved();
  closePlatform(platform);
  return out;
})();

console.log(`\nQueries on one site: ${counts.events.toLocaleString("en")} events, ${counts.sessions.toLocaleString("en")} sessions, ${counts.visitors.toLocaleString("en")} visitors over ${days} days; ${machine()}`);
console.log(`store: ${(sizeBefore / 2 ** 20).toFixed(0)} MiB (${(sizeBefore / counts.events).toFixed(0)} bytes per event, all tables and indexes); seeded at ${Math.round(seeded.events / seeded.seconds).toLocaleString("en")} events/s\n`);
console.log(["query".padEnd(44), "cold ms".padStart(9), "first ms".padStart(9), "warm p50".padStart(9), "warm p95".padStart(9), "RSS MiB".padStart(8), "peak MiB".padStart(9)].join(" "));
const cell = (x: number | null | undefined, digits: number, width: number) => (x == null ? "–" : x.toFixed(digits)).padStart(width);
for (const r of rows) console.log([r.name.padEnd(44), cell(r.cold, 0, 9), cell(r.first, 0, 9), cell(r.p50, 1, 9), cell(r.p95, 1, 9), cell(r.rssMiB, 0, 8), cell(r.peakMiB, 0, 9)].join(" "));
console.log(
  `\ncolumns in memory: ${(held.bytes / 2 ** 20).toFixed(0)} MiB for ${held.events.toLocaleString("en")} kept events and ${held.sessions.toLocaleString("en")} sessions = ` +
    `${(held.bytes / held.stored).toFixed(1)} bytes per stored event (${held.stored.toLocaleString("en")} stored after the ingest above; ${held.fromSnapshot ? "mapped from the snapshot" : "built from the store"}); ` +
    `with the room to grow and the derived indexes kept: ${(held.held / 2 ** 20).toFixed(0)} MiB (${(held.held / held.stored).toFixed(1)} bytes per stored event), as the memory budget counts it`,
);
const eventsPerS = (rps: number) => Math.round(rps * perBatch);
console.log(
  `\ningest alone (${connections} connections, ${seconds} s): ${eventsPerS(alone.rps).toLocaleString("en")} events/s (${alone.rps} batches/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms)` +
    `\nwhile the overview is asked back to back: ${eventsPerS(ingest.rps).toLocaleString("en")} events/s = ${Math.round((100 * ingest.rps) / alone.rps)} % of alone (${ingest.rps} batches/s, p50 ${ingest.p50} ms, p99 ${ingest.p99} ms); ` +
    `overview 28 days meanwhile: ${during.length} runs, p50 ${median(during).toFixed(1)} ms, p95 ${p95(during).toFixed(1)} ms`,
);
