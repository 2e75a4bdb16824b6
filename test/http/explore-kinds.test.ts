import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

/**
 * Explore kinds `segments`, `retention` and `paths` (docs/funnels.md) on two hand-built sites in
 * Asia/Tokyo (UTC+9, no DST; local midnight = 15:00 UTC the day before). Every expected number
 * was worked out by hand from these tables.
 *
 * Site "Explore" — segments and paths, range 2026-11-16 … 2026-11-19 (Tokyo):
 *
 * | s   | visitor | device  | channel        | Tokyo start      | day       | pages (in order; * = custom event cta_click)                | pv | conv |
 * |-----|---------|---------|----------------|------------------|-----------|--------------------------------------------------------------|----|------|
 * | T12 | P1      | desktop | direct         | 11-15 23:59:00   | 11-15 OUT | /pricing                                                     | 1  | 0    |
 * | T2  | P2      | mobile  | organic_search | 11-16 08:00      | 11-16     | /pricing /signup /signup * /welcome /docs /about  (UTC: 11-15 23:00) | 6 | 0 |
 * | T1  | P1      | desktop | direct         | 11-16 10:00      | 11-16     | / /pricing /pricing /signup /welcome /docs                   | 6  | 0    |
 * | T9  | P4      | mobile  | paid_search    | 11-16 23:59:30   | 11-16     | /pricing /about (the second page after midnight)             | 2  | 0    |
 * | T3  | P3      | desktop | paid_search    | 11-17 09:00      | 11-17     | /pricing /signup * /welcome, conversion signup               | 3  | 1    |
 * | T4  | P1      | desktop | direct         | 11-17 12:00      | 11-17     | /blog /pricing /signup                                       | 3  | 0    |
 * | T5  | P4      | mobile  | direct         | 11-17 15:00      | 11-17     | /pricing /docs /pricing /docs                                | 4  | 0    |
 * | —   |         |         |                |                  | 11-18     | (no session: a zero day)                                     |    |      |
 * | T8  | P6      | desktop | referral       | 11-19 00:00:00   | 11-19     | /pricing /contact /pricing  (UTC: 11-18 15:00)                | 3  | 0    |
 * | T6  | P5      | desktop | organic_search | 11-19 09:00      | 11-19     | /pricing /docs /pricing /signup, conversion purchase         | 4  | 1    |
 * | T7  | P2      | mobile  | direct         | 11-19 10:00      | 11-19     | /pricing /docs *, conversions lead and call                  | 2  | 2    |
 * | T10 | P7      | desktop | direct         | 11-19 11:00      | 11-19     | / /about                                                     | 2  | 0    |
 * | T11 | P8      | desktop | direct         | 11-20 00:00:10   | 11-20 OUT | /pricing /signup                                             | 2  | 0    |
 *
 * Site "Cohorts" — retention, range 2026-10-26 … 2026-11-30, "today" (the test clock) 2026-11-18 12:00
 * Tokyo (a Wednesday). ISO weeks: W1 10-26, W2 11-02, W3 11-09, W4 11-16, W5 11-23 (not begun).
 *
 * | visitor | sessions (Tokyo)                                             | first-ever → cohort    | returns in weeks |
 * |---------|--------------------------------------------------------------|------------------------|------------------|
 * | R0      | 10-20 10:00, 10-27 11:00, 11-03 11:00                        | 10-20: before the range, in no cohort | — |
 * | R1      | 10-27 10:00, 10-28 10:00, 11-03 10:00, 11-17 10:00           | W1 / Oct               | W2, W4           |
 * | R2      | 11-01 00:30 (Sunday; UTC 10-31 15:30), 11-10 10:00           | W1 / Nov (UTC: Oct)    | W3               |
 * | R3      | 11-01 23:30 (Sunday), 11-02 00:30 (Monday; UTC still Sunday) | W1 / Nov               | W2               |
 * | R4      | 11-04 10:00, 11-11 10:00, 11-18 09:00                        | W2 / Nov               | W3, W4           |
 * | R5      | 11-05 10:00                                                  | W2 / Nov               | —                |
 * | R8      | 11-09 00:00:00 (Monday; UTC Sunday 11-08 15:00)              | W3 / Nov (UTC: W2)     | —                |
 * | R6      | 11-12 10:00, 11-16 10:00                                     | W3 / Nov               | W4               |
 * | R7      | 11-17 10:00, 11-18 10:00 (same week)                         | W4 / Nov               | —                |
 */

let s: TestStack;
const TOKYO = "Asia/Tokyo";
const at = (iso: string) => Date.parse(iso);
/** A Tokyo wall-clock time as epoch ms. */
const tokyo = (local: string) => Date.parse(`${local}+09:00`);
const u = (path: string) => `http://localhost${path}`;
const TODAY = tokyo("2026-11-18T12:00:00");

let explore: { id: string; siteKey: string; base: string };
let cohorts: { id: string; siteKey: string; base: string };

async function send(target: { siteKey: string }, vid: string, events: Record<string, unknown>[], o: { mobile?: boolean; ref?: string; utm?: Record<string, string> } = {}) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(target.siteKey, events, { vid, sid: uuid(), tz: TOKYO, ref: o.ref, utm: o.utm }), { "user-agent": o.mobile ? IPHONE_UA : CHROME_UA });
  expect(res.status).toBe(202);
  expect(((await res.json()) as any).accepted).toBe(events.length);
}

/** A session's events from a start time and a list of steps, 10 s apart. */
function session(startLocal: string, items: (string | { event: string } | { conversion: string; oid?: string })[]) {
  let t = tokyo(startLocal);
  let path = "/";
  return items.map((item) => {
    const ts = t;
    t += 10_000;
    if (typeof item === "string") {
      path = item;
      return ev("pageview", ts, { u: u(item), ti: item });
    }
    if ("event" in item) return ev("event", ts, { u: u(path), ti: path, n: item.event });
    return ev("conversion", ts, { u: u(path), ti: path, n: item.conversion, val: 20, ...(item.oid ? { oid: item.oid } : {}) });
  });
}

const GOOGLE = "https://www.google.com/";
const CPC = { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand" };

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  const mk = (name: string) => {
    const site = must(s.admin("site", "create", "--org", boot.orgId, "--name", name, "--domain", "localhost", "--timezone", TOKYO));
    must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
    return { ...site, base: `/api/v1/orgs/${boot.orgId}/sites/${site.id}` };
  };
  explore = mk("Explore");
  cohorts = mk("Cohorts");

  const P = Object.fromEntries(["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"].map((p) => [p, uuid()]));
  await send(explore, P.P1, session("2026-11-15T23:59:00", ["/pricing"]));
  await send(explore, P.P2, session("2026-11-16T08:00:00", ["/pricing", "/signup", "/signup", { event: "cta_click" }, "/welcome", "/docs", "/about"]), { mobile: true, ref: GOOGLE });
  await send(explore, P.P1, session("2026-11-16T10:00:00", ["/", "/pricing", "/pricing", "/signup", "/welcome", "/docs"]));
  await send(explore, P.P4, session("2026-11-16T23:59:30", ["/pricing", { event: "scroll_probe" }, { event: "scroll_probe" }, "/about"]), { mobile: true, utm: CPC });
  await send(explore, P.P3, session("2026-11-17T09:00:00", ["/pricing", "/signup", { event: "cta_click" }, "/welcome", { conversion: "signup" }]), { utm: CPC });
  await send(explore, P.P1, session("2026-11-17T12:00:00", ["/blog", "/pricing", "/signup"]));
  await send(explore, P.P4, session("2026-11-17T15:00:00", ["/pricing", "/docs", "/pricing", "/docs"]), { mobile: true });
  await send(explore, P.P6, session("2026-11-19T00:00:00", ["/pricing", "/contact", "/pricing"]), { ref: "https://example.org/post" });
  await send(explore, P.P5, session("2026-11-19T09:00:00", ["/pricing", "/docs", "/pricing", "/signup", { conversion: "purchase", oid: "E6" }]), { ref: GOOGLE });
  await send(explore, P.P2, session("2026-11-19T10:00:00", ["/pricing", "/docs", { event: "cta_click" }, { conversion: "lead" }, { conversion: "call" }]), { mobile: true });
  await send(explore, P.P7, session("2026-11-19T11:00:00", ["/", "/about"]));
  await send(explore, P.P8, session("2026-11-20T00:00:10", ["/pricing", "/signup"]));

  const R = Object.fromEntries(["R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"].map((r) => [r, uuid()]));
  const visits: [string, string][] = [
    ["R0", "2026-10-20T10:00:00"],
    ["R1", "2026-10-27T10:00:00"],
    ["R0", "2026-10-27T11:00:00"],
    ["R1", "2026-10-28T10:00:00"],
    ["R2", "2026-11-01T00:30:00"],
    ["R3", "2026-11-01T23:30:00"],
    ["R3", "2026-11-02T00:30:00"],
    ["R1", "2026-11-03T10:00:00"],
    ["R0", "2026-11-03T11:00:00"],
    ["R4", "2026-11-04T10:00:00"],
    ["R5", "2026-11-05T10:00:00"],
    ["R8", "2026-11-09T00:00:00"],
    ["R2", "2026-11-10T10:00:00"],
    ["R4", "2026-11-11T10:00:00"],
    ["R6", "2026-11-12T10:00:00"],
    ["R6", "2026-11-16T10:00:00"],
    ["R1", "2026-11-17T10:00:00"],
    ["R7", "2026-11-17T10:00:00"],
    ["R4", "2026-11-18T09:00:00"],
    ["R7", "2026-11-18T10:00:00"],
  ];
  for (const [r, local] of visits) await send(cohorts, R[r], session(local, ["/"]));
  s.clock.ms = at("2026-11-21T00:00:00Z");
});

afterAll(() => s.close());

const run = async (site: { base: string }, body: object) => {
  const res = await s.api(`${site.base}/explore`, s.bootstrap!.key, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

describe("segments", () => {
  const METRICS = ["sessions", "users", "pageviews", "conversions", "conversionRate"];
  const MOBILE = { name: "Mobile", filters: [{ dim: "device", op: "is", value: "mobile" }] };
  const SEARCH = { name: "Search", filters: [{ dim: "channel", op: "in", value: ["organic_search", "paid_search"] }] };
  const ALL = { name: "All", filters: [] };
  const RANGE = { from: "2026-11-16", to: "2026-11-19" };
  const day = (date: string, sessions: number, users: number, pageviews: number, conversions: number, conversionRate: number) => ({ date, sessions, users, pageviews, conversions, conversionRate });
  const totals = (sessions: number, users: number, pageviews: number, conversions: number, conversionRate: number) => ({ sessions, users, pageviews, conversions, conversionRate });

  test("three segments: exact totals and a zero-filled daily series (11-18 has no session)", async () => {
    s.clock.ms = at("2026-11-21T00:00:00Z");
    const { status, body } = await run(explore, { kind: "segments", ...RANGE, segments: { metrics: METRICS, list: [MOBILE, SEARCH, ALL] } });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...RANGE,
      tz: TOKYO,
      segments: [
        // Mobile: T2 (P2, 6 pv), T9 (P4, 2 pv) on 11-16; T5 (P4, 4 pv) on 11-17; T7 (P2, 2 pv, 2 conversions) on 11-19.
        // 4 sessions, 2 users, 14 pageviews, 2 conversions, 1 converting session of 4.
        {
          name: "Mobile",
          totals: totals(4, 2, 14, 2, 0.25),
          series: [day("2026-11-16", 2, 2, 8, 0, 0), day("2026-11-17", 1, 1, 4, 0, 0), day("2026-11-18", 0, 0, 0, 0, 0), day("2026-11-19", 1, 1, 2, 2, 1)],
        },
        // Search: T2 (organic, P2, 6) and T9 (paid, P4, 2) on 11-16; T3 (paid, P3, 3, 1 conv) on 11-17;
        // T6 (organic, P5, 4, 1 conv) on 11-19. 4 sessions, 4 users, 15 pv, 2 conversions, 2 of 4 converting.
        {
          name: "Search",
          totals: totals(4, 4, 15, 2, 0.5),
          series: [day("2026-11-16", 2, 2, 8, 0, 0), day("2026-11-17", 1, 1, 3, 1, 1), day("2026-11-18", 0, 0, 0, 0, 0), day("2026-11-19", 1, 1, 4, 1, 1)],
        },
        // All (no filter): T1 T2 T9 | T3 T4 T5 | — | T6 T7 T8 T10 = 10 sessions (T11, T12 outside);
        // users P1 P2 P3 P4 P5 P6 P7 = 7; pageviews 14 + 10 + 11 = 35; conversions 1 + 3 = 4; converting T3 T6 T7 = 3/10.
        // Per day: 11-16 P1 P2 P4; 11-17 P3 P1 P4 (T3 converts: 1/3); 11-19 P6 P5 P2 P7 (T6, T7 convert: 2/4).
        {
          name: "All",
          totals: totals(10, 7, 35, 4, 0.3),
          series: [day("2026-11-16", 3, 3, 14, 0, 0), day("2026-11-17", 3, 3, 10, 1, 0.3333), day("2026-11-18", 0, 0, 0, 0, 0), day("2026-11-19", 4, 4, 11, 3, 0.5)],
        },
      ],
    });
  });

  test("a segment's totals equal an explore query with the same filters", async () => {
    for (const seg of [MOBILE, SEARCH]) {
      const segs = await run(explore, { kind: "segments", ...RANGE, segments: { metrics: METRICS, list: [seg] } });
      const query = await run(explore, { kind: "query", ...RANGE, query: { metrics: METRICS, dimension: "device", filters: seg.filters } });
      expect(segs.status).toBe(200);
      expect(query.status).toBe(200);
      expect(segs.body.segments[0].totals).toEqual(query.body.totals);
    }
  });

  test("one day (11-16, Tokyo): T2 started at 23:00 UTC the day before and still counts", async () => {
    const { status, body } = await run(explore, { kind: "segments", from: "2026-11-16", to: "2026-11-16", segments: { metrics: ["sessions", "pageviews"], list: [MOBILE] } });
    expect(status).toBe(200);
    expect(body).toEqual({ from: "2026-11-16", to: "2026-11-16", tz: TOKYO, segments: [{ name: "Mobile", totals: { sessions: 2, pageviews: 8 }, series: [{ date: "2026-11-16", sessions: 2, pageviews: 8 }] }] });
  });

  test("five segments: 422 on segments.list", async () => {
    const list = [MOBILE, SEARCH, ALL, { ...ALL, name: "All 2" }, { ...ALL, name: "All 3" }];
    const { status, body } = await run(explore, { kind: "segments", ...RANGE, segments: { metrics: METRICS, list } });
    expect(status).toBe(422);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map((d: any) => d.path)).toEqual(["segments.list"]);
  });

  test("no segment: 422 on segments.list", async () => {
    const { status, body } = await run(explore, { kind: "segments", ...RANGE, segments: { metrics: METRICS, list: [] } });
    expect(status).toBe(422);
    expect(body.error.details.map((d: any) => d.path)).toEqual(["segments.list"]);
  });
});

describe("retention", () => {
  const RANGE = { from: "2026-10-26", to: "2026-11-30" };
  const p = (period: number, visitors: number, rate: number) => ({ period, visitors, rate });
  /**
   * Weekly, today = Wednesday 11-18 (W4), to = 11-30: periods starting after today (W5 11-23 and later)
   * are left out even though they lie before `to`.
   * W1 10-26: R1 R2 R3 (R0's first session was 10-20) → size 3; p1 (W2) R1 R3 = 2; p2 (W3) R2 = 1;
   *   p3 (W4) R1 = 1.
   * W2 11-02: R4 R5 → 2; p1 (W3) R4; p2 (W4) R4 (11-18 09:00, before the clock); p3 = W5 not begun.
   * W3 11-09: R8 R6 → 2; p1 (W4) R6; p2 not begun.
   * W4 11-16: R7 → 1; its 11-18 visit is the same week (p0 only); p1 not begun.
   */
  const WEEKS = [
    { cohort: "2026-10-26", size: 3, periods: [p(0, 3, 1), p(1, 2, 0.6667), p(2, 1, 0.3333), p(3, 1, 0.3333)] },
    { cohort: "2026-11-02", size: 2, periods: [p(0, 2, 1), p(1, 1, 0.5), p(2, 1, 0.5)] },
    { cohort: "2026-11-09", size: 2, periods: [p(0, 2, 1), p(1, 1, 0.5)] },
    { cohort: "2026-11-16", size: 1, periods: [p(0, 1, 1)] },
  ];

  test("weekly, 4 periods: cohorts, sizes, visitors and rates; periods not begun by today are left out", async () => {
    s.clock.ms = TODAY;
    const { status, body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "week", periods: 4 } });
    expect(status).toBe(200);
    expect(body).toEqual({ ...RANGE, tz: TOKYO, period: "week", cohorts: WEEKS });
  });

  test("weekly with the default 12 periods: the same, since nothing after period 3 has begun", async () => {
    s.clock.ms = TODAY;
    const { status, body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "week" } });
    expect(status).toBe(200);
    expect(body).toEqual({ ...RANGE, tz: TOKYO, period: "week", cohorts: WEEKS });
  });

  test("weekly, 2 periods: each cohort stops at period 1", async () => {
    s.clock.ms = TODAY;
    const { status, body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "week", periods: 2 } });
    expect(status).toBe(200);
    expect(body.cohorts).toEqual(WEEKS.map((c) => ({ ...c, periods: c.periods.slice(0, 2) })));
  });

  test("a day later (Thursday 11-19) nothing new begins: the same matrix", async () => {
    s.clock.ms = tokyo("2026-11-19T12:00:00");
    const { body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "week", periods: 4 } });
    expect(body.cohorts).toEqual(WEEKS);
  });

  test("on Monday 11-23 period W5 has begun: it appears, with nobody back yet", async () => {
    s.clock.ms = tokyo("2026-11-23T12:00:00");
    const { body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "week", periods: 4 } });
    expect(body.cohorts).toEqual([
      WEEKS[0],
      { ...WEEKS[1], periods: [...WEEKS[1].periods, p(3, 0, 0)] },
      { ...WEEKS[2], periods: [...WEEKS[2].periods, p(2, 0, 0)] },
      { ...WEEKS[3], periods: [...WEEKS[3].periods, p(1, 0, 0)] },
    ]);
  });

  test("monthly: Oct cohort R1 (back in Nov); Nov cohort R2…R8 (7); December has not begun", async () => {
    // R2's first session is 11-01 00:30 Tokyo (10-31 in UTC) → November.
    s.clock.ms = TODAY;
    const { status, body } = await run(cohorts, { kind: "retention", ...RANGE, retention: { period: "month", periods: 3 } });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...RANGE,
      tz: TOKYO,
      period: "month",
      cohorts: [
        { cohort: "2026-10-01", size: 1, periods: [p(0, 1, 1), p(1, 1, 1)] },
        { cohort: "2026-11-01", size: 7, periods: [p(0, 7, 1)] },
      ],
    });
  });
});

describe("paths", () => {
  const RANGE = { from: "2026-11-16", to: "2026-11-19" };
  const node = (step: string, sessions: number, children: unknown[] = []) => ({ step, sessions, children });

  /**
   * Start /pricing, depth 3, branches 2. Sessions in range with /pricing: T1 T2 T9 T3 T4 T5 T6 T7 T8 = 9.
   * Path after the first /pricing, consecutive repeats collapsed, custom events ignored:
   *   T1 /signup /welcome /docs (its second /pricing right after the first collapses)
   *   T2 /signup /welcome /docs (/signup twice collapses; the cta_click is not a page)
   *   T3 /signup /welcome (exit)     T4 /signup (exit)
   *   T5 /docs /pricing /docs        T6 /docs /pricing /signup     T7 /docs (exit)
   *   T8 /contact /pricing (exit)    T9 /about (exit)
   * Level 1: /signup 4, /docs 3, then /about 1 and /contact 1 go to (other) = 2.
   * Under /signup: /welcome 3 (→ /docs 2, (exit) 1), (exit) 1. Under /docs: /pricing 2 (→ /docs 1,
   * /signup 1, tie by step), (exit) 1.
   */
  test("start page, depth 3, two branches: (other), (exit) and collapsed repeats", async () => {
    const { status, body } = await run(explore, { kind: "paths", ...RANGE, paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 3, branches: 2 } });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...RANGE,
      tz: TOKYO,
      start: { label: "/pricing", sessions: 9 },
      tree: [
        node("/signup", 4, [node("/welcome", 3, [node("/docs", 2), node("(exit)", 1)]), node("(exit)", 1)]),
        node("/docs", 3, [node("/pricing", 2, [node("/docs", 1), node("/signup", 1)]), node("(exit)", 1)]),
        node("(other)", 2),
      ],
    });
  });

  test("depth 1 with the default five branches: every first step, no (other)", async () => {
    // Level 1 only: /signup 4, /docs 3, /about 1, /contact 1 (ties by step).
    const { status, body } = await run(explore, { kind: "paths", ...RANGE, paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 1 } });
    expect(status).toBe(200);
    expect(body.start).toEqual({ label: "/pricing", sessions: 9 });
    expect(body.tree).toEqual([node("/signup", 4), node("/docs", 3), node("/about", 1), node("/contact", 1)]);
  });

  test("an event start: the pages viewed after its first occurrence", async () => {
    // cta_click in T2 (→ /welcome), T3 (→ /welcome), T7 (last thing before the conversions → (exit)).
    const { status, body } = await run(explore, { kind: "paths", ...RANGE, paths: { start: { kind: "event", eventType: "event", name: "cta_click" }, depth: 1, branches: 5 } });
    expect(status).toBe(200);
    expect(body).toEqual({ ...RANGE, tz: TOKYO, start: { label: "cta_click", sessions: 3 }, tree: [node("/welcome", 2), node("(exit)", 1)] });
  });
});

describe("validation", () => {
  const RANGE = { from: "2026-11-16", to: "2026-11-19" };
  const cases: [string, object, string[]][] = [
    ["an unknown kind", { kind: "funnel" }, ["kind"]],
    ["paths.depth 6", { kind: "paths", paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 6 } }, ["paths.depth"]],
    ["paths.depth 0", { kind: "paths", paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 0 } }, ["paths.depth"]],
    ["paths.branches 11", { kind: "paths", paths: { start: { kind: "page", match: "equals", value: "/pricing" }, depth: 2, branches: 11 } }, ["paths.branches"]],
    ["a bad retention.period", { kind: "retention", retention: { period: "day" } }, ["retention.period"]],
    ["retention.periods 27", { kind: "retention", retention: { period: "week", periods: 27 } }, ["retention.periods"]],
  ];
  for (const [name, body, paths] of cases) {
    test(name, async () => {
      const res = await run(explore, { ...RANGE, ...body });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("VALIDATION_FAILED");
      expect(res.body.error.details.map((d: any) => d.path)).toEqual(paths);
    });
  }
});
