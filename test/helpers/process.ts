import type { Subprocess } from "bun";
import { ROOT } from "./stack.ts";

/** A port nobody listens on right now. */
export function freePort(): number {
  const server = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

export interface Proc {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  output(): Promise<string>;
  kill(): Promise<void>;
}

/**
 * Starts a command (a service's main.ts under bun, or a compiled binary) and waits for /healthz.
 * No scheduled cookie scans unless `env` asks (the bootstrap site's localhost would be scanned).
 */
export async function spawnService(cmd: string[], env: Record<string, string>, port: number, timeoutMs = 15_000, cwd = ROOT): Promise<Proc> {
  const proc = Bun.spawn(cmd, { cwd, env: { ...process.env, LOG_REQUESTS: "0", COOKIE_SCAN_INTERVAL_DAYS: "0", ...env, PORT: String(port) }, stdout: "pipe", stderr: "pipe" });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null || Date.now() > deadline) {
      const err = await new Response(proc.stderr).text();
      throw new Error(`${cmd.join(" ")} did not come up (exit ${proc.exitCode}): ${err}`);
    }
    await Bun.sleep(50);
  }
  let captured: Promise<string> | null = null;
  return {
    proc,
    url,
    output: () => (captured ??= new Response(proc.stdout).text()),
    async kill() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}
