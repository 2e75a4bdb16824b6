/**
 * `bun run bench cookies`: `GET …/sites/{siteId}/cookies` at 5 000 items (issue 18: goal
 * < 50 ms p50).
 *
 * The bootstrap site gets, written into its store as ingest and the scanner write them: 4 000
 * items from visits (a third of the names from the Open Cookie Database, the rest unknown) in
 * 40 page types × 2 consent states (about 150 items per sample) with their first sightings;
 * two done scans of 3 000 items each (2 000 of them also in visits, 1 000 only the scanner's;
 * both passes; the previous one also found 200 items found nowhere since); 100 overrides. Then the
 * endpoint through the router in one-process mode, one request at a time, each timed to its
 * answer's last byte (the bench's own JSON parse left out): p50 and p95 of
 * --requests (after 20 unmeasured), --runs times; the median of the runs' figures is printed,
 * with the server's CPU time per request (less at the mercy of other work on the machine than
 * the wall clock) and the load average.
 *
 * Options: --items 5000 --requests 200 --runs 5
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { cpuMicros, flag, machine, median, startProcess } from "./harness.ts";
import { p95, timedCall } from "./seeded-site.ts";
import { cookieDatabase } from "../../lib/consent/cookie-database.ts";

const items = flag("items", 5000);
const requests = flag("requests", 200);
const runs = flag("runs", 5);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-cookies-"));
// The key's allowance per minute (RATE_LIMIT_PER_KEY, 300) out of the way: the bench sends over a thousand.
const env = { DATA_DIR: dataDir, INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", RATE_LIMIT_PER_KEY: "1000000", RATE_LIMIT_PER_IP: "1000000" };

const KINDS = ["cookie", "cookie", "storage", "host"] as const;
const DAY = 86_400_000;

/** `count` distinct items: every third an Open Cookie Database name, the others unknown. */
function itemNames(count: number): [string, string][] {
  const known = [...cookieDatabase().byName.keys()];
  return Array.from({ length: count }, (_, i): [string, string] => {
    const kind = KINDS[i % KINDS.length];
    if (kind === "host") return [kind, `tag${i}.cdn${i % 97}.example`];
    return [kind, i % 3 === 0 && i / 3 < known.length ? known[i / 3] : `bench_${kind}_${i}`];
  });
}

function seed(path: string, siteId: string, now: number): void {
  const db = new Database(path);
  db.exec("PRAGMA busy_timeout = 5000");
  // The last 200 are only the previous scan's: removed since.
  const all = itemNames(items + 200);
  const gone = all.slice(items);
  const visitsCount = Math.round(items * 0.8);
  const visits = all.slice(0, visitsCount);
  const scanOnly = all.slice(visitsCount, items);
  const write = db.transaction(() => {
    const inventory = db.prepare("INSERT INTO inventory (site_id, kind, name, first_seen_at, last_seen_at, before_consent, last_path, host) VALUES (?, ?, ?, ?, ?, 1, '/', ?)");
    const sighting = db.prepare("INSERT INTO inventory_sightings (site_id, kind, name, state, at, path) VALUES (?, ?, ?, ?, ?, ?)");
    const sample = db.prepare("INSERT INTO inventory_samples (site_id, page_key, state, digest, last_at, path) VALUES (?, ?, ?, ?, ?, ?)");
    const sampleItem = db.prepare("INSERT OR IGNORE INTO inventory_sample_items (site_id, page_key, state, kind, name) VALUES (?, ?, ?, ?, ?)");
    visits.forEach(([kind, name], i) => {
      const first = now - 30 * DAY + i * 1000;
      inventory.run(siteId, kind, name, first, first + DAY, kind === "host" ? name : "bench.example");
      sighting.run(siteId, kind, name, 0, first, `https://bench.example/p${i % 40}`);
      if (i % 2 === 0) sighting.run(siteId, kind, name, 3, first + 60_000, `https://bench.example/p${i % 40}`);
    });
    for (let page = 0; page < 40; page++) {
      for (const state of [0, 3]) {
        sample.run(siteId, `/p${page}`, state, `digest-${page}-${state}`, now - page * 60_000, `https://bench.example/p${page}`);
        // Each page type holds its own 100 items and 50 shared ones.
        for (let i = page; i < visitsCount; i += 40) sampleItem.run(siteId, `/p${page}`, state, visits[i][0], visits[i][1]);
        for (let i = 0; i < 50; i++) sampleItem.run(siteId, `/p${page}`, state, visits[i][0], visits[i][1]);
      }
    }
    const scan = db.prepare("INSERT INTO cookie_scans (id, site_id, status, trigger, queued_at, started_at, finished_at, pages, found) VALUES (?, ?, 'done', 'schedule', ?, ?, ?, 10, ?)");
    const scanItem = db.prepare("INSERT INTO cookie_scan_items (scan_id, kind, name, pass, host, page, at, http_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    const scanned = [...visits.slice(0, 2000), ...scanOnly];
    const scans = [
      { id: "01BENCHSCAN0000000000PREV0", at: now - 8 * DAY, items: [...scanned.slice(200), ...gone] },
      { id: "01BENCHSCAN0000000000LAST0", at: now - DAY, items: scanned },
    ];
    for (const s of scans) {
      scan.run(s.id, siteId, s.at, s.at, s.at + 120_000, s.items.length);
      s.items.forEach(([kind, name], i) => {
        for (const pass of i % 4 === 0 ? [2] : [1, 2]) {
          scanItem.run(s.id, kind, name, pass, kind === "host" ? name : i % 10 === 0 ? ".ads.example" : "bench.example", `https://bench.example/p${i % 10}`, s.at + i, kind === "cookie" ? i % 2 : null);
        }
      });
    }
    const override = db.prepare("INSERT INTO cookie_overrides (site_id, name, category, vendor, purpose, updated_at) VALUES (?, ?, 'marketing', 'Bench', 'An override', ?)");
    for (let i = 1; i < items; i += Math.floor(items / 100)) override.run(siteId, all[i][1], now);
  });
  write();
  db.close();
}

/**
 * One request timed to its answer's last byte: the endpoint's latency. Not the bench's own
 * parse of 2.5 MB of JSON (timedCall's), which is the client's time, not the server's.
 */
async function received(url: string, key: string, path: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const server = await startProcess(["services/router/main.ts"], env);
try {
  const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  seed(join(dataDir, `${boot.orgId}.sqlite`), boot.siteId, Date.now());
  const call = { name: "cookies", path: `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/cookies` };
  const first = await timedCall(server.url, boot.key, call);
  const body = first.body as { items: unknown[]; summary: { violations: number; unknown: number }; removed: unknown[] };
  if (first.status !== 200) throw new Error(`GET cookies answered ${first.status}: ${JSON.stringify(first.body)}`);
  console.log(`machine: ${machine()}`);
  console.log(`items ${body.items.length}, ${(JSON.stringify(body).length / 1e6).toFixed(1)} MB, violations ${body.summary.violations}, unknown ${body.summary.unknown}, removed ${body.removed.length}; first request ${first.ms.toFixed(1)} ms`);
  const p50s: number[] = [];
  const p95s: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < 20; i++) await received(server.url, boot.key, call.path);
    const times: number[] = [];
    const cpuBefore = cpuMicros(server.proc.pid);
    for (let i = 0; i < requests; i++) {
      const answer = await received(server.url, boot.key, call.path);
      if (answer.status !== 200) throw new Error(`GET cookies answered ${answer.status}`);
      times.push(answer.ms);
    }
    cpuMs.push((cpuMicros(server.proc.pid) - cpuBefore) / 1000 / requests);
    p50s.push(median(times));
    p95s.push(p95(times));
    console.log(`run ${run + 1}: p50 ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms over ${requests} requests; server CPU ${cpuMs[run].toFixed(1)} ms per request`);
  }
  console.log(`GET …/cookies at ${body.items.length} items: p50 ${median(p50s).toFixed(1)} ms, p95 ${median(p95s).toFixed(1)} ms ; server CPU ${median(cpuMs).toFixed(1)} ms per request (median of ${runs} runs; goal p50 < 50 ms)`);
  console.log(`load average while measured: ${loadavg().map((l) => l.toFixed(2)).join(" ")} on ${cpus().length} cores`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
