/**
 * The benchmarks' seeded site: ~10 million events (1.5 million visitors over 90 days by
 * default) through the ingest code path (`demo seed`), kept in the temp folder and reused by
 * later runs (`--fresh` seeds again). Used by `bench query` and `bench funnels`.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";
import { bootstrapIfEmpty, type Bootstrap } from "../../lib/admin/bootstrap.ts";
import { progressBar, seedDemo } from "../../lib/demo/seed.ts";
import { setLogging } from "../../lib/log.ts";

export interface Seeded {
  boot: Bootstrap;
  events: number;
  sessions: number;
  seconds: number;
}

export async function seededSite(visitors: number, days: number): Promise<{ dataDir: string; env: Record<string, string>; seeded: Seeded }> {
  const dataDir = join(tmpdir(), `tidemark-bench-query-${visitors}-${days}`);
  const marker = join(dataDir, "seeded.json");
  // One process, limits out of the way: the benchmarks measure the 200 path.
  const env = { DATA_DIR: dataDir, INGEST_RATE_PER_IP: "1000000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", RATE_LIMIT_PER_KEY: "1000000000", RATE_LIMIT_PER_IP: "1000000000" };
  if (process.argv.includes("--fresh")) rmSync(dataDir, { recursive: true, force: true });
  if (existsSync(marker)) return { dataDir, env, seeded: JSON.parse(readFileSync(marker, "utf8")) as Seeded };
  rmSync(dataDir, { recursive: true, force: true });
  setLogging(false);
  const platform = openPlatform(readSettings({ ...process.env, ...env }));
  try {
    const boot = (await bootstrapIfEmpty(platform))!;
    console.error(`seeding ${visitors} visitors over ${days} days into ${dataDir} …`);
    const started = performance.now();
    const result = await seedDemo(platform, { visitors, days, siteId: boot.siteId, progress: progressBar() });
    const seeded: Seeded = { boot, events: result.events, sessions: result.sessions, seconds: (performance.now() - started) / 1000 };
    writeFileSync(marker, JSON.stringify(seeded));
    return { dataDir, env, seeded };
  } finally {
    closePlatform(platform);
  }
}

export type BenchCall = { name: string; path: string; body?: object };

/** One authenticated API call, timed from the client. */
export async function timedCall(url: string, key: string, q: BenchCall): Promise<{ ms: number; status: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`${url}${q.path}`, {
    method: q.body ? "POST" : "GET",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: q.body ? JSON.stringify(q.body) : undefined,
  });
  const body = await res.json();
  return { ms: performance.now() - started, status: res.status, body };
}

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
