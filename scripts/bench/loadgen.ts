/**
 * A small closed-loop HTTP load generator, run as its own process so it does not share an
 * event loop with the server it measures. Prints one JSON line:
 * { requests, ok, errors, seconds, rps, p50, p90, p95, p99, max } (latencies in ms).
 *
 *   bun scripts/bench/loadgen.ts --url URL [--connections 32] [--seconds 10] [--warmup 2]
 *     [--header "name: value"]… [--method POST --body-file F]
 *   bun scripts/bench/loadgen.ts --targets-file F …: GETs of the URLs in F (a JSON array of
 *     { url, headers }), taken in turn by whichever connection is free (round-robin).
 * In bodies, every "__UUID__" is replaced by a fresh UUID on each send (so repeated bodies
 * are new events, not duplicates) and "__NOW__" by the current epoch milliseconds.
 * "__SID__" and "__VID__" stand for the current session and visitor of the connection: a
 * session lasts --batches-per-session sends (default 3), a visitor --sessions-per-visitor
 * sessions (default 2), as a returning visitor's script would send them.
 */
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const opt = (name: string, fallback?: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const url = opt("url");
const targetsFile = opt("targets-file");
const targets: { url: string; headers: Record<string, string> }[] = targetsFile ? JSON.parse(readFileSync(targetsFile, "utf8")) : [];
if (!url && targets.length === 0) {
  console.error("--url or --targets-file is required");
  process.exit(2);
}
const connections = Number(opt("connections", "32"));
const batchesPerSession = Number(opt("batches-per-session", "3"));
const sessionsPerVisitor = Number(opt("sessions-per-visitor", "2"));
const seconds = Number(opt("seconds", "10"));
const warmup = Number(opt("warmup", "2"));
const method = opt("method", "GET")!;
const bodyFile = opt("body-file");
const bodies: string[] = bodyFile ? (JSON.parse(readFileSync(bodyFile, "utf8")) as string[]) : [];
const headers: Record<string, string> = {};
args.forEach((a, i) => {
  if (a === "--header") {
    const [k, ...v] = args[i + 1].split(":");
    headers[k.trim()] = v.join(":").trim();
  }
});

const latencies: number[] = [];
let ok = 0;
let errors = 0;
let statuses: Record<number, number> = {};
let recording = false;
let stop = false;
let n = 0;

async function worker() {
  let sends = 0;
  // Visitor and session ids as the tracking script makes them: UUIDv7.
  let sid = Bun.randomUUIDv7();
  let vid = Bun.randomUUIDv7();
  while (!stop) {
    const template = bodies.length ? bodies[n++ % bodies.length] : undefined;
    if (sends > 0 && sends % batchesPerSession === 0) {
      sid = Bun.randomUUIDv7();
      if ((sends / batchesPerSession) % sessionsPerVisitor === 0) vid = Bun.randomUUIDv7();
    }
    sends++;
    const body = template?.includes("__")
      ? template.replace(/__UUID__/g, () => crypto.randomUUID()).replace(/"__NOW__"/g, String(Date.now())).replace(/__SID__/g, sid).replace(/__VID__/g, vid)
      : template;
    const target = targets.length ? targets[n++ % targets.length] : { url: url!, headers };
    const t0 = performance.now();
    try {
      // A redirect is the answer measured (GET /l/{slug}), never followed.
      const res = await fetch(target.url, { method, headers: target.headers, body, redirect: "manual" });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (recording) {
        latencies.push(ms);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status < 400) ok++;
        else errors++;
      }
    } catch {
      if (recording) errors++;
    }
  }
}

const workers = Array.from({ length: connections }, () => worker());
await Bun.sleep(warmup * 1000);
recording = true;
const started = performance.now();
await Bun.sleep(seconds * 1000);
recording = false;
const elapsed = (performance.now() - started) / 1000;
stop = true;
await Promise.all(workers);
latencies.sort((a, b) => a - b);
const pct = (p: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 100) / 100 : null);
console.log(
  JSON.stringify({ requests: latencies.length, ok, errors, statuses, seconds: Math.round(elapsed * 100) / 100, rps: Math.round(latencies.length / elapsed), p50: pct(50), p90: pct(90), p95: pct(95), p99: pct(99), max: pct(100) }),
);
