import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { type Browser, type Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { batch, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { enrolTwoFactor, inPage as inBrowserPage, launchChromium, startDashboardServer, verifiedMembers } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";

/**
 * Sites, visitors, a profile, leads (with the CSV export behind the step-up dialog) and the
 * activity log in Debian's Chromium against the real server (services/router/main.ts), on a
 * store seeded with hits through /v1/collect and leads written as the inbound webhook stores
 * them. Every number read from the page is compared with the API's answer to the same query.
 */

let server: Proc;
let browser: Browser;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let site: string;
const HOUR = 3_600_000;
const V = { A: uuid(), B: uuid(), C: uuid(), D: uuid() };
const VIEWER = { email: "vera@example.com", password: "a long enough viewer phrase" };
const ANALYST = { email: "otto@example.com", password: "a long enough analyst phrase" };

const bearer = async (path: string) => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-people-e2e-"));
  site = `/orgs/${boot.orgId}/sites/${boot.siteId}`;

  // Four consenting visitors over the last days: A buys, B and C share a user id, D came from a campaign.
  const now = Date.now();
  const page = (path: string, at: number) => ev("pageview", at, { u: `http://localhost${path}`, ti: path });
  const send = async (vid: string, events: Record<string, unknown>[], o: { mobile?: boolean; utm?: Record<string, string> } = {}) => {
    const res = await post(server.url, batch(boot.siteKey, events, { vid, sid: uuid(), utm: o.utm }), o.mobile ? { "user-agent": IPHONE_UA } : {});
    expect(res.status).toBe(202);
  };
  await send(V.A, [page("/pricing", now - 72 * HOUR), ev("engagement", now - 72 * HOUR + 360_000, { u: "http://localhost/pricing", et: 360_000 })]);
  await send(V.D, [page("/", now - 50 * HOUR), page("/blog", now - 50 * HOUR + 60_000)], { utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "fall" } });
  await send(V.A, [page("/", now - 26 * HOUR), page("/demo", now - 26 * HOUR + 60_000), ev("conversion", now - 26 * HOUR + 120_000, { n: "buy", val: 120 })]);
  await send(V.B, [page("/contact", now - 5 * HOUR), ev("identify", now - 5 * HOUR + 10_000, { uid: "u-42" })], { mobile: true });
  await send(V.C, [page("/docs", now - 2 * HOUR), ev("identify", now - 2 * HOUR + 5_000, { uid: "u-42" })]);

  // Leads as the inbound webhook stores them, two tied to visitors (once ingest has stored them).
  const db = new Database(join(dataDir, `${boot.orgId}.sqlite`));
  const seqOf = (vid: string) => db.query("SELECT seq FROM visitor_rows WHERE uid = ?").get(Buffer.from(vid.replaceAll("-", ""), "hex")) as { seq: number } | null;
  for (const deadline = Date.now() + 10_000; !(seqOf(V.B) && seqOf(V.D)) && Date.now() < deadline; ) await Bun.sleep(50);
  const lead = db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, visitor, path, country, channel, campaign, source_medium)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  lead.run("0000000000000000000000d1", boot.siteId, now - 49 * HOUR, "connector", "Typeform abc", "Bea S.", "bea@example.com", null, null, null, seqOf(V.D)!.seq, "/blog", "GB", "email", "fall", "newsletter / email");
  lead.run("0000000000000000000000b1", boot.siteId, now - 5 * HOUR + 60_000, "api", "Webhook", "Bea Smith", "bea@example.com", "+1 555 0100", "Acme, Inc.", "Call me", seqOf(V.B)!.seq, "/contact", "GB", "direct", null, "(direct) / (none)");
  lead.run("0000000000000000000000f1", boot.siteId, now - 3 * HOUR, "form", "Contact form", "=Sum(A1)", "sam@example.com", null, null, "Hello, there", null, "/contact", "FR", "organic_search", null, "google / organic");
  // 50 more, older: the list has two pages (50 a page); the export has them all.
  for (let i = 0; i < 50; i++) lead.run(`00000000000000000000e${String(i).padStart(3, "0")}`, boot.siteId, now - 10 * HOUR - i * 60_000, "form", "Newsletter form", `Reader ${i}`, `reader${i}@example.com`, null, null, null, null, "/blog", "DE", "email", null, "newsletter / email");
  db.close();

  // A viewer (no leads.read, no analytics.pii.read) and an analyst without two-factor, e-mails verified by the operator's hand.
  verifiedMembers(dataDir, boot.orgId, [{ ...VIEWER, role: "viewer" }, { ...ANALYST, role: "analyst" }]);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

const inPage = (run: (page: Page) => Promise<void>) => inBrowserPage(browser, run);

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${origin}/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Visitors" }).waitFor();
}

/** The API path (after /api/v1) and query of the next answer the page gets from `pathPart`. */
const nextAnswer = (page: Page, pathPart: RegExp) =>
  page.waitForResponse((r) => pathPart.test(new URL(r.url()).pathname) && r.request().method() === "GET").then((r) => {
    const url = new URL(r.url());
    return url.pathname.replace(/^\/api\/v1/, "") + url.search;
  });

const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });

/** The visitors table as the page shows it: id (from the profile link), score, sessions, visitor column text. */
async function visitorRows(page: Page) {
  const rows = page.getByRole("table", { name: "Visitors" }).locator("tbody tr");
  const out: { id: string; who: string; score: string; sessions: string }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).locator("td");
    const href = (await cells.nth(0).locator("a").getAttribute("href"))!;
    out.push({ id: new URL(href, origin).pathname.split("/").pop()!, who: (await cells.nth(0).textContent())!, score: (await cells.nth(1).textContent())!, sessions: (await cells.nth(4).textContent())! });
  }
  return out;
}

const expectRowsEqual = async (page: Page, answer: { total: number; items: { visitorId: string; leadScore: number; sessions: number }[] }) => {
  expect(await page.locator("[data-total]").getAttribute("data-total")).toBe(String(answer.total));
  expect((await visitorRows(page)).map(({ id, score, sessions }) => ({ id, score, sessions }))).toEqual(
    answer.items.map((v) => ({ id: v.visitorId, score: integer.format(v.leadScore), sessions: integer.format(v.sessions) })),
  );
};

test("the owner: visitors and a profile equal the API's answers, leads export through the step-up dialog equals the API's CSV, the activity log and sites show the API's rows; axe and keyboard", async () => {
  await inPage(async (page) => {
    await signIn(page, boot.ownerEmail, boot.ownerPassword);
    // Two-factor enrolled through the API with the page's cookie, its first 15 minutes aged away.
    const app = await enrolTwoFactor(page, origin, boot.ownerPassword);
    await page.reload();

    // Visitors: the page's numbers equal the API's answer to the same query.
    let asked = nextAnswer(page, /\/visitors$/);
    await page.getByRole("link", { name: "Visitors" }).click();
    let query = await asked;
    await page.getByRole("table", { name: "Visitors" }).waitFor();
    let answer = await bearer(query);
    expect(answer.total).toBe(4);
    await expectRowsEqual(page, answer);
    for (const [tier, n] of Object.entries(answer.tiers)) expect(await page.locator(`[data-facet="tier:${tier}"] .count`).textContent()).toBe(String(n));
    expect(await seriousViolations(page)).toEqual([]);
    // The dark theme too (contrast of the facets, filters and pager).
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Dark theme" }).click();

    // A filter by keyboard alone: into the URL, and the list equals the API's filtered answer.
    asked = nextAnswer(page, /\/visitors$/);
    await page.getByLabel("Minimum score").focus();
    await page.keyboard.type("21");
    await page.keyboard.press("Enter");
    query = await asked;
    expect(new URL(page.url()).searchParams.get("minScore")).toBe("21");
    expect(new URLSearchParams(query.split("?")[1]).get("minScore")).toBe("21");
    answer = await bearer(query);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.total).toBeLessThan(4);
    await page.waitForFunction((n) => document.querySelector("[data-total]")?.getAttribute("data-total") === String(n), answer.total);
    await expectRowsEqual(page, answer);
    const top = answer.items[0];

    // The first row's profile, opened from the keyboard.
    const link = page.getByRole("table", { name: "Visitors" }).locator("tbody tr").first().locator("a");
    await link.focus();
    asked = nextAnswer(page, /\/visitors\/[0-9a-f-]{36}$/);
    await page.keyboard.press("Enter");
    const profile = await bearer(await asked);
    expect(profile.visitorId).toBe(top.visitorId);
    await page.locator('[data-kpi="leadScore"] .kpi-value').waitFor();
    const kpi = (key: string) => page.locator(`[data-kpi="${key}"] .kpi-value`).textContent();
    expect(await kpi("leadScore")).toBe(integer.format(profile.leadScore));
    expect(await kpi("sessions")).toBe(integer.format(profile.totals.sessions));
    expect(await kpi("pageviews")).toBe(integer.format(profile.totals.pageviews));
    expect(await kpi("conversions")).toBe(integer.format(profile.totals.conversions));
    expect(await page.getByRole("table", { name: "Sessions, newest first" }).locator("tbody tr").count()).toBe(profile.sessions.length);
    expect(await page.getByRole("table", { name: "Pages, newest session first" }).locator("tbody tr").count()).toBe(profile.sessions.reduce((n: number, s: { pages: unknown[] }) => n + s.pages.length, 0));
    expect(await seriousViolations(page)).toEqual([]);

    // B's profile: linked ids (C by the user id; D's lead with the same e-mail links nobody) and the unmasked lead, as the API answers them.
    await page.goto(`${origin}${site}/visitors/${V.B}`);
    await page.locator('[data-field="email"]').waitFor();
    const b = await bearer(`${site}/visitors/${V.B}`);
    expect([...b.visitorIds].sort()).toEqual([V.B, V.C].sort());
    expect(await page.locator('[data-field="email"]').textContent()).toBe(b.email);
    expect(b.email).toBe("bea@example.com");
    expect((await page.locator(".linked-ids li").allTextContents()).sort()).toEqual([...b.visitorIds].sort());
    expect(await page.getByRole("table", { name: "Leads, newest first" }).locator("tbody tr").count()).toBe(b.leads.length);

    // Leads: the list, then the CSV export by keyboard through the step-up dialog.
    asked = nextAnswer(page, /\/leads$/);
    await page.getByRole("link", { name: "Leads" }).click();
    const leadsQuery = await asked;
    const leads = await bearer(leadsQuery);
    expect(leads).toMatchObject({ total: 53, pages: 2 });
    await page.getByRole("table", { name: "Leads, newest first" }).waitFor();
    expect(await page.locator("[data-total]").getAttribute("data-total")).toBe("53");
    expect(await page.getByRole("table", { name: "Leads, newest first" }).locator("tbody tr td:nth-child(4)").allTextContents()).toEqual(leads.items.map((l: { email: string }) => l.email));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Export CSV" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const download = page.waitForEvent("download");
    await dialog.getByLabel("6-digit code").fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.keyboard.press("Enter");
    const file = await download;
    const from = new URLSearchParams(leadsQuery.split("?")[1]);
    expect(file.suggestedFilename()).toBe(`leads-${boot.siteId}-${from.get("from")}-${from.get("to")}.csv`);
    const saved = readFileSync((await file.path())!, "utf8");
    const csv = await page.request.get(`${origin}/api/v1${site}/leads?from=${from.get("from")}&to=${from.get("to")}&format=csv`);
    expect(csv.status()).toBe(200);
    expect(saved).toBe(await csv.text());
    expect(saved.split("\r\n")).toHaveLength(55);
    expect(saved).toContain(",'=Sum(A1),");

    // The next page, as the API answers page 2 of the same query.
    asked = nextAnswer(page, /\/leads$/);
    await page.getByRole("link", { name: "Next page" }).click();
    const second = await bearer(await asked);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(second).toMatchObject({ page: 2, total: 53 });
    await page.getByText("page 2 of 2").waitFor();
    expect(await page.getByRole("table", { name: "Leads, newest first" }).locator("tbody tr td:nth-child(4)").allTextContents()).toEqual(second.items.map((l: { email: string }) => l.email));
    expect(await page.getByRole("link", { name: "Next page" }).count()).toBe(0);

    // Activity log: the rows the API answers, then filtered by an action.
    asked = nextAnswer(page, /\/audit$/);
    await page.getByRole("link", { name: "Workspace → Activity log" }).click();
    const log = await bearer(await asked);
    await page.getByRole("table", { name: "Activity, newest first" }).waitFor();
    expect(await page.getByRole("table", { name: "Activity, newest first" }).locator("tbody tr td:nth-child(3)").allTextContents()).toEqual(log.rows.map((r: { action: string }) => r.action));
    expect(log.rows.filter((r: { action: string }) => r.action === "report.exported")).toHaveLength(2);
    expect(await seriousViolations(page)).toEqual([]);
    asked = nextAnswer(page, /\/audit$/);
    await page.locator(`select[name="action"]`).selectOption("report.exported");
    await page.getByRole("button", { name: "Apply filters" }).click();
    const filtered = await bearer(await asked);
    expect(filtered.total).toBe(2);
    await page.waitForFunction(() => document.querySelector("[data-total]")?.getAttribute("data-total") === "2");
    expect(new URL(page.url()).searchParams.get("action")).toBe("report.exported");

    // Sites: the status and domains the API answers, and the snippet for this server.
    await page.getByRole("link", { name: "Workspace → Sites" }).click();
    const card = page.locator(`[data-site="${boot.siteId}"]`);
    await card.locator('[data-field="hitsLast30Min"]').waitFor();
    const status = await bearer(`${site}/status`);
    expect(await card.locator('[data-field="hitsLast30Min"]').textContent()).toBe(integer.format(status.hitsLast30Min));
    expect(status.status).toBe("receiving");
    expect(await card.locator('[data-field="status"]').textContent()).toBe("Receiving hits");
    expect(await card.getByRole("table", { name: /^Domains of/ }).locator("tbody tr td:first-child").allTextContents()).toEqual(status.domains.length ? status.domains.map((d: { hostname: string }) => d.hostname) : ["No domain."]);
    expect(await card.locator("[data-snippet]").textContent()).toBe(`<script defer src="${origin}/v1/script.js" data-site="${boot.siteKey}"></script>`);
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 120_000);

test("a viewer sees contacts masked on visitors and profiles, no Leads, activity or keys pages", async () => {
  await inPage(async (page) => {
    await signIn(page, VIEWER.email, VIEWER.password);
    expect(await page.getByRole("link", { name: "Leads" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Workspace → API keys" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Workspace → Activity log" }).count()).toBe(0);
    const asked = nextAnswer(page, /\/visitors$/);
    await page.getByRole("link", { name: "Visitors" }).click();
    await page.getByRole("table", { name: "Visitors" }).waitFor();
    const rows = await visitorRows(page);
    const bRow = rows.find((r) => r.id === V.B)!;
    expect(bRow.who).toBe("B***");
    // The same query with the viewer's own session: masked by the server, shown as it answers.
    const own = await (await page.request.get(`${origin}/api/v1${await asked}`)).json();
    expect(own.items.find((v: { visitorId: string }) => v.visitorId === V.B)).toMatchObject({ name: "B***", email: "b***" });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${origin}${site}/visitors/${V.B}`);
    await page.locator('[data-field="email"]').waitFor();
    expect(await page.locator('[data-field="email"]').textContent()).toBe("b***");
    await page.getByText("Contact details are masked").waitFor();
    expect(await page.content()).not.toContain("bea@example.com");

    await page.goto(`${origin}${site}/leads`);
    await page.getByRole("alert").filter({ hasText: "You do not have access" }).waitFor();
    await page.goto(`${origin}/orgs/${boot.orgId}/keys`);
    await page.getByText("Only the organisation's owners and admins manage its API keys").waitFor();
    await page.goto(`${origin}/orgs/${boot.orgId}/activity`);
    await page.getByText("Only the organisation's owners and admins read its activity log").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 90_000);

test("an analyst without two-factor is told to turn it on before exporting leads", async () => {
  await inPage(async (page) => {
    await signIn(page, ANALYST.email, ANALYST.password);
    await page.getByRole("link", { name: "Leads" }).click();
    await page.getByRole("table", { name: "Leads, newest first" }).waitFor();
    await page.getByText("Turn on two-factor authentication first: you have not enabled it.").waitFor();
    await page.getByRole("button", { name: "Export CSV" }).click();
    await page.getByRole("alert").filter({ hasText: "Turn on two-factor authentication first: exports need a code from your authenticator app." }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);
