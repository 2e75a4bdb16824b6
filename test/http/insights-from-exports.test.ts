import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { must, ROOT, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";

/**
 * Marketing insights fed by the three real export formats (test/fixtures/spend, imported with
 * `admin spend import`), on a EUR site in UTC, range 2026-11-01 … 2026-11-03. Worked out by hand:
 *
 * Spend in the files (README.md there):
 * | file          | campaign               | platform      | currency | spend   | clicks | impressions |
 * | ga4-cost      | winter_sale (bing/cpc) | microsoft_ads | EUR      | 96.00   | 191    | 6280        |
 * | ga4-cost      | b2b_leads              | linkedin_ads  | EUR      | 225.00  | 67     | 9050        |
 * | google-ads    | Brand Search           | google_ads    | EUR      | 134.00  | 349    | 3649        |
 * | google-ads    | Winter Sale, Search    | google_ads    | EUR      | 3106.50 | 1247   | 46290       |
 * | meta-ads      | two campaigns          | meta_ads      | USD      | 634.00 + 180.00 (kept apart) |
 *
 * Sessions: S1 utm bing/cpc/winter_sale (11-02) buys for 120; S2 utm google/cpc/"brand search"
 * (11-03) buys for 67; S3 direct (11-02), no spend.
 * - winter_sale: 96 / 191 clicks → cpc 0.5026; 1 session, 1 conversion, 120 → cpa 96, roas 1.25.
 * - Brand Search (matched by name, any case): 134 / 349 → cpc 0.384; 1 conversion, 67 → cpa 134, roas 0.5.
 * - Unmatched spend: b2b_leads 225 (no session of it) and "Winter Sale, Search" 3106.50 (no session by
 *   its name, and no google/cpc click-id session to fall back on) — roas 0.
 * - Totals (EUR only): spend 3561.50; 3 sessions; 2 conversions, 187 → cpa 1780.75, roas 0.0525.
 */

let s: TestStack;
let orgId: string;
let site: { id: string; siteKey: string };
const at = (iso: string) => Date.parse(iso);
const page = (ts: number) => ev("pageview", ts, { u: "http://localhost/", ti: "Home" });
const buy = (ts: number, val: number) => ev("conversion", ts, { n: "purchase", val, oid: uuid() });

async function send(events: Record<string, unknown>[], utm?: Record<string, string>) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(site.siteKey, events, { vid: uuid(), sid: uuid(), tz: "UTC", utm }));
  expect(res.status).toBe(202);
}

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Exports shop", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  for (const file of ["ga4-cost.csv", "google-ads-campaigns.csv", "meta-ads.csv"]) must(s.admin("spend", "import", "--site", site.id, "--file", join(ROOT, "test/fixtures/spend", file)));
  await send([page(at("2026-11-02T10:00:00Z")), buy(at("2026-11-02T10:02:00Z"), 120)], { utm_source: "bing", utm_medium: "cpc", utm_campaign: "winter_sale" });
  await send([page(at("2026-11-03T09:00:00Z")), buy(at("2026-11-03T09:01:00Z"), 67)], { utm_source: "google", utm_medium: "cpc", utm_campaign: "brand search" });
  await send([page(at("2026-11-02T12:00:00Z"))]);
  s.clock.ms = at("2026-11-05T12:00:00Z");
}, 60_000);

afterAll(() => s?.close());

test("insights from the three export formats: ROAS and CPA per matched campaign, unmatched spend, another currency apart, totals", async () => {
  const res = await s.api(`/api/v1/orgs/${orgId}/sites/${site.id}/insights/marketing?from=2026-11-01&to=2026-11-03`, s.bootstrap!.key);
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  const campaign = (name: string) => body.campaigns.find((r: any) => r.campaign?.toLowerCase() === name.toLowerCase());

  expect(campaign("winter_sale")).toMatchObject({ platform: "microsoft_ads", spend: 96, clicks: 191, impressions: 6280, sessions: 1, conversions: 1, revenue: 120, cpc: 0.5026, cpa: 96, roas: 1.25 });
  expect(campaign("brand search")).toMatchObject({ platform: "google_ads", spend: 134, clicks: 349, impressions: 3649, platformConversions: 17, platformConversionValue: 1530.5, sessions: 1, conversions: 1, revenue: 67, cpc: 0.384, cpa: 134, roas: 0.5 });

  const unmatched = body.unmatched.filter((r: any) => r.spend > 0).map((r: any) => [r.campaign, r.spend, r.sessions, r.roas]).sort();
  expect(unmatched).toEqual([["Winter Sale, Search", 3106.5, 0, 0], ["b2b_leads", 225, 0, 0]]);

  const usd = body.otherCurrencies.filter((r: any) => r.currency === "USD");
  expect(usd.reduce((sum: number, r: any) => sum + r.spend, 0)).toBeCloseTo(814, 2);

  expect(body.totals).toMatchObject({ spend: 3561.5, sessions: 3, conversions: 2, revenue: 187, cpa: 1780.75, roas: 0.0525 });
});

test("a broken export imports nothing: the insights stay as they were", async () => {
  const before = await (await s.api(`/api/v1/orgs/${orgId}/sites/${site.id}/insights/marketing?from=2026-11-01&to=2026-11-03`, s.bootstrap!.key)).json();
  for (const file of ["ga4-cost-broken.csv", "google-ads-campaigns-broken.csv", "meta-ads-broken.csv"]) {
    const result = s.admin("spend", "import", "--site", site.id, "--file", join(ROOT, "test/fixtures/spend", file));
    expect(result.code).toBe(2);
    expect(result.json.error.details[0].path).toMatch(/^line \d+, column /);
  }
  const after = await (await s.api(`/api/v1/orgs/${orgId}/sites/${site.id}/insights/marketing?from=2026-11-01&to=2026-11-03`, s.bootstrap!.key)).json();
  expect(after).toEqual(before);
});
