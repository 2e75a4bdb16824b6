import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

/**
 * The events and behaviour reports on a hand-built log (site in UTC, range 10–11 November):
 *
 * | session | visitor | day   | what happens (path)                                                                                   |
 * |---------|---------|-------|-------------------------------------------------------------------------------------------------------|
 * | A1      | A       | 11-10 | view /, scroll 25 50, cta_click{hero}, outbound github, LCP 1200, CLS 0.05; view /pricing, scroll 25, form signup |
 * | A2      | A       | 11-11 | view /docs, download guide.pdf, cta_click{footer}, copy_code{js}, LCP 3000, INP 600                     |
 * | B1      | B (mobile) | 11-10 | view /, scroll 25 50 75 90, cta_click{hero}, outbound github, outbound web.dev, LCP 4500, TTFB 900     |
 * | C1      | C       | 11-09 | view /, cta_click{hero} — before the range                                                            |
 */
let s: TestStack;
let base: string;
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  const site = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Shop", "--domain", "localhost", "--timezone", "UTC"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  base = `/api/v1/orgs/${boot.orgId}/sites/${site.id}`;
  const send = async (vid: string, events: Record<string, unknown>[], mobile = false) => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    const res = await post(s.url, batch(site.siteKey, events, { vid, sid: uuid() }), { "user-agent": mobile ? IPHONE_UA : CHROME_UA });
    expect(res.status).toBe(202);
  };
  const on = (path: string) => ({ u: `http://localhost${path}` });
  const [A, B, C] = [uuid(), uuid(), uuid()];
  let t = at("2026-11-10T10:00:00Z");
  const next = () => (t += 1000);
  await send(A, [
    ev("pageview", next(), on("/")), ev("scroll", next(), { ...on("/"), pct: 25 }), ev("scroll", next(), { ...on("/"), pct: 50 }),
    ev("event", next(), { ...on("/"), n: "cta_click", p: { location: "hero" } }), ev("outbound", next(), { ...on("/"), href: "https://github.com/tidemark" }),
    ev("vital", next(), { ...on("/"), n: "LCP", val: 1200 }), ev("vital", next(), { ...on("/"), n: "CLS", val: 0.05 }),
    ev("pageview", next(), on("/pricing")), ev("scroll", next(), { ...on("/pricing"), pct: 25 }), ev("form_submit", next(), { ...on("/pricing"), form: "signup" }),
  ]);
  t = at("2026-11-11T09:00:00Z");
  await send(A, [
    ev("pageview", next(), on("/docs")), ev("download", next(), { ...on("/docs"), href: "http://localhost/files/guide.pdf" }),
    ev("event", next(), { ...on("/docs"), n: "cta_click", p: { location: "footer" } }), ev("event", next(), { ...on("/docs"), n: "copy_code", p: { lang: "js" } }),
    ev("vital", next(), { ...on("/docs"), n: "LCP", val: 3000 }), ev("vital", next(), { ...on("/docs"), n: "INP", val: 600 }),
  ]);
  t = at("2026-11-10T12:00:00Z");
  await send(B, [
    ev("pageview", next(), on("/")), ...[25, 50, 75, 90].map((pct) => ev("scroll", next(), { ...on("/"), pct })),
    ev("event", next(), { ...on("/"), n: "cta_click", p: { location: "hero" } }),
    ev("outbound", next(), { ...on("/"), href: "https://github.com/tidemark" }), ev("outbound", next(), { ...on("/"), href: "https://web.dev/" }),
    ev("vital", next(), { ...on("/"), n: "LCP", val: 4500 }), ev("vital", next(), { ...on("/"), n: "TTFB", val: 900 }),
  ], true);
  t = at("2026-11-09T12:00:00Z");
  await send(C, [ev("pageview", next(), on("/")), ev("event", next(), { ...on("/"), n: "cta_click", p: { location: "hero" } })]);
});

afterAll(() => s.close());

const get = async (report: string) => {
  const res = await s.api(`${base}/analytics/${report}?from=2026-11-10&to=2026-11-11`, s.bootstrap!.key);
  return { status: res.status, body: (await res.json()) as any };
};

test("events: custom events by name with sessions, users and their top properties", async () => {
  const { status, body } = await get("events");
  expect(status).toBe(200);
  expect(body).toEqual({
    from: "2026-11-10",
    to: "2026-11-11",
    tz: "UTC",
    currency: "USD",
    totals: { events: 4, users: 2 },
    rows: [
      { name: "cta_click", events: 3, sessions: 3, users: 2, eventsPerUser: 1.5, properties: [{ key: "location", events: 3, values: [{ value: "hero", events: 2 }, { value: "footer", events: 1 }] }] },
      { name: "copy_code", events: 1, sessions: 1, users: 1, eventsPerUser: 1, properties: [{ key: "lang", events: 1, values: [{ value: "js", events: 1 }] }] },
    ],
  });
});

test("behaviour: landing and exit pages, scroll depth, links, downloads, forms, web vitals p75", async () => {
  const { status, body } = await get("behaviour");
  expect(status).toBe(200);
  const metrics = { conversions: 0, conversionRate: 0, revenue: 0, avgEngagedSeconds: 0 };
  expect(body.landingPages).toEqual([
    { key: "/", users: 2, newUsers: 2, sessions: 2, pageviews: 3, engagementRate: 0.5, bounceRate: 0.5, pagesPerSession: 1.5, ...metrics },
    { key: "/docs", users: 1, newUsers: 0, sessions: 1, pageviews: 1, engagementRate: 0, bounceRate: 1, pagesPerSession: 1, ...metrics },
  ]);
  expect(body.exitPages).toEqual([
    { path: "/", exits: 1, views: 2, exitRate: 0.5 },
    { path: "/docs", exits: 1, views: 1, exitRate: 1 },
    { path: "/pricing", exits: 1, views: 1, exitRate: 1 },
  ]);
  expect(body.scrollDepth).toEqual({
    pageviews: 4,
    reached: [
      { percent: 25, pageviews: 3, rate: 0.75 },
      { percent: 50, pageviews: 2, rate: 0.5 },
      { percent: 75, pageviews: 1, rate: 0.25 },
      { percent: 90, pageviews: 1, rate: 0.25 },
    ],
    pages: [
      { path: "/", views: 2, reached25: 1, reached50: 1, reached75: 0.5, reached90: 0.5 },
      { path: "/docs", views: 1, reached25: 0, reached50: 0, reached75: 0, reached90: 0 },
      { path: "/pricing", views: 1, reached25: 1, reached50: 0, reached75: 0, reached90: 0 },
    ],
  });
  expect(body.outboundLinks).toEqual([
    { href: "https://github.com/tidemark", clicks: 2, sessions: 2, users: 2 },
    { href: "https://web.dev/", clicks: 1, sessions: 1, users: 1 },
  ]);
  expect(body.downloads).toEqual([{ href: "http://localhost/files/guide.pdf", downloads: 1, sessions: 1, users: 1 }]);
  expect(body.forms).toEqual([{ form: "signup", submits: 1, sessions: 1, users: 1 }]);
  expect(body.webVitals).toEqual({
    // LCP samples 1200, 3000, 4500: the nearest-rank 75th percentile is the third.
    overall: {
      samples: 6,
      LCP: { p75: 4500, samples: 3, rating: "poor" },
      INP: { p75: 600, samples: 1, rating: "poor" },
      CLS: { p75: 0.05, samples: 1, rating: "good" },
      FCP: null,
      TTFB: { p75: 900, samples: 1, rating: "needs_improvement" },
    },
    pages: [
      { path: "/", samples: 4, LCP: { p75: 4500, samples: 2, rating: "poor" }, INP: null, CLS: { p75: 0.05, samples: 1, rating: "good" }, FCP: null, TTFB: { p75: 900, samples: 1, rating: "needs_improvement" } },
      { path: "/docs", samples: 2, LCP: { p75: 3000, samples: 1, rating: "needs_improvement" }, INP: { p75: 600, samples: 1, rating: "poor" }, CLS: null, FCP: null, TTFB: null },
    ],
  });
});
