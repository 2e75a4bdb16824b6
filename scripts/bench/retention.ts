/**
 * `bun scripts/bench/retention.ts`: the ingest rate while the retention purge runs, next to the
 * rate without it (docs/data-lifecycle.md "Retention"). One process (the router with every
 * service in it, as `npm start` runs it, and this load generator, which moves its clock):
 * `--sessions` old sessions of 5 events each are sent on 2025-06-01, then the clock moves to
 * 2026-11-27, retention is set to 6 months, and `--connections` connections post one-event
 * hits for `--seconds` without a purge, then again while the purge (batches of `--batch` rows,
 * the worker's pause between them) deletes the old rows.
 * Options: --sessions 20000 --connections 4 --seconds 5 --batch 2000
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRouter } from "../../services/router/start.ts";
import { changeRetention } from "../../lib/lifecycle/retention-settings.ts";
import { RetentionWorker } from "../../lib/lifecycle/retention-worker.ts";
import { OPERATOR } from "../../lib/audit.ts";
import { orgById } from "../../lib/admin/validate.ts";
import { flag, machine, median } from "./harness.ts";

const sessions = flag("sessions", 20_000);
const connections = flag("connections", 4);
const seconds = flag("seconds", 5);
const batchRows = flag("batch", 2_000);
const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-retention-"));
const clock = { ms: Date.parse("2025-06-01T23:00:00Z") };
const HEADERS = { "content-type": "application/json", origin: "http://localhost", "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36" };

const router = await startRouter({
  now: () => clock.ms,
  env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_REQUESTS: "0", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", DASHBOARD_URL: "", INGEST_RATE_PER_IP: "1000000000", COOKIE_SCAN_INTERVAL_DAYS: "0" },
});
try {
  const boot = router.bootstrap!;
  const hit = (ts: number, events = 1) => ({
    v: 1, s: boot.siteKey, vid: crypto.randomUUID(), sid: crypto.randomUUID(), nv: true, c: { analytics: true, marketing: false },
    ctx: { ref: "", lang: "en-GB", tz: "UTC", sw: 1440, sh: 900, utm: {} },
    e: Array.from({ length: events }, (_, i) => ({ id: crypto.randomUUID(), t: i === 0 ? "pageview" : "event", ts: ts + i * 1_000, u: `http://localhost/p${i}`, ti: "Page", ...(i > 0 && { n: "click" }) })),
  });
  const post = (body: unknown) => fetch(`${router.url}/v1/collect`, { method: "POST", body: JSON.stringify(body), headers: HEADERS });

  // The old sessions, spread over 2025-06-01.
  let sent = 0;
  const fillStart = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (sent < sessions) {
      const n = sent++;
      const res = await post(hit(Date.parse("2025-06-01T00:00:00Z") + (n % 80_000), 5));
      if (res.status !== 202) throw new Error(`fill: ${res.status} ${await res.text()}`);
    }
  }));
  const fillMs = performance.now() - fillStart;
  // Let ingest's writer store everything before the clock moves.
  await Bun.sleep(1_000);

  clock.ms = Date.parse("2026-11-27T12:00:00Z");
  const org = orgById(router.platform.control.db, boot.orgId);
  await changeRetention(router.platform, org, { eventsMonths: 6 }, OPERATOR);

  /** Posts one-event hits on `connections` connections until `done` says stop; hits accepted a second, and latencies. */
  async function ingestWhile(done: () => boolean) {
    let accepted = 0;
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(Array.from({ length: connections }, async () => {
      while (!done()) {
        const t = performance.now();
        const res = await post(hit(clock.ms - 1_000));
        latencies.push(performance.now() - t);
        if (res.status === 202) accepted++;
      }
    }));
    const ms = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return { accepted, perSecond: Math.round((accepted / ms) * 1000), p50Ms: +median(latencies).toFixed(2), p99Ms: +latencies[Math.floor(latencies.length * 0.99)].toFixed(2), maxMs: +latencies[latencies.length - 1].toFixed(2) };
  }

  const until = Date.now() + seconds * 1000;
  const baseline = await ingestWhile(() => Date.now() > until);

  const worker = new RetentionWorker(router.platform, { batchRows });
  let purging = true;
  const purgeStart = performance.now();
  const purge = worker.kick().finally(() => (purging = false));
  const during = await ingestWhile(() => !purging);
  const stats = await purge;
  const purgeMs = Math.round(performance.now() - purgeStart);
  const counts = stats.counts[boot.orgId];
  console.log(JSON.stringify({ machine: machine(), sessions, fill: { eventsPerSecond: Math.round((sessions * 5) / (fillMs / 1000)) }, purge: { ms: purgeMs, batchRows, ...counts }, ingest: { connections, baseline, duringPurge: during } }, null, 2));
} finally {
  await router.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
