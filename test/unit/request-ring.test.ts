import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootstrapIfEmpty } from "../../lib/admin/bootstrap.ts";
import { readSettings } from "../../lib/config.ts";
import { IngestThread } from "../../lib/ingest/ingest-thread.ts";
import { RequestRing, type RingEntry } from "../../lib/ingest/request-ring.ts";
import { closePlatform, openPlatform } from "../../lib/platform.ts";

const entry = (id: number, body: string, origin: string | null = "https://shop.test"): RingEntry => ({
  id,
  request: { body, origin, userAgent: id % 2 ? null : "Mozilla/5.0", ip: "203.0.113.7", receivedAt: 1_790_000_000_000 + id },
  control: `${id}:0`,
});

test("entries come out as they went in, in order, across the end of the ring and back", () => {
  const writer = new RequestRing(4096);
  const reader = new RequestRing(writer.buffer);
  const sent: RingEntry[] = [];
  let next = 1;
  for (let round = 0; round < 50; round++) {
    // Bodies of varied length (and characters of 1 to 4 UTF-8 bytes) move the entries around the ring.
    for (let k = 0; k < 3; k++, next++) {
      const e = entry(next, `{"n":${next},"t":"${"é€𝄞x".repeat(next % 37)}"}`, next % 5 ? "https://shop.test" : null);
      expect(writer.push(e)).toBe(true);
      sent.push(e);
    }
    expect(reader.take()).toEqual(sent.splice(0));
  }
});

test("a full ring refuses an entry until the reader has taken some", () => {
  const writer = new RequestRing(2048);
  const reader = new RequestRing(writer.buffer);
  const body = "x".repeat(300);
  let pushed = 0;
  while (writer.push(entry(pushed + 1, body))) pushed++;
  expect(pushed).toBeGreaterThan(0);
  expect(writer.push(entry(99, body))).toBe(false);
  expect(reader.take().map((e) => e.id)).toEqual(Array.from({ length: pushed }, (_, i) => i + 1));
  expect(writer.push(entry(99, body))).toBe(true);
  expect(reader.take().map((e) => e.id)).toEqual([99]);
});

test("a sleeping reader wakes for the next entry; one written before it slept is not missed", async () => {
  const writer = new RequestRing(4096);
  const reader = new RequestRing(writer.buffer);
  writer.push(entry(1, "{}"));
  writer.wake();
  await reader.sleep(); // settles at once: an entry is there
  expect(reader.take().map((e) => e.id)).toEqual([1]);
  const woken = reader.sleep().then(() => reader.take().map((e) => e.id));
  writer.push(entry(2, "{}"));
  writer.wake();
  expect(await woken).toEqual([2]);
});

test("requests the ring has no room for wait their turn and are all collected", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-ring-"));
  const platform = openPlatform(readSettings({ DATA_DIR: dir, LOG_REQUESTS: "0" }));
  const thread = new IngestThread(platform, 8192);
  try {
    const boot = (await bootstrapIfEmpty(platform))!;
    await thread.ready();
    const now = Date.now();
    const body = (i: number) =>
      JSON.stringify({ v: 1, s: boot.siteKey, vid: crypto.randomUUID(), sid: crypto.randomUUID(), e: [{ id: crypto.randomUUID(), t: "pageview", ts: now, u: `http://localhost/p/${i}`, ti: "x".repeat(400) }] });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => thread.collect({ body: body(i), origin: "http://localhost", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0", ip: `203.0.113.${i}`, receivedAt: now })));
    expect(outcomes.map((o) => o.accepted)).toEqual(Array(60).fill(1));
  } finally {
    thread.close();
    closePlatform(platform);
    rmSync(dir, { recursive: true, force: true });
  }
});
