import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA, uuid } from "../helpers/hits.ts";
import { EngagementRows, freshAddresses, slice, verifiedSite, wheelDef } from "../helpers/engagement.ts";
import { migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";
import { runOnSqlite } from "../../lib/db/statements.ts";
import { drawSlice, pickWeighted, randomBelow } from "../../lib/engagement/draw.ts";
import type { Slice } from "../../lib/engagement/types.ts";
import { spinProgram, type SpinPlan } from "../../lib/engagement/spin.ts";

/**
 * Spin-to-win (docs/engagement.md "Spinning"): the draw follows the weights (chi-square
 * goodness of fit at α = 0.001), stock and coupon codes are never oversold under concurrent
 * spins, and nothing the page sends picks the prize.
 */

/**
 * Critical values of the chi-square distribution at α = 0.001 by degrees of freedom (NIST/SEMATECH
 * e-Handbook of Statistical Methods, table 1.3.6.7.4, upper tail).
 */
const CHI2_CRITICAL_0_001: Record<number, number> = { 1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458 };

/** Pearson's statistic of observed counts against the expected shares of the weights. */
function chiSquare(observed: number[], weights: number[]): number {
  const n = observed.reduce((a, b) => a + b, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  return observed.reduce((sum, o, i) => {
    const expected = (n * weights[i]) / total;
    return sum + (o - expected) ** 2 / expected;
  }, 0);
}

const fits = (observed: number[], weights: number[]) => {
  const statistic = chiSquare(observed, weights);
  const critical = CHI2_CRITICAL_0_001[weights.length - 1];
  return { statistic, passes: statistic < critical, critical };
};

describe("the draw (lib/engagement/draw.ts) and the spin's write on a store", () => {
  const store = () => {
    const db = new Database(":memory:");
    migrateSqlite(db, tenantMigrations);
    return db;
  };
  const stockRows = (db: Database, wheel: string, slices: Slice[]) =>
    slices.forEach((s, i) => db.query("INSERT INTO spin_slices (wheel_id, slice, stock_left, awarded) VALUES (?,?,?,0)").run(wheel, i, s.stock));

  test("10 000 draws of a five-slice wheel follow its whole weights (chi-square, 4 df, α = 0.001); awarded counts each draw", () => {
    const db = store();
    const slices = [slice("Big", 50), slice("Medium", 25), slice("Small", 15), slice("Tiny", 7), slice("Rare", 3)];
    stockRows(db, "w", slices);
    const counts = slices.map(() => 0);
    for (let i = 0; i < 10_000; i++) counts[runOnSqlite(db, drawSlice("w", slices, `s${i}`))!.slice]++;
    expect(fits(counts, slices.map((s) => s.weight))).toMatchObject({ passes: true });
    expect(db.query("SELECT awarded FROM spin_slices WHERE wheel_id = 'w' ORDER BY slice").all().map((r: any) => r.awarded)).toEqual(counts);
  });

  test("10 000 draws with fractional weights (the 53-bit path; 2 df)", () => {
    const db = store();
    const slices = [slice("A", 0.5), slice("B", 1.25), slice("C", 2.25)];
    const counts = slices.map(() => 0);
    // No stock rows: the draw makes them from the definition.
    for (let i = 0; i < 10_000; i++) counts[runOnSqlite(db, drawSlice("w", slices, `s${i}`))!.slice]++;
    expect(fits(counts, slices.map((s) => s.weight))).toMatchObject({ passes: true });
    expect(db.query("SELECT count(*) AS n FROM spin_slices").get()).toEqual({ n: 3 });
  });

  test("a slice out of stock drops out; the others keep their relative weights; no stock anywhere → null", () => {
    const db = store();
    const slices = [slice("Limited", 80, { prize: "static_code", code: "X", stock: 100 }), slice("B", 15), slice("C", 5)];
    stockRows(db, "w", slices);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) counts[runOnSqlite(db, drawSlice("w", slices, `s${i}`))!.slice]++;
    expect(counts[0]).toBe(100);
    expect(db.query("SELECT stock_left AS s FROM spin_slices WHERE slice = 0").get()).toEqual({ s: 0 });
    expect(fits(counts.slice(1), [15, 5])).toMatchObject({ passes: true });

    const limited = [slice("One", 1, { stock: 1 }), slice("Pool", 1, { prize: "coupon_pool", codes: ["C1"] })];
    stockRows(db, "x", limited);
    db.query("INSERT INTO coupon_codes (wheel_id, slice, code) VALUES ('x', 1, 'C1')").run();
    const two = [runOnSqlite(db, drawSlice("x", limited, "a")), runOnSqlite(db, drawSlice("x", limited, "b"))].map((d) => d!.slice).sort();
    expect(two).toEqual([0, 1]);
    expect(runOnSqlite(db, drawSlice("x", limited, "c"))).toBeNull();
    expect(db.query("SELECT spin_id AS s FROM coupon_codes WHERE code = 'C1'").get()).toMatchObject({ s: expect.stringMatching(/^[ab]$/) });
  });

  test("under the write lock, a spin of an address or browser that spun meanwhile is refused and writes nothing", () => {
    const db = store();
    const slices = [slice("Prize", 1, { prize: "coupon_pool", codes: ["ONLY"] })];
    stockRows(db, "w", slices);
    db.query("INSERT INTO coupon_codes (wheel_id, slice, code) VALUES ('w', 0, 'ONLY')").run();
    const wheel = { id: "w", name: "Wheel", definition: wheelDef(slices) };
    const site = { id: "site", name: "Site", domain: "spin.test" };
    const plan = (clientId: string, email: string, visitor: string): SpinPlan => ({
      wheel, clientId, email, visitor, site, at: 1000,
      lead: {
        id: `lead-${clientId}`, siteId: "site", createdAt: 1000, visitor: null, path: null, country: null,
        attribution: { channel: null, source: null, medium: null, campaign: null },
        input: { source: "spin", sourceName: "Wheel", externalId: `spin:${clientId}`, contact: { email, name: null, phone: null, company: null, message: null }, extra: {}, visitorId: null, campaign: null },
      },
    });
    // Another request (another process) spun for this address after our look and before our write.
    db.query("INSERT INTO spins (id, wheel_id, client_id, created_at, visitor_uid, email, slice) VALUES ('other', 'w', 'c0', 1, 'v0', 'twin@example.com', 0)").run();
    const written = () => [db.query("SELECT count(*) AS n FROM leads").get(), db.query("SELECT count(*) AS n FROM spins").get(), db.query("SELECT spin_id AS s FROM coupon_codes").get()];
    const before = written();
    expect(() => runOnSqlite(db, spinProgram(plan("c1", "twin@example.com", "v1")))).toThrow("This e-mail address has already spun this wheel");
    expect(() => runOnSqlite(db, spinProgram(plan("c2", "other@example.com", "v0")))).toThrow("This browser has already spun this wheel");
    expect(written()).toEqual(before);
    // The same page id is the first spin's answer, not a second draw.
    expect(runOnSqlite(db, spinProgram(plan("c0", "twin@example.com", "v0")))).toMatchObject({ repeat: true, spin: { id: "other" } });
    const won = runOnSqlite(db, spinProgram(plan("c3", "third@example.com", "v3")));
    expect(won).toMatchObject({ repeat: false, spin: { code: "ONLY", slice: 0 } });
    expect(written()).toEqual([{ n: 1 }, { n: 2 }, { s: won.spin.id }]);
  });

  test("randomBelow is uniform where a power of two does not divide evenly (3 and 7 outcomes)", () => {
    for (const n of [3, 7]) {
      const counts = new Array(n).fill(0);
      for (let i = 0; i < 21_000; i++) counts[randomBelow(n)]++;
      expect(fits(counts, new Array(n).fill(1))).toMatchObject({ passes: true });
    }
    expect(pickWeighted([1, 2, 3], [false, false, false])).toBeNull();
    expect(pickWeighted([1, 2, 3], [false, true, false])).toBe(1);
    expect(() => randomBelow(0)).toThrow(RangeError);
  });
});

let s: TestStack;
let rows: EngagementRows;
let site: { id: string; siteKey: string };
const ORIGIN = "https://spin.test";
/** A new address per spin, as spins come from many people (the 20-a-minute allowance is per address). */
const nextIp = freshAddresses();

const spin = (wheel: string, rest: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/v1/spins`, {
    method: "POST",
    body: JSON.stringify({ v: 1, s: site.siteKey, id: uuid(), vid: uuid(), sid: uuid(), wheel, fields: { email: `${uuid().slice(0, 12)}@example.com` }, path: "/shop", ...rest }),
    headers: { "content-type": "application/json", origin: ORIGIN, "user-agent": CHROME_UA, "x-forwarded-for": nextIp(), ...headers },
  });

beforeAll(async () => {
  // Hundreds of spins with addresses at example.com: the per-domain window (docs/engagement.md "Limits on spins") is raised for them.
  s = await startStack({ env: { TRUST_PROXY: "1", SPIN_RATE_PER_DOMAIN: "100000" } });
  ({ site, rows } = verifiedSite(s, "Spin shop", "spin.test"));
});

afterAll(async () => {
  await s.close();
});

describe("POST /v1/spins", () => {
  test("a spin: 201 with the slice, its prize and code, expiry from couponDays; the spin and its lead (source spin, extra.prize) stored together", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("10 % off", 1, { prize: "static_code", code: "TEN" }), slice("Nothing", 1e-9)], { name: "Launch wheel", couponDays: 14 }));
    const vid = uuid();
    const res = await spin(wheel, { vid, fields: { email: "  Ada@Example.COM " } });
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const at = s.clock.ms;
    const expiresAt = new Date(at + 14 * 86_400_000).toISOString();
    const answer = (await res.json()) as any;
    expect(answer).toEqual({ ok: true, spinId: expect.any(String), slice: 0, label: "10 % off", prize: "static_code", code: "TEN", expiresAt });
    const stored = rows.all("SELECT * FROM spins WHERE id = ?", answer.spinId)[0];
    expect(stored).toMatchObject({ wheel_id: wheel, email: "ada@example.com", visitor_uid: vid.replaceAll("-", ""), slice: 0, code: "TEN", expires_at: at + 14 * 86_400_000, created_at: at });
    const lead = rows.all("SELECT * FROM leads WHERE id = ?", stored.lead_id)[0];
    expect(lead).toMatchObject({ source: "spin", source_name: "Launch wheel", email: "ada@example.com", path: "/shop", site_id: site.id });
    expect(JSON.parse(lead.extra)).toEqual({ wheelId: wheel, prize: { slice: 0, label: "10 % off", kind: "static_code", code: "TEN", expiresAt } });
  });

  test("once per wheel: the same e-mail (other case, spaces) → 409 at fields.email; the same browser → 409 at vid; the same id → the first answer; nothing more stored", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("A", 1), slice("B", 1)]));
    const vid = uuid();
    const id = uuid();
    const first = await spin(wheel, { id, vid, fields: { email: "grace@example.org" } });
    expect(first.status).toBe(201);
    const answer = await first.json();
    const counts = () => [rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel), rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", site.id)];
    const before = counts();

    const sameEmail = await spin(wheel, { fields: { email: "  GRACE@Example.ORG " } });
    expect(sameEmail.status).toBe(409);
    expect(((await sameEmail.json()) as any).error).toMatchObject({ code: "CONFLICT", message: "This e-mail address has already spun this wheel", details: [{ path: "fields.email", message: "This e-mail address has already spun this wheel" }] });
    const sameBrowser = await spin(wheel, { vid: vid.toUpperCase(), fields: { email: "other@example.org" } });
    expect(sameBrowser.status).toBe(409);
    expect(((await sameBrowser.json()) as any).error).toMatchObject({ code: "CONFLICT", message: "This browser has already spun this wheel", details: [{ path: "vid" }] });
    const again = await spin(wheel, { id, vid, fields: { email: "grace@example.org" } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(counts()).toEqual(before);
  });

  test("10 concurrent spins of one e-mail address from different browsers: one is drawn, nine are 409", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("A", 1), slice("B", 1)]));
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => spin(wheel, { fields: { email: i % 2 ? "Twin@Example.com" : "twin@example.com " } }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([201, ...new Array(9).fill(409)]);
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel)).toBe(1);
    expect(rows.count("SELECT count(*) AS n FROM leads WHERE source = 'spin' AND json_extract(extra, '$.wheelId') = ?", wheel)).toBe(1);
  });

  test("a tampered request cannot pick the prize: fields the model lacks are refused, another site's wheel is unknown", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("Jackpot", 1, { prize: "static_code", code: "JACKPOT", stock: 1 }), slice("Nothing", 99)]));
    const other = must(s.admin("site", "create", "--org", s.bootstrap!.orgId, "--name", "Other", "--domain", "other-spin.test"));
    const foreign = rows.wheel(other.id, wheelDef([slice("Jackpot", 1, { prize: "static_code", code: "FOREIGN" })]));
    for (const [tamper, path] of [
      [{ slice: 0 }, "slice"],
      [{ weight: 1000 }, "weight"],
      [{ prize: "static_code" }, "prize"],
      [{ fields: { email: "x@example.com", prize: "JACKPOT" } }, "fields.prize"],
    ] as const) {
      const res = await spin(wheel, tamper);
      expect(res.status).toBe(422);
      expect(((await res.json()) as any).error.details[0].path).toBe(path);
    }
    const res = await spin(foreign);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "wheel", message: "no active wheel of this site has this id" }]);
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id IN (?, ?)", wheel, foreign)).toBe(0);
    expect(rows.all("SELECT stock_left AS s FROM spin_slices WHERE wheel_id = ? AND slice = 0", wheel)).toEqual([{ s: 1 }]);
  });

  test("paused, draft and archived wheels → 404; a wheel with no prize left → 409 at wheel, nothing stored", async () => {
    for (const status of ["paused", "draft", "archived"] as const) {
      const res = await spin(rows.wheel(site.id, wheelDef([slice("A", 1), slice("B", 1)]), status));
      expect(res.status).toBe(404);
    }
    const wheel = rows.wheel(site.id, wheelDef([slice("Only", 1, { prize: "static_code", code: "ONE", stock: 1 }), slice("Pool", 1, { prize: "coupon_pool", codes: ["P1"] })]));
    expect((await spin(wheel)).status).toBe(201);
    expect((await spin(wheel)).status).toBe(201);
    const leads = rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", site.id);
    const none = await spin(wheel);
    expect(none.status).toBe(409);
    expect(((await none.json()) as any).error.details).toEqual([{ path: "wheel", message: "This wheel has no prizes left" }]);
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel)).toBe(2);
    expect(rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", site.id)).toBe(leads);
  });

  test("300 spins over HTTP follow the weights (chi-square, 2 df, α = 0.001)", async () => {
    const weights = [60, 30, 10];
    const wheel = rows.wheel(site.id, wheelDef([slice("Often", 60), slice("Sometimes", 30, { prize: "static_code", code: "SOME" }), slice("Seldom", 10, { prize: "static_code", code: "RARE" })]));
    const counts = [0, 0, 0];
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => spin(wheel).then((r) => r.json() as Promise<any>)));
      for (const a of answers) counts[a.slice]++;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(300);
    expect(fits(counts, weights)).toMatchObject({ passes: true });
    expect(rows.all("SELECT slice, awarded FROM spin_slices WHERE wheel_id = ? ORDER BY slice", wheel).map((r) => r.awarded)).toEqual(counts);
  });

  test("50 concurrent spins on a wheel whose only prize has stock 5: exactly 5 won, stock 0, every spin with its lead", async () => {
    const wheel = rows.wheel(site.id, wheelDef([slice("Prize", 90, { prize: "static_code", code: "WIN", stock: 5 }), slice("Nothing", 5), slice("Nothing again", 5)]));
    const answers = await Promise.all(Array.from({ length: 50 }, () => spin(wheel).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))));
    expect(answers.map((a) => a.status)).toEqual(new Array(50).fill(201));
    expect(answers.filter((a) => a.body.slice === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code === "WIN")).toHaveLength(5);
    expect(rows.all("SELECT slice, stock_left AS stockLeft, awarded FROM spin_slices WHERE wheel_id = ? ORDER BY slice", wheel)[0]).toEqual({ slice: 0, stockLeft: 0, awarded: 5 });
    expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheel)).toBe(50);
    expect(rows.count("SELECT count(*) AS n FROM spins s JOIN leads l ON l.id = s.lead_id AND l.source = 'spin' WHERE s.wheel_id = ?", wheel)).toBe(50);
  });

  test("30 concurrent spins on a pool of 8 coupon codes: each code handed out once, to the spin that shows it", async () => {
    const codes = Array.from({ length: 8 }, (_, i) => `CODE-${i}`);
    const wheel = rows.wheel(site.id, wheelDef([slice("Coupon", 95, { prize: "coupon_pool", codes }), slice("Nothing", 5)]));
    const answers = await Promise.all(Array.from({ length: 30 }, () => spin(wheel).then((r) => r.json() as Promise<any>)));
    const won = answers.filter((a) => a.prize === "coupon_pool").map((a) => a.code);
    expect(won.sort()).toEqual(codes);
    const given = rows.all("SELECT c.code, s.id AS spin, s.code AS spinCode FROM coupon_codes c JOIN spins s ON s.id = c.spin_id WHERE c.wheel_id = ?", wheel);
    expect(given).toHaveLength(8);
    for (const g of given) {
      expect(g.spinCode).toBe(g.code);
      expect(answers.find((a) => a.spinId === g.spin).code).toBe(g.code);
    }
  });
});
