import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { must, ROOT, runAdmin, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService, type Proc } from "../helpers/process.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { eventIdHash } from "../../lib/ingest/apply.ts";
import { contextHeaders } from "../../lib/auth/context.ts";

/**
 * A clean stop (docs/operations.md "Stopping"): the real server as a process under load, a
 * signal mid-load; every acknowledged event and lead is in the store afterwards, the process
 * exits 0 within 10 s, and nothing is answered 202 after the signal and then lost.
 */

const ROUTER = [process.execPath, join(ROOT, "services/router/main.ts")];
const INGEST = [process.execPath, join(ROOT, "services/ingest/main.ts")];
// The load comes from one address: the per-address limits of collect and of the other public routes are lifted.
const ONE_PROCESS = { INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", DASHBOARD_URL: "", INGEST_RATE_PER_IP: "100000000", RATE_LIMIT_PER_IP: "100000000" };

const SECRET = "shutdown-test-secret";

const dirs: string[] = [];
const procs: Proc[] = [];
afterEach(async () => {
  for (const p of procs.splice(0)) if (p.proc.exitCode === null) await p.kill();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

async function start(cmd: string[], env: Record<string, string>): Promise<Proc> {
  const p = await spawnService(cmd, env, freePort());
  procs.push(p);
  return p;
}

interface Boot {
  orgId: string;
  siteId: string;
  siteKey: string;
}

/** What the load saw: the ids answered 202/201, and every answer or failure after the signal. */
interface Load {
  ackedEvents: string[];
  ackedLeads: string[];
  afterSignal: Map<string, number>;
}

/**
 * Collect batches of 5 events from 16 clients at once (and, when `leadsTo` is given, leads
 * through an inbound webhook from 2 more) until told to stop; a request that fails with a
 * connection error was not acknowledged. `headers` adds to each collect request (a service
 * reached without the router needs the router's signed context).
 */
function driveLoad(url: string, siteKey: string, o: { leadsTo?: { siteKey: string; secret: string }; headers?: () => Record<string, string> }) {
  const leadsTo = o.leadsTo ?? null;
  const load: Load = { ackedEvents: [], ackedLeads: [], afterSignal: new Map() };
  let signalled = false;
  let stopped = false;
  const note = (outcome: string) => {
    if (signalled) load.afterSignal.set(outcome, (load.afterSignal.get(outcome) ?? 0) + 1);
  };
  const collector = async () => {
    while (!stopped) {
      const events = Array.from({ length: 5 }, () => ev("pageview", Date.now()));
      try {
        const res = await post(url, batch(siteKey, events), o.headers?.());
        await res.arrayBuffer();
        if (res.status === 202) load.ackedEvents.push(...events.map((e) => e.id));
        note(String(res.status));
      } catch {
        note("connection error");
        await Bun.sleep(20);
      }
    }
  };
  const leader = async () => {
    while (!stopped && leadsTo) {
      try {
        const res = await fetch(`${url}/v1/hooks/webhook_in/${leadsTo.siteKey}`, {
          method: "POST",
          body: JSON.stringify({ externalId: uuid(), name: "Ada Lovelace", email: "ada@example.com" }),
          headers: { "content-type": "application/json", "x-svc-secret": leadsTo.secret },
        });
        const body = (await res.json().catch(() => null)) as { id?: string } | null;
        if (res.status === 201) load.ackedLeads.push(body!.id!);
        note(`lead ${res.status}`);
      } catch {
        note("lead connection error");
        await Bun.sleep(20);
      }
    }
  };
  const clients = [...Array.from({ length: 16 }, collector), ...Array.from({ length: leadsTo ? 2 : 0 }, leader)];
  return {
    load,
    signalled: () => (signalled = true),
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

/** Sends the signal mid-load; settles with the exit code and how long the stop took. */
async function stopUnderLoad(p: Proc, signal: "SIGTERM" | "SIGINT", load: ReturnType<typeof driveLoad>) {
  await Bun.sleep(1500);
  const before = load.load.ackedEvents.length;
  const sent = performance.now();
  load.signalled();
  p.proc.kill(signal);
  const code = await p.proc.exited;
  const elapsedMs = performance.now() - sent;
  await load.stop();
  return { code, elapsedMs, ackedBeforeSignal: before };
}

function storedEventHashes(db: Database): Set<bigint> {
  return new Set((db.query("SELECT CAST(id_hash AS TEXT) AS h FROM recent_events").all() as { h: string }[]).map((r) => BigInt(r.h)));
}

/** Every acknowledged event is in the org's store, which passes integrity_check. */
function expectAllStored(dataDir: string, orgId: string, load: Load) {
  const db = new Database(join(dataDir, `${orgId}.sqlite`), { readonly: true });
  try {
    expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const stored = storedEventHashes(db);
    expect(load.ackedEvents.filter((id) => !stored.has(eventIdHash(id)))).toEqual([]);
    const leads = new Set((db.query("SELECT id FROM leads").all() as { id: string }[]).map((r) => r.id));
    expect(load.ackedLeads.filter((id) => !leads.has(id))).toEqual([]);
  } finally {
    db.close();
  }
}

/** Every store was closed by every thread that had it open: SQLite removes a WAL file when its last connection closes. */
function expectStoresClosed(dataDir: string) {
  expect(readdirSync(dataDir).filter((f) => f.endsWith("-wal") || f.endsWith("-shm"))).toEqual([]);
}

/** After the signal: a 202 (committed, checked above), a refusal with the envelope, or no connection; never a 500. */
function expectRefusalsOnly(load: Load) {
  const allowed = new Set(["202", "503", "connection error", "lead 201", "lead 503", "lead connection error"]);
  expect([...load.afterSignal.keys()].filter((k) => !allowed.has(k))).toEqual([]);
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal} under collect and lead load: exit 0 within 10 s, every acknowledged event and lead stored`, async () => {
    const dataDir = newDataDir();
    const server = await start(ROUTER, { DATA_DIR: dataDir, ...ONE_PROCESS });
    const boot: Boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const site = must(runAdmin(dataDir, ["site", "create", "--org", boot.orgId, "--name", "Leads", "--domain", "leads.test"]));
    const inbound = must(runAdmin(dataDir, ["integration", "create", "--site", site.id, "--kind", "webhook_in"]));
    const load = driveLoad(server.url, boot.siteKey, { leadsTo: { siteKey: site.siteKey, secret: inbound.secret } });

    const { code, elapsedMs, ackedBeforeSignal } = await stopUnderLoad(server, signal, load);
    expect(code).toBe(0);
    expect(elapsedMs).toBeLessThan(10_000);
    expect(ackedBeforeSignal).toBeGreaterThan(200);
    expect(load.load.ackedLeads.length).toBeGreaterThan(5);
    expectStoresClosed(dataDir);
    expectAllStored(dataDir, boot.orgId, load.load);
    expectRefusalsOnly(load.load);
    const log = await server.output();
    expect(log).toContain('"msg":"stopping"');
    expect(log).toContain('"msg":"stopped"');
  }, 60_000);
}

test("split mode: the ingest service alone stops on SIGTERM under load with every acknowledged event stored", async () => {
  const dataDir = newDataDir();
  // The router bootstraps the store, then stops; the ingest service runs on it alone.
  const router = await start(ROUTER, { DATA_DIR: dataDir, ...ONE_PROCESS });
  await router.kill();
  expect(router.proc.exitCode).toBe(0);
  const boot: Boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
  const ingest = await start(INGEST, { DATA_DIR: dataDir, INTERNAL_SECRET: SECRET, INGEST_RATE_PER_IP: "100000000" });
  const signed = () => contextHeaders({ requestId: uuid(), ip: "203.0.113.9", iat: Date.now(), at: Date.now() }, SECRET);
  const load = driveLoad(ingest.url, boot.siteKey, { headers: signed });

  const { code, elapsedMs, ackedBeforeSignal } = await stopUnderLoad(ingest, "SIGTERM", load);
  expect(code).toBe(0);
  expect(elapsedMs).toBeLessThan(10_000);
  expect(ackedBeforeSignal).toBeGreaterThan(200);
  expectStoresClosed(dataDir);
  expectAllStored(dataDir, boot.orgId, load.load);
  expectRefusalsOnly(load.load);
}, 60_000);

/** A customer's endpoint that is slow the first time it is called. */
function slowReceiver(firstDelayMs: number) {
  const seen: string[] = [];
  const arrived = Promise.withResolvers<void>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      seen.push(request.headers.get("x-svc-delivery") ?? "");
      await request.text();
      if (seen.length === 1) {
        arrived.resolve();
        await Bun.sleep(firstDelayMs);
      }
      return new Response("ok");
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, seen, arrived: arrived.promise, stop: () => server.stop(true) };
}

test("a webhook attempt in flight at SIGTERM is handed back unrecorded and delivered after the restart", async () => {
  const dataDir = newDataDir();
  const receiver = slowReceiver(6_000);
  const env = { DATA_DIR: dataDir, ...ONE_PROCESS, WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_TIMEOUT_MS: "8000" };
  try {
    const server = await start(ROUTER, env);
    const boot: Boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const site = must(runAdmin(dataDir, ["site", "create", "--org", boot.orgId, "--name", "Hooked", "--domain", "hooked.test"]));
    const inbound = must(runAdmin(dataDir, ["integration", "create", "--site", site.id, "--kind", "webhook_in"]));
    must(runAdmin(dataDir, ["integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", receiver.url]));
    const res = await fetch(`${server.url}/v1/hooks/webhook_in/${site.siteKey}`, {
      method: "POST",
      body: JSON.stringify({ externalId: uuid(), name: "Ada Lovelace", email: "ada@example.com" }),
      headers: { "content-type": "application/json", "x-svc-secret": inbound.secret },
    });
    expect(res.status).toBe(201);
    const leadId = ((await res.json()) as { id: string }).id;
    await receiver.arrived;

    const sent = performance.now();
    server.proc.kill("SIGTERM");
    expect(await server.proc.exited).toBe(0);
    // The attempt was cut short, not waited for: the receiver takes 6 s.
    expect(performance.now() - sent).toBeLessThan(3_000);
    const read = (sql: string, ...args: string[]) => {
      const db = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
      try {
        return db.query(sql).all(...args) as Record<string, unknown>[];
      } finally {
        db.close();
      }
    };
    const [delivery] = read("SELECT id, status, attempts, last_status, last_error FROM deliveries WHERE lead_id = ?", leadId);
    expect(delivery).toEqual({ id: expect.any(String), status: "pending", attempts: 0, last_status: null, last_error: null });
    expect(read("SELECT * FROM delivery_attempts WHERE delivery_id = ?", delivery.id as string)).toEqual([]);

    // After the restart the first sweep sends it again; the receiver answers at once this time.
    await start(ROUTER, env);
    const deadline = Date.now() + 10_000;
    while (read("SELECT status FROM deliveries WHERE id = ?", delivery.id as string)[0].status !== "delivered" && Date.now() < deadline) await Bun.sleep(100);
    expect(read("SELECT status, attempts, last_status FROM deliveries WHERE id = ?", delivery.id as string)).toEqual([{ status: "delivered", attempts: 1, last_status: 200 }]);
    expect(read("SELECT attempt, status FROM delivery_attempts WHERE delivery_id = ?", delivery.id as string)).toEqual([{ attempt: 1, status: 200 }]);
    expect(receiver.seen).toEqual([delivery.id as string, delivery.id as string]);
  } finally {
    receiver.stop();
  }
}, 60_000);
