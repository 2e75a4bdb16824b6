import { expect, test } from "bun:test";
import { isStorageFailure } from "../../lib/db/sqlite.ts";
import { ApiError } from "../../lib/errors.ts";
import { WorkerCalls } from "../../lib/threads/worker-calls.ts";
import type { TestCall } from "../helpers/calls-worker.ts";

const WORKER = new URL("../helpers/calls-worker.ts", import.meta.url).href;
type Inits = { worker: string; inits: string[] };

function calls() {
  const log = { inits: 0, exits: [] as Error[] };
  const calls = new WorkerCalls<string, TestCall>(WORKER, { init: () => `init ${++log.inits}`, onExit: (e) => log.exits.push(e), crashCode: "SQLITE_IOERR" });
  return { calls, log };
}

test("a call settles with the worker's result; the worker starts on first use, told init first", async () => {
  const { calls: c, log } = calls();
  try {
    expect(log.inits).toBe(0);
    expect(await c.call<unknown>({ echo: { a: [1, "b"] } })).toEqual({ a: [1, "b"] });
    const both = await Promise.all([c.call<Inits>({ inits: true }), c.call<Inits>({ inits: true })]);
    expect(both[0]).toEqual(both[1]);
    expect(both[0].inits).toEqual(["init 1"]);
  } finally {
    c.close();
  }
});

test("errors cross rebuilt: an ApiError as an ApiError with its answer, a storage error with its code", async () => {
  const { calls: c } = calls();
  try {
    const api = await c.call({ apiError: true }).catch((e: unknown) => e);
    expect(api).toBeInstanceOf(ApiError);
    expect(api).toMatchObject({ code: "RATE_LIMITED", message: "Too many", details: [{ path: "ip", message: "slow down" }], headers: { "retry-after": "7" } });
    const storage = await c.call({ storageError: true }).catch((e: unknown) => e);
    expect(storage).not.toBeInstanceOf(ApiError);
    expect(storage).toMatchObject({ code: "SQLITE_BUSY", name: "SQLiteError", message: "database is locked" });
    expect(isStorageFailure(storage)).toBe(true);
  } finally {
    c.close();
  }
});

test("a crash rejects the pending calls; the next call starts a new worker", async () => {
  const { calls: c, log } = calls();
  try {
    const before = await c.call<Inits>({ inits: true });
    const pending = c.call({ hang: true }).catch((e: unknown) => e);
    const crashed = c.call({ crash: true }).catch((e: unknown) => e);
    for (const error of await Promise.all([pending, crashed])) {
      expect(error).toMatchObject({ code: "SQLITE_IOERR" });
      expect(isStorageFailure(error)).toBe(true);
    }
    expect(log.exits).toHaveLength(1);
    const after = await c.call<Inits>({ inits: true });
    expect(after.worker).not.toBe(before.worker);
    expect(after.inits).toEqual(["init 2"]);
  } finally {
    c.close();
  }
});

test("a call whose sending fails is rejected with that error", async () => {
  const { calls: c } = calls();
  try {
    const error = await c
      .expect(() => {
        throw new RangeError("no room");
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect(await c.call({ echo: 1 })).toBe(1);
  } finally {
    c.close();
  }
});

test("a running worker does not keep the process alive", async () => {
  const script = `
    import { WorkerCalls } from ${JSON.stringify(new URL("../../lib/threads/worker-calls.ts", import.meta.url).pathname)};
    const c = new WorkerCalls(${JSON.stringify(WORKER)});
    console.log(await c.call({ echo: "answered" }));
    c.call({ hang: true });
  `;
  const proc = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const timer = setTimeout(() => proc.kill(), 20_000);
  const code = await proc.exited;
  clearTimeout(timer);
  expect((await new Response(proc.stdout).text()).trim()).toBe("answered");
  expect(code).toBe(0);
});

test("a streamed answer crosses chunk by chunk, only as fast as it is read, and a cancel stops the worker's side", async () => {
  const { calls: c } = calls();
  try {
    const whole = c.stream(await c.call<number>({ stream: 300 }));
    const bytes = new Uint8Array(await new Response(whole).arrayBuffer());
    expect(bytes.length).toBe(300 * 1024);
    expect([bytes[0], bytes[1024 * 5], bytes[1024 * 299 + 7]]).toEqual([0, 5, 299 % 256]);

    const before = await c.call<number>({ produced: true });
    const reader = c.stream(await c.call<number>({ stream: 1000 })).getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).value![0]).toBe(i);
    await Bun.sleep(50);
    // Three chunks read: the worker made those and none ahead of the reader.
    expect((await c.call<number>({ produced: true })) - before).toBe(3);
    await reader.cancel();
    await Bun.sleep(20);
    expect((await c.call<number>({ produced: true })) - before).toBe(3);

    const failing = c.stream(await c.call<number>({ stream: 10, failAt: 4 }));
    const error = await new Response(failing).arrayBuffer().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "broke mid-stream" });
  } finally {
    c.close();
  }
});
