import { rmSync } from "node:fs";
import { join } from "node:path";
import { startRouter, type RunningRouter } from "../../services/router/start.ts";
import type { RouterOptions } from "../../services/router/app.ts";

export const ROOT = join(import.meta.dir, "../..");

export { tempDir } from "./temp-dirs.ts";
import { tempDir } from "./temp-dirs.ts";

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
  const proc = Bun.spawnSync([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env: adminEnv(dataDir, env) });
  return cliResult(proc.exitCode ?? -1, proc.stdout.toString(), proc.stderr.toString());
}

/** runAdmin without blocking this process: for commands that reach a server the test itself serves (a scan of a local site). */
export async function runAdminAsync(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, join(ROOT, "scripts/admin.ts"), ...args], { cwd: ROOT, env: adminEnv(dataDir, env), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return cliResult(code, stdout, stderr);
}

const adminEnv = (dataDir: string, env: Record<string, string>) => ({ ...process.env, DATA_DIR: dataDir, LOG_REQUESTS: "0", ...env });

function cliResult(code: number, stdout: string, stderr: string): CliResult {
  let json: any = null;
  try {
    json = JSON.parse(code === 0 ? stdout : stderr);
  } catch {
    json = null;
  }
  return { code, json, stderr };
}

/** Starts the whole service (one process) on a free port with a fresh data directory. */
export async function startStack(options: RouterOptions & { env?: Record<string, string>; dataDir?: string } = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? tempDir();
  const clock = new TestClock();
  const running = await startRouter({
    ...options,
    now: clock.now,
    // The argon2id cost comes from process.env (test/setup.ts: the cheapest). No scheduled cookie
    // scans (the bootstrap site's localhost would be scanned) unless a test asks.
    env: { ...process.env, DATA_DIR: dataDir, PORT: "0", LOG_REQUESTS: "0", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", DASHBOARD_URL: "", COOKIE_SCAN_INTERVAL_DAYS: "0", ...options.env },
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

/** Signs a user in (the bootstrap owner unless told): the session cookie and the Origin the dashboard's writes must carry. */
export async function ownerSession(s: TestStack, who = { email: s.bootstrap!.ownerEmail, password: s.bootstrap!.ownerPassword }): Promise<{ cookie: string; origin: string }> {
  const origin = new URL(s.platform.settings.publicUrl).origin;
  const signIn = await fetch(`${s.url}/api/v1/session`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(who) });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  return { cookie: signIn.headers.get("set-cookie")!.split(";")[0], origin };
}
