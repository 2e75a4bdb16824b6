import { afterAll, beforeAll, expect, test } from "bun:test";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, openTenant, post, uuid } from "../helpers/hits.ts";

let s: TestStack;

beforeAll(async () => {
  s = await startStack({ env: { INGEST_RATE_PER_IP: "1000000" } });
});
afterAll(async () => {
  await s.close();
});

/** A small deterministic PRNG so a failure can be replayed with the same seed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const SEED = 20261121;

function randomValue(r: () => number, depth = 0): unknown {
  const k = Math.floor(r() * (depth > 3 ? 6 : 9));
  switch (k) {
    case 0: return null;
    case 1: return r() < 0.5;
    case 2: return Math.floor(r() * 2 ** 40) * (r() < 0.2 ? -1 : 1);
    case 3: return r() * 1e6;
    case 4: return "x".repeat(Math.floor(r() * 50));
    case 5: return ["", "\u0000", "😀".repeat(20), "<script>alert(1)</script>", "' OR 1=1 --", uuid()][Math.floor(r() * 6)];
    case 6: return Array.from({ length: Math.floor(r() * 5) }, () => randomValue(r, depth + 1));
    case 7: return Object.fromEntries(Array.from({ length: Math.floor(r() * 5) }, (_, i) => [["v", "s", "vid", "sid", "e", "c", "ctx", "t", "id", "ts", "u"][Math.floor(r() * 11)] + (i % 2 ? "" : ""), randomValue(r, depth + 1)]));
    default: return 1;
  }
}

/** Inventory name lists as a hostile page could send them: too many, too long, control characters, hosts of any shape. */
function randomNames(r: () => number): unknown {
  if (r() < 0.2) return randomValue(r);
  const pool = ["_ga", "CDN.Example.net", "[::1]", "a_b.test", "", "\u0000", "line\nbreak", "\u0085", "😀", "x".repeat(201), "h".repeat(254), "tm_vid"];
  return Array.from({ length: [0, 1, 5, 200, 201, 10_000][Math.floor(r() * 6)] }, (_, i) => (r() < 0.9 ? `n${i}` : pool[Math.floor(r() * pool.length)]));
}

/** Bodies from garbage to almost-valid: the mutations a buggy or hostile client sends. */
function randomBody(r: () => number, siteKey: string, now: number): string {
  const mode = Math.floor(r() * 10);
  const valid = batch(siteKey, [ev("pageview", now), ev("event", now, { n: "click" })]);
  const fields = ["v", "s", "vid", "sid", "nv", "c", "ctx", "e"] as const;
  switch (mode) {
    case 0: return JSON.stringify(randomValue(r));
    case 1: return ["{", "[", '{"v":1', "nul", "{}}", '{"a":"\\ud800"}', "\u0000\u0001", "{'v':1}", "1e999999", ""][Math.floor(r() * 10)];
    case 2: { const b: any = { ...valid }; b[fields[Math.floor(r() * fields.length)]] = randomValue(r); return JSON.stringify(b); }
    case 3: { const b: any = { ...valid }; delete b[fields[Math.floor(r() * fields.length)]]; return JSON.stringify(b); }
    case 4: { const b: any = { ...valid, e: Array.from({ length: 1 + Math.floor(r() * 5) }, () => randomValue(r)) }; return JSON.stringify(b); }
    case 5: { const e: any = ev("pageview", now); const key = ["id", "t", "ts", "u", "ti"][Math.floor(r() * 5)]; e[key] = randomValue(r); return JSON.stringify({ ...valid, e: [e] }); }
    case 6: return JSON.stringify({ ...valid, s: "x".repeat(Math.floor(r() * 100_000)) });
    case 7: return JSON.stringify({ ...valid, e: [ev("pageview", now, { u: "https://a.test/" + "p".repeat(Math.floor(r() * 200_000)) })] });
    case 8: return JSON.stringify({ ...valid, e: Array.from({ length: 201 + Math.floor(r() * 50) }, () => ev("pageview", now)) });
    default: { const e: any = ev(["conversion", "vital", "scroll", "identify", "inventory", "engagement"][Math.floor(r() * 6)], now); e.val = randomValue(r); e.pct = randomValue(r); e.uid = randomValue(r); e.ck = randomNames(r); e.st = randomNames(r); e.hs = randomNames(r); e.c = r() < 0.5 ? randomValue(r) : undefined; e.et = randomValue(r); e.n = randomValue(r); return JSON.stringify({ ...valid, e: [e] }); }
  }
}

test("10 000 random bodies: only 2xx/4xx, never 5xx, nothing stored from rejected input, still serving", async () => {
  const r = prng(SEED);
  const siteKey = s.bootstrap!.siteKey;
  const statuses = new Map<number, number>();
  let acceptedReported = 0;
  const bodies = Array.from({ length: 10_000 }, () => randomBody(r, siteKey, s.clock.ms));
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const i = next++;
      const res = await post(s.url, bodies[i], { "content-type": i % 7 === 0 ? "text/plain" : "application/json" });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500) throw new Error(`body #${i} (seed ${SEED}) answered ${res.status}: ${text.slice(0, 300)}\n${bodies[i].slice(0, 300)}`);
      const json = JSON.parse(text);
      if (res.status === 202) acceptedReported += json.accepted;
      else expect(json.error.requestId).toBe(res.headers.get("x-request-id")!);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  for (const status of statuses.keys()) expect([202, 400, 404, 422]).toContain(status);
  expect(statuses.get(400)! + statuses.get(422)!).toBeGreaterThan(5000);
  const db = openTenant(s.dataDir, s.bootstrap!.orgId);
  const stored = (db.query("SELECT count(*) AS n FROM events").get() as { n: number }).n;
  db.close();
  expect(stored).toBe(acceptedReported);
  // Still serving, and still storing good hits.
  expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  const ok = await post(s.url, batch(siteKey, [ev("pageview", s.clock.ms)]));
  expect(ok.status).toBe(202);
  expect(((await ok.json()) as any).accepted).toBe(1);
}, 120_000);
