import { expect, test } from "bun:test";
import { DenseCodes } from "../../lib/analytics/columns.ts";

/** `strings` with ids 1..n, text `s<id>`. */
const stringsOf = (n: number) => [null, ...Array.from({ length: n }, (_, i) => `s${i + 1}`)];

test("dense codes: first sight gives the next code, later sights the same one, through many table growths and colliding ids", () => {
  const strings = stringsOf(200_000);
  const codes = new DenseCodes(strings);
  // Scattered ids and a run of ids, interleaved: at up to half full, many probes walk past other codes.
  const ids = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? 1 + ((i * 4096) % 199_999) : 100_000 + i));
  const expected = new Map<number, number>();
  for (const id of ids) {
    if (!expected.has(id)) expected.set(id, expected.size + 1);
    expect(codes.code(id)).toBe(expected.get(id)!);
  }
  for (const id of [...ids].reverse()) expect(codes.code(id)).toBe(expected.get(id)!);
  expect(codes.code(0)).toBe(0);
  expect(codes.size).toBe(expected.size + 1);
  for (const [id, code] of expected) {
    expect(codes.keys[code]).toBe(`s${id}`);
    expect(codes.codeOf(`s${id}`)).toBe(code);
  }
  expect(codes.codeOf("never")).toBe(-1);
  expect(codes.idsOfCodes.length).toBe(codes.size);
});

test("dense codes restored from their saved ids: same codes and texts, and new ids continue after them", () => {
  const strings = stringsOf(1000);
  const codes = new DenseCodes(strings);
  for (const id of [7, 3, 999, 42, 7, 500]) codes.code(id);
  const saved = Int32Array.from(codes.idsOfCodes); // as a snapshot maps it back: exactly `size` long
  const restored = new DenseCodes(strings);
  restored.restore(saved);
  expect(restored.keys).toEqual(codes.keys);
  for (const id of [7, 3, 999, 42, 500]) expect(restored.code(id)).toBe(codes.code(id));
  expect(restored.codeOf("s42")).toBe(codes.codeOf("s42"));
  // New ids after a restore: the saved column is not written past its end.
  for (let id = 1; id <= 1000; id++) expect(restored.code(id)).toBe(codes.code(id));
  expect(Array.from(saved)).toEqual([0, 7, 3, 999, 42, 500]);
  expect(restored.keys).toEqual(codes.keys);
});
