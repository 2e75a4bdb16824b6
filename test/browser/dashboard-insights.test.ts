import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { Temporal } from "temporal-polyfill";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { must, runAdmin } from "../helpers/stack.ts";
import type { InsightRow, MarketingInsights } from "../../lib/spend/models.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { launchChromium, startDashboardServer, asOwner } from "../helpers/browser-page.ts";

/**
 * The Marketing page and the integrations page's ad platforms against the real server, in
 * Debian's Chromium. A EUR site (UTC) gets tracked sessions (a Bing winter_sale visit that
 * converts, a LinkedIn b2b_leads visit, a gclid landing that converts, a fbclid landing, a later
 * direct conversion by the Bing visitor) and the three fixture exports (test/fixtures/spend/),
 * their three days moved to the last three (ingest takes no event older than 72 hours), imported
 * through `admin spend import`. The page's tables hold the API's answer cell by cell for two
 * models (the second chosen on the page), the integrations page lists the six platforms with the
 * API's states, axe finds nothing serious or critical on both pages at 1440 and 390 px, and a
 * plan without `insights` is told so.
 */

let server: Proc;
let browser: Browser;
let origin: string;
let dataDir: string;
let boot: { orgId: string; siteId: string; key: string; ownerEmail: string; ownerPassword: string };
let site: { id: string; siteKey: string };
let from: string;
let to: string;
let base: string;

const FIXTURES = join(import.meta.dir, "../fixtures/spend");
const SESSIONS = 5;

beforeAll(async () => {
  ({ server, origin, boot, dataDir } = await startDashboardServer("tm-dash-insights-"));
  site = must(runAdmin(dataDir, ["site", "create", "--org", boot.orgId, "--name", "Ads shop", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"]));
  must(runAdmin(dataDir, ["domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"]));
  const today = Temporal.Now.plainDateISO("UTC");
  const days = [2, 1, 0].map((n) => today.subtract({ days: n }));
  from = days[0]!.toString();
  to = days[2]!.toString();
  base = `${origin}/orgs/${boot.orgId}/sites/${site.id}`;

  const now = Date.now();
  const bing = uuid();
  const visit = async (vid: string, events: Record<string, unknown>[], utm: Record<string, string> = {}) =>
    expect((await post(server.url, batch(site.siteKey, events, { vid, tz: "UTC", utm }))).status).toBe(202);
  const page = (ts: number, query = "") => ev("pageview", ts, { u: `http://localhost/${query}` });
  const conversion = (ts: number, val: number) => ev("conversion", ts, { n: "purchase", val, oid: uuid() });
  await visit(bing, [page(now - 3_600_000), conversion(now - 3_500_000, 120)], { utm_source: "bing", utm_medium: "cpc", utm_campaign: "winter_sale" });
  await visit(uuid(), [page(now - 3_000_000), page(now - 2_950_000)], { utm_source: "linkedin", utm_medium: "paid_social", utm_campaign: "b2b_leads" });
  await visit(uuid(), [page(now - 2_400_000, "?gclid=Cj0KCQ"), conversion(now - 2_300_000, 80)]);
  await visit(uuid(), [page(now - 1_800_000, "?fbclid=IwAR0x")]);
  await visit(bing, [page(now - 600_000), conversion(now - 500_000, 45.5)]);

  // The fixtures' days (2026-11-01 … 03, also written 20261101 …) become the last three days.
  for (const file of ["ga4-cost.csv", "google-ads-campaigns.csv", "meta-ads.csv"]) {
    let text = readFileSync(join(FIXTURES, file), "utf8");
    days.forEach((day, i) => {
      text = text.replaceAll(`2026-11-0${i + 1}`, day.toString()).replaceAll(`2026110${i + 1}`, day.toString().replaceAll("-", ""));
    });
    const moved = join(dataDir, file);
    writeFileSync(moved, text);
    must(runAdmin(dataDir, ["spend", "import", "--site", site.id, "--file", moved]));
  }
  // Ingest writes in the background: wait until the five sessions are read.
  for (let tries = 0; tries < 100 && (await insights("last_non_direct")).totals.sessions < SESSIONS; tries++) await Bun.sleep(100);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

type Row = InsightRow;

/** The read API with the bootstrap key. */
async function read<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/orgs/${boot.orgId}/sites/${site.id}${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const insights = (model: string) => read<MarketingInsights>(`/insights/marketing?from=${from}&to=${to}&model=${model}`);

const PLATFORMS: Record<string, string> = { google_ads: "Google Ads", meta_ads: "Meta Ads", microsoft_ads: "Microsoft Ads", linkedin_ads: "LinkedIn Ads", tiktok_ads: "TikTok Ads", other: "Other" };
const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
const money = (n: number | null, currency: string) => (n === null ? "—" : new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(n));
const label = (key: string | null) => (key === null ? "—" : /^[a-z]/.test(key) ? key[0]!.toUpperCase() + key.slice(1).replace(/_/g, " ") : key);

/** A row's cells as the page should write them: spend and the platform's figures, ours, the ratios. */
const figures = (r: Row) => [
  money(r.spend, r.currency),
  integer.format(r.impressions),
  integer.format(r.clicks),
  decimal.format(r.platformConversions),
  money(r.platformConversionValue, r.currency),
  integer.format(r.sessions),
  integer.format(r.engagedSessions),
  integer.format(r.leads),
  decimal.format(r.conversions),
  money(r.revenue, r.currency),
  money(r.cpc, r.currency),
  money(r.cpl, r.currency),
  money(r.cpa, r.currency),
  r.roas === null ? "—" : decimal.format(r.roas),
];
const campaignCells = (r: Row) => [r.campaign ?? "—", label(r.channel), r.platform === null ? "—" : PLATFORMS[r.platform]!, ...figures(r)];

/** A signed-in owner's page at `width` (test/helpers/browser-page.ts). */
const signedIn = (run: (page: Page) => Promise<void>, width = 1440) => asOwner(browser, origin, boot, run, width);

/** Opens a page (or waits after a change) until nothing on it is loading. */
async function settled(page: Page, url?: string) {
  if (url) await page.goto(url);
  await page.locator("main h1, main h2").first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
}

async function tableCells(page: Page, caption: string): Promise<string[][]> {
  const table = page.locator("table", { has: page.locator("caption", { hasText: new RegExp(`^${caption}$`) }) });
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
}

/** Every table of the page against the answer, cell by cell (an empty list is the table's one "empty" cell). */
async function expectTables(page: Page, want: MarketingInsights) {
  const when = (iso: string | null) => (iso === null ? Promise.resolve("—") : page.evaluate((i) => new Date(i).toLocaleString(), iso));
  const platformCells = await Promise.all(want.platforms.map(async (p) => [PLATFORMS[p.platform]!, p.state === "import" ? "Imported" : "Not connected", await when(p.lastSyncAt)]));
  expect(await tableCells(page, "Ad platforms")).toEqual(platformCells);
  expect(await tableCells(page, "Totals")).toEqual([["All channels", ...figures(want.totals)]]);
  expect(await tableCells(page, "Channels")).toEqual(want.channels.map((r) => [label(r.channel), ...figures(r)]));
  expect(await tableCells(page, "Campaigns")).toEqual(want.campaigns.map(campaignCells));
  expect(await tableCells(page, "Unmatched")).toEqual(want.unmatched.map(campaignCells));
  expect(await tableCells(page, "Other currencies")).toEqual(want.otherCurrencies.map((r) => [r.currency, ...campaignCells(r)]));
}

test("the Marketing page's tables are the API's answer cell by cell, for the default model and one chosen on the page (kept in the URL)", async () => {
  const byDefault = await insights("last_non_direct");
  const linear = await insights("linear");
  // What the fixtures and the hits make, so the comparison is not of two empty answers.
  expect(byDefault.totals.sessions).toBe(SESSIONS);
  expect(byDefault.totals.spend).toBe(96 + 225 + 134 + 3106.5);
  expect(byDefault.otherCurrencies.map((r) => [r.currency, r.spend])).toEqual([["USD", 634], ["USD", 180]]);
  expect(byDefault.campaigns.length + byDefault.unmatched.length).toBeGreaterThan(2);
  expect(byDefault.platforms.map((p) => p.state)).toEqual(["import", "import", "import", "import", "not_connected", "not_connected"]);
  // Linear splits the Bing visitor's later direct conversion: a channel's credit differs between the models.
  expect(linear.channels).not.toEqual(byDefault.channels);
  await signedIn(async (page) => {
    await settled(page, `${base}/insights?from=${from}&to=${to}`);
    expect(await page.getByLabel("Attribution model").inputValue()).toBe("last_non_direct");
    await expectTables(page, byDefault);
    await page.getByLabel("Attribution model").selectOption("linear");
    await page.waitForURL(/model=linear/);
    await page.waitForFunction(() => document.querySelector("main .summary")?.textContent?.includes("linear model"));
    await settled(page);
    expect(new URL(page.url()).searchParams.get("from")).toBe(from);
    await expectTables(page, linear);
  });
}, 90_000);

test("the integrations page lists the six ad platforms with the API's states and last syncs, apart from the webhooks", async () => {
  const { items } = await read<{ items: { kind: string; platform?: string; state?: string; lastSyncAt: string | null }[] }>("/integrations");
  const ads = items.filter((i) => i.kind === "ads");
  expect(ads.map((a) => a.platform)).toEqual(Object.keys(PLATFORMS));
  await signedIn(async (page) => {
    await settled(page, `${base}/integrations`);
    const want = await Promise.all(ads.map(async (a) => [PLATFORMS[a.platform!]!, a.state === "import" ? "Imported" : "Not connected", a.lastSyncAt === null ? "—" : await page.evaluate((i) => new Date(i).toLocaleString(), a.lastSyncAt)]));
    expect(await tableCells(page, "Ad platforms")).toEqual(want);
    expect(await tableCells(page, "Webhooks of this site")).toEqual([["No integrations yet."]]);
    await expect(page.getByText(`bun run admin spend import --site ${site.id} --file F.csv`).count()).resolves.toBe(1);
  });
}, 60_000);

test("axe finds nothing serious or critical on the Marketing page (with spend, and empty), nor on the integrations page, at 1440 and 390 px", async () => {
  const empty = `${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/insights`;
  for (const width of [1440, 390]) {
    await signedIn(async (page) => {
      const found: Record<string, string[]> = {};
      for (const url of [`${base}/insights?from=${from}&to=${to}`, `${base}/insights?from=${from}&to=${to}&model=first_touch`, empty, `${base}/integrations`]) {
        await settled(page, url);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[url] = violations;
        // Wide tables scroll in their own box: the page itself never scrolls sideways.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) found[url] = [...(found[url] ?? []), `the page is ${wide} px wide`];
      }
      await settled(page, empty);
      await page.getByRole("heading", { name: "No ad spend imported yet" }).waitFor();
      expect(found).toEqual({});
    }, width);
  }
}, 120_000);

test("an organisation whose plan lacks insights is told so on the Marketing page", async () => {
  must(runAdmin(dataDir, ["org", "feature", "--org", boot.orgId, "--disable", "insights"]));
  try {
    await signedIn(async (page) => {
      await page.goto(`${base}/insights?from=${from}&to=${to}`);
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toStartWith("Not available on this plan:");
    });
  } finally {
    must(runAdmin(dataDir, ["org", "feature", "--org", boot.orgId, "--enable", "insights"]));
  }
}, 60_000);
