import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { Temporal } from "temporal-polyfill";
import { CHROME_UA } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { must, runAdmin } from "../helpers/stack.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { launchChromium, startDashboardServer, asOwner } from "../helpers/browser-page.ts";
import { SITE_PAGES } from "../../services/dashboard/web/site-pages.ts";

/**
 * Every analytics page of the dashboard against the real server (as `npm start` runs it) on a
 * demo-seeded store, in Debian's Chromium: the acquisition page's tables and a filtered overview
 * hold the API's numbers for the same range and filter, and axe finds nothing serious or
 * critical on any site page (the locations drill-down too).
 */

let server: Proc;
let browser: Browser;
let origin: string;
let boot: { orgId: string; siteId: string; key: string; ownerEmail: string; ownerPassword: string };
let from: string;
let to: string;
let base: string;

beforeAll(async () => {
  const started = await startDashboardServer("tm-dash-reports-");
  ({ server, origin, boot } = started);
  must(runAdmin(started.dataDir, ["demo", "seed", "--site", boot.siteId, "--visitors", "400", "--days", "30"]));
  const sites = (await api<{ data: { id: string; timezone: string }[] }>("")).data;
  const today = Temporal.Now.plainDateISO(sites.find((s) => s.id === boot.siteId)!.timezone);
  from = today.subtract({ days: 27 }).toString();
  to = today.toString();
  base = `${origin}/orgs/${boot.orgId}/sites/${boot.siteId}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

/** The read API with the bootstrap key: `path` under the site (or the org's sites list for ""). */
async function api<T>(path: string, body?: object): Promise<T> {
  const url = `${server.url}/api/v1/orgs/${boot.orgId}/sites${path ? `/${boot.siteId}${path}` : ""}`;
  const res = await fetch(url, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${boot.key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A signed-in owner's page (test/helpers/browser-page.ts). */
const signedIn = (run: (page: Page) => Promise<void>) => asOwner(browser, origin, boot, run);

/** Opens a page and waits until nothing on it is loading. */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator("main h1, main h2").first().waitFor();
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
}

/** A captioned table's body as text cells, row by row. */
async function tableCells(page: Page, caption: string): Promise<string[][]> {
  const table = page.locator("table", { has: page.locator("caption", { hasText: new RegExp(`^${caption}$`) }) });
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
}

const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const label = (key: string) => (/^[a-z]/.test(key) ? key[0]!.toUpperCase() + key.slice(1).replace(/_/g, " ") : key);

interface MetricRow {
  key: string;
  users: number;
  newUsers: number;
  sessions: number;
  pageviews: number;
  conversions: number;
}

test("the acquisition page's channels and source / medium tables are the API's, row for row", async () => {
  const want = await api<{ channels: MetricRow[]; sourceMedium: MetricRow[] }>(`/analytics/acquisition?from=${from}&to=${to}`);
  expect(want.channels.length).toBeGreaterThan(2);
  await signedIn(async (page) => {
    await open(page, `${base}/acquisition?from=${from}&to=${to}`);
    // Columns: key, users, new users, sessions, pageviews, …, conversions (the 10th).
    const pick = (row: MetricRow, show: (key: string) => string) => [show(row.key), ...[row.users, row.newUsers, row.sessions, row.pageviews].map((n) => integer.format(n)), integer.format(row.conversions)];
    const shown = (cells: string[][]) => cells.map((c) => [c[0], c[1], c[2], c[3], c[4], c[9]]);
    expect(shown(await tableCells(page, "Channels"))).toEqual(want.channels.map((r) => pick(r, label)));
    expect(shown(await tableCells(page, "Source / medium"))).toEqual(want.sourceMedium.map((r) => pick(r, String)));
  });
}, 60_000);

test("a filtered overview (a channel chip, kept in the URL) shows explore's totals for that channel", async () => {
  const { channels } = await api<{ channels: MetricRow[] }>(`/analytics/acquisition?from=${from}&to=${to}`);
  const channel = channels[1]!.key;
  const want = await api<{ totals: Record<string, number> }>("/explore", {
    kind: "query",
    from,
    to,
    query: { metrics: ["sessions", "users", "pageviews"], dimension: "channel", limit: 100, filters: [{ dim: "channel", op: "is", value: channel }] },
  });
  expect(want.totals.sessions).toBe(channels[1]!.sessions);
  await signedIn(async (page) => {
    await open(page, `${base}/overview?from=${from}&to=${to}&f=channel:${encodeURIComponent(channel)}`);
    for (const key of ["sessions", "users", "pageviews"]) {
      expect([key, await page.locator(`[data-kpi="${key}"] .kpi-value`).textContent()]).toEqual([key, integer.format(want.totals[key]!)]);
    }
  });
}, 60_000);

test("axe finds no serious or critical violation on any site page, nor on a locations drill-down", async () => {
  const countries = (await api<{ rows: { key: string }[] }>(`/analytics/locations?from=${from}&to=${to}`)).rows;
  const pages = [...SITE_PAGES.map((p) => `${base}/${p.key}?from=${from}&to=${to}`), `${base}/locations?from=${from}&to=${to}&country=${countries[0]!.key}`];
  await signedIn(async (page) => {
    const found: Record<string, string[]> = {};
    for (const url of pages) {
      await open(page, url);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[url] = violations;
    }
    expect(found).toEqual({});
  });
}, 120_000);

test("on a phone-wide screen a table wider than its box becomes a focusable region named by its caption, so it scrolls from the keyboard", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in`);
    await page.getByLabel("E-mail").fill(boot.ownerEmail);
    await page.getByLabel("Password").fill(boot.ownerPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator('[data-kpi="sessions"] .kpi-value').waitFor();
    await open(page, `${base}/acquisition?from=${from}&to=${to}`);
    const region = page.getByRole("region", { name: "Channels" });
    await region.waitFor();
    expect(await region.getAttribute("tabindex")).toBe("0");
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.scrollLeft! > 0);
    // Wide again, it fits: no longer a region to focus.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.waitForFunction(() => document.querySelector('.table-wrap[aria-label="Channels"]') === null);
  } finally {
    await context.close();
  }
}, 60_000);
