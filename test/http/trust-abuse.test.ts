import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, post, uuid } from "../helpers/hits.ts";
import { EngagementRows, freshAddresses, slice, verifiedSite, wheelDef } from "../helpers/engagement.ts";

/**
 * Issue 32, what one client can take for free: the spin wheel's limits per network, per e-mail
 * domain and per request id (docs/engagement.md "Limits on spins"); the cookie inventory's cap
 * and its low-evidence violations (docs/consent.md "Limits", "Low evidence"); and the
 * per-address limit of every public endpoint the router counts (docs/api.md "Rate limits").
 */

let s: TestStack;
let rows: EngagementRows;
let site: { id: string; siteKey: string };
const ORIGIN = "https://abuse.test";
/** A fresh address per call (TRUST_PROXY: the first X-Forwarded-For entry is the client). */
const nextIp = freshAddresses();
/** An address nobody else uses, at a public mailbox provider (no domain window). */
const freshGmail = () => `${uuid().slice(0, 12)}@gmail.com`;

const spin = (wheel: string, ip: string, rest: Record<string, unknown> = {}) =>
  fetch(`${s.url}/v1/spins`, {
    method: "POST",
    body: JSON.stringify({ v: 1, s: site.siteKey, id: uuid(), vid: uuid(), sid: uuid(), wheel, fields: { email: freshGmail() }, path: "/", ...rest }),
    headers: { "content-type": "application/json", origin: ORIGIN, "user-agent": CHROME_UA, "x-forwarded-for": ip },
  });
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as any, retryAfter: res.headers.get("retry-after") });

beforeAll(async () => {
  s = await startStack({ env: { TRUST_PROXY: "1" } });
  ({ site, rows } = verifiedSite(s, "Abuse shop", "abuse.test"));
});

afterAll(async () => {
  await s.close();
});

describe("spins: what one client cannot mint for free", () => {
  test("15 spins at once from one address, each with a fresh browser and e-mail: 5 go to the draw, 10 are 429; the wheel's 3 prizes are not all theirs to take", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("Prize", 1, { prize: "static_code", code: "WIN", stock: 3 }), slice("Nothing", 1)]));
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 15 }, () => spin(wheel, ip).then(answer)));
    expect(answers.map((a) => a.status).sort()).toEqual([...new Array(5).fill(201), ...new Array(10).fill(429)]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/^Too many spins from this network: try again in \d+ s$/) });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel)).toBe(5);
    // Another address still spins; the hour's window turns and the first address spins again.
    expect((await spin(wheel, nextIp())).status).toBe(201);
    s.clock.ms += 3_600_000;
    expect((await spin(wheel, ip)).status).toBe(201);
  });

  test("the addresses of one IPv6 /64 are one network: the 6th spin from it is 429 whatever the address", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("A", 1), slice("B", 1)]));
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await spin(wheel, `2001:db8:77:1::${i.toString(16)}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await spin(wheel, "2001:db8:77:2::1")).status).toBe(201);
  });

  test("a domain with a catch-all mailbox: 20 spins an hour per site with its addresses (subdomains included), the 21st is 429 at fields.email; a public provider's addresses are not counted", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("A", 1), slice("B", 1)]));
    const catchAll = (i: number) => ({ fields: { email: `u${i}@${i % 2 ? `m${i}.` : ""}Catch-All.example` } });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await spin(wheel, nextIp(), catchAll(i))).status);
    expect(statuses).toEqual(new Array(20).fill(201));
    const refused = await answer(await spin(wheel, nextIp(), catchAll(20)));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "RATE_LIMITED", details: [{ path: "fields.email", message: "too many spins with addresses at catch-all.example this hour" }] });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The network it came from is not spent by the refusal.
    for (let i = 0; i < 25; i++) expect((await spin(wheel, nextIp())).status).toBe(201);
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ? AND email LIKE '%catch-all.example'", wheel)).toBe(20);
  });

  test("a replayed request id: the same address and browser get the first answer; another e-mail or browser gets 409 at id and no code", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("Coupon", 1, { prize: "coupon_pool", codes: ["SECRET-1"] }), slice("Nothing", 1e-9)]));
    const id = uuid();
    const vid = uuid();
    const first = await answer(await spin(wheel, nextIp(), { id, vid, fields: { email: "winner@example.org" } }));
    expect(first).toMatchObject({ status: 201, body: { code: "SECRET-1" } });
    for (const other of [{ vid: uuid(), fields: { email: "thief@example.org" } }, { vid, fields: { email: "thief@example.org" } }, { vid: uuid(), fields: { email: "winner@example.org" } }]) {
      const replay = await answer(await spin(wheel, nextIp(), { id, ...other }));
      expect(replay.status).toBe(409);
      expect(replay.body.error).toMatchObject({ code: "CONFLICT", details: [{ path: "id", message: "This id belongs to another spin" }] });
      expect(JSON.stringify(replay.body)).not.toContain("SECRET-1");
    }
    const again = await answer(await spin(wheel, nextIp(), { id, vid: vid.toUpperCase(), fields: { email: " Winner@Example.ORG " } }));
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel)).toBe(1);
  });
});

describe("the cookie inventory: what one forged request can put in it", () => {
  const NONE = { analytics: false, marketing: false };
  /** Inventory events to the site's collect, as one visitor's batch, from its own address. */
  const report = (siteKey: string, origin: string, events: Record<string, unknown>[], vid = uuid()) =>
    post(s.url, batch(siteKey, events, { vid, consent: NONE }), { origin, "x-forwarded-for": nextIp() });
  const inventoryOf = async (siteId: string) => {
    const res = await s.api(`/api/v1/orgs/${s.bootstrap!.orgId}/sites/${siteId}/cookies`, s.bootstrap!.key);
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  test("at most 1 000 items a site: two events of 600 new names each keep 1 000 and count 200 dropped; a later new name is dropped and counted, a known one still seen", async () => {
    const { site: capped } = verifiedSite(s, "Inventory cap", "cap.test");
    const origin = "https://cap.test";
    const event = (page: string, prefix: string, at: number) =>
      ev("inventory", at, { u: `${origin}${page}`, c: NONE, ck: names(`${prefix}c`, 200), st: names(`${prefix}s`, 200), hs: names(`${prefix}h`, 200).map((h) => `${h}.example.net`) });
    expect((await report(capped.siteKey, origin, [event("/a", "a", s.clock.ms), event("/b", "b", s.clock.ms)])).status).toBe(202);
    let inventory = await inventoryOf(capped.id);
    expect(inventory.summary).toMatchObject({ total: 1_000, dropped: 200 });
    s.clock.ms += 1_000;
    const later = ev("inventory", s.clock.ms, { u: `${origin}/c`, c: NONE, ck: ["ac0", ...names("new", 5)] });
    expect((await report(capped.siteKey, origin, [later])).status).toBe(202);
    inventory = await inventoryOf(capped.id);
    expect(inventory.summary).toMatchObject({ total: 1_000, dropped: 205 });
    expect(inventory.items.some((i: any) => i.name.startsWith("new"))).toBe(false);
    expect(inventory.items.find((i: any) => i.name === "ac0").lastSeenAt).toBe(new Date(s.clock.ms).toISOString());
  });

  test("violations one visitor reports are low evidence, in the items and the summary; a third distinct visitor makes one stand", async () => {
    const { site: forged } = verifiedSite(s, "Forged report", "forged.test");
    const origin = "https://forged.test";
    const forgedEvent = () => ev("inventory", s.clock.ms, { u: `${origin}/`, c: NONE, ck: ["_fbp", "_gcl_au", "IDE"] });
    expect((await report(forged.siteKey, origin, [forgedEvent()])).status).toBe(202);
    let inventory = await inventoryOf(forged.id);
    const violations = inventory.items.filter((i: any) => i.violation);
    expect(violations.map((i: any) => [i.name, i.lowEvidence])).toEqual([["IDE", true], ["_fbp", true], ["_gcl_au", true]]);
    expect(inventory.summary).toMatchObject({ violations: 3, lowEvidence: 3, dropped: 0 });
    // Confirmed violations come first. The same visitor again counts once; two other visitors reporting _fbp before consent confirm it.
    const vid = uuid();
    for (const who of [vid, vid, uuid()]) expect((await report(forged.siteKey, origin, [ev("inventory", s.clock.ms, { u: `${origin}/shop`, c: NONE, ck: ["_fbp"] })], who)).status).toBe(202);
    inventory = await inventoryOf(forged.id);
    expect(inventory.items.filter((i: any) => i.violation).map((i: any) => [i.name, i.lowEvidence])).toEqual([["_fbp", false], ["IDE", true], ["_gcl_au", true]]);
    expect(inventory.summary).toMatchObject({ violations: 3, lowEvidence: 2 });
  });
});

describe("public endpoints: one per-address limit, counted by the router", () => {
  test("visitor-context: 600 a minute from one address, the 601st is 429 with Retry-After; the site config from that address too; collect keeps its own allowance; another address is served", async () => {
    const ip = "81.2.69.142";
    const context = (from: string) => fetch(`${s.url}/v1/sites/${site.siteKey}/visitor-context?ref=`, { headers: { origin: ORIGIN, "user-agent": CHROME_UA, "x-forwarded-for": from } });
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => context(ip).then((r) => r.status)))));
    expect(statuses).toEqual(new Array(600).fill(200));
    const refused = await context(ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("x-ratelimit-limit")).toBe("600");
    expect(((await refused.json()) as any).error).toMatchObject({ code: "RATE_LIMITED", message: "Too many requests from this address" });
    expect((await fetch(`${s.url}/v1/sites/${site.siteKey}/config`, { headers: { "x-forwarded-for": ip } })).status).toBe(429);
    const collect = await post(s.url, batch(site.siteKey, [ev("pageview", s.clock.ms, { u: `${ORIGIN}/` })]), { origin: ORIGIN, "user-agent": CHROME_UA, "x-forwarded-for": ip });
    expect(collect.status).toBe(202);
    expect((await context("81.2.69.143")).status).toBe(200);
    s.clock.ms += 60_000;
    expect((await context(ip)).status).toBe(200);
  });
});
