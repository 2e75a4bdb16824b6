/*
 * Ad spend fixtures (test/fixtures/spend, 2026-11-01 … 2026-11-03), totals per campaign:
 *   ga4-cost.csv (site currency, no platform conversions):
 *     microsoft_ads bing/cpc     winter_sale (utm_id bing_ws_01)  spend   96.00  impr  6280  clicks  191
 *     linkedin_ads  linkedin/paid_social b2b_leads (li_b2b_02)    spend  225.00  impr  9050  clicks   67
 *   google-ads-campaigns.csv (EUR):
 *     Brand Search (20123456701)         spend  134.00  impr  3649  clicks  349  conv 17  value 1530.50
 *     Winter Sale, Search (20123456702)  spend 3106.50  impr 46290  clicks 1247  conv 32  value 4750.00
 *   meta-ads.csv (USD, no conversion value):
 *     Winter Sale Prospecting (120210000000000001)  spend 634.00  impr 55750  clicks 785  results 15
 *     Cart Retargeting (120210000000000002)         spend 180.00  impr 12590  clicks 284  results  9
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { formatOfHeader, parseSpendCsv } from "../../lib/spend/formats.ts";
import type { SpendRow } from "../../lib/spend/rows.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/spend/${name}`, import.meta.url), "utf8");
const parse = (csv: string, platform?: SpendRow["platform"]) => parseSpendCsv(csv, { siteCurrency: "EUR", platform });
const noUtm = { utmSource: null, utmMedium: null, utmCampaign: null, utmId: null };

/** [date, spend, impressions, clicks, conversions, value] → a row of one campaign. */
const rowsOf = (base: Omit<SpendRow, "date" | "spend" | "impressions" | "clicks" | "platformConversions" | "platformConversionValue">, days: [string, number, number, number, number | null, number | null][]): SpendRow[] =>
  days.map(([date, spend, impressions, clicks, platformConversions, platformConversionValue]) => ({ ...base, date, spend, impressions, clicks, platformConversions, platformConversionValue }));

test("GA4 cost data import: platform from source/medium, the site's currency, campaign id from utm_id", () => {
  const parsed = parse(fixture("ga4-cost.csv"));
  expect(parsed.format).toBe("ga4_cost");
  expect(parsed.problems).toEqual([]);
  const bing = { platform: "microsoft_ads" as const, account: "", campaignId: "bing_ws_01", campaignName: "winter_sale", utmSource: "bing", utmMedium: "cpc", utmCampaign: "winter_sale", utmId: "bing_ws_01", currency: "EUR" };
  const li = { platform: "linkedin_ads" as const, account: "", campaignId: "li_b2b_02", campaignName: "b2b_leads", utmSource: "linkedin", utmMedium: "paid_social", utmCampaign: "b2b_leads", utmId: "li_b2b_02", currency: "EUR" };
  expect(parsed.rows).toEqual([
    ...rowsOf(bing, [
      ["2026-11-01", 32.1, 2100, 64, null, null],
      ["2026-11-02", 28.9, 1950, 57, null, null],
      ["2026-11-03", 35, 2230, 70, null, null],
    ]),
    ...rowsOf(li, [
      ["2026-11-01", 75, 3000, 22, null, null],
      ["2026-11-02", 80.5, 3150, 25, null, null],
      ["2026-11-03", 69.5, 2900, 20, null, null],
    ]),
  ]);
  // --platform names every GA4 row's platform.
  expect(new Set(parse(fixture("ga4-cost.csv"), "other").rows.map((r) => r.platform))).toEqual(new Set(["other"]));
});

test("Google Ads campaign report: title and date-range lines skipped, thousands separators, quoted names, Total rows skipped", () => {
  const parsed = parse(fixture("google-ads-campaigns.csv"));
  expect(parsed.format).toBe("google_ads");
  expect(parsed.problems).toEqual([]);
  const base = { platform: "google_ads" as const, account: "", currency: "EUR", ...noUtm };
  const brand = rowsOf({ ...base, campaignId: "20123456701", campaignName: "Brand Search" }, [
    ["2026-11-01", 45.2, 1234, 120, 6, 540],
    ["2026-11-02", 50.8, 1310, 131, 7, 610.5],
    ["2026-11-03", 38, 1105, 98, 4, 380],
  ]);
  const winter = rowsOf({ ...base, campaignId: "20123456702", campaignName: "Winter Sale, Search" }, [
    ["2026-11-01", 1020.5, 15400, 410, 9, 1350],
    ["2026-11-02", 980.25, 14870, 395, 11, 1620],
    ["2026-11-03", 1105.75, 16020, 442, 12, 1780],
  ]);
  expect(parsed.rows).toEqual([brand[0], winter[0], brand[1], winter[1], brand[2], winter[2]]);
});

test("Meta Ads Manager export: BOM, currency from the Amount spent header, Day breakdown, Results as platform conversions", () => {
  const parsed = parse(fixture("meta-ads.csv"));
  expect(parsed.format).toBe("meta_ads");
  expect(parsed.problems).toEqual([]);
  const base = { platform: "meta_ads" as const, account: "", currency: "USD", ...noUtm };
  const prospecting = rowsOf({ ...base, campaignId: "120210000000000001", campaignName: "Winter Sale Prospecting" }, [
    ["2026-11-01", 210.4, 18500, 260, 5, null],
    ["2026-11-02", 198.6, 17900, 244, 4, null],
    ["2026-11-03", 225, 19350, 281, 6, null],
  ]);
  const cart = rowsOf({ ...base, campaignId: "120210000000000002", campaignName: "Cart Retargeting" }, [
    ["2026-11-01", 60.15, 4200, 95, 3, null],
    ["2026-11-02", 55.35, 3980, 88, 2, null],
    ["2026-11-03", 64.5, 4410, 101, 4, null],
  ]);
  expect(parsed.rows).toEqual([prospecting[0], cart[0], prospecting[1], cart[1], prospecting[2], cart[2]]);
});

test("detection by header row", () => {
  expect(formatOfHeader(["utm_source", "utm_medium", "utm_campaign", "date", "daily_cost"])).toBe("ga4_cost");
  expect(formatOfHeader(["Day", "Campaign", "Campaign ID", "Currency code", "Cost", "Impr.", "Clicks"])).toBe("google_ads");
  expect(formatOfHeader(["Reporting starts", "Reporting ends", "Campaign name", "Amount spent (GBP)", "Impressions"])).toBe("meta_ads");
  expect(formatOfHeader(["Date", "Spend", "Campaign"])).toBeNull();
  expect(parse("Date,Spend\n2026-11-01,3\n").problems).toEqual([{ path: "line 1", message: expect.stringContaining("no known header row") }]);
});

test("broken fixtures: each problem names its line and column", () => {
  expect(parse(fixture("ga4-cost-broken.csv")).problems).toEqual([{ path: "line 5, column daily_cost", message: '"eighty" is not a number' }]);
  expect(parse(fixture("google-ads-campaigns-broken.csv")).problems).toEqual([{ path: "line 6, column Cost", message: "must be a number ≥ 0" }]);
  expect(parse(fixture("meta-ads-broken.csv")).problems).toEqual([{ path: "line 4, column Day", message: "2026-11-31 is not a calendar day" }]);
});

test("other problems: missing columns, bad values, repeated rows, bad quoting, multi-day Meta rows", () => {
  // No Cost column: not a Google Ads header at all.
  expect(parse("Campaign report\nDay,Campaign,Currency code,Clicks\n").problems[0]).toMatchObject({ path: "line 1", message: expect.stringContaining("no known header row") });
  expect(parse("Campaign,Cost\nA,1\n").problems).toEqual([{ path: "line 1, column Day", message: "is missing from the header row" }]);
  expect(parse("utm_source,utm_medium,date,daily_clicks\nbing,cpc,2026-11-01,3\n").problems).toEqual([{ path: "line 1, column daily_cost", message: "is missing from the header row" }]);
  expect(parse("utm_source,utm_medium,utm_campaign,date,daily_cost,daily_clicks\nbing,cpc,,20261101,1.5,2.5\n").problems).toEqual([
    { path: "line 2, column daily_clicks", message: "must be a whole number" },
    { path: "line 2, column utm_campaign", message: "utm_campaign or utm_id is required" },
  ]);
  // GA4 takes YYYYMMDD as well.
  expect(parse("utm_source,utm_medium,utm_campaign,date,daily_cost\nbing,cpc,x,20261101,1.5\n").rows[0].date).toBe("2026-11-01");
  expect(parse("Day,Campaign,Currency code,Cost\n2026-11-01,A,EUR,1\n2026-11-01,A,EUR,2\n").problems).toEqual([{ path: "line 3", message: "repeats line 2 (the same platform, account, day and campaign)" }]);
  expect(parse('Day,Campaign,Currency code,Cost\n2026-11-01,"A,EUR,1\n').problems[0].path).toBe("line 2");
  expect(parse("Day,Campaign,Currency code,Cost\n11/01/2026,A,euro,1\n").problems).toEqual([
    { path: "line 2, column Day", message: "must be a date YYYY-MM-DD" },
    { path: "line 2, column Currency code", message: "must be an ISO 4217 currency code (3 letters)" },
  ]);
  expect(parse("Reporting starts,Reporting ends,Campaign name,Amount spent (EUR)\n2026-11-01,2026-11-03,A,5\n").problems).toEqual([
    { path: "line 2, column Reporting ends", message: "the row covers more than one day: break the report down by Day" },
  ]);
  expect(parse("Reporting starts,Reporting ends,Campaign name,Amount spent (EUR)\n2026-11-01,2026-11-01,A,5\n").rows[0]).toMatchObject({ date: "2026-11-01", spend: 5, currency: "EUR", impressions: null });
  expect(parse("utm_source,utm_medium,date,daily_cost\n").problems).toEqual([{ path: "line 1", message: "no data rows follow the header" }]);
});
