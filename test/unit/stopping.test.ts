import { expect, test } from "bun:test";
import { join } from "node:path";

/**
 * The signal handling of a stop (lib/http/stopping.ts, docs/operations.md "Stopping"): exit 0
 * once the stop is done; past the deadline, what is left is logged and the exit is 1; a second
 * signal exits at once with 128 + its number.
 */

async function stopped(stopMs: number, deadlineMs: number, signals: ("SIGTERM" | "SIGINT")[]) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "../helpers/stopping-process.ts"), String(stopMs), String(deadlineMs)], { stdout: "pipe", stderr: "pipe" });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("ready\n")) out += new TextDecoder().decode((await reader.read()).value);
  const sent = performance.now();
  for (const [i, signal] of signals.entries()) {
    if (i > 0) await Bun.sleep(100);
    proc.kill(signal);
  }
  const code = await proc.exited;
  const ms = performance.now() - sent;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) out += new TextDecoder().decode(chunk.value);
  const lines = out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { code, ms, lines: lines.map(({ t: _t, ms: _ms, ...rest }) => rest) };
}

test("a stop that finishes exits 0 and logs stopping, then stopped", async () => {
  const { code, lines } = await stopped(200, 5_000, ["SIGTERM"]);
  expect(code).toBe(0);
  expect(lines).toEqual([
    { service: "fixture", msg: "stopping", signal: "SIGTERM" },
    { level: "info", service: "fixture", msg: "stopped", signal: "SIGTERM", left: [] },
  ]);
});

test("a stop past its deadline logs what is left and exits 1", async () => {
  const { code, ms, lines } = await stopped(60_000, 500, ["SIGINT"]);
  expect(code).toBe(1);
  expect(ms).toBeLessThan(3_000);
  expect(lines[1]).toEqual({ level: "error", service: "fixture", msg: "not stopped within 500 ms", signal: "SIGINT", left: ["fixture: slow step"] });
});

test("a second signal exits at once with 128 + its number", async () => {
  const twice = await stopped(60_000, 30_000, ["SIGINT", "SIGINT"]);
  expect(twice.code).toBe(130);
  expect(twice.ms).toBeLessThan(3_000);
  expect(twice.lines[1]).toEqual({ level: "error", service: "fixture", msg: "second signal: stopped at once", signal: "SIGINT", left: ["fixture: slow step"] });
  const term = await stopped(60_000, 30_000, ["SIGTERM", "SIGTERM"]);
  expect(term.code).toBe(143);
});
