/**
 * `bun run bench startup`: how long after it is spawned the server answers. Each run spawns
 * `npm start` (the server is npm's grandchild, so the whole process group is ended after) and
 * asks, every few milliseconds until each answers, an authenticated read of the API
 * (GET /api/v1/orgs/{org}/sites) and a tracking batch (POST /v1/collect); it prints the median
 * ms from spawn to the first 2xx of each, and to the first answer of any kind. Stores: an empty
 * one (bootstrapped, no events) and a copy of the seeded 10-million-event store of
 * `bench query` (copied, since a start and the tracking batch write to it), when it exists.
 * Options: --runs 5; --direct spawns `bun services/router/main.ts` instead of npm.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { flag, freePort, machine, median, ROOT } from "./harness.ts";
import { COLLECT_HEADERS, makeBodies } from "./collect-bodies.ts";
import type { Bootstrap } from "../../lib/admin/bootstrap.ts";

const runs = flag("runs", 5);
const direct = process.argv.includes("--direct");
const SEEDED = join(tmpdir(), "tidemark-bench-query-1500000-90");
const POLL_MS = 5;

/** Each started server's process group, ended when the bench exits, finished or failed. */
const groups = new Set<number>();
const endGroup = (pid: number, signal: NodeJS.Signals) => {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
};
process.on("exit", () => groups.forEach((pid) => endGroup(pid, "SIGKILL")));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

function launch(dataDir: string, port: number): ChildProcess {
  const command = direct ? [process.execPath, "services/router/main.ts"] : ["npm", "start", "--silent"];
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_REQUESTS: "0", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "" };
  // A group of its own, so npm, its shell and the server end together.
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, env, detached: true, stdio: "ignore" });
  groups.add(child.pid!);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  endGroup(child.pid!, "SIGTERM");
  await exited;
  // npm may leave before the server does: wait until nothing of the group is left.
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      break;
    }
    await Bun.sleep(25);
  }
  endGroup(child.pid!, "SIGKILL");
  groups.delete(child.pid!);
}

interface Timing {
  anyAnswer: number;
  api: number;
  collect: number;
}

/** Asks `ask` until it answers 2xx; returns ms since `t0` of that and of the first answer of any kind. */
async function firstOk(t0: number, ask: () => Promise<Response>, seen: (ms: number) => void, deadline: number): Promise<number> {
  for (;;) {
    try {
      const res = await ask();
      await res.arrayBuffer();
      seen(performance.now() - t0);
      if (res.ok) return performance.now() - t0;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error("the server did not answer within 30 s");
    await Bun.sleep(POLL_MS);
  }
}

async function timeStart(dataDir: string, boot: Bootstrap): Promise<Timing> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const body = makeBodies(boot.siteKey, 1).bodies[0]
    .replaceAll("__UUID__", () => crypto.randomUUID())
    .replaceAll('"__NOW__"', String(Date.now()))
    .replaceAll("__VID__", Bun.randomUUIDv7())
    .replaceAll("__SID__", Bun.randomUUIDv7());
  const headers: Record<string, string> = {};
  for (let i = 0; i < COLLECT_HEADERS.length; i += 2) {
    const line = COLLECT_HEADERS[i + 1];
    headers[line.slice(0, line.indexOf(":"))] = line.slice(line.indexOf(":") + 1).trim();
  }
  let anyAnswer = Infinity;
  const seen = (ms: number) => (anyAnswer = Math.min(anyAnswer, ms));
  const t0 = performance.now();
  const child = launch(dataDir, port);
  const deadline = t0 + 30_000;
  try {
    const [api, collect] = await Promise.all([
      firstOk(t0, () => fetch(`${url}/api/v1/orgs/${boot.orgId}/sites`, { headers: { authorization: `Bearer ${boot.key}` } }), seen, deadline),
      firstOk(t0, () => fetch(`${url}/v1/collect`, { method: "POST", headers, body }), seen, deadline),
    ]);
    return { anyAnswer, api, collect };
  } finally {
    await stop(child);
  }
}

async function emptyStore(): Promise<{ dataDir: string; boot: Bootstrap }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-startup-"));
  // The first start bootstraps the store (org, site, key); the timed starts come after it.
  const port = freePort();
  const child = launch(dataDir, port);
  const file = join(dataDir, "bootstrap.json");
  for (let i = 0; !existsSync(file) || !(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)); i++) {
    if (i > 600) throw new Error("the first start did not bootstrap the store");
    await Bun.sleep(50);
  }
  await stop(child);
  return { dataDir, boot: JSON.parse(readFileSync(file, "utf8")) as Bootstrap };
}

function seededCopy(): { dataDir: string; boot: Bootstrap } | null {
  if (!existsSync(join(SEEDED, "seeded.json"))) return null;
  const dataDir = mkdtempSync(join(tmpdir(), "tidemark-bench-startup-big-"));
  for (const name of ["control.sqlite", "internal-secret", "bootstrap.json"]) copyFileSync(join(SEEDED, name), join(dataDir, name));
  const boot = (JSON.parse(readFileSync(join(SEEDED, "seeded.json"), "utf8")) as { boot: Bootstrap }).boot;
  for (const suffix of ["", "-wal"]) {
    const file = join(SEEDED, `${boot.orgId}.sqlite${suffix}`);
    if (existsSync(file)) copyFileSync(file, join(dataDir, `${boot.orgId}.sqlite${suffix}`));
  }
  return { dataDir, boot };
}

const fmt = (ms: number) => `${Math.round(ms)} ms`;
const stores: [string, () => Promise<{ dataDir: string; boot: Bootstrap } | null>][] = [
  ["empty store", emptyStore],
  ["10 M-event store (copy of bench query's)", async () => seededCopy()],
];
console.log(`bench startup — ${machine()}; ${direct ? "bun services/router/main.ts" : "npm start"}; median of ${runs} starts`);
console.log("| store | first answer | GET /api/v1/orgs/{org}/sites 200 | POST /v1/collect 202 |");
console.log("|---|---|---|---|");
for (const [name, open] of stores) {
  const store = await open();
  if (!store) {
    console.log(`| ${name} | — (not seeded: run \`bun run bench query\` first) | | |`);
    continue;
  }
  try {
    const timings: Timing[] = [];
    for (let i = 0; i < runs; i++) timings.push(await timeStart(store.dataDir, store.boot));
    const pick = (k: keyof Timing) => fmt(median(timings.map((t) => t[k])));
    const spread = (k: keyof Timing) => timings.map((t) => Math.round(t[k])).join(", ");
    console.log(`| ${name} | ${pick("anyAnswer")} | ${pick("api")} (${spread("api")}) | ${pick("collect")} (${spread("collect")}) |`);
  } finally {
    rmSync(store.dataDir, { recursive: true, force: true });
  }
}
