import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bootstrapIfEmpty, type Bootstrap } from "../../lib/admin/bootstrap.ts";
import { readSettings } from "../../lib/config.ts";
import { ApiError } from "../../lib/errors.ts";
import { collectCodec, type CollectEntry } from "../../lib/ingest/collect-ring.ts";
import { CollectThread } from "../../lib/ingest/collect-thread.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { ByteRing } from "../../lib/threads/byte-ring.ts";

test("collect requests cross the ring whole: texts of any characters, missing headers, ids past 32 bits", () => {
  const writer = new ByteRing(4096, collectCodec);
  const reader = new ByteRing(writer.buffer, collectCodec);
  const entries: CollectEntry[] = [
    { id: 1, request: { body: '{"e":[]}', origin: "https://shop.test", userAgent: "Mozilla/5.0", ip: "203.0.113.7", receivedAt: 1_790_000_000_123 }, control: "3:1" },
    { id: 2 ** 40 + 3, request: { body: `{"t":"${"é€𝄞".repeat(50)}"}`, origin: null, userAgent: null, ip: "2001:db8::1", receivedAt: 0 }, control: "" },
  ];
  for (const e of entries) expect(writer.push(e)).toBe(true);
  expect(reader.take()).toEqual(entries);
});

async function withThread(options: { floodLimit?: number; ringBytes?: number }, run: (thread: CollectThread, boot: Bootstrap, platform: Platform) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-collect-thread-"));
  const platform = openPlatform(readSettings({ DATA_DIR: dir, LOG_REQUESTS: "0" }));
  const thread = new CollectThread(platform, options);
  try {
    const boot = (await bootstrapIfEmpty(platform))!;
    await thread.ready();
    await run(thread, boot, platform);
  } finally {
    await thread.close();
    closePlatform(platform);
    rmSync(dir, { recursive: true, force: true });
  }
}

const request = (boot: Bootstrap, i: number, ip = `203.0.113.${i}`) => {
  const now = Date.now();
  const body = JSON.stringify({ v: 1, s: boot.siteKey, vid: crypto.randomUUID(), sid: crypto.randomUUID(), e: [{ id: crypto.randomUUID(), t: "pageview", ts: now, u: `http://localhost/p/${i}`, ti: "x".repeat(400) }] });
  return { body, origin: "http://localhost", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0", ip, receivedAt: now };
};

test("requests the ring has no room for wait their turn and are all collected", () =>
  withThread({ ringBytes: 8192 }, async (thread, boot) => {
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => thread.collect(request(boot, i))));
    expect(outcomes.map((o) => o.accepted)).toEqual(Array(60).fill(1));
  }));

test("the flood limit given to the thread applies; its refusal comes back as an ApiError", () =>
  withThread({ floodLimit: 2 }, async (thread, boot) => {
    const answers = await Promise.all([1, 2, 3].map((i) => thread.collect(request(boot, i, "198.51.100.9")).catch((e: unknown) => e)));
    expect(answers.slice(0, 2).map((a) => (a as { accepted: number }).accepted)).toEqual([1, 1]);
    expect(answers[2]).toBeInstanceOf(ApiError);
    expect(answers[2]).toMatchObject({ code: "RATE_LIMITED", headers: { "x-ratelimit-limit": "2" } });
  }));
