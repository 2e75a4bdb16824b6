import { expect, test } from "bun:test";
import { heldBytes, SAMPLE } from "../../lib/analytics/held-bytes.ts";
import { SiteData } from "../../lib/analytics/site-data.ts";
import { siteDataOf } from "../helpers/site-data.ts";
import type { Hit } from "../../lib/ingest/apply.ts";

const SITE = "0123456789abcdef01234567";
const attrs = { source: null, medium: null, campaign: null, term: null, content: null, channel: "direct", referrerHost: null, browser: "Chrome", os: "Linux", device: "desktop", country: "DE", region: null, city: null, language: null, screen: null };
/** `n` one-pageview sessions of `n` visitors, a minute apart. */
function hits(n: number): Hit[] {
  const id = (k: number) => `0190a1b2-c3d4-7e5f-8a9b-${String(k).padStart(12, "0")}`;
  return Array.from({ length: n }, (_, i) => {
    const ts = Date.parse("2026-04-01T10:00:00Z") + i * 60_000;
    return {
      siteId: SITE, timezone: "UTC", currency: "EUR", visitorId: id(3 * i), sessionId: id(3 * i + 1), consent: { analytics: true, marketing: true }, attrs, receivedAt: ts,
      events: [{ id: id(3 * i + 2), ts, type: "pageview", name: null, path: `/p${i % 7}`, title: null, value: null, currency: null, orderId: null, href: null, props: null }],
    };
  });
}

test("typed arrays count their buffer's bytes exactly, a buffer shared by two views once", () => {
  expect(heldBytes(new Int32Array(1000))).toBe(16 + 4000);
  expect(heldBytes(new Float64Array(10))).toBe(16 + 80);
  const buffer = new ArrayBuffer(4096);
  // The object (16 + two properties of 8), two views (16 each), one buffer.
  expect(heldBytes({ a: new Int32Array(buffer), b: new Int32Array(buffer, 0, 10) })).toBe(16 + 2 * 8 + 2 * 16 + 4096);
});

test("strings take a byte a character, two past Latin-1; numbers only their slot", () => {
  expect(heldBytes("abc")).toBe(24 + 3);
  expect(heldBytes("é")).toBe(24 + 1);
  expect(heldBytes("€€")).toBe(24 + 4);
  expect(heldBytes([1, 2, 3])).toBe(16 + 3 * 8);
});

test("large arrays and Maps are estimated from a sample that stands for the rest", () => {
  const n = SAMPLE * 100;
  // Every item alike: the estimate is exact.
  expect(heldBytes(Array.from({ length: n }, (_, i) => `p${String(i).padStart(5, "0")}`))).toBe(16 + n * 8 + n * (24 + 6));
  const map = new Map(Array.from({ length: n }, (_, i) => [i, new Int32Array(4)]));
  expect(heldBytes(map)).toBe(16 + n * 24 + n * (16 + 16));
});

test("a site's data measures its columns as they grow, and the indexes reports derive from them", async () => {
  const empty = heldBytes(new SiteData(1));
  const data = await siteDataOf(SITE, hits(200));
  const loaded = heldBytes(data);
  expect(loaded).toBeGreaterThan(empty);
  // At least every typed array the columns hold.
  let columns = 0;
  for (const c of Object.values(data.sessions)) if (ArrayBuffer.isView(c)) columns += c.buffer.byteLength;
  for (const c of Object.values(data.events)) if (ArrayBuffer.isView(c)) columns += c.buffer.byteLength;
  expect(columns).toBeGreaterThan(0);
  expect(loaded).toBeGreaterThan(empty + columns);
  // A derived index (kept in the data's private cache) counts: the view, its buffer, its entry and key.
  data.derived("test-index", () => new Int32Array(100_000));
  expect(heldBytes(data) - loaded).toBe(24 + (24 + "test-index".length) + 16 + 400_000);
});
