import { expect, test } from "bun:test";
import { DimCodes, TupleGroup } from "../../lib/analytics/columns.ts";

test("a tuple group interns each tuple of codes once, through its growth, and finds them again after a restore", () => {
  const parts = [new DimCodes([]), new DimCodes([]), new DimCodes([])];
  const group = new TupleGroup(parts);
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  const ids = new Map<string, number>([["0,0,0", 0]]);
  const tuples: number[][] = [];
  for (let i = 0; i < 100_000; i++) {
    const codes = [rnd(300), rnd(50), rnd(7)];
    const id = group.intern(codes);
    const key = codes.join(",");
    if (!ids.has(key)) ids.set(key, ids.size);
    expect(id).toBe(ids.get(key)!);
    tuples.push(codes);
  }
  expect(group.count).toBe(ids.size);
  for (const [key, id] of ids) expect(parts.map((p) => p.ofTuple[id]).join(",")).toBe(key);
  // A snapshot keeps the parts' ofTuple columns and the count: the same ids come back.
  const again = new TupleGroup(parts.map((p) => Object.assign(new DimCodes([]), { ofTuple: p.ofTuple })));
  again.restore(group.count);
  for (const codes of tuples.slice(0, 5000)) expect(again.intern(codes)).toBe(ids.get(codes.join(","))!);
  expect(again.count).toBe(group.count);
});
