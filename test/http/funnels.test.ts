import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

/**
 * Funnels (docs/funnels.md) on a hand-built log. Site in Europe/Berlin (UTC+1 in November),
 * range 2026-11-10 … 2026-11-11 Berlin = [2026-11-09T23:00Z, 2026-11-11T23:00Z).
 * Every expected number below was worked out by hand from this table (times UTC):
 *
 * | s   | visitor | device  | Berlin day | events (UTC time, what)                                                                                   |
 * |-----|---------|---------|------------|-----------------------------------------------------------------------------------------------------------|
 * | S1  | V1      | desktop | 11-10      | 10:00:00 pv / · 10:00:20 pv /shop/shoes · 10:00:55 add_to_cart · 10:01:30 pv /checkout · 10:02:30 purchase  |
 * | S2  | V2      | mobile  | 11-10      | 11:00:00 pv /shop · 11:00:10 pv / · 11:00:50 add_to_cart · 11:01:10 pv /shop/bags · 11:01:40 pv /checkout   |
 * | S3  | V3      | desktop | 11-10      | 12:00:00 pv / · 12:00:05 pv / · 12:00:30 pv /shop · 12:00:50 pv /shop/x?ref=nav · 12:01:00 add_to_cart · 12:01:05 add_to_cart |
 * | S4  | V4      | desktop | 11-10      | 13:00:00 pv / · 13:00:30 purchase · 13:01:00 pv /SHOP/sale (case-sensitive: no match)                       |
 * | S5a | V5      | mobile  | 11-10      | 13:30:00 pv /about (matches no step)                                                                      |
 * | S5  | V5      | desktop | 11-10      | 14:00:00 pv /checkout · 14:00:45 purchase                                                                 |
 * | S6  | V6      | mobile  | 11-10      | 15:00:00 add_to_cart · 15:00:20 pv / · 15:00:50 pv /shop                                                  |
 * | S7  | V7      | desktop | 11-09 OUT  | 11-09 22:59:00 pv / (Berlin 23:59) · 23:00:10 pv /shop · 23:00:20 add_to_cart · 23:00:30 /checkout · 23:00:40 purchase |
 * | S8a | V8      | desktop | 11-10      | 22:50:00 pv / (Berlin 23:50) · 22:55:00 pv /shop/hats                                                     |
 * | S8b | V8      | mobile  | 11-11      | 23:10:00 add_to_cart (Berlin 00:10 next day) · 23:12:00 pv /checkout · 23:13:00 purchase                   |
 * | S7b | V7      | desktop | 11-11      | 09:00:00 pv /checkout · 09:00:30 purchase                                                                 |
 * | S3b | V3      | desktop | 11-11      | 10:00:00 pv /checkout · 10:01:00 purchase                                                                 |
 * | S10 | V9      | desktop | 11-12 OUT  | 11-11 23:00:00 pv / (Berlin 00:00 on 11-12) · /shop · add_to_cart · /checkout · purchase                   |
 *
 * CHECKOUT (5 steps): 1 Home = page equals "/", 2 Shop = page starts_with "/shop",
 * 3 Add to cart = event add_to_cart, 4 "" = page equals "/checkout" (labelled "/checkout"),
 * 5 Purchase = conversion purchase.
 *
 * Per unit (reach = furthest step; seconds from the previous step's matching event):
 *
 * closed × session — S1 5 (20, 35, 35, 60) · S2 2 (/ at 11:00:10 starts it; the earlier /shop and the
 *   add_to_cart before step 2 are skipped; /shop/bags 60 s) · S3 3 (first / at 12:00:00; /shop 30; add_to_cart 30)
 *   · S4 1 · S6 2 (add_to_cart came first and is skipped; / then /shop 30) · S8a 2 (300) ·
 *   S5, S5a, S8b, S3b, S7b not started (no "/") · S7, S10 outside the range.
 * closed × user — V1 5 (20, 35, 35, 60) · V2 2 (60) · V3 5 (30, 30, then S3b: /checkout 79 140 s after
 *   the add_to_cart of 11-10 12:01:00, purchase 60) · V4 1 · V5 0 · V6 2 (30) · V7 0 (S7 is outside the
 *   range, S7b has no "/") · V8 5 (300, S8b: 900, 120, 60) · V9 not a unit (only S10, outside).
 * open × session — S1 enters 1, reaches 5 · S2 enters 2 at /shop (11:00:00), add_to_cart 50, /checkout 50
 *   · S3 enters 1, reaches 3 · S4 enters 1 · S5 enters 4, purchase 45 · S6 enters 3 (add_to_cart is its
 *   first matching event), no /checkout after · S8a enters 1, reaches 2 · S8b enters 3, /checkout 120,
 *   purchase 60 · S3b enters 4, 60 · S7b enters 4, 30.
 * open × user — V1 enters 1 → 5 · V2 enters 2 → 4 (50, 50) · V3 enters 1 → 5 · V4 enters 1 · V5 enters 4
 *   (in S5; S5a matches nothing) → 5 (45) · V6 enters 3 · V7 enters 4 → 5 (30) · V8 enters 1 (S8a) → 5.
 */

let s: TestStack;
let base: string;
let site: { id: string; siteKey: string };
let files: string;

const at = (iso: string) => Date.parse(iso);
const BERLIN = "Europe/Berlin";
const RANGE = { from: "2026-11-10", to: "2026-11-11" };
const V = Object.fromEntries(["V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9"].map((v) => [v, uuid()])) as Record<string, string>;
const u = (path: string) => `http://localhost${path}`;
const pv = (path: string, iso: string) => ev("pageview", at(iso), { u: u(path), ti: path });
const cart = (iso: string, path = "/product") => ev("event", at(iso), { u: u(path), ti: "Product", n: "add_to_cart", p: { sku: "x" } });
const purchase = (iso: string, oid: string) => ev("conversion", at(iso), { u: u("/thank-you"), ti: "Thanks", n: "purchase", val: 25, cur: "EUR", oid });

async function send(visitor: string, events: Record<string, unknown>[], o: { mobile?: boolean; ref?: string } = {}) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(site.siteKey, events, { vid: V[visitor], sid: uuid(), tz: BERLIN, ref: o.ref }), { "user-agent": o.mobile ? IPHONE_UA : CHROME_UA });
  expect(res.status).toBe(202);
  expect(((await res.json()) as any).accepted).toBe(events.length);
}

const STEPS = [
  { kind: "page", label: "Home", match: "equals", value: "/" },
  { kind: "page", label: "Shop", match: "starts_with", value: "/shop" },
  { kind: "event", label: "Add to cart", eventType: "event", name: "add_to_cart" },
  { kind: "page", label: "", match: "equals", value: "/checkout" },
  { kind: "event", label: "Purchase", eventType: "conversion", name: "purchase" },
];
const checkout = (mode: string, scope: string) => ({ name: `Checkout ${mode} ${scope}`, mode, scope, steps: STEPS });
const LABELS = ["Home", "Shop", "Add to cart", "/checkout", "Purchase"];

/**
 * SHOP_B (closed × session, 3 steps) — covers contains, regex and "an event advances at most one step":
 * 1 "" = page contains "shop" (labelled "shop"), 2 Product = page regex ^/shop/[a-z]+$, 3 "" = event add_to_cart.
 * S1: /shop/shoes matches steps 1 and 2 but advances only to 1; nothing later matches 2 → reaches 1.
 * S2: /shop 11:00:00 → 1; add_to_cart (needs 2) skipped; /shop/bags 11:01:10 → 2 (70 s) → reaches 2.
 * S3: /shop 12:00:30 → 1; /shop/x?ref=nav (path /shop/x, query string ignored) 12:00:50 → 2 (20 s);
 *     add_to_cart 12:01:00 → 3 (10 s).
 * S6: /shop 15:00:50 → 1 (its add_to_cart was earlier). S8a: /shop/hats → 1 only.
 * S4: "/SHOP/sale" does not contain "shop" (case-sensitive). No other session has a shop page.
 * started 5; counts 5, 2, 1; medians null, mean(20, 70) = 45, 10.
 */
const SHOP_B = {
  name: "Shop to cart",
  mode: "closed",
  scope: "session",
  steps: [
    { kind: "page", label: "", match: "contains", value: "shop" },
    { kind: "page", label: "Product", match: "regex", value: "^/shop/[a-z]+$" },
    { kind: "event", label: "", eventType: "event", name: "add_to_cart" },
  ],
};

type Step = { label: string; entered: number; count: number; pctOfStart: number; dropOff: number; dropOffPct: number; medianSeconds: number | null };
/** Builds the step rows from columns, so each expectation reads as the hand computation. */
function steps(labels: string[], c: { entered: number[]; count: number[]; pct: number[]; drop: number[]; dropPct: number[]; median: (number | null)[] }): Step[] {
  return labels.map((label, i) => ({ label, entered: c.entered[i], count: c.count[i], pctOfStart: c.pct[i], dropOff: c.drop[i], dropOffPct: c.dropPct[i], medianSeconds: c.median[i] }));
}
const result = (units: "sessions" | "users", stepRows: Step[], started: number, completed: number, conversionRate: number, breakdown: unknown = null) => ({
  units,
  range: { ...RANGE, tz: BERLIN },
  steps: stepRows,
  started,
  completed,
  conversionRate,
  breakdown,
  sampled: false,
});

// closed × session: started S1 S2 S3 S4 S6 S8a = 6. count: 1 → 6; 2 → S1 S2 S3 S6 S8a = 5; 3 → S1 S3 = 2;
// 4 → S1; 5 → S1. dropOff 6−5, 5−2, 2−1, 1−1, 0. Medians: step 2 of [20, 60, 30, 30, 300] = 30;
// step 3 mean(35, 30) = 32.5; step 4 [35]; step 5 [60]. completed 1 of 6.
const CLOSED_SESSION = result(
  "sessions",
  steps(LABELS, {
    entered: [6, 0, 0, 0, 0],
    count: [6, 5, 2, 1, 1],
    pct: [1, 0.8333, 0.3333, 0.1667, 0.1667],
    drop: [1, 3, 1, 0, 0],
    dropPct: [0.1667, 0.6, 0.5, 0, 0],
    median: [null, 30, 32.5, 35, 60],
  }),
  6,
  1,
  0.1667,
);

// closed × user: started V1 V2 V3 V4 V6 V8 = 6. count: 6; 5 (V1 V2 V3 V6 V8); 3 (V1 V3 V8); 3; 3.
// Medians: step 2 [20, 60, 30, 30, 300] → 30; step 3 [35, 30, 900] → 35; step 4 [35, 79140, 120] → 120;
// step 5 [60, 60, 60] → 60. V7 would complete if its out-of-range S7 were counted.
const CLOSED_USER = result(
  "users",
  steps(LABELS, {
    entered: [6, 0, 0, 0, 0],
    count: [6, 5, 3, 3, 3],
    pct: [1, 0.8333, 0.5, 0.5, 0.5],
    drop: [1, 2, 0, 0, 0],
    dropPct: [0.1667, 0.4, 0, 0, 0],
    median: [null, 30, 35, 120, 60],
  }),
  6,
  3,
  0.5,
);

// open × session: entered at 1: S1 S3 S4 S8a; at 2: S2; at 3: S6 S8b; at 4: S5 S3b S7b → started 10.
// count: 1 → 4; 2 → S1 S3 S8a S2 = 4; 3 → S1 S3 S2 S6 S8b = 5; 4 → S1 S2 S8b S5 S3b S7b = 6;
// 5 → S1 S8b S5 S3b S7b = 5. dropOff: S4; S8a; S3 S6; S2; 0.
// Medians over units that came from the previous step: step 2 [20, 30, 300] → 30;
// step 3 [35, 30, 50] → 35; step 4 [35, 50, 120] → 50; step 5 [60, 60, 45, 60, 30] → 60.
const OPEN_SESSION = result(
  "sessions",
  steps(LABELS, {
    entered: [4, 1, 2, 3, 0],
    count: [4, 4, 5, 6, 5],
    pct: [0.4, 0.4, 0.5, 0.6, 0.5],
    drop: [1, 1, 2, 1, 0],
    dropPct: [0.25, 0.25, 0.4, 0.1667, 0],
    median: [null, 30, 35, 50, 60],
  }),
  10,
  5,
  0.5,
);

// open × user: entered at 1: V1 V3 V4 V8; at 2: V2; at 3: V6; at 4: V5 V7 → started 8.
// count: 1 → 4; 2 → V1 V3 V8 V2 = 4; 3 → + V6 = 5; 4 → V1 V3 V8 V2 V5 V7 = 6; 5 → V1 V3 V8 V5 V7 = 5.
// dropOff: V4; 0; V6; V2; 0. Medians: step 2 [20, 30, 300] → 30; step 3 [35, 30, 900, 50] → mean(35, 50)
// = 42.5; step 4 [35, 79140, 120, 50] → mean(50, 120) = 85; step 5 [60, 60, 60, 45, 30] → 60.
const OPEN_USER_STEPS = steps(LABELS, {
  entered: [4, 1, 1, 2, 0],
  count: [4, 4, 5, 6, 5],
  pct: [0.5, 0.5, 0.625, 0.75, 0.625],
  drop: [1, 0, 1, 1, 0],
  dropPct: [0.25, 0, 0.2, 0.1667, 0],
  median: [null, 30, 42.5, 85, 60],
});
const OPEN_USER = result("users", OPEN_USER_STEPS, 8, 5, 0.625);

beforeAll(async () => {
  s = await startStack();
  files = tempDir("tidemark-funnels-");
  const boot = s.bootstrap!;
  site = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Funnel shop", "--domain", "localhost", "--timezone", BERLIN, "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  base = `/api/v1/orgs/${boot.orgId}/sites/${site.id}`;

  // S7 first: it is V7's first session and lies before the range.
  await send("V7", [pv("/", "2026-11-09T22:59:00Z"), pv("/shop", "2026-11-09T23:00:10Z"), cart("2026-11-09T23:00:20Z"), pv("/checkout", "2026-11-09T23:00:30Z"), purchase("2026-11-09T23:00:40Z", "O7")]);
  await send("V1", [pv("/", "2026-11-10T10:00:00Z"), pv("/shop/shoes", "2026-11-10T10:00:20Z"), cart("2026-11-10T10:00:55Z", "/shop/shoes"), pv("/checkout", "2026-11-10T10:01:30Z"), purchase("2026-11-10T10:02:30Z", "O1")]);
  await send("V2", [pv("/shop", "2026-11-10T11:00:00Z"), pv("/", "2026-11-10T11:00:10Z"), cart("2026-11-10T11:00:50Z"), pv("/shop/bags", "2026-11-10T11:01:10Z"), pv("/checkout", "2026-11-10T11:01:40Z")], { mobile: true, ref: "https://www.google.com/" });
  await send("V3", [pv("/", "2026-11-10T12:00:00Z"), pv("/", "2026-11-10T12:00:05Z"), pv("/shop", "2026-11-10T12:00:30Z"), pv("/shop/x?ref=nav", "2026-11-10T12:00:50Z"), cart("2026-11-10T12:01:00Z"), cart("2026-11-10T12:01:05Z")]);
  await send("V4", [pv("/", "2026-11-10T13:00:00Z"), purchase("2026-11-10T13:00:30Z", "O4"), pv("/SHOP/sale", "2026-11-10T13:01:00Z")]);
  await send("V5", [pv("/about", "2026-11-10T13:30:00Z")], { mobile: true });
  await send("V5", [pv("/checkout", "2026-11-10T14:00:00Z"), purchase("2026-11-10T14:00:45Z", "O5")]);
  await send("V6", [cart("2026-11-10T15:00:00Z"), pv("/", "2026-11-10T15:00:20Z"), pv("/shop", "2026-11-10T15:00:50Z")], { mobile: true });
  await send("V8", [pv("/", "2026-11-10T22:50:00Z"), pv("/shop/hats", "2026-11-10T22:55:00Z")]);
  await send("V8", [cart("2026-11-10T23:10:00Z", "/shop/hats"), pv("/checkout", "2026-11-10T23:12:00Z"), purchase("2026-11-10T23:13:00Z", "O8")], { mobile: true });
  await send("V7", [pv("/checkout", "2026-11-11T09:00:00Z"), purchase("2026-11-11T09:00:30Z", "O7b")]);
  await send("V3", [pv("/checkout", "2026-11-11T10:00:00Z"), purchase("2026-11-11T10:01:00Z", "O3")]);
  await send("V9", [pv("/", "2026-11-11T23:00:00Z"), pv("/shop", "2026-11-11T23:00:10Z"), cart("2026-11-11T23:00:20Z"), pv("/checkout", "2026-11-11T23:00:30Z"), purchase("2026-11-11T23:00:40Z", "O9")]);
  s.clock.ms = at("2026-11-12T12:00:00Z");
});

afterAll(async () => {
  await s.close();
  rmSync(files, { recursive: true, force: true });
});

const key = () => s.bootstrap!.key;
const preview = async (body: object, path = base) => {
  const res = await s.api(`${path}/funnels/preview`, key(), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (path: string, apiKey = key()) => {
  const res = await s.api(path, apiKey);
  return { status: res.status, body: (await res.json()) as any };
};
let fileCount = 0;
/** `funnel create` from a temp JSON file. */
const createFunnel = (siteId: string, def: object) => {
  const file = join(files, `def-${++fileCount}.json`);
  writeFileSync(file, JSON.stringify(def));
  return s.admin("funnel", "create", "--site", siteId, "--file", file);
};

describe("funnel preview: the four mode × scope combinations", () => {
  test("closed × session", async () => {
    const { status, body } = await preview({ def: checkout("closed", "session"), ...RANGE });
    expect(status).toBe(200);
    expect(body).toEqual(CLOSED_SESSION);
  });

  test("closed × user: a journey over two sessions and midnight completes; an out-of-range session does not count", async () => {
    const { status, body } = await preview({ def: checkout("closed", "user"), ...RANGE });
    expect(status).toBe(200);
    expect(body).toEqual(CLOSED_USER);
  });

  test("open × session: units enter at their first matching step", async () => {
    const { status, body } = await preview({ def: checkout("open", "session"), ...RANGE });
    expect(status).toBe(200);
    expect(body).toEqual(OPEN_SESSION);
  });

  test("open × user", async () => {
    const { status, body } = await preview({ def: checkout("open", "user"), ...RANGE });
    expect(status).toBe(200);
    expect(body).toEqual(OPEN_USER);
  });

  test("breakdown none is the same as no breakdown", async () => {
    const { status, body } = await preview({ def: checkout("closed", "session"), ...RANGE, breakdown: "none" });
    expect(status).toBe(200);
    expect(body).toEqual(CLOSED_SESSION);
  });

  test("contains, regex (query string ignored), empty labels, one step per event", async () => {
    const { status, body } = await preview({ def: SHOP_B, ...RANGE });
    expect(status).toBe(200);
    expect(body).toEqual(
      result(
        "sessions",
        steps(["shop", "Product", "add_to_cart"], {
          entered: [5, 0, 0],
          count: [5, 2, 1],
          pct: [1, 0.4, 0.2],
          drop: [3, 1, 0],
          dropPct: [0.6, 0.5, 0],
          median: [null, 45, 10],
        }),
        5,
        1,
        0.2,
      ),
    );
  });

  test("a one-day range: only 11-11 sessions (S8b, S7b, S3b) — none starts a closed funnel, all enter an open one", async () => {
    // closed × session on 11-11: no session has "/" → nothing starts; every step 0, medians null.
    const closed = await preview({ def: checkout("closed", "session"), from: "2026-11-11", to: "2026-11-11" });
    expect(closed.status).toBe(200);
    const zero = steps(LABELS, { entered: [0, 0, 0, 0, 0], count: [0, 0, 0, 0, 0], pct: [0, 0, 0, 0, 0], drop: [0, 0, 0, 0, 0], dropPct: [0, 0, 0, 0, 0], median: [null, null, null, null, null] });
    expect(closed.body).toEqual({ ...result("sessions", zero, 0, 0, 0), range: { from: "2026-11-11", to: "2026-11-11", tz: BERLIN } });
    // open × session on 11-11: S8b enters 3 → 5 (120, 60); S7b enters 4 → 5 (30); S3b enters 4 → 5 (60).
    // started 3; counts 0, 0, 1, 3, 3; step 4 median over S8b only [120]; step 5 [60, 30, 60] → 60.
    const open = await preview({ def: checkout("open", "session"), from: "2026-11-11", to: "2026-11-11" });
    expect(open.status).toBe(200);
    expect(open.body).toEqual({
      ...result(
        "sessions",
        steps(LABELS, {
          entered: [0, 0, 1, 2, 0],
          count: [0, 0, 1, 3, 3],
          pct: [0, 0, 0.3333, 1, 1],
          drop: [0, 0, 0, 0, 0],
          dropPct: [0, 0, 0, 0, 0],
          median: [null, null, null, 120, 60],
        }),
        3,
        3,
        1,
      ),
      range: { from: "2026-11-11", to: "2026-11-11", tz: BERLIN },
    });
  });
});

describe("funnel breakdown", () => {
  test("closed × session by device: desktop S1 S3 S4 S8a, mobile S2 S6", async () => {
    const { status, body } = await preview({ def: checkout("closed", "session"), ...RANGE, breakdown: "device" });
    expect(status).toBe(200);
    expect(body).toEqual(
      result("sessions", CLOSED_SESSION.steps, 6, 1, 0.1667, {
        dimension: "device",
        rows: [
          // desktop: S1 → 5, S3 → 3, S4 → 1, S8a → 2. counts 4, 3, 2, 1, 1; medians [20, 30, 300] → 30,
          // mean(35, 30) = 32.5, 35, 60.
          {
            key: "desktop",
            steps: steps(LABELS, {
              entered: [4, 0, 0, 0, 0],
              count: [4, 3, 2, 1, 1],
              pct: [1, 0.75, 0.5, 0.25, 0.25],
              drop: [1, 1, 1, 0, 0],
              dropPct: [0.25, 0.3333, 0.5, 0, 0],
              median: [null, 30, 32.5, 35, 60],
            }),
            started: 4,
            completed: 1,
            conversionRate: 0.25,
          },
          // mobile: S2 → 2 (60), S6 → 2 (30). counts 2, 2, 0, 0, 0; step 2 median mean(30, 60) = 45;
          // steps 3–5 no unit came that way → null; dropOffPct 0 where count is 0.
          {
            key: "mobile",
            steps: steps(LABELS, {
              entered: [2, 0, 0, 0, 0],
              count: [2, 2, 0, 0, 0],
              pct: [1, 1, 0, 0, 0],
              drop: [0, 2, 0, 0, 0],
              dropPct: [0, 1, 0, 0, 0],
              median: [null, 45, null, null, null],
            }),
            started: 2,
            completed: 0,
            conversionRate: 0,
          },
        ],
      }),
    );
  });
});

/**
 * open × user by device — a visitor's group is the device of the session it entered in:
 * V5 entered in S5 (desktop), not its first session S5a (mobile); V8 in S8a (desktop), not S8b (mobile).
 * desktop: V1 (1 → 5), V3 (1 → 5), V4 (1), V8 (1 → 5), V5 (4 → 5), V7 (4 → 5): entered 4, 0, 0, 2, 0;
 *   counts 4, 3, 3, 5, 5; started 6; medians [20, 30, 300] → 30, [35, 30, 900] → 35,
 *   [35, 79140, 120] → 120, [60, 60, 60, 45, 30] → 60; completed 5 → 0.8333.
 * mobile: V2 (2 → 4, 50, 50), V6 (3): entered 0, 1, 1, 0, 0; counts 0, 1, 2, 1, 0; started 2;
 *   step 2 null (nobody came from step 1), step 3 [50], step 4 [50], step 5 null.
 */
const OPEN_USER_BY_DEVICE = {
  dimension: "device",
  rows: [
    {
      key: "desktop",
      steps: steps(LABELS, {
        entered: [4, 0, 0, 2, 0],
        count: [4, 3, 3, 5, 5],
        pct: [0.6667, 0.5, 0.5, 0.8333, 0.8333],
        drop: [1, 0, 0, 0, 0],
        dropPct: [0.25, 0, 0, 0, 0],
        median: [null, 30, 35, 120, 60],
      }),
      started: 6,
      completed: 5,
      conversionRate: 0.8333,
    },
    {
      key: "mobile",
      steps: steps(LABELS, {
        entered: [0, 1, 1, 0, 0],
        count: [0, 1, 2, 1, 0],
        pct: [0, 0.5, 1, 0.5, 0],
        drop: [0, 0, 1, 1, 0],
        dropPct: [0, 0, 0.5, 1, 0],
        median: [null, null, 50, 50, null],
      }),
      started: 2,
      completed: 0,
      conversionRate: 0,
    },
  ],
};

describe("saved funnels", () => {
  let openUserId: string;
  let shopId: string;
  const OPEN_USER_DEF = { ...checkout("open", "user"), name: "Checkout (open, users)" };

  beforeAll(async () => {
    openUserId = must(createFunnel(site.id, OPEN_USER_DEF)).id;
    await Bun.sleep(20); // distinct createdAt, for the newest-first order
    shopId = must(createFunnel(site.id, SHOP_B)).id;
  });

  test("funnel create prints the id; the list shows the site's funnels newest first", async () => {
    expect(typeof openUserId).toBe("string");
    expect(openUserId).not.toBe(shopId);
    const { status, body } = await get(`${base}/funnels`);
    expect(status).toBe(200);
    expect(body.canSave).toBe(true);
    expect(body.data.map((f: any) => f.id)).toEqual([shopId, openUserId]);
    expect(body.data[0]).toEqual({ id: shopId, name: SHOP_B.name, steps: SHOP_B.steps, mode: "closed", scope: "session", createdAt: expect.any(String) });
    expect(body.data[1]).toEqual({ id: openUserId, name: OPEN_USER_DEF.name, steps: STEPS, mode: "open", scope: "user", createdAt: expect.any(String) });
    for (const f of body.data) expect(Number.isNaN(Date.parse(f.createdAt))).toBe(false);
  });

  test("GET funnels/{id} runs it like preview", async () => {
    const { status, body } = await get(`${base}/funnels/${openUserId}?from=${RANGE.from}&to=${RANGE.to}`);
    expect(status).toBe(200);
    expect(body).toEqual(OPEN_USER);
  });

  test("GET funnels/{id}?breakdown=device: a visitor's group is its entering session's", async () => {
    const { status, body } = await get(`${base}/funnels/${openUserId}?from=${RANGE.from}&to=${RANGE.to}&breakdown=device`);
    expect(status).toBe(200);
    expect(body).toEqual(result("users", OPEN_USER_STEPS, 8, 5, 0.625, OPEN_USER_BY_DEVICE));
    // And preview with the same definition agrees.
    const again = await preview({ def: OPEN_USER_DEF, ...RANGE, breakdown: "device" });
    expect(again.body).toEqual(body);
  });

  test("a bad breakdown on a saved funnel is 422 on breakdown", async () => {
    const { status, body } = await get(`${base}/funnels/${openUserId}?from=${RANGE.from}&to=${RANGE.to}&breakdown=browser`);
    expect(status).toBe(422);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map((d: any) => d.path)).toEqual(["breakdown"]);
  });

  test("an unknown id, or a funnel of another site, is 404", async () => {
    const unknown = await get(`${base}/funnels/${"0".repeat(24)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    const otherSiteFunnel = must(createFunnel(s.bootstrap!.siteId, SHOP_B)).id;
    const other = await get(`${base}/funnels/${otherSiteFunnel}?from=${RANGE.from}&to=${RANGE.to}`);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe("NOT_FOUND");
    // It is listed under its own site only.
    const own = await get(`/api/v1/orgs/${s.bootstrap!.orgId}/sites/${s.bootstrap!.siteId}/funnels`);
    expect(own.body.data.map((f: any) => f.id)).toEqual([otherSiteFunnel]);
    expect((await get(`${base}/funnels`)).body.data.map((f: any) => f.id)).toEqual([shopId, openUserId]);
  });

  test("funnel create is in the activity log as funnel.created", async () => {
    const { status, body } = await get(`/api/v1/orgs/${s.bootstrap!.orgId}/audit?action=funnel.created`);
    expect(status).toBe(200);
    expect(body.rows.map((r: any) => r.action)).toEqual(["funnel.created", "funnel.created", "funnel.created"]);
    expect(body.rows.map((r: any) => r.target.id)).toContain(openUserId);
  });

  test("a bad definition file is refused and not saved", async () => {
    const r = createFunnel(site.id, { ...SHOP_B, steps: [SHOP_B.steps[0]] });
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe("VALIDATION_FAILED");
    expect((await get(`${base}/funnels`)).body.data).toHaveLength(2);
  });

  test("canSave is false for a key whose creator is a viewer", async () => {
    const boot = s.bootstrap!;
    const viewer = must(s.admin("user", "create", "--org", boot.orgId, "--name", "Vera Viewer", "--email", "vera@funnels.test", "--role", "viewer"));
    const k = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "analytics.read"));
    const { status, body } = await get(`${base}/funnels`, k.key);
    expect(status).toBe(200);
    expect(body.canSave).toBe(false);
    expect(body.data).toHaveLength(2);
  });
});

describe("funnel validation: 422 VALIDATION_FAILED with one detail per problem", () => {
  const valid = checkout("closed", "session");
  const withStep = (i: number, patch: object) => ({ ...valid, steps: valid.steps.map((st, j) => (j === i ? { ...st, ...patch } : st)) });
  const page = (value: string) => ({ kind: "page", label: "", match: "regex", value });
  const cases: [string, object, string[]][] = [
    ["one step", { def: { ...valid, steps: [STEPS[0]] } }, ["def.steps"]],
    ["eleven steps", { def: { ...valid, steps: Array.from({ length: 11 }, (_, i) => ({ kind: "page", label: `P${i}`, match: "equals", value: `/p${i}` })) } }, ["def.steps"]],
    ["an empty page value", { def: withStep(1, { value: "" }) }, ["def.steps.1.value"]],
    ["an unknown match", { def: withStep(0, { match: "fuzzy" }) }, ["def.steps.0.match"]],
    ["an exponential regex (a+)+$", { def: { ...valid, steps: [page("(a+)+$"), STEPS[1]] } }, ["def.steps.0.value"]],
    ["a regex that does not compile", { def: { ...valid, steps: [STEPS[0], page("^/shop/([a-z")] } }, ["def.steps.1.value"]],
    ["a regex over 200 characters", { def: { ...valid, steps: [page("^/" + "a".repeat(199)), STEPS[1]] } }, ["def.steps.0.value"]],
    ["an unknown eventType", { def: withStep(2, { eventType: "pageview" }) }, ["def.steps.2.eventType"]],
    ["an empty event name", { def: withStep(4, { name: "" }) }, ["def.steps.4.name"]],
    ["an unknown mode", { def: { ...valid, mode: "sideways" } }, ["def.mode"]],
    ["an unknown scope", { def: { ...valid, scope: "team" } }, ["def.scope"]],
    ["mode and scope both bad: two details", { def: { ...valid, mode: "any", scope: "org" } }, ["def.mode", "def.scope"]],
    ["an empty name", { def: { ...valid, name: "" } }, ["def.name"]],
    ["a name over 100 characters", { def: { ...valid, name: "n".repeat(101) } }, ["def.name"]],
    ["a bad breakdown", { def: valid, breakdown: "browser" }, ["breakdown"]],
  ];
  for (const [name, body, paths] of cases) {
    test(name, async () => {
      const res = await preview({ ...RANGE, ...body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.details.map((d: any) => d.path).sort()).toEqual(paths);
    });
  }

  test("the regex limit is inclusive: exactly 200 characters is accepted", async () => {
    const res = await preview({ ...RANGE, def: { ...valid, steps: [page("^/" + "a".repeat(198)), STEPS[1]] } });
    expect(res.status).toBe(200);
    expect(res.body.started).toBe(0);
  });
});

describe("plan limit: funnels per organization", () => {
  test("starter allows 5 saved funnels across the org's sites; the 6th is LIMIT_EXCEEDED and canSave turns false", async () => {
    const org = must(s.admin("org", "create", "--name", "Starter Co")).id;
    expect(must(s.admin("org", "plan", "--org", org, "--plan", "starter"))).toEqual({ id: org, plan: "starter" });
    const analyst = must(s.admin("user", "create", "--org", org, "--name", "Ana Analyst", "--email", "ana@starter.test", "--role", "analyst"));
    const k = must(s.admin("key", "create", "--org", org, "--user", analyst.id, "--perms", "analytics.read")).key;
    const a = must(s.admin("site", "create", "--org", org, "--name", "A", "--domain", "a.starter.test"));
    const b = must(s.admin("site", "create", "--org", org, "--name", "B", "--domain", "b.starter.test"));
    const list = (siteId: string) => get(`/api/v1/orgs/${org}/sites/${siteId}/funnels`, k);

    for (let i = 0; i < 3; i++) must(createFunnel(a.id, { ...SHOP_B, name: `A${i}` }));
    must(createFunnel(b.id, { ...SHOP_B, name: "B0" }));
    // 4 saved: room for one more.
    let listed = await list(a.id);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.canSave).toBe(true);

    must(createFunnel(b.id, { ...SHOP_B, name: "B1" }));
    listed = await list(a.id);
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.canSave).toBe(false);
    expect((await list(b.id)).body.canSave).toBe(false);

    const sixth = createFunnel(a.id, { ...SHOP_B, name: "A3" });
    expect(sixth.code).toBe(2);
    expect(sixth.json.error.code).toBe("LIMIT_EXCEEDED");
    expect(sixth.json.error.details[0]).toMatchObject({ limit: "funnels", max: 5, current: 5 });
    // Nothing was saved.
    expect((await list(a.id)).body.data.map((f: any) => f.name).sort()).toEqual(["A0", "A1", "A2"]);
    expect((await list(b.id)).body.data.map((f: any) => f.name)).toEqual(["B1", "B0"]);
  });
});
