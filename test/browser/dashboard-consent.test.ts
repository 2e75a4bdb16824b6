import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type Page } from "playwright-core";
import type { Proc } from "../helpers/process.ts";
import { inPage as inBrowserPage, launchChromium, signInWith, startDashboardServer, verifiedMembers } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { ConsentRows, type ScanFinding } from "../helpers/consent-inventory.ts";
import type { ItemKind } from "../../lib/consent/categories.ts";
import type { CookieInventory, InventoryItem } from "../../lib/consent/models.ts";

/**
 * The Consent page in Debian's Chromium against the real server, on an inventory written
 * through the tables as ingest and the scanner write them (test/helpers/consent-inventory.ts):
 * the table row for row as `GET …/cookies` answers (violations first, with their evidence),
 * the summary and the items gone since the previous scan; the filters kept in the URL;
 * "Reclassify" as an admin changes the API's answer and "Remove" undoes it; a viewer sees no
 * manage button; "Scan now" queues a scan the page follows to its end; axe at 1440 and 390 px
 * in both themes.
 */

let server: Proc;
let browser: Browser;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let site: string;
const ADMIN = { email: "ada@example.com", password: "a long enough pass phrase" };
const VIEWER = { email: "vic@example.com", password: "another long pass phrase" };
const HOUR = 3_600_000;
const HOME = "http://localhost/";

const bearer = async <T,>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

beforeAll(async () => {
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-dash-consent-"));
  site = `/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const rows = new ConsentRows(dataDir, boot.orgId);
  const now = Date.now();
  const t = (hoursAgo: number) => now - hoursAgo * HOUR;
  const found = (kind: ItemKind, name: string, pass: 1 | 2, at: number, httpOnly: boolean | null = kind === "cookie" ? false : null, host = kind === "host" ? name : "localhost"): ScanFinding => ({ kind, name, pass, host, page: HOME, at, httpOnly });
  // The previous scan: _ga before consent, a cookie since gone, _fbp after accepting all.
  await rows.scan(boot.siteId, { status: "done", trigger: "schedule", queuedAt: t(200), startedAt: t(200), finishedAt: t(199.9), pages: 2, items: [found("cookie", "_ga", 1, t(200)), found("cookie", "_retired", 1, t(200)), found("cookie", "_fbp", 2, t(200))] });
  // Visits: the home page before consent sets _ga, _fbp and loads the tag manager; the shop, with analytics granted only, sets _gcl_au (marketing); a necessary session cookie everywhere.
  rows.visit(boot.siteId, { url: HOME, state: 0, at: t(50), cookies: ["_ga", "_fbp", "PHPSESSID"], storage: ["cart_id"], hosts: ["www.googletagmanager.com"] });
  rows.visit(boot.siteId, { url: `${HOME}shop`, state: 1, at: t(40), cookies: ["_gcl_au", "PHPSESSID"] });
  rows.visit(boot.siteId, { url: HOME, state: 3, at: t(30), cookies: ["_ga", "_fbp", "PHPSESSID", "prefs"] });
  // The latest scan: _ga and an HttpOnly session cookie before consent, IDE (a third party's) after accepting all.
  await rows.scan(boot.siteId, {
    status: "done", trigger: "cli", queuedAt: t(20), startedAt: t(20), finishedAt: t(19.9), pages: 3,
    items: [found("cookie", "_ga", 1, t(20)), found("cookie", "PHPSESSID", 1, t(20), true), found("cookie", "IDE", 2, t(20), true, ".doubleclick.net"), found("host", "www.googletagmanager.com", 1, t(20))],
  });

  verifiedMembers(dataDir, boot.orgId, [{ ...ADMIN, role: "admin" }, { ...VIEWER, role: "viewer" }]);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

const signIn = (page: Page, who: { email: string; password: string }) => signInWith(page, origin, who, "Consent");
const signedIn = (who: { email: string; password: string }, run: (page: Page) => Promise<void>, width = 1440) =>
  inBrowserPage(browser, async (page) => {
    await signIn(page, who);
    await run(page);
  }, { viewport: { width, height: 900 } });

const CAPTION = /^Inventory, violations first/;
const tableText = async (page: Page, caption: string | RegExp) => {
  const table = page.getByRole("table", { name: caption });
  await table.waitFor();
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
};
const kpi = (page: Page, key: string) => page.locator(`[data-kpi="${key}"] .kpi-value`).textContent();

const when = (iso: string) => new Date(iso).toLocaleString("en-US");
const CATEGORY = { necessary: "Necessary", analytics: "Analytics", marketing: "Marketing", personalization: "Personalization", unknown: "Unknown" };
const KIND = { cookie: "Cookie", storage: "Storage key", host: "Third-party host" };
const MATCH = { override: "This site's own classification", builtin: "Tidemark's own key", name: "Open Cookie Database, by name", prefix: "Open Cookie Database, by name prefix", host: "By the host's vendor", none: "Not classified" };
const STATE = (c: { analytics: boolean; marketing: boolean }) => (c.analytics && c.marketing ? "everything granted" : c.analytics ? "analytics granted, marketing not" : c.marketing ? "marketing granted, analytics not" : "nothing granted");

/** An item's row as the page must show it, from the API's answer. */
const rowOf = (i: InventoryItem, manage: boolean) => [
  i.name,
  KIND[i.kind],
  CATEGORY[i.category],
  i.vendor || "—",
  i.violation ? (i.lowEvidence ? "Violation, low evidence" : "Violation") : "No",
  i.evidence ? `${i.evidence.source === "visits" ? "A visit" : "The scanner"} saw it on ${i.evidence.page} at ${when(i.evidence.at)}, ${STATE(i.evidence.consent)}` : "—",
  i.purpose || "—",
  MATCH[i.match],
  i.sources.map((s) => (s === "visits" ? "Visits" : "Scanner")).join(", "),
  i.host || "—",
  [i.change === "new" ? "New in the latest scan" : null, i.gated ? "Only after accepting all" : null, i.httpOnly ? "HttpOnly" : null].filter(Boolean).join("; ") || "—",
  when(i.lastSeenAt),
  ...(manage ? ["Reclassify"] : []),
];

test("the table is the API's answer row for row, violations first with their evidence; the summary, the scanner and the items gone since the previous scan", async () => {
  const inv = await bearer<CookieInventory>(`${site}/cookies`);
  // Non-trivial: violations from visits and from the scan, a gated item, a removed one.
  expect(inv.items.filter((i) => i.violation).map((i) => i.name)).toEqual(["_ga", "www.googletagmanager.com", "_fbp", "_gcl_au"]);
  expect(inv.items.find((i) => i.name === "IDE")).toMatchObject({ gated: true, httpOnly: true, violation: false, change: "new" });
  // Low evidence: the violations only visits report, from fewer than three visitors (these rows have no witnesses); the scanner confirms _ga and the tag manager.
  expect(inv.items.filter((i) => i.lowEvidence).map((i) => i.name)).toEqual(["_fbp", "_gcl_au"]);
  // _fbp too: the latest scan did not find it, and visits last saw it before that scan started.
  expect(inv.removed.map((r) => r.name)).toEqual(["_fbp", "_retired"]);
  await signedIn({ email: boot.ownerEmail, password: boot.ownerPassword }, async (page) => {
    await page.getByRole("link", { name: "Consent" }).click();
    expect(await tableText(page, CAPTION)).toEqual(inv.items.map((i) => rowOf(i, true)));
    // Confirmed violations first (the scanner saw _ga before consent), then those of low evidence, marked so, with their evidence in words: the home page, before any consent.
    const shown = await tableText(page, CAPTION);
    expect(shown.slice(0, 4).map((r) => [r[0], r[4]])).toEqual([["_ga", "Violation"], ["www.googletagmanager.com", "Violation"], ["_fbp", "Violation, low evidence"], ["_gcl_au", "Violation, low evidence"]]);
    const fbp = shown[2]!;
    expect(fbp[5]).toStartWith(`A visit saw it on ${HOME} at `);
    expect(fbp[5]).toEndWith(", nothing granted");
    expect(await page.locator("[data-low-evidence]").count()).toBe(2);
    expect(await kpi(page, "total")).toBe(String(inv.summary.total));
    expect(await kpi(page, "violations")).toBe(String(inv.summary.violations));
    expect(await kpi(page, "lowEvidence")).toBe("2");
    expect(await kpi(page, "unknown")).toBe(String(inv.summary.unknown));
    for (const c of ["necessary", "analytics", "marketing", "personalization"] as const) expect(await kpi(page, c)).toBe(String(inv.summary.byCategory[c]));
    expect(await page.locator("[data-scan-status]").getAttribute("data-scan-status")).toBe("done");
    expect(await page.locator("[data-scan-status]").textContent()).toBe(
      `Done: requested by the admin CLI; started ${when(inv.scan.startedAt!)}; finished ${when(inv.scan.finishedAt!)}; ${inv.scan.pages} pages read, ${inv.scan.found} items found. The scanner starts at ${inv.defaultUrl}.`,
    );
    expect(await tableText(page, "Found by the previous scan, not by the latest, and not seen by visits since")).toEqual(
      inv.removed.map((r) => [r.name, KIND[r.kind], r.host, CATEGORY[r.category], r.vendor || "—"]),
    );
    // The settings, read-only, with the command that changes them.
    await page.getByRole("heading", { name: "Consent settings" }).waitFor();
    await page.getByText(`bun run admin site consent --site ${boot.siteId}`).waitFor();
    expect(await page.getByRole("button", { name: "Scan now" }).count()).toBe(1);
  });
}, 60_000);

test("filters narrow the table in the API's order and are kept in the URL", async () => {
  const inv = await bearer<CookieInventory>(`${site}/cookies`);
  await signedIn({ email: boot.ownerEmail, password: boot.ownerPassword }, async (page) => {
    await page.goto(`${origin}${site}/consent`);
    await page.getByRole("table", { name: CAPTION }).waitFor();
    await page.getByLabel("Kind").selectOption("cookie");
    await page.getByLabel("Show").selectOption("1");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL((u) => u.searchParams.get("kind") === "cookie" && u.searchParams.get("violations") === "1");
    const violatingCookies = inv.items.filter((i) => i.kind === "cookie" && i.violation);
    expect(violatingCookies.map((i) => i.name)).toEqual(["_ga", "_fbp", "_gcl_au"]);
    expect(await tableText(page, CAPTION)).toEqual(violatingCookies.map((i) => rowOf(i, true)));
    // A category and a search, from a link: the same view.
    await page.goto(`${origin}${site}/consent?category=marketing&q=GOOGLE`);
    const googleMarketing = inv.items.filter((i) => i.category === "marketing" && [i.name, i.host, i.vendor, i.purpose].some((s) => s.toLowerCase().includes("google")));
    expect(googleMarketing.length).toBeGreaterThan(0);
    expect(await tableText(page, CAPTION)).toEqual(googleMarketing.map((i) => rowOf(i, true)));
    expect(await page.getByLabel("Category").inputValue()).toBe("marketing");
    expect(await page.getByLabel("Search names, hosts, vendors").inputValue()).toBe("GOOGLE");
    await page.getByRole("link", { name: "Clear filters" }).click();
    expect(await tableText(page, CAPTION)).toHaveLength(inv.items.length);
  });
}, 60_000);

test("an admin reclassifies an item: the API answers the override; removing it brings the database's class back", async () => {
  await signedIn(ADMIN, async (page) => {
    await page.goto(`${origin}${site}/consent?q=cart_id`);
    expect((await tableText(page, CAPTION)).map((r) => [r[0], r[2], r[7]])).toEqual([["cart_id", "Unknown", "Not classified"]]);
    await page.getByRole("button", { name: "Reclassify cart_id" }).click();
    const dialog = page.getByRole("dialog", { name: "Reclassify cart_id" });
    await dialog.getByLabel("Category").selectOption("necessary");
    await dialog.getByLabel("Vendor").fill("Our shop");
    await dialog.getByLabel("Purpose").fill("Keeps the basket between pages");
    await dialog.getByRole("button", { name: "Save classification" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.querySelector("tbody tr td:nth-child(3)")?.textContent === "Necessary");
    const after = (await bearer<CookieInventory>(`${site}/cookies`)).items.find((i) => i.name === "cart_id")!;
    expect(after).toMatchObject({ category: "necessary", vendor: "Our shop", purpose: "Keeps the basket between pages", match: "override" });
    expect(await tableText(page, CAPTION)).toEqual([rowOf(after, true)]);

    await page.getByRole("button", { name: "Reclassify cart_id" }).click();
    await dialog.getByRole("button", { name: "Remove this site's classification" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.querySelector("tbody tr td:nth-child(3)")?.textContent === "Unknown");
    expect((await bearer<CookieInventory>(`${site}/cookies`)).items.find((i) => i.name === "cart_id")).toMatchObject({ category: "unknown", match: "none" });
  });
}, 60_000);

test("a viewer reads the same table with no manage buttons", async () => {
  const inv = await bearer<CookieInventory>(`${site}/cookies`);
  await signedIn(VIEWER, async (page) => {
    await page.goto(`${origin}${site}/consent`);
    expect(await tableText(page, CAPTION)).toEqual(inv.items.map((i) => rowOf(i, false)));
    expect(await page.getByRole("button", { name: /^Reclassify/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Scan now" }).count()).toBe(0);
    await page.getByText("The classifications are read-only here").waitFor();
  });
}, 60_000);

test("Scan now queues a scan; the page follows it to its end: the scanner may not reach this private address, and says so", async () => {
  await signedIn({ email: boot.ownerEmail, password: boot.ownerPassword }, async (page) => {
    await page.goto(`${origin}${site}/consent`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/cookies/scan") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Scan now" }).click();
    const queued = await answer;
    expect(queued.status()).toBe(202);
    expect(await queued.json()).toMatchObject({ trigger: "dashboard" });
    // The hooks service runs it at once; the page asks again every 5 s while it is queued or running.
    await page.waitForFunction(() => document.querySelector("[data-scan-status]")?.getAttribute("data-scan-status") === "failed", undefined, { timeout: 40_000 });
    const inv = await bearer<CookieInventory>(`${site}/cookies`);
    expect(inv.scan).toMatchObject({ status: "failed", trigger: "dashboard" });
    expect(await page.locator(".consent-scan .error").textContent()).toBe(`The scan failed: ${inv.scan.error}`);
    // The last done scan's items stay.
    expect(inv.scan.itemsFrom).not.toBeNull();
    expect(await page.getByRole("button", { name: "Scan now" }).isEnabled()).toBe(true);
  });
}, 60_000);

test("axe finds no serious or critical violation, light and dark, at 1440 and 390 px (the reclassify dialog open too, Escape giving focus back), and the page does not scroll sideways", async () => {
  for (const width of [1440, 390]) {
    await signedIn({ email: boot.ownerEmail, password: boot.ownerPassword }, async (page) => {
      const found: Record<string, string[]> = {};
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${origin}${site}/consent`);
        await page.getByRole("table", { name: CAPTION }).waitFor();
        await page.getByRole("heading", { name: "Consent settings" }).waitFor();
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[`${width} ${scheme}`] = violations;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.getByRole("button", { name: "Reclassify _ga" }).click();
        await page.getByRole("dialog", { name: "Reclassify _ga" }).waitFor();
        const inDialog = await seriousViolations(page);
        if (inDialog.length > 0) found[`${width} ${scheme} dialog`] = inDialog;
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
        // Focus goes back to the button that opened it.
        expect(await page.getByRole("button", { name: "Reclassify _ga" }).evaluate((b) => b === document.activeElement)).toBe(true);
      }
      expect(found).toEqual({});
    }, width);
  }
}, 120_000);

test("a long inventory is paged a hundred rows at a time, in the API's order, the page in the URL", async () => {
  const rows = new ConsentRows(dataDir, boot.orgId);
  rows.visit(boot.siteId, { url: `${HOME}catalogue`, state: 0, at: Date.now() - HOUR, storage: Array.from({ length: 150 }, (_, i) => `basket_${String(i).padStart(3, "0")}`) });
  const inv = await bearer<CookieInventory>(`${site}/cookies`);
  expect(inv.items.length).toBeGreaterThan(150);
  await signedIn({ email: boot.ownerEmail, password: boot.ownerPassword }, async (page) => {
    await page.goto(`${origin}${site}/consent`);
    expect(await tableText(page, CAPTION)).toEqual(inv.items.slice(0, 100).map((i) => rowOf(i, true)));
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    expect(await tableText(page, CAPTION)).toEqual(inv.items.slice(100, 200).map((i) => rowOf(i, true)));
    expect(await page.locator("[data-total]").textContent()).toBe(`${inv.items.length} items (100 a page) · page 2 of ${Math.ceil(inv.items.length / 100)}`);
  });
}, 60_000);
