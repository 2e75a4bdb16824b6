import { readFileSync } from "node:fs";
import type { Subprocess } from "bun";
import { cpus } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "../..");
const BUN = process.execPath;

export function freePort(): number {
  const s = Bun.serve({ port: 0, fetch: () => new Response() });
  const p = s.port!;
  s.stop(true);
  return p;
}

export async function waitHealthy(url: string, proc: Subprocess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not yet */
    }
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not come up`);
    await Bun.sleep(50);
  }
}

/** Servers a benchmark started and has not stopped: ended when the benchmark exits, whether it finished or failed. */
const running = new Set<Subprocess>();
process.on("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

/** Starts a bun script as a server process on a port (a free one unless given) and waits for /healthz. */
export async function startProcess(script: string[], env: Record<string, string>, port = freePort()): Promise<{ url: string; proc: Subprocess; stop(): Promise<void> }> {
  const proc = Bun.spawn([BUN, ...script], { cwd: ROOT, env: { ...process.env, LOG_REQUESTS: "0", ...env, PORT: String(port) }, stdout: "ignore", stderr: "inherit" });
  running.add(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, proc);
  return {
    url,
    proc,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      running.delete(proc);
    },
  };
}

/** CPU time a process has used so far (user + system, all threads), in microseconds (Linux /proc). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start behind its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / CLOCK_TICKS) * 1e6;
}
/** A process's resident memory now and at its peak, in MiB (Linux /proc: VmRSS, VmHWM). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMiB: Math.round(kib("VmRSS") / 1024), peakMiB: Math.round(kib("VmHWM") / 1024) };
}
/** USER_HZ: the unit of /proc/<pid>/stat times (100 on Linux everywhere in practice). */
const CLOCK_TICKS = 100;

export interface LoadResult {
  requests: number;
  ok: number;
  errors: number;
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export async function load(args: string[]): Promise<LoadResult> {
  const proc = Bun.spawn([BUN, join(ROOT, "scripts/bench/loadgen.ts"), ...args], { cwd: ROOT, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  return JSON.parse(out.trim().split("\n").pop()!) as LoadResult;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Runs the load `runs` times and keeps the median of each figure. */
export async function measure(args: string[], runs: number): Promise<LoadResult & { runs: LoadResult[] }> {
  const all: LoadResult[] = [];
  for (let i = 0; i < runs; i++) all.push(await load(args));
  const pick = (k: keyof LoadResult) => median(all.map((r) => r[k] as number));
  return { ...all[0], requests: pick("requests"), ok: pick("ok"), errors: pick("errors"), rps: pick("rps"), p50: pick("p50"), p90: pick("p90"), p95: pick("p95"), p99: pick("p99"), max: pick("max"), runs: all };
}

export function machine(): string {
  const c = cpus();
  return `${c.length} × ${c[0]?.model ?? "cpu"}, Bun ${Bun.version}, ${process.platform}/${process.arch}`;
}

export function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
