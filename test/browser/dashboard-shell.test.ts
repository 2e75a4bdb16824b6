import { afterAll, beforeAll, expect, test } from "bun:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { seriousViolations } from "../helpers/axe.ts";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Static } from "elysia";
import type { Overview } from "../../lib/analytics/models.ts";
import { buildDashboard } from "../../lib/dashboard/build.ts";
import { dashboardAssets } from "../../lib/dashboard/assets.ts";
import { errorResponse } from "../../lib/http/errors.ts";
import { CHROME_UA } from "../helpers/hits.ts";

/**
 * The built dashboard in real Chromium, served through lib/dashboard/assets.ts. Its /api/v1
 * calls are answered by `fakeApi` below — a TEST DOUBLE returning the spec's shapes, so these
 * tests check the app (rendering, navigation, URL state, accessibility), not the server; the
 * end-to-end run against `npm start` is separate.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ORG = "0123456789abcdef01234567";
const SITE = "89abcdef0123456789abcdef";
const OTHER_SITE = "fedcba9876543210fedcba98";
const PASSWORD = "correct horse battery";

let browser: Browser;
let server: ReturnType<typeof Bun.serve>;
let outDir: string;
let origin: string;
/** What the app asked of the fake, newest last. */
const calls: { method: string; path: string; body: unknown; origin: string | null; contentType: string | null }[] = [];

const kpis = (sessions: number, users: number) => ({
  sessions,
  users,
  newUsers: Math.round(users * 0.6),
  pageviews: sessions * 3,
  engagementRate: 0.625,
  avgEngagedSeconds: 75,
  pagesPerSession: 3,
  conversions: 12,
  revenue: 345.5,
});

function overviewOf(from: string, to: string): Static<typeof Overview> {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return {
    from,
    to,
    tz: "Europe/Berlin",
    currency: "EUR",
    current: kpis(1234, 987),
    previous: kpis(1000, 900),
    series: Array.from({ length: days }, (_, i) => ({ date: new Date(Date.parse(from) + i * 86_400_000).toISOString().slice(0, 10), sessions: 40 + i, users: 30 + i, pageviews: 120 + i, conversions: i % 2 })),
    channels: [
      { key: "organic_search", sessions: 700, users: 520, engagementRate: 0.7, conversions: 8, revenue: 240, pageviews: 2100 },
      { key: "direct", sessions: 534, users: 467, engagementRate: 0.55, conversions: 4, revenue: 105.5, pageviews: 1602 },
    ],
    pages: [
      { path: "/", title: "Home", views: 2000, users: 800 },
      { path: "/pricing", title: "Pricing", views: 900, users: 400 },
    ],
    countries: [
      { key: "DE", sessions: 600, users: 480 },
      { key: "US", sessions: 400, users: 300 },
    ],
    devices: [
      { key: "desktop", sessions: 800, users: 600 },
      { key: "mobile", sessions: 434, users: 387 },
    ],
  };
}

const site = (id: string, name: string) => ({
  id,
  name,
  siteKey: `sk_${id.slice(0, 8)}`,
  domain: `${name.toLowerCase()}.example`,
  timezone: "Europe/Berlin",
  currency: "EUR",
  status: "receiving",
  firstHitAt: "2026-01-01T00:00:00.000Z",
  lastHitAt: "2026-11-24T07:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
});

interface FakeUser {
  email: string;
  verified: boolean;
  twoFactor: boolean;
}
const USERS: FakeUser[] = [
  { email: "owner@example.com", verified: true, twoFactor: false },
  { email: "twofa@example.com", verified: true, twoFactor: true },
  { email: "unverified@example.com", verified: false, twoFactor: false },
];
/** Sessions of the fake: cookie value → user and whether the second factor was passed. */
const sessions = new Map<string, { user: FakeUser; passed: boolean }>();

function sessionBody(s: { user: FakeUser; passed: boolean }) {
  return {
    user: { id: "aaaaaaaaaaaaaaaaaaaaaaaa", name: "Owner", email: s.user.email, emailVerified: s.user.verified, twoFactorEnabled: s.user.twoFactor },
    orgs: [{ id: ORG, name: "Acme", role: "owner" }],
    twoFactorRequired: s.user.twoFactor && !s.passed,
    stepUpUntil: null,
    idleExpiresAt: new Date(Date.now() + 1_800_000).toISOString(),
    expiresAt: new Date(Date.now() + 43_200_000).toISOString(),
  };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers });
const fail = (code: Parameters<typeof errorResponse>[0], message: string, headers: Record<string, string> = {}) => errorResponse(code, message, [], "req-test", headers);

/** The test double of the /api/v1 routes the app calls (session API of the issue 16 contract, spec Part 4 reads). */
async function fakeApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice("/api/v1".length);
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.json().catch(() => null);
  calls.push({ method: request.method, path: path + url.search, body, origin: request.headers.get("origin"), contentType: request.headers.get("content-type") });
  const cookie = /tm_session=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1];
  const current = cookie ? sessions.get(cookie) : undefined;

  if (path === "/session" && request.method === "POST") {
    const { email, password } = body as { email: string; password: string };
    if (email === "locked@example.com") return fail("ACCOUNT_LOCKED", "Account locked", { "retry-after": "840" });
    const user = USERS.find((u) => u.email === email);
    if (!user || password !== PASSWORD) return fail("UNAUTHENTICATED", "Wrong e-mail or password");
    const id = crypto.randomUUID();
    sessions.set(id, { user, passed: false });
    return json(sessionBody(sessions.get(id)!), 200, { "set-cookie": `tm_session=${id}; Path=/; HttpOnly; SameSite=Lax` });
  }
  if (path === "/email-verification" && request.method === "POST") {
    return (body as { token?: string }).token === "good-token" ? json({ verified: true }) : errorResponse("VALIDATION_FAILED", "token: unknown or expired", [{ path: "token", message: "unknown or expired" }], "req-test");
  }
  if (!current) return fail("UNAUTHENTICATED", "Sign in first");
  if (path === "/session" && request.method === "GET") return json(sessionBody(current));
  if (path === "/session" && request.method === "DELETE") {
    sessions.delete(cookie!);
    return new Response(null, { status: 204, headers: { "set-cookie": "tm_session=; Path=/; Max-Age=0" } });
  }
  if (path === "/session/second-factor") {
    if ((body as { code?: string }).code !== "123456") return errorResponse("UNAUTHENTICATED", "Wrong code", [{ path: "code", message: "is not valid" }], "req-test");
    current.passed = true;
    return json(sessionBody(current));
  }
  if (path === "/session/email-verification") return new Response(null, { status: 202 });
  if (current.user.twoFactor && !current.passed) return fail("TWO_FACTOR_REQUIRED", "Second factor required");
  if (!current.user.verified) return fail("EMAIL_NOT_VERIFIED", "Verify your e-mail first");

  const base = `/orgs/${ORG}/sites/${SITE}`;
  if (path === `/orgs/${ORG}/sites`) return json({ data: [site(SITE, "Shop"), site(OTHER_SITE, "Blog")] });
  if (path === `${base}/analytics/overview`) return json(overviewOf(url.searchParams.get("from")!, url.searchParams.get("to")!));
  if (path === `${base}/explore`) {
    const { query } = body as { query: { dimension: string; metrics: string[] } };
    const row = (key: string, scale: number) => ({ key, ...Object.fromEntries(query.metrics.map((m) => [m, Math.round(100 * scale)])) });
    const rows = query.dimension === "channel" ? [row("organic_search", 7)] : query.dimension === "country" ? [row("DE", 4), row("FR", 3)] : [row(query.dimension === "device" ? "desktop" : "/", 7)];
    return json({ from: "2026-11-01", to: "2026-11-24", tz: "Europe/Berlin", rows, totals: Object.fromEntries(query.metrics.map((m) => [m, 700])) });
  }
  if (path === `${base}/analytics/acquisition`) {
    const metricRow = (key: string, sessions: number) => ({ key, users: 10, newUsers: 5, sessions, pageviews: 30, engagementRate: 0.5, bounceRate: 0.5, avgEngagedSeconds: 40, pagesPerSession: 3, conversions: 1, conversionRate: 0.1, revenue: 9.5 });
    return json({ from: "2026-11-01", to: "2026-11-24", tz: "Europe/Berlin", currency: "EUR", channels: [metricRow("referral", 321)], sourceMedium: [metricRow("news.example / referral", 321)] });
  }
  if (path === `${base}/analytics/realtime`) {
    const at = new Date().toISOString();
    const asked = calls.filter((c) => c.path.endsWith("/analytics/realtime")).length;
    return json({ at, activeVisitors: 40 + asked, visitors: 90, pageviews: 300, series: [{ minute: at, visitors: 3, pageviews: 9 }], pages: [{ path: "/live", visitors: 5, pageviews: 7 }], sources: [], countries: [] });
  }
  return fail("NOT_FOUND", `fakeApi has no ${request.method} ${path}`);
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium)`);
  outDir = join(mkdtempSync(join(tmpdir(), "tm-dash-browser-")), "dashboard");
  await buildDashboard(outDir);
  const assets = dashboardAssets(outDir);
  server = Bun.serve({
    port: 0,
    fetch: (request) => (new URL(request.url).pathname.startsWith("/api/v1/") ? fakeApi(request) : (assets(request) ?? new Response("not found", { status: 404 }))),
  });
  origin = `http://localhost:${server.port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.stop(true);
  if (outDir) rmSync(join(outDir, ".."), { recursive: true, force: true });
});

async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1280, height: 900 }, colorScheme });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await run(page, context);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function signIn(page: Page, email = "owner@example.com") {
  await page.goto(`${origin}/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const overviewPath = `/orgs/${ORG}/sites/${SITE}/overview`;

async function waitForCall(match: (call: (typeof calls)[number]) => boolean, what: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await Bun.sleep(50)) if (calls.some(match)) return;
  throw new Error(`the app never asked for ${what}`);
}

const kpiValue = (page: Page, key: string) => page.locator(`[data-kpi="${key}"] .kpi-value`).textContent();

test("sign-in renders, says why a sign-in is refused, and submits to the overview", async () => {
  await withPage(async (page) => {
    await page.goto(`${origin}/`);
    await page.waitForURL(`${origin}/sign-in`);
    await expect(page.getByRole("heading", { name: "Sign in" }).isVisible()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("E-mail").fill("owner@example.com");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Wrong e-mail or password.");

    await page.getByLabel("E-mail").fill("locked@example.com");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Try again in 14 minutes").waitFor();

    await page.getByLabel("E-mail").fill("owner@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${origin}${overviewPath}`);
    const post = calls.findLast((c) => c.method === "POST" && c.path === "/session")!;
    expect(post.body).toEqual({ email: "owner@example.com", password: PASSWORD });
    expect(post.contentType).toBe("application/json");
    expect(post.origin).toBe(origin);
  });
}, 60_000);

test("the overview shows the API's numbers, in the site timezone, and passes axe", async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.waitForURL(`${origin}${overviewPath}`);
    await page.locator('[data-kpi="sessions"]').waitFor();
    const asked = calls.findLast((c) => c.path.startsWith(`/orgs/${ORG}/sites/${SITE}/analytics/overview`))!;
    const query = new URLSearchParams(asked.path.split("?")[1]);
    // Last 28 days by default, ending today in the site's timezone.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
    expect(query.get("to")).toBe(today);
    expect((Date.parse(query.get("to")!) - Date.parse(query.get("from")!)) / 86_400_000).toBe(27);

    expect(await kpiValue(page, "sessions")).toBe("1,234");
    expect(await kpiValue(page, "users")).toBe("987");
    expect(await kpiValue(page, "pageviews")).toBe("3,702");
    expect(await kpiValue(page, "engagementRate")).toBe("62.5%");
    expect(await kpiValue(page, "avgEngagedSeconds")).toBe("1m 15s");
    expect(await kpiValue(page, "revenue")).toBe("€345.50");
    expect(await page.locator('[data-kpi="sessions"] .kpi-change').textContent()).toBe("+23.4% vs previous period");
    expect(await page.locator('[data-kpi="users"] .kpi-change').textContent()).toBe("+9.7% vs previous period");
    await page.locator(".chart canvas").first().waitFor();
    const channels = page.getByRole("table", { name: "Channels" });
    expect(await channels.getByRole("row").nth(1).innerText()).toBe("Organic search\t700\t520\t70%\t8\t€240.00");
    expect(await page.getByRole("table", { name: "Countries" }).getByRole("row").nth(1).innerText()).toBe("Germany\t600\t480");
    expect(await page.getByRole("table", { name: "Pages" }).getByRole("row").nth(2).innerText()).toBe("/pricing\tPricing\t900\t400");
    expect(await page.getByText("times in Europe/Berlin").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);

test("a click on a channel adds a chip, changes the URL and filters through explore; the chip removes it", async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.getByRole("link", { name: "Filter by Channel Organic search" }).click();
    await page.waitForURL(/f=channel%3Aorganic_search/);
    const chips = page.getByRole("list", { name: "Filters" });
    expect(await chips.innerText()).toContain("Channel: Organic search");
    await page.waitForFunction(() => document.querySelector('[data-kpi="sessions"] .kpi-value')?.textContent === "700");
    const explores = calls.filter((c) => c.path.endsWith("/explore"));
    expect(explores.length).toBeGreaterThanOrEqual(6);
    for (const c of explores.slice(-6)) {
      expect((c.body as { query: { filters: unknown } }).query.filters).toEqual([{ dim: "channel", op: "is", value: "organic_search" }]);
      expect(c.contentType).toBe("application/json");
    }
    // The filtered view is a link: loading it fresh shows the same chip.
    await page.reload();
    await page.getByRole("link", { name: "Remove filter Channel is organic_search" }).click();
    await page.waitForURL(`${origin}${overviewPath}`);
    expect(await page.getByRole("list", { name: "Filters" }).count()).toBe(0);
    await page.waitForFunction(() => document.querySelector('[data-kpi="sessions"] .kpi-value')?.textContent === "1,234");
    // Presets change the range in the URL.
    await page.getByLabel("Date range").selectOption("7d");
    await page.waitForURL(/range=7d/);
    const span = (c: (typeof calls)[number]) => {
      const q = new URLSearchParams(c.path.split("?")[1]);
      return (Date.parse(q.get("to")!) - Date.parse(q.get("from")!)) / 86_400_000;
    };
    await waitForCall((c) => c.path.includes("/analytics/overview") && span(c) === 6, "an overview of the last 7 days");
  });
}, 60_000);

test("the theme follows the system and the toggle, and the choice is kept", async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.locator('[data-kpi="sessions"]').waitFor();
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe("rgb(255, 255, 255)");
    const toggle = page.getByRole("button", { name: "Dark theme" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).toBe("rgb(17, 20, 24)");
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await page.locator('[data-kpi="sessions"]').waitFor();
    expect(await background()).toBe("rgb(17, 20, 24)");
  });
  await withPage(async (page) => {
    await page.goto(`${origin}/sign-in`);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(17, 20, 24)");
    expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
  }, "dark");
}, 60_000);

test("keyboard only: the skip link, the site switcher, the range, the theme, the reports and a filter", async () => {
  await withPage(async (page) => {
    await signIn(page);
    await page.locator('[data-kpi="sessions"]').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return el.getAttribute("aria-label") ?? (el.closest("label")?.firstChild?.textContent?.trim() || el.textContent?.trim() || el.tagName);
      }));
    }
    expect(reached[0]).toBe("Skip to content");
    for (const want of ["Site", "Date range", "Dark theme", "Sign out", "Overview", "Acquisition", "Realtime", "Conversions", "Filter by Channel Organic search"]) expect(reached).toContain(want);

    // The skip link moves focus into the main landmark.
    await page.keyboard.press("Shift+Tab");
    for (let i = 0; i < 60 && (await page.evaluate(() => document.activeElement?.textContent)) !== "Skip to content"; i++) await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.closest("main")?.id ?? document.activeElement?.id)).toBe("main");

    // A filter by keyboard: focus the channel link and press Enter.
    await page.getByRole("link", { name: "Filter by Channel Direct" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/f=channel%3Adirect/);

    // The site switcher by keyboard.
    await page.getByLabel("Site").focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(new RegExp(`/sites/${OTHER_SITE}/overview\\?f=channel%3Adirect`));
  });
}, 60_000);

test("second factor, e-mail verification and the pages they redirect to", async () => {
  await withPage(async (page) => {
    await signIn(page, "twofa@example.com");
    await page.waitForURL(/\/sign-in\/second-factor/);
    await page.getByLabel("Code from your authenticator app").fill("654321");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("That code is not valid. Try again.");
    await page.getByLabel("Code from your authenticator app").fill("123 456");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${origin}${overviewPath}`);
    expect(calls.findLast((c) => c.path === "/session/second-factor")!.body).toEqual({ code: "123456" });
  });
  await withPage(async (page) => {
    await signIn(page, "unverified@example.com");
    await page.waitForURL(`${origin}/check-email`);
    // A read answered 403 EMAIL_NOT_VERIFIED lands on the same page.
    await page.goto(`${origin}${overviewPath}`);
    await page.waitForURL(`${origin}/check-email`);
    await page.getByRole("button", { name: "Send a new link" }).click();
    await page.getByText("A new link is on its way.").waitFor();
    expect(calls.findLast((c) => c.path === "/session/email-verification")!.method).toBe("POST");
    await page.goto(`${origin}/verify-email?token=good-token`);
    await page.getByText("Your e-mail address is verified.").waitFor();
    expect(calls.findLast((c) => c.path === "/email-verification")!.body).toEqual({ token: "good-token" });
    await page.goto(`${origin}/verify-email?token=stale`);
    await page.getByText("This link is not valid any more").waitFor();
  });
}, 60_000);

test("report pages: acquisition as tables, realtime asked again every 15 s", async () => {
  await withPage(async (page) => {
    await page.clock.install();
    await signIn(page);
    await page.getByRole("link", { name: "Acquisition" }).click();
    const channels = page.getByRole("table", { name: "Channels" });
    await channels.waitFor();
    expect(await channels.getByRole("row").nth(1).innerText()).toBe("Referral\t10\t5\t321\t30\t50%\t50%\t40s\t3\t1\t10%\t€9.50");
    expect(await page.getByRole("table", { name: "Source / medium" }).getByRole("row").nth(1).innerText()).toContain("news.example / referral\t10");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Realtime" }).click();
    await page.locator('[data-kpi="activeVisitors"]').waitFor();
    const first = Number(await kpiValue(page, "activeVisitors"));
    await page.clock.runFor(15_000);
    await page.waitForFunction((n) => Number(document.querySelector('[data-kpi="activeVisitors"] .kpi-value')?.textContent) > n, first);
  });
}, 60_000);

test("a page whose code cannot be fetched (the dashboard updated under an open tab) says to reload, and loads once it can", async () => {
  await withPage(async (page) => {
    await signIn(page);
    let block = true;
    await page.route("**/assets/Reports-*.js", (route) => (block ? route.abort() : route.continue()));
    await page.getByRole("link", { name: "Acquisition" }).click();
    await page.getByRole("alert").filter({ hasText: "Reload the page" }).waitFor();
    block = false;
    await page.reload();
    await page.getByRole("table", { name: "Channels" }).waitFor();
  });
}, 60_000);
