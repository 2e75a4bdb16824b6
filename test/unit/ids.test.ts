import { expect, test } from "bun:test";
import { isId, newId } from "../../lib/ids.ts";

test("ids are 24 lowercase hex, time first, and sort in creation order", () => {
  const before = Date.now();
  const ids = Array.from({ length: 2000 }, () => newId());
  const after = Date.now();
  for (const id of ids) expect(isId(id)).toBe(true);
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  const ms = parseInt(ids[0].slice(0, 12), 16);
  expect(ms).toBeGreaterThanOrEqual(before);
  expect(ms).toBeLessThanOrEqual(after);
});
