import { expect, test } from "bun:test";
import { isId, newId, uuidBytes, uuidOfHex } from "../../lib/ids.ts";

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

test("a UUID's 16 bytes and its text from their hex agree both ways, whatever the case", () => {
  const uuid = "0190A1b2-c3d4-7e5f-8a9b-00000000ffee";
  const bytes = uuidBytes(uuid);
  expect(Array.from(bytes.slice(0, 4))).toEqual([0x01, 0x90, 0xa1, 0xb2]);
  expect(uuidOfHex(Buffer.from(bytes).toString("hex"))).toBe(uuid.toLowerCase());
});
