import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";

let s: TestStack;
let org: string;
let keys: string[];

beforeAll(async () => {
  // Small allowances keep the test fast; the defaults (300 per key, 600 per IP) are the same code.
  s = await startStack({ keyLimit: 5, ipLimit: 8, env: { TRUST_PROXY: "1" } });
  org = must(s.admin("org", "create", "--name", "Rated")).id;
  const user = must(s.admin("user", "create", "--org", org, "--name", "R", "--email", "r@rated.test", "--role", "owner")).id;
  keys = [1, 2, 3].map(() => must(s.admin("key", "create", "--org", org, "--user", user, "--perms", "all")).key);
  // Start at a known offset into a minute window so Retry-After is exact.
  s.clock.ms = Math.ceil(s.clock.ms / 60_000) * 60_000 + 15_000;
});

afterAll(async () => {
  await s.close();
});

const get = (key: string, ip: string) => s.api(`/api/v1/orgs/${org}/sites`, key, { headers: { "x-forwarded-for": ip } });

test("per key: the allowance, then 429 with Retry-After until the window turns", async () => {
  for (let i = 0; i < 5; i++) {
    const res = await get(keys[0], `10.0.0.${i + 1}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
    expect(res.headers.get("x-ratelimit-remaining")).toBe(String(4 - i));
  }
  const limited = await get(keys[0], "10.0.0.9");
  expect(limited.status).toBe(429);
  expect(limited.headers.get("retry-after")).toBe("45");
  expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
  const body = (await limited.json()) as any;
  expect(body.error.code).toBe("RATE_LIMITED");
  expect(body.error.requestId).toBe(limited.headers.get("x-request-id")!);
  // Another key is not affected.
  expect((await get(keys[1], "10.0.1.1")).status).toBe(200);
  s.clock.advance(45_000);
  expect((await get(keys[0], "10.0.0.10")).status).toBe(200);
});

test("per IP: many keys from one address share its allowance", async () => {
  s.clock.advance(60_000);
  const ip = "192.0.2.77";
  let ok = 0;
  for (let i = 0; i < 8; i++) if ((await get(keys[i % 3], ip)).status === 200) ok++;
  expect(ok).toBe(8);
  const limited = await get(keys[2], ip);
  expect(limited.status).toBe(429);
  expect(limited.headers.get("x-ratelimit-limit")).toBe("8");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  // Another address with the same key still goes through.
  expect((await get(keys[2], "192.0.2.78")).status).toBe(200);
});

test("a bad key is answered 401 before any rate limit", async () => {
  const res = await s.api(`/api/v1/orgs/${org}/sites`, "exk_" + "b".repeat(43), { headers: { "x-forwarded-for": "192.0.2.77" } });
  expect(res.status).toBe(401);
});

test("the default allowance is 300 requests a minute per key", async () => {
  const d = await startStack();
  try {
    const o = must(d.admin("org", "create", "--name", "Default")).id;
    const u = must(d.admin("user", "create", "--org", o, "--name", "D", "--email", "d@default.test", "--role", "owner")).id;
    const k = must(d.admin("key", "create", "--org", o, "--user", u, "--perms", "sites.read")).key;
    d.clock.ms = Math.ceil(d.clock.ms / 60_000) * 60_000;
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) statuses.push((await d.api(`/api/v1/orgs/${o}/sites`, k)).status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(300);
    expect(statuses[300]).toBe(429);
  } finally {
    await d.close();
  }
});
