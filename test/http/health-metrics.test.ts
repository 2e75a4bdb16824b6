import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import parse, { type ParsedFamily } from "parse-prometheus-text-format";
import { ROOT, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { freePort, spawnService } from "../helpers/process.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { metricsAllowed } from "../../lib/health/access.ts";
import { MAX_READY_MIN_FREE_MB, readSettings } from "../../lib/config.ts";
import { READY_CACHE_MS } from "../../lib/health/readiness.ts";

interface Scrape {
  families: Map<string, ParsedFamily>;
  text: string;
}

/** Families by name, read with an independent text-format parser (not prom-client's own), which also rejects a malformed line. */
async function scrape(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
  const text = await res.text();
  return { families: new Map(parse(text).map((family) => [family.name, family])), text };
}

/** One sample's value: the one whose labels include `labels`. */
function value({ families }: Scrape, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) throw new Error(`no metric ${name}`);
  const sample = family.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  if (!sample) throw new Error(`no sample of ${name} with ${JSON.stringify(labels)}`);
  return Number(sample.value ?? sample.count);
}

/** An unlabelled histogram: its count and sum. */
function histogram({ families }: Scrape, name: string): { count: number; sum: number } {
  const family = families.get(name);
  if (family?.type !== "HISTOGRAM") throw new Error(`no histogram ${name}`);
  return { count: Number(family.metrics[0].count), sum: Number(family.metrics[0].sum) };
}

/**
 * Requests counted with these labels (0 when none was). The parser folds a labelled
 * histogram's series into one (a limitation of parse-prometheus-text-format 1.1.1), so the
 * request histogram's `_count` lines are read here; the parser has checked their syntax.
 */
function requests({ families, text }: Scrape, labels: Record<string, string>): number {
  expect(families.get("tidemark_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
  let total = 0;
  for (const line of text.split("\n")) {
    const m = /^tidemark_http_request_duration_seconds_count\{(.*)\} (\d+)$/.exec(line);
    if (!m) continue;
    const got = Object.fromEntries([...m[1].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) total += Number(m[2]);
  }
  return total;
}

/** Every route label of the request histogram. */
function routeLabels({ text }: Scrape): Set<string> {
  return new Set([...text.matchAll(/^tidemark_http_request_duration_seconds_count\{.*route="([^"]*)"/gm)].map((m) => m[1]));
}

const OVERVIEW = "/api/v1/orgs/:orgId/sites/:siteId/analytics/:report";

describe("one process, no METRICS_TOKEN", () => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack();
    // The query thread has opened its platform (a test below takes DATA_DIR away for a moment).
    await s.warming;
  });
  afterAll(async () => {
    await s.close();
  });

  test("/healthz says only that the process answers", async () => {
    const res = await fetch(`${s.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  test("/metrics counts requests by route pattern, ingest outcomes, group commits, loaded columns and waiting deliveries", async () => {
    const { orgId, siteId, siteKey, key } = s.bootstrap!;
    // Two deliveries of the outbox: one parked pending (no due time, so the worker leaves it), one given up.
    const store = new Database(join(s.dataDir, `${orgId}.sqlite`));
    const insert = store.prepare("INSERT INTO deliveries (id, integration_id, lead_id, event, body, status, attempts, next_attempt_at, created_at) VALUES (?, 'int_gone', 'lead_x', 'lead.created', '{}', ?, ?, NULL, ?)");
    insert.run(uuid(), "pending", 0, s.clock.ms);
    insert.run(uuid(), "failed", 5, s.clock.ms);
    store.close();

    const before = await scrape(s.url);
    const accepted0 = value(before, "tidemark_ingest_events_total", { outcome: "accepted" });
    const duplicate0 = value(before, "tidemark_ingest_events_total", { outcome: "duplicate" });
    const rejected0 = value(before, "tidemark_ingest_events_total", { outcome: "rejected" });
    const commits0 = histogram(before, "tidemark_ingest_commit_batch_hits");
    const collect0 = requests(before, { route: "/v1/collect", status: "202" });
    const reports0 = requests(before, { route: OVERVIEW, status: "200" });
    const refused0 = requests(before, { route: OVERVIEW, status: "401" });

    // Three valid events and one invalid (a type nobody knows); then the same batch again: three duplicates, the invalid one again.
    const events = [ev("pageview", s.clock.ms), ev("pageview", s.clock.ms + 1, { u: "http://localhost/pricing" }), ev("event", s.clock.ms + 2, { n: "signup" }), ev("nonsense", s.clock.ms + 3)];
    const hit = batch(siteKey, events);
    const first = (await (await post(s.url, hit)).json()) as any;
    expect(first).toMatchObject({ accepted: 3, duplicates: 0 });
    expect(first.rejected).toHaveLength(1);
    expect(await (await post(s.url, hit)).json()).toMatchObject({ accepted: 0, duplicates: 3 });
    // A batch of nothing valid is refused whole: its two events count as rejected.
    expect((await post(s.url, batch(siteKey, [ev("nonsense", s.clock.ms), ev("nonsense", s.clock.ms)]))).status).toBe(422);

    const day = new Date(s.clock.ms).toISOString().slice(0, 10);
    const overview = `/api/v1/orgs/${orgId}/sites/${siteId}/analytics/overview?from=${day}&to=${day}`;
    expect((await s.api(overview, key)).status).toBe(200);
    expect((await s.api(overview, key)).status).toBe(200);
    expect((await s.api(overview)).status).toBe(401);

    const after = await scrape(s.url);
    expect(value(after, "tidemark_ingest_events_total", { outcome: "accepted" }) - accepted0).toBe(3);
    expect(value(after, "tidemark_ingest_events_total", { outcome: "duplicate" }) - duplicate0).toBe(3);
    // The invalid event of the batch, twice (it was sent twice), and the refused batch's two.
    expect(value(after, "tidemark_ingest_events_total", { outcome: "rejected" }) - rejected0).toBe(4);
    // Two hits reached the writer (the refused batch did not), one after the other: two groups of one.
    const commits = histogram(after, "tidemark_ingest_commit_batch_hits");
    expect(commits.count - commits0.count).toBe(2);
    expect(commits.sum - commits0.sum).toBe(2);
    expect(value(after, "tidemark_ingest_commit_queue_hits")).toBe(0);
    // Requests by the route table's pattern, never the URL with its ids.
    expect(requests(after, { route: "/v1/collect", status: "202" }) - collect0).toBe(2);
    expect(requests(after, { service: "router", method: "POST", route: "/v1/collect", status: "422" })).toBe(1);
    expect(requests(after, { service: "router", method: "GET", route: OVERVIEW, status: "200" }) - reports0).toBe(2);
    expect(requests(after, { route: OVERVIEW, status: "401" }) - refused0).toBe(1);
    // The scrape before this one was counted under its own path.
    expect(requests(after, { route: "/metrics", status: "200" })).toBeGreaterThanOrEqual(1);
    for (const route of routeLabels(after)) expect(route).not.toContain(orgId);
    // The query thread loaded the site once for both reports.
    expect(value(after, "tidemark_analytics_loaded_sites")).toBe(1);
    expect(value(after, "tidemark_analytics_loads_total")).toBe(1);
    expect(value(after, "tidemark_analytics_loaded_bytes")).toBeGreaterThan(0);
    expect(value(after, "tidemark_analytics_budget_bytes")).toBe(512 * 2 ** 20);
    // The router's handle and the collect and query threads' own: one org, three threads.
    expect(value(after, "tidemark_tenant_handles_open")).toBe(3);
    expect(value(after, "tidemark_webhook_deliveries_pending")).toBe(1);
    expect(value(after, "tidemark_webhook_deliveries_failed")).toBe(1);
    expect(value(after, "tidemark_report_schedules_due")).toBe(0);
    expect(value(after, "tidemark_cookie_scans_queued")).toBe(0);
    // prom-client's process metrics, once.
    expect(value(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.families.get("nodejs_heap_size_used_bytes")?.metrics).toHaveLength(1);
  });

  test("/readyz is ready, then unready while DATA_DIR cannot take a new store, and ready again", async () => {
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
    // Root ignores mode bits, so the directory is taken away instead: a file stands where it was.
    // The open control store keeps working (its handle is open), new tenant stores could not be made.
    const away = `${s.dataDir}.away`;
    renameSync(s.dataDir, away);
    writeFileSync(s.dataDir, "not a directory");
    // The last answer is kept a second (a public path must not make a probe file per request).
    await Bun.sleep(READY_CACHE_MS + 50);
    try {
      const unready = await fetch(`${s.url}/readyz`);
      expect(unready.status).toBe(503);
      // No reason in the public answer: those are in the log and on /metrics.
      expect(await unready.json()).toEqual({ ready: false });
      const m = await scrape(s.url);
      expect(value(m, "tidemark_ready_check", { check: "tenant_stores" })).toBe(0);
      expect(value(m, "tidemark_ready_check", { check: "control_store" })).toBe(1);
      expect(value(m, "tidemark_ready_check", { check: "ingest_thread" })).toBe(1);
    } finally {
      rmSync(s.dataDir);
      renameSync(away, s.dataDir);
    }
    await Bun.sleep(READY_CACHE_MS + 50);
    const back = await fetch(`${s.url}/readyz`);
    expect(back.status).toBe(200);
    expect(await back.json()).toEqual({ ready: true });
  });

  test("/metrics from loopback through a proxy (X-Forwarded-For) is 404, as an unknown API path", async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ code: "NOT_FOUND", message: "No such route", details: [] });
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
  });
});

describe("METRICS_TOKEN and READY_MIN_FREE_MB", () => {
  const TOKEN = "scrape-me-0123456789abcdef";
  let s: TestStack;
  beforeAll(async () => {
    s = await startStack({ env: { METRICS_TOKEN: TOKEN, READY_MIN_FREE_MB: String(MAX_READY_MIN_FREE_MB) } });
  });
  afterAll(async () => {
    await s.close();
  });

  test("with a token, /metrics is 404 without it or with another, even from loopback, and 200 with it", async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
    expect((await fetch(`${s.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(404);
    const m = await scrape(s.url, { authorization: `Bearer ${TOKEN}` });
    expect(m.families.has("tidemark_ingest_events_total")).toBe(true);
  });

  test("/readyz is 503 while DATA_DIR's free space is below READY_MIN_FREE_MB", async () => {
    const res = await fetch(`${s.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false });
    const m = await scrape(s.url, { authorization: `Bearer ${TOKEN}` });
    expect(value(m, "tidemark_ready_check", { check: "disk_space" })).toBe(0);
    expect(value(m, "tidemark_ready_check", { check: "tenant_stores" })).toBe(1);
    // Still alive: liveness is not readiness.
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });
});

describe("who may read /metrics", () => {
  const req = (headers: Record<string, string> = {}) => new Request("http://tidemark.test/metrics", { headers });
  test("without a token: loopback peers only, and not through a proxy", () => {
    expect(metricsAllowed(req(), "127.0.0.1", undefined)).toBe(true);
    expect(metricsAllowed(req(), "127.8.9.10", undefined)).toBe(true);
    expect(metricsAllowed(req(), "::1", undefined)).toBe(true);
    expect(metricsAllowed(req(), "::ffff:127.0.0.1", undefined)).toBe(true);
    expect(metricsAllowed(req(), "203.0.113.9", undefined)).toBe(false);
    expect(metricsAllowed(req(), "10.0.0.5", undefined)).toBe(false);
    expect(metricsAllowed(req(), "::ffff:10.0.0.5", undefined)).toBe(false);
    expect(metricsAllowed(req({ "x-forwarded-for": "127.0.0.1" }), "127.0.0.1", undefined)).toBe(false);
    expect(metricsAllowed(req({ forwarded: "for=127.0.0.1" }), "127.0.0.1", undefined)).toBe(false);
  });
  test("with a token: the bearer token from anywhere, nothing else from loopback", () => {
    const token = "0123456789abcdef-token";
    expect(metricsAllowed(req({ authorization: `Bearer ${token}` }), "203.0.113.9", token)).toBe(true);
    expect(metricsAllowed(req({ authorization: `Bearer ${token}` }), "127.0.0.1", token)).toBe(true);
    expect(metricsAllowed(req(), "127.0.0.1", token)).toBe(false);
    expect(metricsAllowed(req({ authorization: `Bearer ${token.slice(0, -1)}` }), "127.0.0.1", token)).toBe(false);
    expect(metricsAllowed(req({ authorization: `Basic ${token}` }), "127.0.0.1", token)).toBe(false);
  });
});

describe("settings", () => {
  const read = (env: Record<string, string>) => readSettings({ DATA_DIR: "/tmp/tidemark-settings", ...env });
  test("HOST: an IP address or a host name; every interface by default", () => {
    expect(read({}).host).toBe("0.0.0.0");
    expect(read({ HOST: "127.0.0.1" }).host).toBe("127.0.0.1");
    expect(read({ HOST: "::1" }).host).toBe("::1");
    expect(read({ HOST: "10.1.2.3" }).host).toBe("10.1.2.3");
    expect(read({ HOST: "tidemark-ingest.internal" }).host).toBe("tidemark-ingest.internal");
    expect(() => read({ HOST: "http://127.0.0.1" })).toThrow('HOST must be an IP address or a host name, got "http://127.0.0.1"');
    expect(() => read({ HOST: "127.0.0.1:8080" })).toThrow("HOST must be an IP address or a host name");
    expect(() => read({ HOST: "-bad.example" })).toThrow("HOST must be an IP address or a host name");
    expect(() => read({ HOST: "a b" })).toThrow("HOST must be an IP address or a host name");
  });
  test("READY_MIN_FREE_MB and METRICS_TOKEN", () => {
    expect(read({}).readyMinFreeMb).toBe(256);
    expect(read({ READY_MIN_FREE_MB: "0" }).readyMinFreeMb).toBe(0);
    expect(() => read({ READY_MIN_FREE_MB: "-1" })).toThrow(`READY_MIN_FREE_MB must be an integer 0..${MAX_READY_MIN_FREE_MB}, got "-1"`);
    expect(() => read({ READY_MIN_FREE_MB: "lots" })).toThrow('READY_MIN_FREE_MB must be an integer 0..1073741824, got "lots"');
    expect(read({}).metricsToken).toBeUndefined();
    expect(read({ METRICS_TOKEN: "0123456789abcdef" }).metricsToken).toBe("0123456789abcdef");
    // The message never repeats the token.
    expect(() => read({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be 16 to 256 printable characters without spaces");
    expect(() => read({ METRICS_TOKEN: "has a space in it ok" })).toThrow("METRICS_TOKEN must be 16 to 256 printable characters without spaces");
  });
});

/** An IPv4 address of this host that is not loopback (a container has its eth0), if any. */
function otherInterface(): string | null {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return null;
}

describe("HOST", () => {
  test("HOST=127.0.0.1 listens on loopback only; the default listens on every interface, where /metrics answers loopback only", async () => {
    const other = otherInterface();
    const loopback = await startStack({ env: { HOST: "127.0.0.1" } });
    const everywhere = await startStack();
    try {
      expect(loopback.url).toBe(`http://127.0.0.1:${loopback.port}`);
      expect((await fetch(`${loopback.url}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${everywhere.port}/healthz`)).status).toBe(200);
      if (other === null) throw new Error("this host has no non-loopback IPv4 interface to try");
      // The same address reaches the server bound everywhere, and finds nobody on the loopback one's port.
      expect((await fetch(`http://${other}:${everywhere.port}/healthz`)).status).toBe(200);
      const refused = await fetch(`http://${other}:${loopback.port}/healthz`).then(() => "answered", (error: Error & { code?: string }) => error.code ?? error.message);
      expect(refused).toBe("ECONNREFUSED");
      // Without METRICS_TOKEN, /metrics is for loopback peers: the same server, reached on another interface, hides it.
      expect((await fetch(`http://${other}:${everywhere.port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${everywhere.port}/metrics`)).status).toBe(200);
    } finally {
      await loopback.close();
      await everywhere.close();
    }
  });
});

describe("split mode", () => {
  test("the ingest service alone, on HOST=127.0.0.1, answers its own /healthz, /readyz and /metrics (with its collect thread's numbers)", async () => {
    const dataDir = tempDir();
    const ingest = await spawnService([process.execPath, join(ROOT, "services/ingest/main.ts")], { DATA_DIR: dataDir, HOST: "127.0.0.1" }, freePort());
    try {
      expect(await (await fetch(`${ingest.url}/healthz`)).json()).toEqual({ ok: true, service: "ingest" });
      const ready = await fetch(`${ingest.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true });
      const m = await scrape(ingest.url);
      expect(value(m, "tidemark_ready_check", { check: "ingest_thread" })).toBe(1);
      expect(value(m, "tidemark_ingest_commit_queue_hits")).toBe(0);
      expect(value(m, "tidemark_ingest_events_total", { outcome: "accepted" })).toBe(0);
      expect(requests(m, { service: "ingest", method: "GET", route: "/healthz", status: "200" })).toBeGreaterThanOrEqual(1);
      expect(requests(m, { service: "ingest", method: "GET", route: "/readyz", status: "200" })).toBe(1);
      // Not the query service: no analytics columns here.
      expect(m.families.has("tidemark_analytics_loaded_bytes")).toBe(false);
    } finally {
      await ingest.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
