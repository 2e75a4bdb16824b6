/*
 * Ad spend fixtures (test/fixtures/spend, 2026-11-01 … 2026-11-03), totals per campaign:
 *   ga4-cost.csv (site currency, here EUR; no platform conversions):
 *     microsoft_ads bing/cpc     winter_sale (utm_id bing_ws_01)  spend   96.00  impr  6280  clicks  191
 *     linkedin_ads  linkedin/paid_social b2b_leads (li_b2b_02)    spend  225.00  impr  9050  clicks   67
 *   google-ads-campaigns.csv (EUR):
 *     Brand Search (20123456701)         spend  134.00  impr  3649  clicks  349  conv 17  value 1530.50
 *     Winter Sale, Search (20123456702)  spend 3106.50  impr 46290  clicks 1247  conv 32  value 4750.00
 *   meta-ads.csv (USD, no conversion value):
 *     Winter Sale Prospecting (120210000000000001)  spend 634.00  impr 55750  clicks 785  results 15
 *     Cart Retargeting (120210000000000002)         spend 180.00  impr 12590  clicks 284  results  9
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, startStack, tempDir, type TestStack } from "../helpers/stack.ts";
import { openTenant } from "../helpers/hits.ts";

let s: TestStack;
let org: string;
let site: { id: string; siteKey: string };
const FIXTURES = join(import.meta.dir, "../fixtures/spend");
const fixture = (name: string) => join(FIXTURES, name);

function query(sql: string, ...args: (string | number)[]): Record<string, any>[] {
  const db = openTenant(s.dataDir, org);
  try {
    return db.query(sql).all(...args) as Record<string, any>[];
  } finally {
    db.close();
  }
}

/** Per campaign: [platform, campaign, currency, spend, impressions, clicks, conversions, value, days]. */
const totals = () =>
  query(
    "SELECT platform, campaign_name, currency, ROUND(SUM(spend), 2) AS spend, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(platform_conversions) AS conversions, SUM(platform_conversion_value) AS value, COUNT(*) AS days FROM ad_spend WHERE site_id = ? GROUP BY platform, campaign_name, currency ORDER BY platform, campaign_name",
    site.id,
  ).map((r) => Object.values(r));

const importFile = (file: string, ...more: string[]) => s.admin("spend", "import", "--site", site.id, "--file", file, ...more);
const integrationsList = async () => ((await (await s.api(`/api/v1/orgs/${org}/sites/${site.id}/integrations`, s.bootstrap!.key)).json()) as any).items as any[];
const adsStates = async () => (await integrationsList()).filter((i) => i.kind === "ads").map((i) => [i.platform, i.state, i.lastSyncAt]);
const lastImportAt = (platform: string) => new Date(query("SELECT MAX(imported_at) AS at FROM ad_spend WHERE site_id = ? AND platform = ?", site.id, platform)[0].at).toISOString();

beforeAll(async () => {
  s = await startStack();
  org = s.bootstrap!.orgId;
  const made = must(s.admin("site", "create", "--org", org, "--name", "Spend shop", "--domain", "spend.example.com", "--currency", "EUR"));
  site = { id: made.id, siteKey: made.siteKey };
});

afterAll(async () => {
  await s.close();
});

describe("the integrations list before any spend", () => {
  test("every ad platform not_connected, with no last sync", async () => {
    expect(await adsStates()).toEqual([
      ["google_ads", "not_connected", null],
      ["meta_ads", "not_connected", null],
      ["microsoft_ads", "not_connected", null],
      ["linkedin_ads", "not_connected", null],
      ["tiktok_ads", "not_connected", null],
      ["other", "not_connected", null],
    ]);
  });
});

describe("spend import (CLI)", () => {
  test("a Google Ads campaign report: the exact rows", () => {
    const out = must(importFile(fixture("google-ads-campaigns.csv")));
    expect(out).toEqual({ importId: expect.any(String), format: "google_ads", platforms: ["google_ads"], rows: 6, days: 3, replaced: 0 });
    expect(
      query("SELECT platform, account, date, campaign_id, campaign_name, utm_campaign, spend, currency, impressions, clicks, platform_conversions, platform_conversion_value, import_id FROM ad_spend WHERE site_id = ? ORDER BY date, campaign_id", site.id),
    ).toEqual([
      ["2026-11-01", "20123456701", "Brand Search", 45.2, 1234, 120, 6, 540],
      ["2026-11-01", "20123456702", "Winter Sale, Search", 1020.5, 15400, 410, 9, 1350],
      ["2026-11-02", "20123456701", "Brand Search", 50.8, 1310, 131, 7, 610.5],
      ["2026-11-02", "20123456702", "Winter Sale, Search", 980.25, 14870, 395, 11, 1620],
      ["2026-11-03", "20123456701", "Brand Search", 38, 1105, 98, 4, 380],
      ["2026-11-03", "20123456702", "Winter Sale, Search", 1105.75, 16020, 442, 12, 1780],
    ].map(([date, campaign_id, campaign_name, spend, impressions, clicks, platform_conversions, platform_conversion_value]) => ({
      platform: "google_ads", account: "", date, campaign_id, campaign_name, utm_campaign: null, spend, currency: "EUR", impressions, clicks, platform_conversions, platform_conversion_value, import_id: out.importId,
    })));
    expect(query("SELECT source, format, rows, days FROM spend_imports WHERE id = ?", out.importId)).toEqual([{ source: "cli", format: "google_ads", rows: 6, days: 3 }]);
  });

  test("GA4 cost data and Meta Ads Manager files: per-campaign totals", () => {
    expect(must(importFile(fixture("ga4-cost.csv")))).toMatchObject({ format: "ga4_cost", platforms: ["linkedin_ads", "microsoft_ads"], rows: 6, days: 3, replaced: 0 });
    expect(must(importFile(fixture("meta-ads.csv")))).toMatchObject({ format: "meta_ads", platforms: ["meta_ads"], rows: 6, days: 3, replaced: 0 });
    expect(totals()).toEqual([
      ["google_ads", "Brand Search", "EUR", 134, 3649, 349, 17, 1530.5, 3],
      ["google_ads", "Winter Sale, Search", "EUR", 3106.5, 46290, 1247, 32, 4750, 3],
      ["linkedin_ads", "b2b_leads", "EUR", 225, 9050, 67, null, null, 3],
      ["meta_ads", "Cart Retargeting", "USD", 180, 12590, 284, 9, null, 3],
      ["meta_ads", "Winter Sale Prospecting", "USD", 634, 55750, 785, 15, null, 3],
      ["microsoft_ads", "winter_sale", "EUR", 96, 6280, 191, null, null, 3],
    ]);
  });

  test("re-importing replaces the days the file covers, per platform and account — and only those", () => {
    const before = totals();
    expect(must(importFile(fixture("google-ads-campaigns.csv")))).toMatchObject({ rows: 6, days: 3, replaced: 6 });
    expect(totals()).toEqual(before);
    // A file for 2026-11-02 with one campaign only: that day's other campaign goes, the other days stay.
    const dir = tempDir();
    const oneDay = join(dir, "one-day.csv");
    writeFileSync(oneDay, 'Campaign report\n"November 2, 2026"\nDay,Campaign,Campaign ID,Currency code,Cost,Impr.,Clicks,Conversions,Conv. value\n2026-11-02,Brand Search,20123456701,EUR,"1,050.80","1,310",131,7.00,610.50\nTotal: Account,--,--,EUR,"1,050.80","1,310",131,7.00,610.50\n');
    expect(must(importFile(oneDay))).toMatchObject({ rows: 1, days: 1, replaced: 2 });
    expect(query("SELECT date, campaign_name, spend FROM ad_spend WHERE site_id = ? AND platform = 'google_ads' ORDER BY date, campaign_name", site.id).map((r) => Object.values(r))).toEqual([
      ["2026-11-01", "Brand Search", 45.2],
      ["2026-11-01", "Winter Sale, Search", 1020.5],
      ["2026-11-02", "Brand Search", 1050.8],
      ["2026-11-03", "Brand Search", 38],
      ["2026-11-03", "Winter Sale, Search", 1105.75],
    ]);
    // Meta and GA4 rows of 2026-11-02 are other platforms': untouched.
    expect(query("SELECT COUNT(*) AS n FROM ad_spend WHERE site_id = ? AND date = '2026-11-02' AND platform != 'google_ads'", site.id)[0].n).toBe(4);
    must(importFile(fixture("google-ads-campaigns.csv")));
  });

  test("a broken file imports nothing and exits 2 naming the line and column", () => {
    const rows = query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id);
    const imports = query("SELECT COUNT(*) AS n FROM spend_imports")[0].n;
    const cases: [string, string, string][] = [
      ["google-ads-campaigns-broken.csv", "line 6, column Cost", "must be a number ≥ 0"],
      ["ga4-cost-broken.csv", "line 5, column daily_cost", '"eighty" is not a number'],
      ["meta-ads-broken.csv", "line 4, column Day", "2026-11-31 is not a calendar day"],
    ];
    for (const [file, path, message] of cases) {
      const res = importFile(fixture(file));
      expect(res.code).toBe(2);
      expect(res.json.error).toMatchObject({ code: "VALIDATION_FAILED", message: "The file has 1 problem; nothing was imported", details: [{ path, message }] });
    }
    const mismatch = importFile(fixture("meta-ads.csv"), "--platform", "google_ads");
    expect(mismatch.code).toBe(2);
    expect(mismatch.json.error.details).toEqual([{ path: "--platform", message: "a Meta Ads Manager file is meta_ads's, not google_ads's" }]);
    const missing = importFile(join(FIXTURES, "nope.csv"));
    expect(missing.code).toBe(2);
    expect(missing.json.error.details[0].path).toBe("--file");
    expect(query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id)).toEqual(rows);
    expect(query("SELECT COUNT(*) AS n FROM spend_imports")[0].n).toBe(imports);
  });
});

describe("the ads_import push", () => {
  let hook: { id: string; url: string; secret: string };
  const push = (body: unknown, headers: Record<string, string> = { "x-svc-secret": hook.secret }, siteKey = site.siteKey) =>
    fetch(`${s.url}/v1/hooks/ads_import/${siteKey}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
  const tiktok = (date: string, spend: number, extra: Record<string, unknown> = {}) => ({ platform: "tiktok_ads", account: "7001", date, campaignId: "tt-1", campaignName: "Winter Sale TT", utm: { source: "tiktok", medium: "paid_social", campaign: "winter_sale" }, spend, currency: "EUR", impressions: 1000, clicks: 10, ...extra });

  test("no ads_import integration yet → 404", async () => {
    const res = await push({ rows: [tiktok("2026-11-01", 1)] }, { "x-svc-secret": "whads_x" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "siteKey", message: "no active ads_import integration" }]);
  });

  test("the CLI makes the integration with its secret URL", () => {
    hook = must(s.admin("integration", "create", "--site", site.id, "--kind", "ads_import"));
    expect(hook.url).toMatch(new RegExp(`/v1/hooks/ads_import/${site.siteKey}$`));
    expect(hook.secret).toMatch(/^whads_/);
  });

  test("with the secret: 200, rows stored; a repeat replaces the days", async () => {
    const first = await push({ rows: [tiktok("2026-11-01", 12.5), tiktok("2026-11-02", 20, { conversions: 2, conversionValue: 99.9 })] });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ imported: 2, replacedDays: 0 });
    const again = await push({ rows: [tiktok("2026-11-02", 21)] }, { authorization: `Bearer ${hook.secret}` });
    expect(await again.json()).toEqual({ imported: 1, replacedDays: 1 });
    expect(query("SELECT platform, account, date, campaign_id, campaign_name, utm_source, utm_medium, utm_campaign, utm_id, spend, currency, impressions, clicks, platform_conversions, platform_conversion_value FROM ad_spend WHERE site_id = ? AND platform = 'tiktok_ads' ORDER BY date", site.id)).toEqual([
      { platform: "tiktok_ads", account: "7001", date: "2026-11-01", campaign_id: "tt-1", campaign_name: "Winter Sale TT", utm_source: "tiktok", utm_medium: "paid_social", utm_campaign: "winter_sale", utm_id: null, spend: 12.5, currency: "EUR", impressions: 1000, clicks: 10, platform_conversions: null, platform_conversion_value: null },
      { platform: "tiktok_ads", account: "7001", date: "2026-11-02", campaign_id: "tt-1", campaign_name: "Winter Sale TT", utm_source: "tiktok", utm_medium: "paid_social", utm_campaign: "winter_sale", utm_id: null, spend: 21, currency: "EUR", impressions: 1000, clicks: 10, platform_conversions: null, platform_conversion_value: null },
    ]);
    expect(query("SELECT source, format, rows, days FROM spend_imports WHERE source = 'push' ORDER BY imported_at, rowid")).toEqual([
      { source: "push", format: "json", rows: 2, days: 2 },
      { source: "push", format: "json", rows: 1, days: 1 },
    ]);
  });

  test("a wrong or missing secret → 401; a bad row → 422 naming it, nothing written", async () => {
    const before = query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id);
    const wrong = await push({ rows: [tiktok("2026-11-03", 1)] }, { "x-svc-secret": "whads_wrong" });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).error).toMatchObject({ code: "UNAUTHENTICATED", details: [{ path: "X-Svc-Secret", message: "wrong" }] });
    expect((await push({ rows: [tiktok("2026-11-03", 1)] }, {})).status).toBe(401);
    const bad = await push({ rows: [tiktok("2026-11-03", 1), tiktok("2026-11-04", -3, { currency: "euro", cost: 3 })] });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as any).error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [
        { path: "rows.1.cost", message: "Unexpected property" },
        { path: "rows.1.spend", message: "must be a number ≥ 0" },
        { path: "rows.1.currency", message: "must be an ISO 4217 currency code: 3 upper-case letters" },
      ],
    });
    const repeated = await push({ rows: [tiktok("2026-11-03", 1), tiktok("2026-11-03", 2)] });
    expect(((await repeated.json()) as any).error.details).toEqual([{ path: "rows.1", message: "repeats rows.0 (the same platform, account, date and campaign)" }]);
    // A body breaking a rule in every row names the first 20 problems.
    const tooMany = await push({ rows: Array(5001).fill({}) });
    expect(tooMany.status).toBe(422);
    const tooManyDetails = ((await tooMany.json()) as any).error.details;
    expect(tooManyDetails[0]).toEqual({ path: "rows.0.platform", message: "is required" });
    expect(tooManyDetails.length).toBe(20);
    expect((await push({ rows: "x" })).status).toBe(422);
    expect((await push({ rows: [tiktok("2026-11-03", 1)] }, undefined, "tm_nosuchsite")).status).toBe(404);
    expect(query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id)).toEqual(before);
  });

  test("an organization with integrations switched off → 403, nothing written", async () => {
    const before = query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id);
    must(s.admin("org", "feature", "--org", org, "--disable", "integrations"));
    try {
      const res = await push({ rows: [tiktok("2026-11-03", 1)] });
      expect(res.status).toBe(403);
      expect(((await res.json()) as any).error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "integrations" }] });
    } finally {
      must(s.admin("org", "feature", "--org", org, "--enable", "integrations"));
    }
    expect(query("SELECT * FROM ad_spend WHERE site_id = ? ORDER BY platform, date, campaign_id", site.id)).toEqual(before);
  });
});

describe("the integrations list after imports and pushes", () => {
  test("imported platforms say import with their last import; the push URL is listed, its secret never", async () => {
    const items = await integrationsList();
    const pushUrl = items.find((i) => i.kind === "ads_import");
    expect(pushUrl).toMatchObject({ status: "active", webhookUrl: expect.stringMatching(new RegExp(`/v1/hooks/ads_import/${site.siteKey}$`)) });
    expect(pushUrl.lastReceivedAt).not.toBeNull();
    expect(pushUrl.lastSyncAt).toBe(pushUrl.lastReceivedAt);
    expect(JSON.stringify(items)).not.toContain("whads_");
    expect(await adsStates()).toEqual([
      ["google_ads", "import", lastImportAt("google_ads")],
      ["meta_ads", "import", lastImportAt("meta_ads")],
      ["microsoft_ads", "import", lastImportAt("microsoft_ads")],
      ["linkedin_ads", "import", lastImportAt("linkedin_ads")],
      ["tiktok_ads", "import", lastImportAt("tiktok_ads")],
      ["other", "not_connected", null],
    ]);
  });
});
