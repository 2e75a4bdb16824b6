import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, post, uuid } from "../helpers/hits.ts";
import { EngagementRows, popupDef, slice, wheelDef } from "../helpers/engagement.ts";
import { createShortLink, updateShortLink } from "../helpers/short-links.ts";
import { analyticsSite, siteWithStore } from "../../lib/analytics/site-cache.ts";
import { reportPeriod } from "../../lib/analytics/period.ts";
import { runReport } from "../../lib/reports/runs.ts";
import { REPORT_DEFINITIONS, type ReportKey } from "../../lib/reports/catalogue.ts";
import { KEYSET_PAGE } from "../../lib/reports/store/keyset.ts";
import { STORE_REPORTS } from "../../lib/reports/store-reports.ts";
import type { StoreReportKey } from "../../lib/reports/report.ts";

/**
 * The stored-row reports (STORE_REPORTS; docs/reports.md "The reports") on data made through the public
 * paths: /v1/collect with consent events, popup views and leads through /v1/leads, spins through
 * /v1/spins, short-link clicks through /l/{slug} and their landing hits. Run in-process with
 * runReport on the stack's platform.
 *
 * Site "rep" is in Europe/Berlin (UTC+1 in November). Range 2026-11-18 … 2026-11-20 =
 * [11-17 23:00Z, 11-20 23:00Z). Reports are run at NOW = 11-20 12:00Z.
 */

let s: TestStack;
let rows: EngagementRows;
let orgId: string;
let rep: { id: string; siteKey: string };
let shop: { id: string; siteKey: string };
let bulk: { id: string; siteKey: string };
const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-20T12:00:00Z");
const FROM = "2026-11-18";
const TO = "2026-11-20";
const V = { V1: uuid(), V2: uuid(), V3: uuid(), V4: uuid(), V5: uuid(), V6: uuid(), V7: uuid() };
let ipCounter = 0;
const nextIp = () => `81.2.${(ipCounter >> 8) & 255}.${++ipCounter & 255}`;

/** Visits and leads of site rep come from 8.8.8.8 (a US address in the bundled database). */
const US_IP = "8.8.8.8";
const collect = (site: { siteKey: string }, origin: string, events: Record<string, unknown>[], vid: string, consent = { analytics: true, marketing: true }) =>
  post(s.url, batch(site.siteKey, events, { vid, consent }), { origin, "x-forwarded-for": site === rep ? US_IP : nextIp() });
const page = (host: string, path: string, ts: number) => ev("pageview", ts, { u: `https://${host}${path}`, ti: path });
const consentEv = (host: string, path: string, ts: number, analytics: boolean, marketing: boolean) => ev("consent", ts, { u: `https://${host}${path}`, c: { analytics, marketing } });

async function run(key: ReportKey, siteId: string, piiAccess = true, range = { from: FROM, to: TO }) {
  const site = await siteWithStore(s.platform, orgId, siteId);
  const data = await runReport(key, {
    platform: s.platform,
    orgId,
    site,
    analytics: () => analyticsSite(s.platform, orgId, siteId),
    period: reportPeriod(range, site.timezone, NOW),
    piiAccess,
    now: NOW,
  });
  return { total: data.total, rows: await Array.fromAsync(data.rows()), again: () => Array.fromAsync(data.rows()) };
}

const columnsOf = (key: ReportKey) => REPORT_DEFINITIONS.find((r) => r.key === key)!.columns.map((c) => c.key);

/** Submits a popup's lead as the page does; returns its id. */
async function popupLead(popupId: string, vid: string, variant: string, fields: Record<string, string>, path: string): Promise<string> {
  s.clock.advance(60_000);
  const res = await fetch(`${s.url}/v1/leads`, {
    method: "POST",
    body: JSON.stringify({ v: 1, s: rep.siteKey, id: uuid(), vid, sid: uuid(), source: "popup", ref: popupId, variant, fields, consent: { given: true, text: "I agree to receive e-mails." }, hp: "", path }),
    headers: { "content-type": "application/json", origin: "https://rep.test", "user-agent": CHROME_UA, "x-forwarded-for": US_IP },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { leadId: string }).leadId;
}

/** Spins a wheel as the page does (each spin from its own visitor and address unless given). */
async function spin(site: { siteKey: string }, origin: string, wheel: string, vid = uuid(), email = `${uuid().slice(0, 12)}@example.com`, ip = nextIp()): Promise<void> {
  const res = await fetch(`${s.url}/v1/spins`, {
    method: "POST",
    body: JSON.stringify({ v: 1, s: site.siteKey, id: uuid(), vid, sid: uuid(), wheel, fields: { email }, path: "/shop" }),
    headers: { "content-type": "application/json", origin, "user-agent": CHROME_UA, "x-forwarded-for": ip },
  });
  expect(res.status).toBe(201);
}

const leadAt: Record<string, number> = {};
let popupP: string;
let popupR: string;

beforeAll(async () => {
  s = await startStack({ env: { TRUST_PROXY: "1", PUBLIC_URL: "https://go.example", REDIRECT_RATE_PER_IP: "1000" } });
  const boot = s.bootstrap!;
  orgId = boot.orgId;
  rows = new EngagementRows(s.dataDir, orgId);
  rep = must(s.admin("site", "create", "--org", orgId, "--name", "Rep", "--domain", "rep.test", "--timezone", "Europe/Berlin", "--currency", "USD"));
  must(s.admin("domain", "verify", "--site", rep.id, "--hostname", "rep.test", "--force"));
  shop = must(s.admin("site", "create", "--org", orgId, "--name", "Shop", "--domain", "shop.test", "--timezone", "UTC", "--currency", "USD"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "shop.test", "--force"));
  bulk = must(s.admin("site", "create", "--org", orgId, "--name", "Bulk", "--domain", "bulk.test", "--timezone", "UTC"));
  must(s.admin("domain", "verify", "--site", bulk.id, "--hostname", "bulk.test", "--force"));

  // Popups: P (active, variants a "Discount" / b "Free guide", no holdout); R (no test, archived
  // after a view); Q (paused, never shown).
  popupP = rows.popup(rep.id, popupDef({ name: "Newsletter", holdout: 0 }), "active", at("2026-11-01T00:00:00Z"));
  popupR = rows.popup(rep.id, popupDef({ name: "Exit offer", variants: [], holdout: 0 }), "active", at("2026-11-02T00:00:00Z"));
  rows.popup(rep.id, popupDef({ name: "Old promo", variants: [] }), "paused", at("2026-11-03T00:00:00Z"));

  // Each visit is sent with the clock a little after its events, as a page would.
  const visit = async (clockAt: string, vid: string, events: Record<string, unknown>[], consent = { analytics: true, marketing: true }) => {
    s.clock.ms = at(clockAt);
    expect((await collect(rep, "https://rep.test", events, vid, consent)).status).toBe(202);
  };
  const view = (iso: string, path: string, popupId: string, variant?: string) => ev("popup", at(iso), { u: `https://rep.test${path}`, n: popupId, a: "view", ...(variant ? { p: { v: variant } } : {}) });
  const pageAt = (path: string, iso: string) => page("rep.test", path, at(iso));
  const consentAt = (path: string, iso: string, analytics: boolean, marketing: boolean) => consentEv("rep.test", path, at(iso), analytics, marketing);

  // 11-17 22:30Z is 23:30 on the 17th in Berlin: before the range.
  await visit("2026-11-17T22:31:00Z", V.V5, [pageAt("/early", "2026-11-17T22:30:00Z"), consentAt("/early", "2026-11-17T22:30:01Z", true, true)]);
  // 11-17 23:30Z is 00:30 on the 18th in Berlin: the first consent of the range.
  await visit("2026-11-17T23:31:00Z", V.V3, [pageAt("/welcome", "2026-11-17T23:30:00Z"), consentAt("/welcome", "2026-11-17T23:30:01Z", true, false)]);

  // V1: pricing, demo, contact; sees P as variant a, leaves a lead, buys for 50 after it.
  await visit("2026-11-18T10:10:00Z", V.V1, [
    pageAt("/pricing", "2026-11-18T10:00:00Z"),
    consentAt("/pricing", "2026-11-18T10:00:01Z", true, true),
    view("2026-11-18T10:00:30Z", "/pricing", popupP, "a"),
    pageAt("/demo", "2026-11-18T10:01:00Z"),
    pageAt("/contact", "2026-11-18T10:02:00Z"),
    ev("conversion", at("2026-11-18T10:05:00Z"), { u: "https://rep.test/thanks", ti: "Thanks", n: "buy", val: 50, cur: "USD", oid: uuid() }),
  ]);
  leadAt.V1 = s.clock.ms + 60_000;
  await popupLead(popupP, V.V1, "a", { email: "ada@example.com", name: "Ada Lovelace" }, "/pricing");

  // V2: one page, sees P as b, leaves a lead; consents to analytics only.
  await visit("2026-11-19T09:05:00Z", V.V2, [pageAt("/blog", "2026-11-19T09:00:00Z"), consentAt("/blog", "2026-11-19T09:00:01Z", true, false), view("2026-11-19T09:00:30Z", "/blog", popupP, "b")], { analytics: true, marketing: false });
  leadAt.V2 = s.clock.ms + 60_000;
  await popupLead(popupP, V.V2, "b", { email: "grace@example.com", name: "Grace Hopper" }, "/blog");

  // V4: sees P as b (no lead) and R once; R is archived afterwards.
  await visit("2026-11-19T15:05:00Z", V.V4, [pageAt("/", "2026-11-19T15:00:00Z"), view("2026-11-19T15:00:10Z", "/", popupP, "b"), view("2026-11-19T15:00:20Z", "/", popupR)]);
  rows.setPopupStatus(popupR, "archived");

  // V6 declines both on the 20th.
  await visit("2026-11-20T08:01:00Z", V.V6, [consentAt("/landing", "2026-11-20T08:00:00Z", false, false)], { analytics: false, marketing: false });

  // V7: checkout, pricing, demo and a 20 USD purchase on the 20th, then spins the rep wheel (a lead).
  await visit("2026-11-20T10:10:00Z", V.V7, [
    pageAt("/checkout", "2026-11-20T10:00:00Z"),
    pageAt("/pricing", "2026-11-20T10:01:00Z"),
    pageAt("/demo", "2026-11-20T10:02:00Z"),
    ev("conversion", at("2026-11-20T10:03:00Z"), { u: "https://rep.test/thanks", ti: "Thanks", n: "buy", val: 20, cur: "USD", oid: uuid() }),
  ]);
  const wheel = rows.wheel(rep.id, wheelDef([slice("Sticker", 1, { prize: "static_code", code: "STICK" }), slice("Nothing", 1e-9)], { name: "Rep wheel" }));
  leadAt.V7 = s.clock.ms;
  await spin(rep, "https://rep.test", wheel, V.V7, "linus@example.com", US_IP);
  s.clock.ms = NOW;
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe("leads", () => {
  test("every lead of the range, newest first, the catalogue's columns; contact details as stored with PII access", async () => {
    const report = await run("leads", rep.id);
    expect(report.total).toBe(3);
    expect(report.rows.map(Object.keys)).toEqual(report.rows.map(() => columnsOf("leads")));
    // Attribution is the lead's own, from its visitor's session: direct visits; V2 gave no
    // marketing consent, so its lead keeps no campaign nor source / medium.
    expect(report.rows).toEqual([
      {
        createdAt: new Date(leadAt.V7).toISOString(),
        name: null,
        email: "linus@example.com",
        phone: null,
        company: null,
        source: "spin",
        sourceName: "Rep wheel",
        path: "/shop",
        country: "US",
        channel: "direct",
        campaign: "(not set)",
        sourceMedium: "(direct) / (none)",
        visitorId: V.V7,
      },
      {
        createdAt: new Date(leadAt.V2).toISOString(),
        name: "Grace Hopper",
        email: "grace@example.com",
        phone: null,
        company: null,
        source: "popup",
        sourceName: "Newsletter",
        path: "/blog",
        country: "US",
        channel: "direct",
        campaign: null,
        sourceMedium: null,
        visitorId: V.V2,
      },
      {
        createdAt: new Date(leadAt.V1).toISOString(),
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: null,
        company: null,
        source: "popup",
        sourceName: "Newsletter",
        path: "/pricing",
        country: "US",
        channel: "direct",
        campaign: "(not set)",
        sourceMedium: "(direct) / (none)",
        visitorId: V.V1,
      },
    ]);
  });

  test("without PII access the contact details pass through the masking module; nothing else changes", async () => {
    const [open, masked] = [await run("leads", rep.id, true), await run("leads", rep.id, false)];
    expect(masked.total).toBe(3);
    expect(masked.rows.map((r) => [r.name, r.email, r.phone, r.company])).toEqual([
      [null, "l***", null, null],
      ["G***", "g***", null, null],
      ["A***", "a***", null, null],
    ]);
    const rest = (r: Record<string, unknown>) => ({ ...r, name: 0, email: 0, phone: 0, company: 0 });
    expect(masked.rows.map(rest)).toEqual(open.rows.map(rest));
  });

  test("the range is read in the site's timezone: the 19th alone holds V2's lead only", async () => {
    const report = await run("leads", rep.id, true, { from: "2026-11-19", to: "2026-11-19" });
    expect(report.total).toBe(1);
    expect(report.rows.map((r) => r.email)).toEqual(["grace@example.com"]);
  });
});

describe("hot_leads", () => {
  test("V7 (67) then V1 (62), masked; V2 (30: recency 20, lead 10) is warm and left out", async () => {
    const report = await run("hot_leads", rep.id, false);
    expect(report.total).toBe(2);
    expect(report.rows).toEqual([
      // V7: seen today 20, 3 pageviews 2, checkout + pricing + demo 24 capped at 20, a purchase with value 15, a lead 10.
      {
        score: 67,
        tier: "hot",
        name: null,
        email: "l***",
        phone: null,
        company: null,
        createdAt: new Date(leadAt.V7).toISOString(),
        lastSeenAt: "2026-11-20T10:03:00.000Z",
        sessions: 1,
        conversions: 1,
        source: "spin",
        channel: "direct",
        visitorId: V.V7,
      },
      // V1: seen 2 days ago 15, 3 pageviews 2, pricing + demo + contact 22 capped at 20, a purchase with value 15, a lead 10.
      {
        score: 62,
        tier: "hot",
        name: "A***",
        email: "a***",
        phone: null,
        company: null,
        createdAt: new Date(leadAt.V1).toISOString(),
        lastSeenAt: "2026-11-18T10:05:00.000Z",
        sessions: 1,
        conversions: 1,
        source: "popup",
        channel: "direct",
        visitorId: V.V1,
      },
    ]);
    expect(report.rows.map(Object.keys)).toEqual(report.rows.map(() => columnsOf("hot_leads")));
  });
});

describe("consent_log", () => {
  test("every choice of the range oldest first, in Berlin days: granted and denied, the page from strings, the visitor's UUID", async () => {
    const report = await run("consent_log", rep.id);
    expect(report.total).toBe(4);
    expect(report.rows).toEqual([
      { at: "2026-11-17T23:30:01.000Z", visitorId: V.V3, path: "/welcome", analytics: "granted", marketing: "denied" },
      { at: "2026-11-18T10:00:01.000Z", visitorId: V.V1, path: "/pricing", analytics: "granted", marketing: "granted" },
      { at: "2026-11-19T09:00:01.000Z", visitorId: V.V2, path: "/blog", analytics: "granted", marketing: "denied" },
      { at: "2026-11-20T08:00:00.000Z", visitorId: V.V6, path: "/landing", analytics: "denied", marketing: "denied" },
    ]);
    // The 17th (Berlin) holds V5's choice at 23:30 local only.
    const before = await run("consent_log", rep.id, true, { from: "2026-11-17", to: "2026-11-17" });
    expect(before.rows).toEqual([{ at: "2026-11-17T22:30:01.000Z", visitorId: V.V5, path: "/early", analytics: "granted", marketing: "granted" }]);
  });
});

describe("popup_performance", () => {
  test("one row per popup and variant, newest popup first; the archived popup with a view is listed, the paused one without is not", async () => {
    const report = await run("popup_performance", rep.id);
    expect(report.rows).toEqual([
      { popup: "Exit offer", variant: "Popup shown", status: "archived", views: 1, leads: 0, leadRate: 0, conversions: 0, revenue: 0 },
      { popup: "Newsletter", variant: "Discount", status: "active", views: 1, leads: 1, leadRate: 1, conversions: 1, revenue: 50 },
      { popup: "Newsletter", variant: "Free guide", status: "active", views: 2, leads: 1, leadRate: 0.5, conversions: 0, revenue: 0 },
    ]);
    expect(report.total).toBe(3);
  });
});

describe("spin_performance and short_links (site shop, UTC)", () => {
  let linkIds: Record<string, string>;
  beforeAll(async () => {
    s.clock.ms = at("2026-11-19T12:00:00Z");
    const O = "https://shop.test";
    const w1 = rows.wheel(shop.id, wheelDef([slice("10 % off", 1, { prize: "static_code", code: "TEN" }), slice("Nothing", 1e-9)], { name: "Launch wheel" }), "active", at("2026-11-01T00:00:00Z"));
    const w2 = rows.wheel(shop.id, wheelDef([slice("Free tote", 1, { prize: "coupon_pool", codes: ["T1", "T2", "T3"] }), slice("Try again", 1e-9)], { name: "Tote wheel" }), "active", at("2026-11-02T00:00:00Z"));
    rows.wheel(shop.id, wheelDef([slice("A", 1), slice("B", 1)], { name: "Idle wheel" }), "paused", at("2026-11-03T00:00:00Z"));
    await spin(shop, O, w1);
    await spin(shop, O, w1);
    await spin(shop, O, w2);

    linkIds = {
      spring: createShortLink(s.dataDir, { siteId: shop.id }, { slug: "spring", url: "https://shop.test/spring", utm: { source: "newsletter", medium: "email", campaign: "spring" } }),
      quiet: createShortLink(s.dataDir, { siteId: shop.id }, { slug: "quiet", url: "https://shop.test/quiet" }),
      gone: createShortLink(s.dataDir, { siteId: shop.id }, { slug: "gone", url: "https://shop.test/gone" }),
      old: createShortLink(s.dataDir, { siteId: shop.id }, { slug: "old", url: "https://shop.test/old", active: false }),
    };
    const follow = (slug: string, ua = CHROME_UA, query = "") => fetch(`${s.url}/l/${slug}${query}`, { redirect: "manual", headers: { "user-agent": ua, "x-forwarded-for": nextIp() } });
    const landedClick = new URL((await follow("spring")).headers.get("location")!).searchParams.get("tm_lc")!;
    await follow("spring");
    await follow("spring", CHROME_UA, "?qr=1");
    await follow("spring", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await follow("gone");
    updateShortLink(s.dataDir, linkIds.gone, { active: false });
    // The first click lands: a session with a 30 USD conversion.
    const t = s.clock.ms;
    expect(
      (
        await collect(shop, O, [
          ev("pageview", t - 5_000, { u: `https://shop.test/spring?tm_lc=${landedClick}`, ti: "Spring" }),
          ev("conversion", t - 1_000, { u: "https://shop.test/thanks", ti: "Thanks", n: "buy", val: 30, cur: "USD", oid: uuid() }),
        ], uuid())
      ).status,
    ).toBe(202);
    s.clock.ms = NOW;
  }, 60_000);

  test("spin_performance: every slice of the active wheels, wins and codes by prize kind; the paused wheel without spins is left out", async () => {
    const report = await run("spin_performance", shop.id);
    expect(report.rows).toEqual([
      { wheel: "Tote wheel", slice: "Free tote", spins: 1, wins: 1, leads: 1, codesIssued: 1 },
      { wheel: "Tote wheel", slice: "Try again", spins: 0, wins: 0, leads: 0, codesIssued: 0 },
      { wheel: "Launch wheel", slice: "10 % off", spins: 2, wins: 2, leads: 2, codesIssued: 0 },
      { wheel: "Launch wheel", slice: "Nothing", spins: 0, wins: 0, leads: 0, codesIssued: 0 },
    ]);
    expect(report.total).toBe(4);
  });

  test("short_links: human, QR and bot clicks and what the landing became, most clicks first; a deactivated link with a click stays, one without goes", async () => {
    const report = await run("short_links", shop.id);
    expect(report.rows).toEqual([
      { slug: "spring", shortUrl: "https://go.example/l/spring", destination: "https://shop.test/spring", campaign: "spring", clicks: 2, qrClicks: 1, botClicks: 1, sessions: 1, leads: 0, conversions: 1, revenue: 30 },
      { slug: "gone", shortUrl: "https://go.example/l/gone", destination: "https://shop.test/gone", campaign: null, clicks: 1, qrClicks: 0, botClicks: 0, sessions: 0, leads: 0, conversions: 0, revenue: 0 },
      { slug: "quiet", shortUrl: "https://go.example/l/quiet", destination: "https://shop.test/quiet", campaign: null, clicks: 0, qrClicks: 0, botClicks: 0, sessions: 0, leads: 0, conversions: 0, revenue: 0 },
    ]);
    expect(report.rows.map(Object.keys)).toEqual(report.rows.map(() => columnsOf("short_links")));
  });
});

describe("keyset pages", () => {
  const CONSENTS = KEYSET_PAGE * 2 + 517;
  const LEADS = KEYSET_PAGE * 2 + 33;
  const base = at("2026-11-19T00:00:00Z");
  beforeAll(() => {
    rows.with((db) =>
      db.transaction(() => {
        db.query("INSERT OR IGNORE INTO strings (value) VALUES (?)").run(bulk.id);
        const site = (db.query("SELECT id FROM strings WHERE value = ?").get(bulk.id) as { id: number }).id;
        db.query("INSERT OR IGNORE INTO strings (value) VALUES ('/bulk')").run();
        const path = (db.query("SELECT id FROM strings WHERE value = '/bulk'").get() as { id: number }).id;
        // Three choices share each instant, so pages break inside a tie.
        const insert = db.query("INSERT INTO consent_rows (site, at, visitor, session, analytics, marketing, path) VALUES (?,?,?,?,?,?,?)");
        for (let i = 0; i < CONSENTS; i++) insert.run(site, base + Math.floor(i / 3) * 1000, 0, 0, i % 2, (i >> 1) % 2, path);
        const lead = db.query("INSERT INTO leads (id, site_id, created_at, source, source_name, email) VALUES (?,?,?,?,?,?)");
        for (let i = 0; i < LEADS; i++) lead.run(`lead-${String(i).padStart(5, "0")}`, bulk.id, base + Math.floor(i / 4) * 1000, "api", "Bulk", `p${i}@example.com`);
      })(),
    );
  });

  test(`consent_log: ${CONSENTS} rows over three pages, each once, oldest first (ties by arrival), the same on a second pull`, async () => {
    const report = await run("consent_log", bulk.id);
    expect(report.total).toBe(CONSENTS);
    const expected = Array.from({ length: CONSENTS }, (_, i) => ({
      at: new Date(base + Math.floor(i / 3) * 1000).toISOString(),
      visitorId: null,
      path: "/bulk",
      analytics: i % 2 ? "granted" : "denied",
      marketing: (i >> 1) % 2 ? "granted" : "denied",
    }));
    expect(report.rows).toEqual(expected);
    expect(await report.again()).toEqual(expected);
  });

  test(`leads: ${LEADS} rows over three pages, each once, newest first (ties by id, descending), the same on a second pull`, async () => {
    const report = await run("leads", bulk.id);
    expect(report.total).toBe(LEADS);
    // Four leads share each instant: newest instant first, and within one the higher id first.
    const order = Array.from({ length: LEADS }, (_, i) => i).sort((a, b) => Math.floor(b / 4) - Math.floor(a / 4) || b - a);
    const expected = order.map((i) => `${new Date(base + Math.floor(i / 4) * 1000).toISOString()} p${i}@example.com`);
    const seen = (r: Record<string, unknown>) => `${r.createdAt} ${r.email}`;
    expect(report.rows.map(seen)).toEqual(expected);
    expect((await report.again()).map(seen)).toEqual(expected);
    // A lead captured after the count is not in this run's rows: the file has exactly `total` rows.
    rows.with((db) => db.query("INSERT INTO leads (id, site_id, created_at, source, source_name, email) VALUES ('lead-late', ?, ?, 'api', 'Bulk', 'late@example.com')").run(bulk.id, base + 5_000_000));
    expect((await report.again()).map(seen)).toEqual(expected);
    expect((await run("leads", bulk.id)).total).toBe(LEADS + 1);
  });
});

describe("a site with nothing stored", () => {
  let empty: { id: string };
  beforeAll(() => {
    empty = must(s.admin("site", "create", "--org", orgId, "--name", "Empty", "--domain", "empty.test"));
  });

  test("each stored-row report: total 0 and no rows", async () => {
    for (const key of Object.keys(STORE_REPORTS) as StoreReportKey[]) {
      const report = await run(key, empty.id);
      expect([key, report.total, report.rows]).toEqual([key, 0, []]);
    }
  });
});
