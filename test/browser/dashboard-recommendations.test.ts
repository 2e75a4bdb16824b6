import { beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe.ts";
import { asOwner, dashboardInChromium } from "../helpers/browser-page.ts";

/**
 * The Recommendations page against the real server in Debian's Chromium, on rows written straight
 * into the stores (the nightly job is built apart): the `general` industry's 12 organizations
 * with engagement rate p25–p75 50 %–70 % (median 60 %) and the site at 55 %; two items, slow_lcp
 * (high, score 900) above paid_untagged (medium, 300). The owner sees the peer group, the rows
 * in text and as ranges, the items in score order, and dismisses one; axe finds nothing serious
 * at 1440 and 390 px and the page never scrolls sideways.
 */

const running = dashboardInChromium("tm-dash-rec-");
let browser: Browser;
let origin: string;
let boot: { orgId: string; siteId: string; ownerEmail: string; ownerPassword: string };
let url: string;

beforeAll(async () => {
  const { dataDir } = running;
  ({ origin, boot, browser } = running);
  url = `${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/recommendations`;
  const now = Date.now();
  const control = new Database(join(dataDir, "control.sqlite"));
  control.exec("PRAGMA busy_timeout = 5000");
  const result = control.query("INSERT INTO benchmark_results (industry, day, metric, orgs, eligible, reason, p25, p50, p75, size_p25, size_p75, computed_at) VALUES ('general', '2026-11-19', ?, 12, ?, ?, ?, ?, ?, 800, 5000, ?)");
  result.run("engagementRate", 1, null, 0.5, 0.6, 0.7, now);
  result.run("lcpP75", 1, null, 1800, 2300, 2900, now);
  result.run("inpP75", 0, "no_data", null, null, null, now);
  control.close();
  const store = new Database(join(dataDir, `${boot.orgId}.sqlite`));
  store.exec("PRAGMA busy_timeout = 5000");
  store.query("INSERT INTO recommendation_runs (site_id, computed_at, window_from, window_to, sessions, metrics) VALUES (?, ?, '2026-10-22', '2026-11-18', 1200, ?)").run(boot.siteId, now, JSON.stringify({ engagementRate: 0.55, lcpP75: 3100, pagesPerSession: 2.5 }));
  const item = store.query("INSERT INTO recommendations (site_id, rule_key, status, score, severity, title, body, action, evidence, computed_at, active) VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, 1)");
  item.run(boot.siteId, "slow_lcp", 900, "high", "Slow largest paint on /pricing", "LCP p75 is 4 200 ms on /pricing.", "Compress the hero image.", JSON.stringify({ pages: ["/pricing"], lcpP75: 4200 }), now);
  item.run(boot.siteId, "paid_untagged", 300, "medium", "Paid visits without a campaign", "120 paid sessions had no utm_campaign.", "Tag your ads' final URLs.", JSON.stringify({ sessions: 120 }), now);
  store.close();
}, 120_000);

const settled = async (page: Page) => {
  await page.goto(url);
  await page.getByRole("heading", { name: "Peer group" }).waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
};

test("the owner sees the peer group, the site's place in it and the ranked items, and dismisses one", async () => {
  await asOwner(browser, origin, boot, async (page) => {
    await settled(page);
    const group = await page.locator("dl.peer-group").innerText();
    expect(group).toContain("General");
    expect(group).toContain("800 – 5,000 sessions per site");
    expect(group).toContain("2026-10-22 to 2026-11-18");
    const table = page.getByRole("table", { name: "The site beside its peers" });
    const engagement = table.getByRole("row").filter({ hasText: "Engagement rate" });
    expect(await engagement.getByRole("cell").allInnerTexts()).toEqual(["Engagement rate", "55%", "50% – 70%", "60%", ""]);
    await engagement.getByRole("img", { name: "Engagement rate: this site 55%, within p25–p75" }).waitFor();
    await table.getByRole("row").filter({ hasText: "LCP p75 (ms)" }).getByRole("img", { name: "LCP p75 (ms): this site 3,100 ms, above p75" }).waitFor();
    // INP is withheld: no range, dashes.
    expect(await table.getByRole("row").filter({ hasText: "INP p75 (ms)" }).getByRole("cell").allInnerTexts()).toEqual(["INP p75 (ms)", "—", "—", "—", "—"]);
    const titles = await page.locator(".recommendation h3").allInnerTexts();
    expect(titles.map((t) => t.trim())).toEqual(["High Slow largest paint on /pricing", "Medium Paid visits without a campaign"]);
    await page.getByRole("group", { name: "Status of “Slow largest paint on /pricing”" }).getByRole("button", { name: "Dismiss" }).click();
    await page.locator(".recommendation").first().getByText("Score 900 · Dismissed").waitFor();
    await page.getByRole("group", { name: "Status of “Slow largest paint on /pricing”" }).getByRole("button", { name: "Reopen" }).waitFor();
  });
  const store = new Database(join(running.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  expect(store.query("SELECT status, status_evidence AS evidence FROM recommendations WHERE rule_key = 'slow_lcp'").get()).toEqual({ status: "dismissed", evidence: JSON.stringify({ pages: ["/pricing"], lcpP75: 4200 }) });
  expect((store.query("SELECT count(*) AS n FROM audit_log WHERE action = 'recommendation.status_changed'").get() as { n: number }).n).toBe(1);
  store.close();
}, 90_000);

test("axe finds nothing serious at 1440 and 390 px, and the page does not scroll sideways", async () => {
  for (const width of [1440, 390]) {
    await asOwner(browser, origin, boot, async (page) => {
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }, width);
  }
}, 90_000);
