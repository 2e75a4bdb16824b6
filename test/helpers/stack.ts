import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRouter, type RunningRouter } from "../../services/router/start.ts";
import type { RouterOptions } from "../../services/router/app.ts";

export const ROOT = join(import.meta.dir, "../..");

export function tempDir(prefix = "tidemark-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A clock the test moves by hand. */
export class TestClock {
  constructor(public ms = Date.now()) {}
  now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface TestStack extends RunningRouter {
  dataDir: string;
  clock: TestClock;
  /** Runs the admin CLI against this stack's data directory. */
  admin(...args: string[]): CliResult;
  /** Authenticated GET/POST against the router. */
  api(path: string, key?: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface CliResult {
  code: number;
  json: any;
  stderr: string;
}

export function runAdmin(dataDir: string, args: string[], env: Record<string, string> = {}): CliResult {
  const proc = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_REQUESTS: "0", ...env },
  });
  const stdout = proc.stdout.toString();
  const stderr = proc.stderr.toString();
  let json: any = null;
  try {
    json = JSON.parse(proc.exitCode === 0 ? stdout : stderr);
  } catch {
    json = null;
  }
  return { code: proc.exitCode ?? -1, json, stderr };
}

/** Starts the whole service (one process) on a free port with a fresh data directory. */
export async function startStack(options: RouterOptions & { env?: Record<string, string>; dataDir?: string } = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? tempDir();
  const clock = new TestClock();
  const running = await startRouter({
    ...options,
    now: clock.now,
    // The cheapest argon2id cost the settings allow: hashing is not what these tests measure.
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_REQUESTS: "0", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", DASHBOARD_URL: "", PASSWORD_HASH_MEMORY_KIB: "4096", PASSWORD_HASH_TIME: "1", ...options.env },
  });
  const stack: TestStack = {
    ...running,
    dataDir,
    clock,
    admin: (...args) => runAdmin(dataDir, args),
    api: (path, key, init = {}) =>
      fetch(running.url + path, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string>) } }),
    async close() {
      await running.stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/** Runs an admin command and returns its JSON, failing loudly when it did not succeed. */
export function must(result: CliResult): any {
  if (result.code !== 0) throw new Error(`admin command failed (${result.code}): ${result.stderr}`);
  return result.json;
}
