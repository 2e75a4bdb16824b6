import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestStore } from "../helpers/site-data.ts";
import { DIMENSIONS, sessionsInRange } from "../../lib/analytics/engine.ts";
import { labelPrevOf } from "../../lib/analytics/keyings.ts";
import type { SiteData } from "../../lib/analytics/site-data.ts";
import { expectMatchesSql, FIRST_DAY, prng, randomHits, SITE } from "../helpers/analytics-oracle.ts";
import { PAGEVIEW } from "../../lib/analytics/kept-events.ts";

/**
 * Builds the indexes the engine makes on first use (rollups and previous-in-group days of
 * every dimension, pages, labels). Filtered passes make the previous-in-group days they lack
 * after the current task (answering without them meanwhile): a turn lets those run. Data never
 * touched (`whole`) is checked against SQL without them, synchronously.
 */
async function touchIndexes(data: SiteData): Promise<void> {
  sessionsInRange(data, { from: FIRST_DAY, to: FIRST_DAY + 25, groupBy: [...DIMENSIONS, "sourceMedium"], pages: true });
  sessionsInRange(data, { from: FIRST_DAY, to: FIRST_DAY + 25, groupBy: ["channel", "sourceMedium", "date"] });
  labelPrevOf(data);
  await new Promise((resolve) => setTimeout(resolve, 1));
}

test.each(Array.from({ length: 25 }, (_, i) => i + 1))("random event log %d: every group's sums and users match SQL, loaded at once, bit by bit, from a snapshot and from a snapshot extended", async (seed) => {
  const hits = randomHits(seed);
  // One store loaded whole; another read in three steps as hits keep arriving (the incremental path).
  const wholeStore = new TestStore().write(hits);
  const whole = await wholeStore.load(SITE);
  await whole.loadVisitorIds(wholeStore.store);
  const staged = new TestStore();
  const third = Math.ceil(hits.length / 3);
  let data = await staged.write(hits.slice(0, third)).load(SITE);
  const first = FIRST_DAY;
  // Touch the indexes the engine builds on first use, so the later steps must keep them current.
  await touchIndexes(data);
  data = await staged.write(hits.slice(third, 2 * third)).load(SITE, data);
  sessionsInRange(data, { from: first, to: first + 25, groupBy: ["channel", "date"], pages: true });
  data = await staged.write(hits.slice(2 * third)).load(SITE, data);
  await data.loadVisitorIds(staged.store);

  // The same store's columns saved as a snapshot with the indexes reports built, and read
  // back; and such a snapshot of the first third, extended from the store by the rest (the
  // incremental path after a restart: the kept indexes follow the newer rows).
  const dir = mkdtempSync(join(tmpdir(), "tm-snap-"));
  const snapshotted = async (store: TestStore, path: string) => {
    const before = await store.load(SITE, undefined, path);
    await before.snapshotSaved();
    await touchIndexes(before);
    await before.saveSnapshot(store.store);
    return before.keptIndexes().map((k) => k.key);
  };
  const restoredPath = join(dir, "whole.cols");
  const keptKeys = await snapshotted(wholeStore, restoredPath);
  const restored = await wholeStore.load(SITE, undefined, restoredPath);
  await restored.loadVisitorIds(wholeStore.store);
  const extendedStore = new TestStore().write(hits.slice(0, third));
  const extendedPath = join(dir, "extended.cols");
  await snapshotted(extendedStore, extendedPath);
  const extended = await extendedStore.write(hits.slice(third)).load(SITE, undefined, extendedPath);
  await extended.loadVisitorIds(extendedStore.store);
  expect([restored.restoredFromSnapshot, extended.restoredFromSnapshot]).toEqual([true, true]);
  expect(whole.restoredFromSnapshot).toBe(false);
  // Every kind of kept index came back from the file, not built again.
  expect(keptKeys).toEqual(expect.arrayContaining(["keying:sourceMedium", "rollup:total", "rollup:channel", "rollup:sourceMedium", "prevSame:channel", "pagePrev", "labelPrev"]));
  expect(restored.keptIndexes().map((k) => k.key)).toEqual(keptKeys);
  expect(extended.keptIndexes().map((k) => k.key)).toEqual(keptKeys);

  expectMatchesSql([data, whole, restored, extended], staged.db, seed);
  rmSync(dir, { recursive: true, force: true });
  // Every session counted somewhere: the whole log equals the sessions stored.
  expect(sessionsInRange(data, { from: first - 2, to: first + 25 }).totals.sessions).toBe(data.sessions.count);
});

test.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])("random event log %d in arrival order, a few batches late (as a live site receives them): a range's event rows mostly skip the day check, and every number matches SQL, loaded at once and bit by bit", async (seed) => {
  const rnd = prng(seed * 31);
  const hits = randomHits(seed).sort((a, b) => a.receivedAt - b.receivedAt);
  // One batch in twenty arrives 5 to 40 batches later than its time says (a tracker's retry queue).
  for (let i = hits.length - 1; i >= 0; i--) if (rnd() < 0.05) hits.splice(Math.min(hits.length, i + 5 + Math.floor(rnd() * 35)), 0, ...hits.splice(i, 1));
  const wholeStore = new TestStore().write(hits);
  const whole = await wholeStore.load(SITE);
  const staged = new TestStore();
  let data = await staged.write(hits.slice(0, hits.length >> 1)).load(SITE);
  await touchIndexes(data);
  data = await staged.write(hits.slice(hits.length >> 1)).load(SITE, data);
  for (const d of [whole, data]) await d.loadVisitorIds(staged.store);
  // Rows in arrival order are nearly in day order: a 10-day range's pageviews include sure rows
  // (no day check), and on most logs rows outside them too (late batches).
  const [start, end, sureStart, sureEnd] = whole.tableWindow(PAGEVIEW, FIRST_DAY + 5, FIRST_DAY + 14);
  expect(start <= sureStart && sureStart < sureEnd && sureEnd <= end).toBe(true);
  expectMatchesSql([whole, data], staged.db, seed);
});

/** A column snapshot's header (its first u32 is the header's length). */
const headerOf = (bytes: Buffer) => JSON.parse(bytes.subarray(8, 8 + bytes.readUInt32LE(0)).toString()) as { sections: { offset: number; count: number }[] };

test.each([1, 2, 3])("random event log %d: a snapshot cut short, damaged, stale, foreign or not ours is noticed and rebuilt; every number still matches SQL", async (seed) => {
  const dir = mkdtempSync(join(tmpdir(), "tm-snap-"));
  const path = join(dir, "site.cols");
  const hits = randomHits(seed);
  const store = new TestStore().write(hits);
  await (await store.load(SITE, undefined, path)).snapshotSaved();
  const good = readFileSync(path);
  const column = headerOf(good).sections.find((s) => s.count > 0)!;
  // Snapshots of other stores: one with another log (foreign), one with more rows than this store holds (stale).
  const otherPath = join(dir, "other.cols");
  await (await new TestStore().write(randomHits(seed + 100)).load(SITE, undefined, otherPath)).snapshotSaved();
  const foreign = readFileSync(otherPath);
  await (await new TestStore().write([...hits, ...randomHits(seed + 200)]).load(SITE, undefined, otherPath)).snapshotSaved();
  const ahead = readFileSync(otherPath);
  const damages: [string, Buffer][] = [
    ["cut short", good.subarray(0, good.length >> 1)],
    ["empty", Buffer.alloc(0)],
    ["a flipped byte in a column", Buffer.from(good).fill(good[column.offset] ^ 0xff, column.offset, column.offset + 1)],
    ["a damaged header", Buffer.from(good).fill(0x7b, 8, 20)],
    ["not a snapshot at all", Buffer.from("SQLite format 3\0".repeat(64))],
    ["foreign", foreign],
    ["stale: written from more rows than the store holds", ahead],
  ];
  for (const [what, bytes] of damages) {
    writeFileSync(path, bytes);
    const data = await store.load(SITE, undefined, path);
    expect([what, data.restoredFromSnapshot]).toEqual([what, false]);
    await data.loadVisitorIds(store.store);
    expectMatchesSql([data], store.db, seed);
    // Rebuilt and written again: the next start takes it.
    await data.snapshotSaved();
    expect([what, (await store.load(SITE, undefined, path)).restoredFromSnapshot]).toEqual([what, true]);
  }
  rmSync(dir, { recursive: true, force: true });
});

test("a process killed in the middle of writing a snapshot: the next load reads the last whole one or rebuilds, every number matches SQL, and the half-written file is cleared", async () => {
  const writer = join(import.meta.dir, "../helpers/snapshot-writer.ts");
  for (let run = 0; run < 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), "tm-snap-kill-"));
    const file = join(dir, "store.sqlite");
    const path = join(dir, "site.cols");
    let halfWritten: string[] = [];
    // Kill it the moment a temporary file shows (a write under way); try again if the write won the race.
    for (let attempt = 0; attempt < 20 && halfWritten.length === 0; attempt++) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const child = Bun.spawn([process.execPath, writer, file, path], { stdout: "ignore", stderr: "inherit" });
      const until = Date.now() + 20_000;
      const skip = 3 + run * 5; // let a few whole snapshots land first
      let seen = 0;
      while (Date.now() < until) {
        if (readdirSync(dir).some((f) => f.endsWith(".tmp")) && ++seen > skip) break;
        await Bun.sleep(0);
      }
      child.kill("SIGKILL");
      await child.exited;
      halfWritten = readdirSync(dir).filter((f) => f.endsWith(".tmp"));
    }
    expect(halfWritten.length).toBe(1);
    const store = new TestStore(file);
    const data = await store.load(SITE, undefined, path);
    await data.loadVisitorIds(store.store);
    expectMatchesSql([data], store.db, run + 1);
    // The next write clears what the killed writer left.
    await (await store.write(randomHits(500)).load(SITE, data, path)).saveSnapshot(store.store);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
