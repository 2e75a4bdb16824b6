import { describe, expect, test } from "bun:test";
import { mkdtempSync, openSync, readSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSnapshot, writeSnapshot, type StoreMark } from "../../lib/analytics/site-snapshot.ts";

const MARK: StoreMark = { eventSeq: 7, event: [1, 2, 3, 4], siteRef: 5, siteId: "site" };
const LAYOUT = [{ name: "big", kind: "i32" as const }, { name: "small", kind: "f64" as const }];

/** A column of 20 MB: its hash is chained over several 4 MiB chunks. */
function columns() {
  const big = new Int32Array(6_000_000);
  for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) | 0;
  const small = new Float64Array([1.5, 2.5, 3.5, 0]);
  return [
    { name: "big", kind: "i32" as const, count: big.length - 1000, array: big },
    { name: "small", kind: "f64" as const, count: 3, array: small },
  ];
}

function flipByte(path: string, at: number) {
  const fd = openSync(path, "r+");
  const byte = new Uint8Array(1);
  readSync(fd, byte, 0, 1, at);
  byte[0] ^= 0x10;
  writeSync(fd, byte, 0, 1, at);
  closeSync(fd);
}

describe("site snapshot file", () => {
  test("columns longer than a hash chunk come back whole, with their room to grow", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "snapshot-")), "site.cols");
    const parts = columns();
    await writeSnapshot(path, MARK, { note: "meta" }, parts);
    const read = readSnapshot<{ note: string }>(path, LAYOUT);
    if ("problem" in read) throw new Error(read.problem);
    expect(read.meta).toEqual({ note: "meta" });
    expect(read.mark).toEqual(MARK);
    const big = read.columns.get("big") as Int32Array;
    expect(big.length).toBe(6_000_000);
    expect(big.subarray(0, parts[0].count)).toEqual((parts[0].array as Int32Array).subarray(0, parts[0].count));
    expect(Array.from(read.columns.get("small")!.subarray(0, 3))).toEqual([1.5, 2.5, 3.5]);
  });

  /** Writes the columns, then flips the byte `at(where "big" starts in the file, its count)`. */
  async function damaged(at: (bigOffset: number, bigCount: number) => number) {
    const path = join(mkdtempSync(join(tmpdir(), "snapshot-")), "site.cols");
    const parts = columns();
    await writeSnapshot(path, MARK, {}, parts);
    const first = readSnapshot(path, LAYOUT);
    if ("problem" in first) throw new Error(first.problem);
    flipByte(path, at((first.columns.get("big") as Int32Array).byteOffset, parts[0].count));
    return readSnapshot(path, LAYOUT);
  }

  test("a byte changed in a later chunk of a column is noticed", async () => {
    expect(await damaged((big) => big + 9 * 2 ** 20 + 3)).toEqual({ problem: "column big is damaged" });
  });

  test("a byte changed in a column's room to grow (past its count) is not data: still read", async () => {
    expect("problem" in (await damaged((big, count) => big + count * 4 + 8))).toBe(false);
  });
});
