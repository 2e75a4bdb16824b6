import { expect, test } from "bun:test";
import { Batches } from "../../lib/threads/batches.ts";

test("what arrives while a batch is handled goes together next; each call gets its own result", async () => {
  const seen: number[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const batches = new Batches<number, number>(async (items) => {
    seen.push(items);
    if (seen.length === 1) await gate;
    return items.map((n) => n * 10);
  });
  const first = [1, 2, 3].map((n) => batches.add(n));
  await Bun.sleep(5);
  expect(seen).toEqual([[1, 2, 3]]);
  // The first batch is still being handled: these wait and go together.
  const second = [4, 5].map((n) => batches.add(n));
  await Bun.sleep(5);
  expect(seen).toEqual([[1, 2, 3]]);
  release();
  expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
  expect(seen).toEqual([[1, 2, 3], [4, 5]]);
});

test("a failed batch rejects each of its calls; the next batch is handled as usual, and idle is told", async () => {
  let idle = 0;
  const batches = new Batches<string, string>(
    async (items) => {
      if (items.includes("bad")) throw new Error("batch failed");
      return items.map((s) => s.toUpperCase());
    },
    () => idle++,
  );
  const failed = ["a", "bad"].map((s) => batches.add(s).then(() => "settled", (e: Error) => e.message));
  expect(await Promise.all(failed)).toEqual(["batch failed", "batch failed"]);
  expect(idle).toBe(1);
  expect(await Promise.all(["x", "y"].map((s) => batches.add(s)))).toEqual(["X", "Y"]);
  expect(idle).toBe(2);
});
