import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type Page } from "playwright-core";
import type { Proc } from "../helpers/process.ts";
import { inPage as inBrowserPage, launchChromium, signInWith, startDashboardServer, verifiedMembers } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { CHROME_UA } from "../helpers/hits.ts";
import { createShortLink } from "../helpers/short-links.ts";
import type { ShortLink, ShortLinkList } from "../../lib/shortlinks/models.ts";
import type { ShortLinkStats } from "../../lib/shortlinks/stats.ts";

/**
 * The short links pages in Debian's Chromium against the real server: an admin creates a link
 * through the form (the API's 422 and 409 shown beside their fields first), copies it and edits
 * it; the list is the API's answer row for row; a click on the short link shows on the link's
 * page exactly as `GET …/shortlinks/{id}` answers; a viewer reads without create or edit; axe
 * at 1440 and 390 px.
 */

let server: Proc;
let browser: Browser;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let site: string;
const ADMIN = { email: "ada@example.com", password: "a long enough pass phrase" };
const VIEWER = { email: "vic@example.com", password: "another long pass phrase" };

const bearer = async <T,>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

beforeAll(async () => {
  let dataDir: string;
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-dash-links-"));
  site = `/orgs/${boot.orgId}/sites/${boot.siteId}`;
  // A link that holds the slug the form will ask for (409), and one with tags for the filter.
  createShortLink(dataDir, boot, { slug: "spring", url: "https://shop.example/spring", title: "Spring sale", tags: ["newsletter", "spring"] });
  createShortLink(dataDir, boot, { slug: "autumn", url: "https://shop.example/autumn", title: "Autumn", tags: ["print"], active: false });
  verifiedMembers(dataDir, boot.orgId, [{ ...ADMIN, role: "admin" }, { ...VIEWER, role: "viewer" }]);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

const signIn = (page: Page, who: { email: string; password: string }) => signInWith(page, origin, who, "Short links");
const signedIn = (who: { email: string; password: string }, run: (page: Page) => Promise<void>, width = 1440, colorScheme: "light" | "dark" = "light") =>
  inBrowserPage(browser, async (page) => {
    await signIn(page, who);
    await run(page);
  }, { viewport: { width, height: 900 }, colorScheme, permissions: ["clipboard-read", "clipboard-write"] });

const CAPTION = "Short links, newest first";
const tableText = async (page: Page, caption: string) => {
  const table = page.getByRole("table", { name: caption });
  await table.waitFor();
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) =>
      Array.from(r.querySelectorAll("td"), (td) => {
        // A copy button's "Copied" is an announcement, not the cell's value.
        const cell = td.cloneNode(true) as Element;
        cell.querySelectorAll("[role=status]").forEach((s) => s.remove());
        return cell.textContent ?? "";
      }),
    ),
  );
};
const kpi = (page: Page, key: string) => page.locator(`[data-kpi="${key}"] .kpi-value`).textContent();
const when = (iso: string) => new Date(iso).toLocaleString("en-US");
const state = (l: ShortLink) => (!l.active ? "Inactive" : l.expiresAt && Date.parse(l.expiresAt) <= Date.now() ? "Expired" : l.maxClicks !== null && l.clicks >= l.maxClicks ? "Click limit reached" : "Active");
/** A link's row as the page must show it, from the API's answer. */
const rowOf = (l: ShortLink, manage: boolean) => [
  `/l/${l.slug}`,
  `${l.shortUrl} Copy`,
  l.title || "—",
  l.url,
  l.tags.length ? l.tags.join(", ") : "—",
  String(l.clicks),
  state(l),
  when(l.createdAt),
  ...(manage ? ["Edit"] : []),
];

test("an admin creates a link through the form (422 and 409 beside their fields first), copies it, edits it; the list is the API's, row for row", async () => {
  await signedIn(ADMIN, async (page) => {
    await page.getByRole("link", { name: "Short links" }).click();
    const before = await bearer<ShortLinkList>(`${site}/shortlinks`);
    expect(before.items.map((l) => l.slug)).toEqual(["autumn", "spring"]);
    expect(await tableText(page, CAPTION)).toEqual(before.items.map((l) => rowOf(l, true)));

    await page.getByRole("button", { name: "New link" }).click();
    const dialog = page.getByRole("dialog", { name: "New short link" });
    await dialog.getByLabel("Target URL").fill("ftp://shop.example/files");
    await dialog.getByLabel(/^Slug/).fill("spring");
    await dialog.getByRole("button", { name: "Create link" }).click();
    // The 422 first (the URL), beside its field, the field marked invalid and described by it.
    const url = dialog.getByLabel("Target URL");
    await dialog.locator("#problem-url").waitFor();
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.locator("#problem-url").textContent()).toBe("must be an http(s) URL");
    expect(await url.getAttribute("aria-describedby")).toBe("problem-url");

    await url.fill("https://Shop.example/summer");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await dialog.locator("#problem-slug").waitFor();
    const conflict = await dialog.locator("#problem-slug").textContent();
    expect(conflict).toMatch(/taken|in use|exists/i);
    expect(await dialog.getByLabel(/^Slug/).getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel(/^Slug/).fill("Summer-26");
    await dialog.getByLabel("Title").fill("Summer sale");
    await dialog.getByLabel("Tags, separated by commas").fill("Newsletter, summer");
    await dialog.getByLabel("UTM source").fill("newsletter");
    await dialog.getByLabel("UTM medium").fill("email");
    await dialog.getByLabel("UTM campaign").fill("summer26");
    await dialog.getByLabel(/^Expires/).fill("2030-06-01T12:30");
    await dialog.getByLabel(/^Click limit/).fill("1000");
    await dialog.getByLabel(/^Fallback URL/).fill("https://shop.example/");
    await dialog.getByRole("button", { name: "Create link" }).click();
    await dialog.waitFor({ state: "hidden" });

    const after = await bearer<ShortLinkList>(`${site}/shortlinks`);
    const made = after.items[0]!;
    expect(made).toMatchObject({
      slug: "summer-26", url: "https://shop.example/summer", title: "Summer sale", tags: ["newsletter", "summer"], maxClicks: 1000, fallbackUrl: "https://shop.example/", active: true,
      // The browser's local time, sent as an instant.
      expiresAt: new Date(2030, 5, 1, 12, 30).toISOString(),
      utm: { source: "newsletter", medium: "email", campaign: "summer26", term: null, content: null }, shortUrl: `${origin}/l/summer-26`,
    });
    await page.getByRole("cell", { name: /\/l\/summer-26/ }).first().waitFor();
    expect(await tableText(page, CAPTION)).toEqual(after.items.map((l) => rowOf(l, true)));

    // Copy: the address on the clipboard, "Copied" said politely.
    await page.getByRole("button", { name: `Copy ${made.shortUrl}` }).click();
    await page.waitForFunction(() => document.querySelector("[role=status][aria-live=polite]")?.textContent === "Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made.shortUrl);

    // Edit: a new title, a tag dropped, deactivated; only what changed is sent (PATCH).
    await page.getByRole("button", { name: "Edit /l/summer-26" }).click();
    const edit = page.getByRole("dialog", { name: "Edit /l/summer-26" });
    expect(await edit.getByLabel("Target URL").inputValue()).toBe("https://shop.example/summer");
    expect(await edit.getByLabel("Tags, separated by commas").inputValue()).toBe("newsletter, summer");
    await edit.getByLabel("Title").fill("Summer sale, second wave");
    await edit.getByLabel("Tags, separated by commas").fill("summer");
    await edit.getByLabel("UTM campaign").fill("");
    await edit.getByRole("checkbox", { name: /Active/ }).uncheck();
    await edit.getByRole("button", { name: "Save link" }).click();
    await edit.waitFor({ state: "hidden" });
    const edited = (await bearer<ShortLinkList>(`${site}/shortlinks`)).items[0]!;
    expect(edited).toMatchObject({ id: made.id, expiresAt: made.expiresAt, title: "Summer sale, second wave", tags: ["summer"], active: false, utm: { source: "newsletter", medium: "email", campaign: null } });
    await page.getByRole("cell", { name: "Summer sale, second wave" }).waitFor();
    expect((await tableText(page, CAPTION))[0]).toEqual(rowOf(edited, true));
    expect((await tableText(page, CAPTION))[0]![6]).toBe("Inactive");

    // Active again, through the same form.
    await page.getByRole("button", { name: "Edit /l/summer-26" }).click();
    await page.getByRole("dialog", { name: "Edit /l/summer-26" }).getByRole("checkbox", { name: /Active/ }).check();
    await page.getByRole("button", { name: "Save link" }).click();
    await page.getByRole("cell", { name: "Active", exact: true }).first().waitFor();
    expect((await bearer<ShortLinkList>(`${site}/shortlinks`)).items[0]!.active).toBe(true);

    // Search and tag in the URL, as the API filters (once the dialog, with its own "Tags" field, has gone).
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page.locator('select[name="tag"]').selectOption("newsletter");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/tag=newsletter/);
    const tagged = await bearer<ShortLinkList>(`${site}/shortlinks?tag=newsletter`);
    expect(tagged.items.map((l) => l.slug)).toEqual(["spring"]);
    await page.getByRole("cell", { name: "Summer sale, second wave" }).waitFor({ state: "detached" });
    expect(await tableText(page, CAPTION)).toEqual(tagged.items.map((l) => rowOf(l, true)));
    await page.goto(`${origin}${site}/links?q=AUTUMN`);
    await page.getByRole("cell", { name: "/l/autumn", exact: true }).waitFor();
    expect(await tableText(page, CAPTION)).toEqual((await bearer<ShortLinkList>(`${site}/shortlinks?q=AUTUMN`)).items.map((l) => rowOf(l, true)));
  });
}, 90_000);

test("a click on the short link shows on the link's page exactly as the API's stats; QR preview and downloads", async () => {
  const link = (await bearer<ShortLinkList>(`${site}/shortlinks?q=summer-26`)).items[0]!;
  // A person's click from a newsletter, and a bot's: the bot is counted apart.
  const click = await fetch(`${origin}/l/summer-26?ref=mail`, { redirect: "manual", headers: { "user-agent": CHROME_UA, referer: "https://news.example/issue-3" } });
  expect(click.status).toBe(302);
  expect(click.headers.get("location")).toStartWith("https://shop.example/summer?");
  const bot = await fetch(`${origin}/l/summer-26`, { redirect: "manual", headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
  expect(bot.status).toBe(302);
  const stats = await bearer<ShortLinkStats>(`${site}/shortlinks/${link.id}`);
  expect(stats.clicks).toEqual({ human: 1, bot: 1, preview: 0, qr: 0 });
  expect(stats.referrers).toEqual([{ host: "news.example", clicks: 1 }]);

  await signedIn(ADMIN, async (page) => {
    await page.goto(`${origin}${site}/links`);
    await page.getByRole("link", { name: "/l/summer-26" }).click();
    await page.getByRole("heading", { name: /\/l\/summer-26/ }).waitFor();
    for (const k of ["human", "qr", "bot", "preview"] as const) expect(await kpi(page, k)).toBe(String(stats.clicks[k]));
    for (const k of ["sessions", "engagedSessions", "leads", "conversions"] as const) expect(await kpi(page, k)).toBe(String(stats.outcomes[k]));
    expect(await kpi(page, "revenue")).toBe(new Intl.NumberFormat(undefined, { style: "currency", currency: stats.outcomes.currency }).format(stats.outcomes.revenue));
    await page.getByText("Daily numbers").click();
    expect(await tableText(page, "Clicks per day")).toEqual(stats.days.map((d) => [d.date, String(d.human), String(d.qr), String(d.bot), String(d.preview)]));
    expect(stats.days.reduce((n, d) => n + d.human, 0)).toBe(1);
    // From this machine: no country found for the address.
    expect(stats.countries).toEqual([{ country: "(unknown)", clicks: 1 }]);
    expect(await tableText(page, "Countries (human clicks and QR scans)")).toEqual([["Unknown", "1"]]);
    expect(await tableText(page, "Devices (human clicks and QR scans)")).toEqual([["Desktop", "1"]]);
    expect(stats.devices).toEqual([{ device: "desktop", clicks: 1 }]);
    expect(await tableText(page, "Referrers (human clicks and QR scans)")).toEqual([["news.example", "1"]]);
    expect(await page.locator("figure.chart canvas").count()).toBeGreaterThan(0);

    // The QR preview is the API's SVG, drawn; the downloads are the API's files.
    const img = page.getByRole("img", { name: `QR code of ${link.shortUrl}` });
    await page.waitForFunction(() => (document.querySelector("img.qr") as HTMLImageElement | null)?.naturalWidth! > 0);
    expect(await img.getAttribute("src")).toBe(`/api/v1${site}/shortlinks/${link.id}/qr.svg`);
    for (const [kind, type] of [["SVG", "image/svg+xml"], ["PNG", "image/png"]] as const) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: new RegExp(`Download the QR code as ${kind}`) }).click()]);
      expect(download.suggestedFilename()).toBe(`summer-26.${kind.toLowerCase()}`);
      const api = await fetch(`${server.url}/api/v1${site}/shortlinks/${link.id}/qr.${kind.toLowerCase()}`, { headers: { authorization: `Bearer ${boot.key}` } });
      expect(api.headers.get("content-type")).toStartWith(type);
      const saved = await Bun.file((await download.path())!).arrayBuffer();
      expect(Buffer.from(saved).equals(Buffer.from(await api.arrayBuffer()))).toBe(true);
    }
  });
}, 60_000);

test("a viewer reads the links and a link's stats, with no New link or Edit", async () => {
  await signedIn(VIEWER, async (page) => {
    await page.getByRole("link", { name: "Short links" }).click();
    const list = await bearer<ShortLinkList>(`${site}/shortlinks`);
    expect(await tableText(page, CAPTION)).toEqual(list.items.map((l) => rowOf(l, false)));
    expect(await page.getByRole("button", { name: "New link" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Edit/ }).count()).toBe(0);
    await page.getByText("The links are read-only here").waitFor();
    await page.getByRole("link", { name: "/l/spring" }).click();
    await page.getByRole("heading", { name: /\/l\/spring/ }).waitFor();
    expect(await kpi(page, "human")).toBe("0");
  });
}, 60_000);

test("axe finds no serious or critical violation on the list, the form and a link's page at 1440 and 390 px, light and dark; nothing scrolls sideways", async () => {
  const link = (await bearer<ShortLinkList>(`${site}/shortlinks?q=summer-26`)).items[0]!;
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  for (const [width, scheme] of [[1440, "light"], [390, "light"], [1440, "dark"], [390, "dark"]] as const) {
    await signedIn(ADMIN, async (page) => {
      await page.goto(`${origin}${site}/links`);
      await page.getByRole("table", { name: CAPTION }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);
      await page.getByRole("button", { name: "New link" }).click();
      const dialog = page.getByRole("dialog", { name: "New short link" });
      await dialog.getByLabel("Target URL").fill("javascript:alert(1)");
      await dialog.getByRole("button", { name: "Create link" }).click();
      await dialog.locator("#problem-url").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await page.goto(`${origin}${site}/links/${link.id}`);
      await page.getByRole("heading", { name: /\/l\/summer-26/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sideways(page)).toBe(false);
    }, width, scheme);
  }
}, 90_000);
