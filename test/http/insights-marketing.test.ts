import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { insertSpend } from "../helpers/spend.ts";

/**
 * Marketing insights on a hand-built site (UTC, EUR), range 2026-11-01 … 2026-11-07.
 *
 * Sessions (engaged: a conversion or ≥ 2 pageviews here):
 * | s  | visitor | day   | traffic                                   | channel        | engaged | conv (value) |
 * |----|---------|-------|-------------------------------------------|----------------|---------|--------------|
 * | S1 | V1      | 11-02 | utm google / cpc / Spring_Sale            | paid_search    | yes     | 1 (100)      |
 * | S2 | V2      | 11-02 | utm google / cpc / spring_sale (2 pv)     | paid_search    | yes     | 0            |
 * | S3 | V3      | 11-03 | ?gclid → google / cpc / (not set)         | paid_search    | yes     | 1 (40)       |
 * | S4 | V4      | 11-03 | ?fbclid → facebook / paid / (not set)     | paid_social    | no      | 0   ← lead L1 after it
 * | S5 | V5      | 11-04 | utm facebook / paid / retarget            | paid_social    | no      | 0            |
 * | S6 | V5      | 11-05 | direct                                    | direct         | yes     | 1 (60)       |
 * | S7 | V6      | 11-04 | utm newsletter / email / nov_news         | email          | yes     | 1 (20)  ← lead L2 after it
 * | S8 | V7      | 11-05 | utm bing / cpc / brand                    | paid_search    | no      | 0            |
 * | S9 | V1      | 11-06 | google.com referrer (organic)             | organic_search | yes     | 1 (50)       |
 * | S10| V9      | 11-06 | utm awin / affiliate / partners           | affiliates     | no      | 0            |
 * | S11| V10     | 11-06 | utm couponbird / affiliate / partners     | affiliates     | no      | 0   ← one "partners" row with S10 |
 * | S12| V11     | 11-06 | utm bing / ppc / brand                    | paid_search    | no      | 0   ← one "brand" row with S8 |
 * | S0 | V8      | 10-20 | utm google / cpc / Spring_Sale            | paid_search    | —  before the range: not counted
 *
 * Credit (touches: the visitor's sessions within 90 days): S6 ← [S5, S6], S9 ← [S1, S9], the rest alone.
 * | group (campaign)  | last_non_direct | first_touch | last_touch | linear     |
 * | Spring_Sale       | 1 / 100         | 2 / 150     | 1 / 100    | 1.5 / 125  |
 * | google (not set)  | 1 / 40          | 1 / 40      | 1 / 40     | 1 / 40     |
 * | retarget          | 1 / 60          | 1 / 60      | 0 / 0      | 0.5 / 30   |
 * | direct            | 0               | 0           | 1 / 60     | 0.5 / 30   |
 * | nov_news          | 1 / 20          | 1 / 20      | 1 / 20     | 1 / 20     |
 * | organic           | 1 / 50          | 0           | 1 / 50     | 0.5 / 25   |
 *
 * Spend (EUR unless said), and what it matches:
 * | A | google_ads   | "Spring Sale", utm google/cpc/spring_sale | 11-02 30.00 (1000 impr, 20 clicks, 2 conv, 150) + 11-03 20.00 (500, 10, 1, 50) | by name → Spring_Sale + spring_sale (S1, S2) |
 * | B | google_ads   | "PMax Shoes", no utm                      | 11-03 15.50 (800, 12)            | no name → click id google/cpc (S3)  |
 * | H | google_ads   | "Shoes Remarketing", no utm               | 11-06 4.50 (100, 3)              | click id google/cpc (S3): B's row   |
 * | C | meta_ads     | "Retarget", no utm                        | 11-04 25.00 (4000, 40, 1, 60)    | by name, any case → retarget (S5)   |
 * | D | meta_ads     | "Prospecting", no utm                     | 11-05 10.00 (600, 5)             | click id facebook/paid (S4)         |
 * | E | linkedin_ads | "B2B Leads"                               | 11-05 12.36 (300, 3)             | nothing → unmatched                 |
 * | F | google_ads   | "Spring Sale UK", GBP                     | 11-02 9.99 (0, 4)                | another currency → kept apart       |
 * | G | google_ads   | "Spring Sale"                             | 10-31 100.00                     | before the range                    |
 *
 * Campaign rows (last_non_direct): A 50 € / 30 clicks → cpc 1.6667, 2 sessions, 2 engaged, 1 conv, 100 → cpa 50, roas 2;
 * B + H ("PMax Shoes, Shoes Remarketing": one row, S3 counted once) 20 / 15 → cpc 1.3333, 1 session, 1 conv, 40 → cpa 20, roas 2; C 25 / 40 → cpc 0.625, 1 conv 60 → cpa 25, roas 2.4;
 * D 10 / 5 → cpc 2, 1 session, 1 lead → cpl 10, 0 conv → cpa null, roas 0; nov_news (email, no spend): 0 spend, 1 lead → cpl 0,
 * cpa 0, roas null; partners (affiliates, S10 + S11): 2 sessions, every ratio null. Unmatched: E (12.36 / 3 → cpc 4.12, roas 0)
 * and brand (paid_search sessions S8 + S12, no spend).
 * Channels: paid_search 70 € (A+B+H), 2400 impr, 45 clicks → cpc 1.5556; 5 sessions, 3 engaged, 2 conv, 140 → cpa 35, roas 2;
 * paid_social 47.36 € (C+D+E), 4900 impr, 48 clicks → cpc 0.9867; 2 sessions, 1 lead → cpl 47.36; 1 conv, 60 → cpa 47.36, roas 1.2669;
 * affiliates 2 sessions. Totals: 117.36 €, 7300 impr, 93 clicks → cpc 1.2619; 12 sessions, 6 engaged, 2 leads → cpl 58.68; 5 conv → cpa 23.472; 270 → roas 2.3006.
 */

let s: TestStack;
let base: string;
let site: { id: string; siteKey: string };
let orgId: string;
let viewerKey: string;
let noAnalyticsKey: string;

const at = (iso: string) => Date.parse(iso);
const vids = Object.fromEntries(["V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10", "V11"].map((v) => [v, uuid()])) as Record<string, string>;
const page = (ts: number, query = "") => ev("pageview", ts, { u: `http://localhost/${query}`, ti: "Home" });

async function send(visitor: string, events: Record<string, unknown>[], o: { ref?: string; utm?: Record<string, string> } = {}) {
  const body = batch(site.siteKey, events, { vid: vids[visitor], sid: uuid(), tz: "UTC", ref: o.ref, utm: o.utm });
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, body);
  expect(res.status).toBe(202);
}

async function lead(visitor: string, email: string, when: number, hookSecret: string) {
  s.clock.ms = when;
  const res = await fetch(`${s.url}/v1/hooks/webhook_in/${site.siteKey}`, {
    method: "POST",
    body: JSON.stringify({ email, vid: vids[visitor] }),
    headers: { "content-type": "application/json", "x-svc-secret": hookSecret },
  });
  expect(res.status).toBeLessThan(300);
}

const utm = (source: string, medium: string, campaign: string) => ({ utm: { utm_source: source, utm_medium: medium, utm_campaign: campaign } });
const conversion = (ts: number, val: number) => ev("conversion", ts, { n: "purchase", val, oid: uuid() });

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Ads shop", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  base = `/api/v1/orgs/${orgId}/sites/${site.id}/insights/marketing`;
  const viewer = must(s.admin("user", "create", "--org", orgId, "--name", "Vic", "--email", "vic@insights.test", "--role", "viewer"));
  viewerKey = must(s.admin("key", "create", "--org", orgId, "--user", viewer.id, "--perms", "all")).key;
  noAnalyticsKey = must(s.admin("key", "create", "--org", orgId, "--user", viewer.id, "--perms", "sites.read")).key;
  const hook = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_in"));

  await send("V8", [page(at("2026-10-20T10:00:00Z"))], utm("google", "cpc", "Spring_Sale"));
  await send("V1", [page(at("2026-11-02T10:00:00Z")), conversion(at("2026-11-02T10:01:00Z"), 100)], utm("google", "cpc", "Spring_Sale"));
  await send("V2", [page(at("2026-11-02T11:00:00Z")), page(at("2026-11-02T11:01:00Z"))], utm("google", "cpc", "spring_sale"));
  await send("V3", [page(at("2026-11-03T09:00:00Z"), "?gclid=Cj0KCQ"), conversion(at("2026-11-03T09:02:00Z"), 40)]);
  await send("V4", [page(at("2026-11-03T10:00:00Z"), "?fbclid=IwAR0x")]);
  await lead("V4", "ann@example.com", at("2026-11-03T10:05:00Z"), hook.secret);
  await send("V5", [page(at("2026-11-04T09:00:00Z"))], utm("facebook", "paid", "retarget"));
  await send("V6", [page(at("2026-11-04T12:00:00Z")), conversion(at("2026-11-04T12:03:00Z"), 20)], utm("newsletter", "email", "nov_news"));
  await lead("V6", "ben@example.com", at("2026-11-04T12:05:00Z"), hook.secret);
  await send("V5", [page(at("2026-11-05T09:00:00Z")), conversion(at("2026-11-05T09:01:00Z"), 60)]);
  await send("V7", [page(at("2026-11-05T15:00:00Z"))], utm("bing", "cpc", "brand"));
  await send("V1", [page(at("2026-11-06T10:00:00Z")), conversion(at("2026-11-06T10:01:00Z"), 50)], { ref: "https://www.google.com/" });
  await send("V9", [page(at("2026-11-06T11:00:00Z"))], utm("awin", "affiliate", "partners"));
  await send("V10", [page(at("2026-11-06T12:00:00Z"))], utm("couponbird", "affiliate", "partners"));
  await send("V11", [page(at("2026-11-06T13:00:00Z"))], utm("bing", "ppc", "brand"));

  const google = { platform: "google_ads" as const, account: "123-456-7890" };
  insertSpend(s.dataDir, orgId, site.id, at("2026-11-06T08:00:00Z"), [
    { ...google, date: "2026-11-02", campaignId: "111", campaignName: "Spring Sale", utm: { source: "google", medium: "cpc", campaign: "spring_sale" }, spend: 30, currency: "EUR", impressions: 1000, clicks: 20, conversions: 2, conversionValue: 150 },
    { ...google, date: "2026-11-03", campaignId: "111", campaignName: "Spring Sale", utm: { source: "google", medium: "cpc", campaign: "spring_sale" }, spend: 20, currency: "EUR", impressions: 500, clicks: 10, conversions: 1, conversionValue: 50 },
    { ...google, date: "2026-10-31", campaignId: "111", campaignName: "Spring Sale", utm: { source: "google", medium: "cpc", campaign: "spring_sale" }, spend: 100, currency: "EUR", impressions: 9000, clicks: 90 },
    { ...google, date: "2026-11-03", campaignId: "222", campaignName: "PMax Shoes", spend: 15.5, currency: "EUR", impressions: 800, clicks: 12 },
    { ...google, date: "2026-11-06", campaignId: "444", campaignName: "Shoes Remarketing", spend: 4.5, currency: "EUR", impressions: 100, clicks: 3 },
    { platform: "google_ads", account: "987-654-3210", date: "2026-11-02", campaignId: "333", campaignName: "Spring Sale UK", spend: 9.99, currency: "GBP", impressions: 0, clicks: 4 },
  ]);
  insertSpend(s.dataDir, orgId, site.id, at("2026-11-05T08:00:00Z"), [
    { platform: "meta_ads", account: "act_42", date: "2026-11-04", campaignId: "m1", campaignName: "Retarget", spend: 25, currency: "EUR", impressions: 4000, clicks: 40, conversions: 1, conversionValue: 60 },
    { platform: "meta_ads", account: "act_42", date: "2026-11-05", campaignId: "m2", campaignName: "Prospecting", spend: 10, currency: "EUR", impressions: 600, clicks: 5 },
    { platform: "linkedin_ads", account: "li_7", date: "2026-11-05", campaignId: "l1", campaignName: "B2B Leads", spend: 12.36, currency: "EUR", impressions: 300, clicks: 3 },
  ]);
  s.clock.ms = at("2026-11-08T12:00:00Z");
}, 60_000);

afterAll(() => s?.close());

const get = async (query: string, key = s.bootstrap!.key, path = base) => {
  const res = await s.api(`${path}${query}`, key);
  return { status: res.status, body: (await res.json()) as any };
};
const RANGE = "?from=2026-11-01&to=2026-11-07";

type Ratios = [cpc: number | null, cpl: number | null, cpa: number | null, roas: number | null];
/** A row: its names, the ad side [spend, impressions, clicks, platform conversions, value], ours [sessions, engaged, leads, conversions, revenue], the ratios. */
const row = (channel: string | null, campaign: string | null, platform: string | null, ads: number[], ours: number[], [cpc, cpl, cpa, roas]: Ratios, currency = "EUR") => ({
  channel, campaign, platform, currency,
  spend: ads[0], impressions: ads[1], clicks: ads[2], platformConversions: ads[3], platformConversionValue: ads[4],
  sessions: ours[0], engagedSessions: ours[1], leads: ours[2], conversions: ours[3], revenue: ours[4],
  cpc, cpl, cpa, roas,
});
const NO_ADS = [0, 0, 0, 0, 0];

describe("GET …/insights/marketing", () => {
  test("last non-direct (the default): channels, campaigns, unmatched, another currency, totals, platforms", async () => {
    const { status, body } = await get(RANGE);
    expect(status).toBe(200);
    expect(body).toEqual({
      from: "2026-11-01",
      to: "2026-11-07",
      tz: "UTC",
      currency: "EUR",
      model: "last_non_direct",
      platforms: [
        { platform: "google_ads", state: "import", lastSyncAt: "2026-11-06T08:00:00.000Z" },
        { platform: "meta_ads", state: "import", lastSyncAt: "2026-11-05T08:00:00.000Z" },
        { platform: "microsoft_ads", state: "not_connected", lastSyncAt: null },
        { platform: "linkedin_ads", state: "import", lastSyncAt: "2026-11-05T08:00:00.000Z" },
        { platform: "tiktok_ads", state: "not_connected", lastSyncAt: null },
        { platform: "other", state: "not_connected", lastSyncAt: null },
      ],
      channels: [
        row("paid_search", null, null, [70, 2400, 45, 3, 200], [5, 3, 0, 2, 140], [1.5556, null, 35, 2]),
        row("paid_social", null, null, [47.36, 4900, 48, 1, 60], [2, 0, 1, 1, 60], [0.9867, 47.36, 47.36, 1.2669]),
        row("affiliates", null, null, NO_ADS, [2, 0, 0, 0, 0], [null, null, null, null]),
        row("direct", null, null, NO_ADS, [1, 1, 0, 0, 0], [null, null, null, null]),
        row("email", null, null, NO_ADS, [1, 1, 1, 1, 20], [null, 0, 0, null]),
        row("organic_search", null, null, NO_ADS, [1, 1, 0, 1, 50], [null, null, 0, null]),
      ],
      campaigns: [
        row("paid_search", "Spring_Sale", "google_ads", [50, 1500, 30, 3, 200], [2, 2, 0, 1, 100], [1.6667, null, 50, 2]),
        row("paid_social", "retarget", "meta_ads", [25, 4000, 40, 1, 60], [1, 0, 0, 1, 60], [0.625, null, 25, 2.4]),
        row("paid_search", "PMax Shoes, Shoes Remarketing", "google_ads", [20, 900, 15, 0, 0], [1, 1, 0, 1, 40], [1.3333, null, 20, 2]),
        row("paid_social", "Prospecting", "meta_ads", [10, 600, 5, 0, 0], [1, 0, 1, 0, 0], [2, 10, null, 0]),
        row("affiliates", "partners", null, NO_ADS, [2, 0, 0, 0, 0], [null, null, null, null]),
        row("email", "nov_news", null, NO_ADS, [1, 1, 1, 1, 20], [null, 0, 0, null]),
      ],
      unmatched: [
        row("paid_social", "B2B Leads", "linkedin_ads", [12.36, 300, 3, 0, 0], [0, 0, 0, 0, 0], [4.12, null, null, 0]),
        row("paid_search", "brand", null, NO_ADS, [2, 0, 0, 0, 0], [null, null, null, null]),
      ],
      otherCurrencies: [row("paid_search", "Spring Sale UK", "google_ads", [9.99, 0, 4, 0, 0], [0, 0, 0, 0, 0], [2.4975, null, null, null], "GBP")],
      totals: row(null, null, null, [117.36, 7300, 93, 4, 260], [12, 6, 2, 5, 270], [1.2619, 58.68, 23.472, 2.3006]),
    });
  });

  test("each model moves the credited conversions and revenue, nothing else", async () => {
    const pick = (body: any, campaign: string) => body.campaigns.find((r: any) => r.campaign === campaign);
    const channel = (body: any, name: string) => body.channels.find((r: any) => r.channel === name);
    const expected = {
      first_touch: { spring: [2, 150, 25, 3], retarget: [1, 60, 25, 2.4], direct: [0, 0], organic: [0, 0], paidSearch: [3, 190] },
      last_touch: { spring: [1, 100, 50, 2], retarget: [0, 0, null, 0], direct: [1, 60], organic: [1, 50], paidSearch: [2, 140] },
      last_non_direct: { spring: [1, 100, 50, 2], retarget: [1, 60, 25, 2.4], direct: [0, 0], organic: [1, 50], paidSearch: [2, 140] },
      linear: { spring: [1.5, 125, 33.3333, 2.5], retarget: [0.5, 30, 50, 1.2], direct: [0.5, 30], organic: [0.5, 25], paidSearch: [2.5, 165] },
    };
    for (const [model, e] of Object.entries(expected)) {
      const { status, body } = await get(`${RANGE}&model=${model}`);
      expect(status).toBe(200);
      expect(body.model).toBe(model);
      const spring = pick(body, "Spring_Sale");
      expect([spring.conversions, spring.revenue, spring.cpa, spring.roas]).toEqual(e.spring);
      expect(spring.sessions).toBe(2);
      const retarget = pick(body, "retarget");
      expect([retarget.conversions, retarget.revenue, retarget.cpa, retarget.roas]).toEqual(e.retarget);
      const direct = channel(body, "direct");
      expect([direct.conversions, direct.revenue]).toEqual(e.direct);
      const organic = channel(body, "organic_search");
      expect([organic.conversions, organic.revenue]).toEqual(e.organic);
      const paidSearch = channel(body, "paid_search");
      expect([paidSearch.conversions, paidSearch.revenue]).toEqual(e.paidSearch);
      // Every model credits each conversion once in full.
      expect([body.totals.conversions, body.totals.revenue, body.totals.spend]).toEqual([5, 270, 117.36]);
    }
  });

  test("a viewer's key reads it; a key without analytics.read is 403; the insights feature off is 403 FEATURE_UNAVAILABLE", async () => {
    const viewer = await get(RANGE, viewerKey);
    expect(viewer.status).toBe(200);
    expect(viewer.body).toEqual((await get(RANGE)).body);
    const forbidden = await get(RANGE, noAnalyticsKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toMatchObject({ code: "FORBIDDEN" });
    must(s.admin("org", "feature", "--org", orgId, "--disable", "insights"));
    try {
      const off = await get(RANGE);
      expect(off.status).toBe(403);
      expect(off.body.error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "insights" }] });
    } finally {
      must(s.admin("org", "feature", "--org", orgId, "--enable", "insights"));
    }
    expect((await get(RANGE)).status).toBe(200);
  });

  test("another organization's site, or none, is 404", async () => {
    const other = must(s.admin("org", "create", "--name", "Other"));
    const theirs = must(s.admin("site", "create", "--org", other.id, "--name", "Theirs", "--domain", "theirs.test"));
    for (const siteId of [theirs.id, "0".repeat(24)]) {
      const answer = await get(RANGE, s.bootstrap!.key, `/api/v1/orgs/${orgId}/sites/${siteId}/insights/marketing`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("NOT_FOUND");
    }
  });

  test("bad from/to and model are 422 naming the parameter; the default range is the last 28 days", async () => {
    const cases: [string, string][] = [
      ["?model=data_driven", "model"],
      ["?from=2026-13-01&to=2026-11-07", "from"],
      ["?from=2026-11-08&to=2026-11-07", "from"],
      ["?from=2025-01-01&to=2026-11-07", "from"],
    ];
    for (const [query, path] of cases) {
      const bad = await get(query);
      expect(bad.status).toBe(422);
      expect(bad.body.error.code).toBe("VALIDATION_FAILED");
      expect(bad.body.error.details.map((d: any) => d.path)).toContain(path);
    }
    const model = await get(`${RANGE}&model=Linear`);
    expect(model.body.error.details).toEqual([{ path: "model", message: "must be one of first_touch, last_touch, last_non_direct, linear" }]);
    const fallback = await get("");
    expect(fallback.status).toBe(200);
    expect([fallback.body.from, fallback.body.to]).toEqual(["2026-10-12", "2026-11-08"]);
  });
});
