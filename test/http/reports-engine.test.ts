import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, IPHONE_UA, CHROME_UA, post, uuid } from "../helpers/hits.ts";
import { runReport } from "../../lib/reports/runs.ts";
import { REPORT_DEFINITIONS, reportDefinition, type ReportKey } from "../../lib/reports/catalogue.ts";
import type { EngineReportKey, ReportRow } from "../../lib/reports/report.ts";
import { ENGINE_REPORTS } from "../../lib/reports/engine-reports.ts";
import { STORE_REPORTS } from "../../lib/reports/store-reports.ts";
import { analyticsSite, siteWithStore } from "../../lib/analytics/site-cache.ts";
import { reportPeriod } from "../../lib/analytics/period.ts";

/**
 * The engine reports of the library (ENGINE_REPORTS) on a hand-built event log (site timezone UTC),
 * read for 2026-11-02 … 2026-11-05; 11-04 has no session. Every expected row below was
 * worked out by hand from this table (all visitors in Europe/London → GB, desktop Chrome on
 * Windows, except V7: Asia/Tokyo → JP, an iPhone):
 *
 * | s   | v  | starts (UTC) | traffic                                   | channel        | pages (views)        | engaged ms         | engaged | conv (value) |
 * |-----|----|--------------|-------------------------------------------|----------------|----------------------|--------------------|---------|--------------|
 * | S0  | V1 | 11-01 10:00  | direct                                    | direct         | /                    | 0                  | no      | ← before the range
 * | S00 | V10| 11-01 11:00  | utm google / cpc / Autumn                 | paid_search    | /                    | 0                  | no      | ← before the range; lead L4 on 11-02
 * | S1  | V1 | 11-02 10:00  | utm google / cpc / Spring                 | paid_search    | / → /pricing         | 0                  | yes     | 1 (50)       |
 * | S2  | V2 | 11-02 11:00  | utm google / cpc / spring                 | paid_search    | /landing             | 15 000 /landing    | yes     | 0            | ← lead L1 after it
 * | S3  | V3 | 11-02 12:00  | utm google / cpc / spring                 | paid_search    | /landing             | 0                  | no      | 0            |
 * | S4  | V4 | 11-02 13:00  | ?gclid (no UTM): google / cpc / (not set) | paid_search    | /landing             | 0                  | no      | 0            | ← lead L3 (no campaign)
 * | S5  | V5 | 11-03 09:00  | utm_source newsletter only                | unassigned     | /                    | 0                  | no      | 0            |
 * | S6  | V6 | 11-03 10:00  | utm partner / banner-x / Launch           | unassigned     | /                    | 0                  | yes     | 1 (20)       | ← lead L2 after it
 * | S7  | V1 | 11-03 14:00  | direct                                    | direct         | /pricing             | 20 000 /pricing    | yes     | 1 (0)        |
 * | S8  | V7 | 11-05 08:00  | referrer www.bing.com                     | organic_search | /blog                | 12 000 /blog       | yes     | 0            |
 * | S9  | V8 | 11-05 09:00  | referrer example.org                      | referral       | /                    | 0                  | no      | 0            |
 * | S10 | V9 | 11-05 10:00  | utm newsletter / email / nov              | email          | /                    | 0                  | no      | 0            |
 * | S11 | V2 | 11-06 10:00  | direct                                    | direct         | /                    | 0                  | no      | ← after the range
 *
 * Other events: S1 `signup_click` ×2, scroll 90 on /, vitals on / (LCP 2000, INP 100, CLS 0.05,
 * FCP 1000, TTFB 300); S3 vitals on /landing (LCP 3000, INP 600, CLS 0.3); S6 form `contact`;
 * S8 scroll 90 on /blog, a download, LCP 5000 on /blog; S9 `signup_click`, an outbound click;
 * S10 LCP 4000 on /.
 */

let s: TestStack;
let orgId: string;
let site: { id: string; siteKey: string };
let hookSecret: string;

const at = (iso: string) => Date.parse(iso);
const VISITORS = ["V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10"] as const;
type Visitor = (typeof VISITORS)[number];
const vids = Object.fromEntries(VISITORS.map((v) => [v, uuid()])) as Record<Visitor, string>;
const TITLES: Record<string, string> = { "/": "Home", "/pricing": "Pricing", "/landing": "Landing", "/blog": "Blog" };
const on = (path: string) => ({ u: `http://localhost${path}`, ti: TITLES[path.split("?")[0]] });
const page = (path: string, ts: string) => ev("pageview", at(ts), on(path));
const vital = (path: string, ts: string, n: string, val: number) => ev("vital", at(ts), { ...on(path), n, val });
const utm = (utm_source: string, utm_medium?: string, utm_campaign?: string) => ({
  utm: Object.fromEntries(Object.entries({ utm_source, utm_medium, utm_campaign }).filter(([, v]) => v !== undefined)) as Record<string, string>,
});

async function send(visitor: Visitor, events: Record<string, unknown>[], o: { ref?: string; utm?: Record<string, string> } = {}) {
  const mobile = visitor === "V7";
  const body = batch(site.siteKey, events, { vid: vids[visitor], sid: uuid(), tz: mobile ? "Asia/Tokyo" : "Europe/London", ref: o.ref, utm: o.utm });
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, body, { "user-agent": mobile ? IPHONE_UA : CHROME_UA });
  expect(res.status).toBe(202);
}

async function lead(visitor: Visitor, email: string, when: string) {
  s.clock.ms = at(when);
  const res = await fetch(`${s.url}/v1/hooks/webhook_in/${site.siteKey}`, {
    method: "POST",
    body: JSON.stringify({ email, vid: vids[visitor] }),
    headers: { "content-type": "application/json", "x-svc-secret": hookSecret },
  });
  expect(res.status).toBeLessThan(300);
}

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Library shop", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  hookSecret = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_in")).secret;

  await send("V1", [page("/", "2026-11-01T10:00:00Z")]);
  await send("V10", [page("/", "2026-11-01T11:00:00Z")], utm("google", "cpc", "Autumn"));
  await send("V1", [
    page("/", "2026-11-02T10:00:00Z"),
    ev("event", at("2026-11-02T10:00:10Z"), { ...on("/"), n: "signup_click" }),
    ev("event", at("2026-11-02T10:00:20Z"), { ...on("/"), n: "signup_click" }),
    ev("scroll", at("2026-11-02T10:00:25Z"), { ...on("/"), pct: 90 }),
    vital("/", "2026-11-02T10:00:30Z", "LCP", 2000),
    vital("/", "2026-11-02T10:00:31Z", "INP", 100),
    vital("/", "2026-11-02T10:00:32Z", "CLS", 0.05),
    vital("/", "2026-11-02T10:00:33Z", "FCP", 1000),
    vital("/", "2026-11-02T10:00:34Z", "TTFB", 300),
    page("/pricing", "2026-11-02T10:01:00Z"),
    ev("conversion", at("2026-11-02T10:02:00Z"), { ...on("/pricing"), n: "purchase", val: 50, oid: "o1" }),
  ], utm("google", "cpc", "Spring"));
  await send("V2", [page("/landing", "2026-11-02T11:00:00Z"), ev("engagement", at("2026-11-02T11:00:15Z"), { ...on("/landing"), et: 15_000 })], utm("google", "cpc", "spring"));
  await lead("V2", "ann@example.com", "2026-11-02T11:30:00Z");
  await lead("V10", "dan@example.com", "2026-11-02T11:40:00Z");
  await send("V3", [
    page("/landing", "2026-11-02T12:00:00Z"),
    vital("/landing", "2026-11-02T12:00:05Z", "LCP", 3000),
    vital("/landing", "2026-11-02T12:00:06Z", "INP", 600),
    vital("/landing", "2026-11-02T12:00:07Z", "CLS", 0.3),
  ], utm("google", "cpc", "spring"));
  await send("V4", [page("/landing?gclid=Cj0KCQ", "2026-11-02T13:00:00Z")]);
  await lead("V4", "cid@example.com", "2026-11-02T13:30:00Z");
  await send("V5", [page("/", "2026-11-03T09:00:00Z")], utm("newsletter"));
  await send("V6", [
    page("/", "2026-11-03T10:00:00Z"),
    ev("form_submit", at("2026-11-03T10:00:20Z"), { ...on("/"), form: "contact" }),
    ev("conversion", at("2026-11-03T10:00:30Z"), { ...on("/"), n: "lead", val: 20, oid: "o2" }),
  ], utm("partner", "banner-x", "Launch"));
  await lead("V6", "ben@example.com", "2026-11-03T10:30:00Z");
  await send("V1", [page("/pricing", "2026-11-03T14:00:00Z"), ev("engagement", at("2026-11-03T14:00:20Z"), { ...on("/pricing"), et: 20_000 }), ev("conversion", at("2026-11-03T14:00:30Z"), { ...on("/pricing"), n: "signup", val: 0 })]);
  await send("V7", [
    page("/blog", "2026-11-05T08:00:00Z"),
    ev("engagement", at("2026-11-05T08:00:12Z"), { ...on("/blog"), et: 12_000 }),
    ev("scroll", at("2026-11-05T08:00:13Z"), { ...on("/blog"), pct: 90 }),
    ev("download", at("2026-11-05T08:00:14Z"), { ...on("/blog"), href: "http://localhost/file.pdf" }),
    vital("/blog", "2026-11-05T08:00:15Z", "LCP", 5000),
  ], { ref: "https://www.bing.com/" });
  await send("V8", [
    page("/", "2026-11-05T09:00:00Z"),
    ev("event", at("2026-11-05T09:00:10Z"), { ...on("/"), n: "signup_click" }),
    ev("outbound", at("2026-11-05T09:00:20Z"), { ...on("/"), href: "https://partner.example/x" }),
  ], { ref: "https://example.org/post" });
  await send("V9", [page("/", "2026-11-05T10:00:00Z"), vital("/", "2026-11-05T10:00:05Z", "LCP", 4000)], utm("newsletter", "email", "nov"));
  await send("V2", [page("/", "2026-11-06T10:00:00Z")]);
}, 60_000);

afterAll(() => s.close());

const FROM = "2026-11-02";
const TO = "2026-11-05";

async function rowsOf(key: ReportKey, from = FROM, to = TO): Promise<ReportRow[]> {
  const platform = s.platform;
  const data = await runReport(key, {
    platform,
    orgId,
    site: await siteWithStore(platform, orgId, site.id),
    analytics: () => analyticsSite(platform, orgId, site.id),
    period: reportPeriod({ from, to }, "UTC", s.clock.ms),
    piiAccess: true,
    now: s.clock.ms,
  });
  const rows = await Array.fromAsync(data.rows());
  expect(rows.length).toBe(data.total);
  // Every row has exactly the catalogue's columns, in order, typed as they say.
  const columns = reportDefinition(key)!.columns;
  for (const row of rows) {
    expect(Object.keys(row)).toEqual(columns.map((c) => c.key));
    for (const c of columns) {
      const v = row[c.key];
      if (v === null) continue;
      if (c.type === "text") expect(typeof v).toBe("string");
      else if (c.type === "date") expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      else expect(Number.isFinite(v)).toBe(true);
      if (c.type === "integer") expect(Number.isInteger(v)).toBe(true);
      if (c.type === "rate") expect(v as number).toBeLessThanOrEqual(1);
    }
  }
  return rows;
}

/** A row of the report from its values in catalogue column order. */
const row = (key: EngineReportKey, ...values: (string | number | null)[]): ReportRow => {
  const columns = reportDefinition(key)!.columns;
  expect(values.length).toBe(columns.length);
  return Object.fromEntries(columns.map((c, i) => [c.key, values[i]]));
};

const api = async (path: string) => {
  const res = await s.api(`/api/v1/orgs/${orgId}/sites/${site.id}${path}`, s.bootstrap!.key);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};

describe("the registry", () => {
  test("every engine report of the catalogue has a run", () => {
    const store: string[] = Object.keys(STORE_REPORTS);
    expect(Object.keys(ENGINE_REPORTS).sort()).toEqual(REPORT_DEFINITIONS.map((r) => r.key).filter((k) => !store.includes(k)).sort());
  });
});

describe("engine reports on the fixture", () => {
  test("kpi_daily: every day, the empty 11-04 too", async () => {
    expect(await rowsOf("kpi_daily")).toEqual([
      row("kpi_daily", "2026-11-02", 4, 4, 5, 1),
      row("kpi_daily", "2026-11-03", 3, 3, 3, 2),
      row("kpi_daily", "2026-11-04", 0, 0, 0, 0),
      row("kpi_daily", "2026-11-05", 3, 3, 3, 0),
    ]);
  });

  test("channel_performance: by sessions, then channel name", async () => {
    // channel, users, newUsers, sessions, engagedSessions, engagementRate, bounceRate, avgEngagedSeconds, pagesPerSession, conversions, conversionRate, revenue
    expect(await rowsOf("channel_performance")).toEqual([
      row("channel_performance", "paid_search", 4, 3, 4, 2, 0.5, 0.5, 3.8, 1.25, 1, 0.25, 50),
      row("channel_performance", "unassigned", 2, 2, 2, 1, 0.5, 0.5, 0, 1, 1, 0.5, 20),
      row("channel_performance", "direct", 1, 0, 1, 1, 1, 0, 20, 1, 1, 1, 0),
      row("channel_performance", "email", 1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0),
      row("channel_performance", "organic_search", 1, 1, 1, 1, 1, 0, 12, 1, 0, 0, 0),
      row("channel_performance", "referral", 1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0),
    ]);
  });

  test("channel_performance equals the Acquisition page's channels for the same range", async () => {
    const page = await api(`/analytics/acquisition?from=${FROM}&to=${TO}`);
    const library = await rowsOf("channel_performance");
    expect(library.map((r) => r.channel)).toEqual(page.channels.map((c: any) => c.key));
    for (const [i, c] of (page.channels as any[]).entries()) {
      const { key, pageviews: _pv, ...metrics } = c;
      expect(library[i]).toMatchObject({ channel: key, ...metrics });
    }
  });

  test("kpi_daily equals the Overview page's series, page_performance its Pages report", async () => {
    const overview = await api(`/analytics/overview?from=${FROM}&to=${TO}`);
    expect((await rowsOf("kpi_daily")).map((r) => ({ ...r }))).toEqual(overview.series.map((d: any) => ({ date: d.date, users: d.users, sessions: d.sessions, pageviews: d.pageviews, conversions: d.conversions })));
    const pages = await api(`/analytics/pages?from=${FROM}&to=${TO}`);
    expect((await rowsOf("page_performance")).map(({ exitRate: _e, ...r }) => r)).toEqual(pages.rows);
  });

  test("conversions_by_channel's credit equals the Attribution page's, web_vitals the Behaviour page's", async () => {
    const attribution = await api(`/analytics/attribution?from=${FROM}&to=${TO}`);
    const library = new Map((await rowsOf("conversions_by_channel")).map((r) => [r.channel, r]));
    for (const c of attribution.rows as any[]) {
      expect(library.get(c.key)).toMatchObject({
        lastNonDirectConversions: c.lastNonDirect.conversions,
        lastNonDirectRevenue: c.lastNonDirect.revenue,
        firstTouchConversions: c.firstTouch.conversions,
        firstTouchRevenue: c.firstTouch.revenue,
      });
    }
    const behaviour = await api(`/analytics/behaviour?from=${FROM}&to=${TO}`);
    expect((await rowsOf("web_vitals")).map((r) => ({ path: r.path, samples: r.samples, lcp: r.lcpP75, inp: r.inpP75, cls: r.clsP75 }))).toEqual(
      behaviour.webVitals.pages.map((p: any) => ({ path: p.path, samples: p.samples, lcp: p.LCP?.p75 ?? null, inp: p.INP?.p75 ?? null, cls: p.CLS?.p75 ?? null })),
    );
  });

  test("source_medium: each pair with its channel", async () => {
    // source, medium, channel, users, newUsers, sessions, engagementRate, bounceRate, conversions, revenue
    expect(await rowsOf("source_medium")).toEqual([
      row("source_medium", "google", "cpc", "paid_search", 4, 3, 4, 0.5, 0.5, 1, 50),
      row("source_medium", "(direct)", "(none)", "direct", 1, 0, 1, 1, 0, 1, 0),
      row("source_medium", "bing", "organic", "organic_search", 1, 1, 1, 1, 0, 0, 0),
      row("source_medium", "example.org", "referral", "referral", 1, 1, 1, 0, 1, 0, 0),
      row("source_medium", "newsletter", "(not set)", "unassigned", 1, 1, 1, 0, 1, 0, 0),
      row("source_medium", "newsletter", "email", "email", 1, 1, 1, 0, 1, 0, 0),
      row("source_medium", "partner", "banner-x", "unassigned", 1, 1, 1, 1, 0, 1, 20),
    ]);
  });

  test("campaign_performance: tagged campaigns with their leads; untagged traffic and its lead left out", async () => {
    // L4's campaign (Autumn) had its session the day before the range: listed last, with no session.
    // campaign, source, medium, users, sessions, engagementRate, conversions, conversionRate, revenue, leads
    expect(await rowsOf("campaign_performance")).toEqual([
      row("campaign_performance", "spring", "google", "cpc", 2, 2, 0.5, 0, 0, 0, 1),
      row("campaign_performance", "Launch", "partner", "banner-x", 1, 1, 1, 1, 1, 20, 1),
      row("campaign_performance", "Spring", "google", "cpc", 1, 1, 1, 1, 1, 50, 0),
      row("campaign_performance", "nov", "newsletter", "email", 1, 1, 0, 0, 0, 0, 0),
      row("campaign_performance", "Autumn", "google", "cpc", 0, 0, 0, 0, 0, 0, 1),
    ]);
  });

  test("utm_audit: each kind of issue fires; the clean campaign is not listed", async () => {
    // issue, field, value, source, medium, campaign, landing, sessions, suggestion
    expect(await rowsOf("utm_audit")).toEqual([
      row("utm_audit", "untagged_paid", "campaign", null, "google", "cpc", "(not set)", "/landing", 1, "Add utm_source, utm_medium and utm_campaign to the ads' landing URLs (or their tracking template)"),
      row("utm_audit", "inconsistent_case", "campaign", "spring", null, null, "spring", "/landing", 2, 'Most used spelling: write "spring" everywhere'),
      row("utm_audit", "inconsistent_case", "campaign", "Spring", null, null, "Spring", "/", 1, 'Write "spring" (the most used spelling) instead of "Spring"'),
      row("utm_audit", "missing_medium", "medium", null, "newsletter", "(not set)", "(not set)", "/", 1, "Add utm_medium (cpc, email, social, referral, affiliate, display…) to the links tagged utm_source=newsletter"),
      row("utm_audit", "unassigned", "medium", "banner-x", "partner", "banner-x", null, "/", 1, 'No default channel takes the medium "banner-x": use one GA4 knows (cpc, email, social, referral, affiliate, display…)'),
    ]);
  });

  test("referrers: referring hosts only", async () => {
    // referrer, channel, users, sessions, engagementRate, conversions, revenue
    expect(await rowsOf("referrers")).toEqual([
      row("referrers", "bing.com", "organic_search", 1, 1, 1, 0, 0),
      row("referrers", "example.org", "referral", 1, 1, 0, 0, 0),
    ]);
  });

  test("page_performance: every viewed page", async () => {
    // path, title, views, users, entrances, exits, exitRate, engagedSeconds, avgEngagedSeconds
    expect(await rowsOf("page_performance")).toEqual([
      row("page_performance", "/", "Home", 5, 5, 5, 4, 0.8, 0, 0),
      row("page_performance", "/landing", "Landing", 3, 3, 3, 3, 1, 15, 5),
      row("page_performance", "/pricing", "Pricing", 2, 1, 1, 2, 1, 20, 10),
      row("page_performance", "/blog", "Blog", 1, 1, 1, 1, 1, 12, 12),
    ]);
  });

  test("events: custom events, outbound clicks, downloads and forms", async () => {
    // type, name, events, users, sessions, eventsPerUser
    expect(await rowsOf("events")).toEqual([
      row("events", "custom", "signup_click", 3, 2, 2, 1.5),
      row("events", "outbound", "https://partner.example/x", 1, 1, 1, 1),
      row("events", "download", "http://localhost/file.pdf", 1, 1, 1, 1),
      row("events", "form", "contact", 1, 1, 1, 1),
    ]);
  });

  test("conversions_by_channel: own, last non-direct and first click credit", async () => {
    // S1's and S7's conversions: last non-direct S1 (paid_search), first click S0 (direct, the day before the range); S6's stays unassigned.
    // channel, sessions, conversions, conversionRate, revenue, lastNonDirectConversions, lastNonDirectRevenue, firstTouchConversions, firstTouchRevenue
    expect(await rowsOf("conversions_by_channel")).toEqual([
      row("conversions_by_channel", "paid_search", 4, 1, 0.25, 50, 2, 50, 0, 0),
      row("conversions_by_channel", "unassigned", 2, 1, 0.5, 20, 1, 20, 1, 20),
      row("conversions_by_channel", "direct", 1, 1, 1, 0, 0, 0, 2, 50),
      row("conversions_by_channel", "email", 1, 0, 0, 0, 0, 0, 0, 0),
      row("conversions_by_channel", "organic_search", 1, 0, 0, 0, 0, 0, 0, 0),
      row("conversions_by_channel", "referral", 1, 0, 0, 0, 0, 0, 0, 0),
    ]);
  });

  test("geo: country and region", async () => {
    // country, region, users, newUsers, sessions, engagementRate, conversions, revenue
    expect(await rowsOf("geo")).toEqual([
      row("geo", "GB", "(not set)", 8, 7, 9, 0.4444, 3, 70),
      row("geo", "JP", "(not set)", 1, 1, 1, 1, 0, 0),
    ]);
  });

  test("tech: device, browser and system", async () => {
    // device, browser, os, users, sessions, engagementRate, conversions, conversionRate
    expect(await rowsOf("tech")).toEqual([
      row("tech", "desktop", "Chrome", "Windows", 8, 9, 0.4444, 3, 0.3333),
      row("tech", "mobile", "Mobile Safari", "iOS", 1, 1, 1, 0, 0),
    ]);
  });

  test("web_vitals: p75 per page with Google's ratings", async () => {
    // / has LCP 2000 and 4000: p75 by nearest rank is 4000, at the poor threshold → needs_improvement.
    // path, samples, lcpP75, lcpRating, inpP75, inpRating, clsP75, clsRating, fcpP75, ttfbP75
    expect(await rowsOf("web_vitals")).toEqual([
      row("web_vitals", "/", 6, 4000, "needs_improvement", 100, "good", 0.05, "good", 1000, 300),
      row("web_vitals", "/landing", 3, 3000, "needs_improvement", 600, "poor", 0.3, "poor", null, null),
      row("web_vitals", "/blog", 1, 5000, "poor", null, null, null, null, null, null),
    ]);
  });

  test("experience: the worst vital rates a page; without vitals, its engaged time", async () => {
    // path, views, avgEngagedSeconds, scrolled90Rate, exitRate, lcpP75, inpP75, clsP75, rating
    expect(await rowsOf("experience")).toEqual([
      row("experience", "/", 5, 0, 0.2, 0.8, 4000, 100, 0.05, "needs_improvement"),
      row("experience", "/landing", 3, 5, 0, 1, 3000, 600, 0.3, "poor"),
      row("experience", "/pricing", 2, 10, 0, 1, null, null, null, "good"),
      row("experience", "/blog", 1, 12, 1, 1, 5000, null, null, "poor"),
    ]);
  });

  test("a range without sessions: kpi_daily lists its zero days, the other reports are empty", async () => {
    expect(await rowsOf("kpi_daily", "2026-10-01", "2026-10-02")).toEqual([row("kpi_daily", "2026-10-01", 0, 0, 0, 0), row("kpi_daily", "2026-10-02", 0, 0, 0, 0)]);
    for (const key of Object.keys(ENGINE_REPORTS) as EngineReportKey[]) if (key !== "kpi_daily") expect(await rowsOf(key, "2026-10-01", "2026-10-02")).toEqual([]);
    // The day before the range: S0 and S00 only; V10 is new (first session), V1 too (S0 is its first).
    expect(await rowsOf("kpi_daily", "2026-11-01", "2026-11-01")).toEqual([row("kpi_daily", "2026-11-01", 2, 2, 2, 0)]);
  });
});
