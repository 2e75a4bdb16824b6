import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHROME_UA } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { launchChromium, startDashboardServer } from "../helpers/browser-page.ts";
import { DEMO_FUNNEL } from "../../lib/demo/funnel.ts";
import { must, runAdmin } from "../helpers/stack.ts";

/**
 * Funnels and Explore in Debian's Chromium against the real server (services/router/main.ts) on a
 * demo-seeded store with one saved funnel: every number read from the page equals the public
 * API's answer for the same range and choices (asked here with the bootstrap key).
 */

let server: Proc;
let browser: Browser;
let context: BrowserContext;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; key: string; ownerEmail: string; ownerPassword: string };
let funnelId: string;
const errors: string[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// A range that holds every seeded day (the seed ends today in the site's timezone).
const from = day(-34);
const to = day(1);

beforeAll(async () => {
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-dash-analysis-"));
  must(runAdmin(dataDir, ["demo", "seed", "--site", boot.siteId, "--visitors", "600", "--days", "30", "--seed", "7"]));
  const file = join(dataDir, "funnel.json");
  writeFileSync(file, JSON.stringify(DEMO_FUNNEL));
  funnelId = must(runAdmin(dataDir, ["funnel", "create", "--site", boot.siteId, "--file", file])).id;
  browser = await launchChromium();
  context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("E-mail").fill(boot.ownerEmail);
  await page.getByLabel("Password").fill(boot.ownerPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator('[data-kpi="sessions"]').waitFor();
  await page.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

const site = () => `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
async function apiCall<T>(path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}${site()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${boot.key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}
async function api<T>(path: string, body?: unknown): Promise<T> {
  const { status, json } = await apiCall<T>(path, body);
  expect(status).toBe(200);
  return json;
}

interface FunnelResult {
  units: string;
  started: number;
  completed: number;
  steps: { label: string; count: number; entered: number; dropOff: number }[];
  breakdown: { dimension: string; rows: { key: string; started: number; steps: { count: number }[] }[] } | null;
}

async function onPage(path: string, run: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(`${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/${path}`);
    // The page's code and its first answer are in (both show aria-busy while they load).
    await page.waitForFunction(() => document.querySelector("main") !== null && document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 15_000 });
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}

const number = (text: string | null) => Number((text ?? "").replace(/[^\d.-]/g, ""));
/** A table's body cells, row by row, as text. */
const cells = (table: Locator) => table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("th, td")).map((c) => c.textContent ?? "")));
const tableOf = (page: Page, caption: string) => page.locator("table").filter({ has: page.locator("caption", { hasText: caption }) });

/** The step table and breakdown table of a funnel result equal the API's answer. */
async function expectFunnel(page: Page, title: string, result: FunnelResult) {
  const steps = tableOf(page, `${title}: steps`);
  await steps.waitFor();
  const rows = await cells(steps);
  expect(rows.map((r) => [r[1], number(r[2]!), number(r[3]!), number(r[5]!)])).toEqual(result.steps.map((s) => [s.label, s.count, s.entered, s.dropOff]));
  const kpi = (name: string) => page.locator(`[aria-label="${title}: totals"] [data-kpi="${name}"] .kpi-value`).textContent();
  expect([number(await kpi("started")), number(await kpi("completed"))]).toEqual([result.started, result.completed]);
  if (!result.breakdown) return expect(await page.locator("table caption", { hasText: `${title}: by` }).count()).toBe(0);
  const groups = await cells(page.locator("table").filter({ has: page.locator("caption", { hasText: `${title}: by` }) }));
  expect(groups.map((r) => [number(r[1]!), ...r.slice(2, 2 + result.steps.length).map(number)])).toEqual(result.breakdown.rows.map((g) => [g.started, ...g.steps.map((s) => s.count)]));
}

test("the saved funnel's steps, with and without a breakdown, are the API's; axe finds nothing serious", async () => {
  const plain = await api<FunnelResult>(`/funnels/${funnelId}?from=${from}&to=${to}`);
  expect(plain.started).toBeGreaterThan(0);
  expect(plain.steps.map((s) => s.label)).toEqual(["Shop", "Added to cart", "/checkout", "Purchased"]);
  const byChannel = await api<FunnelResult>(`/funnels/${funnelId}?from=${from}&to=${to}&breakdown=channel`);
  expect(byChannel.breakdown!.rows.length).toBeGreaterThan(1);
  const list = await api<{ data: { id: string; name: string }[] }>("/funnels");
  await onPage(`funnels?from=${from}&to=${to}`, async (page) => {
    await page.getByRole("link", { name: "Funnels" }).and(page.locator("[aria-current=page]")).waitFor();
    expect(await page.locator(".funnel-list a").allTextContents()).toEqual(list.data.map((f) => f.name));
    await expectFunnel(page, DEMO_FUNNEL.name, plain);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Breakdown").selectOption("channel");
    await page.waitForURL(/breakdown=channel/);
    await page.locator("caption", { hasText: `${DEMO_FUNNEL.name}: by channel` }).waitFor();
    await expectFunnel(page, DEMO_FUNNEL.name, byChannel);
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);

test("the builder's preview is POST preview's answer; a refused definition shows the server's 422 details beside the fields", async () => {
  const def = {
    name: "Docs to signup",
    mode: "open",
    scope: "user",
    steps: [
      { kind: "page", label: "", match: "starts_with", value: "/docs" },
      { kind: "page", label: "Pricing", match: "equals", value: "/pricing" },
      { kind: "page", label: "", match: "contains", value: "signup" },
    ],
  };
  const want = await api<FunnelResult>("/funnels/preview", { def, from, to, breakdown: "device" });
  const bad = { ...def, steps: [def.steps[0], { kind: "page", label: "", match: "regex", value: "(a+)+$" }] };
  const refused = await apiCall<{ error: { details: { path: string; message: string }[] } }>("/funnels/preview", { def: bad, from, to, breakdown: "device" });
  expect(refused.status).toBe(422);
  const regexProblem = refused.json.error.details.find((d) => d.path === "def.steps.1.value")!;
  expect(regexProblem).toBeDefined();
  await onPage(`funnels?from=${from}&to=${to}&breakdown=device`, async (page) => {
    const builder = page.locator(".funnel-builder");
    await builder.waitFor();
    await builder.getByLabel("Funnel name").fill(def.name);
    await builder.getByLabel("Mode").selectOption("open");
    await builder.getByLabel("Scope").selectOption("user");
    // First the refused one: two page steps, the second a pattern with exponential backtracking.
    await page.locator("#funnel-step-0-match").selectOption("starts_with");
    await page.locator("#funnel-step-0-value").fill("/docs");
    await page.locator("#funnel-step-1-match").selectOption("regex");
    await page.locator("#funnel-step-1-value").fill("(a+)+$");
    await builder.getByRole("button", { name: "Preview funnel" }).click();
    const message = page.locator("#problem-steps-1-value");
    await message.waitFor();
    expect(await message.textContent()).toBe(regexProblem.message);
    expect(await page.locator("#funnel-step-1-value").getAttribute("aria-invalid")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    // Then the good one.
    await page.locator("#funnel-step-1-match").selectOption("equals");
    await page.locator("#funnel-step-1-value").fill("/pricing");
    await page.locator("#funnel-step-1-label").fill("Pricing");
    await builder.getByRole("button", { name: "Add step" }).click();
    await page.locator("#funnel-step-2-match").selectOption("contains");
    await page.locator("#funnel-step-2-value").fill("signup");
    await builder.getByRole("button", { name: "Preview funnel" }).click();
    await expectFunnel(page, `Preview: ${def.name}`, want);
    expect(await page.locator("#problem-steps-1-value").count()).toBe(0);
  });
}, 60_000);

/** Presses Tab until the focused element matches `selector` (keyboard only, no clicks). */
async function tabTo(page: Page, selector: string, limit = 150) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Waits for the focus to land on `selector` (the page moves it after its next render), failing with where it is instead. */
async function focusLandsOn(page: Page, selector: string) {
  const landed = await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 5_000 }).then(() => true, () => false);
  if (!landed) expect(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? "nothing")).toBe(`focus on ${selector}`);
}

test("a funnel is built, reordered and run with the keyboard alone", async () => {
  const def = {
    name: "Keys",
    mode: "closed",
    scope: "session",
    steps: [
      { kind: "event", label: "", eventType: "event", name: "add_to_cart" },
      { kind: "page", label: "", match: "equals", value: "/checkout" },
      { kind: "page", label: "", match: "equals", value: "/thank-you" },
    ],
  };
  const want = await api<FunnelResult>("/funnels/preview", { def, from, to });
  await onPage(`funnels?from=${from}&to=${to}`, async (page) => {
    await page.locator(".funnel-builder").waitFor();
    await tabTo(page, "#funnel-name");
    await page.keyboard.type(def.name);
    // Step 1 and 2 are page steps: give them /checkout and /thank-you.
    await tabTo(page, "#funnel-step-0-value");
    await page.keyboard.type("/checkout");
    await tabTo(page, "#funnel-step-1-value");
    await page.keyboard.type("/thank-you");
    // Add a third step, make it the add_to_cart event, and move it to the top.
    await tabTo(page, "#funnel-add-step");
    await page.keyboard.press("Enter");
    await tabTo(page, "#funnel-step-2-value");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await focusLandsOn(page, "#funnel-step-2-kind");
    await page.keyboard.press("ArrowDown");
    await tabTo(page, "#funnel-step-2-name");
    await page.keyboard.type("add_to_cart");
    await tabTo(page, "button[aria-label='Move step 3 up']");
    await page.keyboard.press("Enter");
    // Focus stays on the moved step's button: move it up once more.
    await focusLandsOn(page, "button[aria-label='Move step 2 up']");
    await page.keyboard.press("Enter");
    // At the top it has no "up": focus goes to its "down" once the page has re-rendered (tabbing on before that raced it on a busy machine).
    await focusLandsOn(page, "button[aria-label='Move step 1 down']");
    // A fourth step added and removed again: focus goes to its Kind, then back to "Add step".
    await tabTo(page, "#funnel-add-step");
    await page.keyboard.press("Enter");
    await focusLandsOn(page, "#funnel-step-3-kind");
    await tabTo(page, "button[aria-label='Remove step 4']");
    await page.keyboard.press("Enter");
    await focusLandsOn(page, "#funnel-add-step");
    expect(await page.locator(".step-editor").count()).toBe(3);
    await tabTo(page, ".funnel-builder button[type=submit]");
    await page.keyboard.press("Enter");
    await expectFunnel(page, `Preview: ${def.name}`, want);
  });
}, 60_000);

interface QueryResult {
  rows: ({ key: string } & Record<string, number>)[];
  totals: Record<string, number>;
}

test("explore query: metrics, dimension and filter chips from the URL; the table is the API's; a chip removes its filter", async () => {
  const filters = [{ dim: "device", op: "is", value: "desktop" }];
  const want = await api<QueryResult>("/explore", { kind: "query", from, to, query: { metrics: ["users", "sessions"], dimension: "channel", filters, limit: 50 } });
  const unfiltered = await api<QueryResult>("/explore", { kind: "query", from, to, query: { metrics: ["users", "sessions"], dimension: "channel", filters: [], limit: 50 } });
  expect(want.rows.length).toBeGreaterThan(1);
  await onPage(`explore?from=${from}&to=${to}&m=users&m=sessions&dim=channel&ef=device:is:desktop`, async (page) => {
    const table = tableOf(page, "Users by channel");
    await table.waitFor();
    const read = async () => (await cells(table)).map((r) => [number(r[1]!), number(r[2]!)]);
    expect(await read()).toEqual(want.rows.map((r) => [r.users, r.sessions]));
    expect(await page.getByRole("checkbox", { name: "Users", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Pageviews", exact: true }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Remove filter Device is desktop" }).click();
    await page.waitForURL((url) => !url.search.includes("ef="));
    await page.waitForFunction((n) => document.querySelectorAll("table tbody tr").length === n, unfiltered.rows.length);
    await expect(read()).resolves.toEqual(unfiltered.rows.map((r) => [r.users, r.sessions]));
    // Adding one through the form puts it back in the URL.
    await page.getByLabel("Filter dimension").selectOption("device");
    await page.getByLabel(/^Value/).fill("desktop");
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.waitForURL(/ef=device%3Ais%3Adesktop/);
    await page.waitForFunction((n) => document.querySelectorAll("table tbody tr").length === n, want.rows.length);
    await expect(read()).resolves.toEqual(want.rows.map((r) => [r.users, r.sessions]));
  });
}, 60_000);

test("explore segments side by side are the API's", async () => {
  const list = [
    { name: "Desktop", filters: [{ dim: "device", op: "is", value: "desktop" }] },
    { name: "Mobile", filters: [{ dim: "device", op: "is", value: "mobile" }] },
  ];
  const want = await api<{ segments: { name: string; totals: Record<string, number> }[] }>("/explore", { kind: "segments", from, to, segments: { metrics: ["users", "sessions"], list } });
  await onPage(`explore?from=${from}&to=${to}&kind=segments&m=users&m=sessions&s0=Desktop&s0f=device:is:desktop&s1=Mobile&s1f=device:is:mobile`, async (page) => {
    const table = tableOf(page, "Segments side by side");
    await table.waitFor();
    const rows = await cells(table);
    expect(rows.map((r) => r.slice(1).map(number))).toEqual(["users", "sessions"].map((m) => want.segments.map((s) => s.totals[m])));
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);

test("explore retention: the heat map's cells are the API's cohorts, with a legend", async () => {
  const want = await api<{ cohorts: { cohort: string; size: number; periods: { visitors: number; rate: number }[] }[] }>("/explore", { kind: "retention", from, to, retention: { period: "week" } });
  expect(want.cohorts.length).toBeGreaterThan(2);
  await onPage(`explore?from=${from}&to=${to}&kind=retention`, async (page) => {
    await page.locator("table caption", { hasText: "Retention" }).waitFor();
    const got = await page.locator("tbody tr[data-cohort]").evaluateAll((rows) =>
      rows.map((r) => ({
        cohort: r.getAttribute("data-cohort"),
        size: Number(r.querySelectorAll("td")[0]!.textContent!.replace(/\D/g, "")),
        visitors: Array.from(r.querySelectorAll("td.heat-cell")).map((c) => Number(c.getAttribute("data-visitors"))),
        shown: Array.from(r.querySelectorAll("td.heat-cell .heat-count")).map((c) => Number(c.textContent!.replace(/\D/g, ""))),
      })),
    );
    expect(got).toEqual(want.cohorts.map((c) => ({ cohort: c.cohort, size: c.size, visitors: c.periods.map((p) => p.visitors), shown: c.periods.map((p) => p.visitors) })));
    await page.getByRole("figure", { name: "Legend" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The tinted cells keep their contrast in the dark theme too.
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);

interface Node {
  step: string;
  sessions: number;
  children: Node[];
}

test("explore paths: the tree is the API's, and a branch opens by keyboard", async () => {
  const want = await api<{ start: { sessions: number }; tree: Node[] }>("/explore", { kind: "paths", from, to, paths: { start: { kind: "page", match: "equals", value: "/" }, depth: 3, branches: 5 } });
  expect(want.tree.length).toBeGreaterThan(1);
  await onPage(`explore?from=${from}&to=${to}&kind=paths`, async (page) => {
    await page.locator("[data-start-sessions]").waitFor();
    expect(Number(await page.locator("[data-start-sessions]").getAttribute("data-start-sessions"))).toBe(want.start.sessions);
    const level = (depth: number) =>
      page.locator(`li[data-depth="${depth}"]`).evaluateAll((items) => items.map((li) => [li.getAttribute("data-step"), Number(li.getAttribute("data-sessions"))]));
    expect(await level(1)).toEqual(want.tree.map((n) => [n.step, n.sessions]));
    expect(await level(2)).toEqual(want.tree.flatMap((n) => n.children.map((c) => [c.step, c.sessions])));
    // A second-level branch with children opens from the keyboard.
    const at = want.tree.flatMap((n) => n.children).findIndex((c) => c.children.length > 0);
    const branch = page.locator('li[data-depth="2"]').nth(at);
    await branch.locator(":scope > details > summary").focus();
    await page.keyboard.press("Enter");
    await branch.locator('li[data-depth="3"]').first().waitFor({ state: "visible" });
    expect(await seriousViolations(page)).toEqual([]);
  });
}, 60_000);

test("explore by keyboard alone: a metric ticked, the dimension changed, the query run, a filter chip removed", async () => {
  const want = await api<QueryResult>("/explore", { kind: "query", from, to, query: { metrics: ["users", "newUsers"], dimension: "source", filters: [], limit: 50 } });
  await onPage(`explore?from=${from}&to=${to}&m=users&ef=device:is:desktop`, async (page) => {
    await page.locator("table caption", { hasText: "Users by channel" }).waitFor();
    await tabTo(page, "input[type=checkbox]:not(:checked)");
    expect(await page.evaluate(() => document.activeElement?.closest("label")?.textContent)).toBe("New users");
    await page.keyboard.press("Space");
    await tabTo(page, "select");
    while ((await page.evaluate(() => (document.activeElement as HTMLSelectElement).value)) !== "source") await page.keyboard.press("ArrowDown");
    await tabTo(page, "button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForURL(/dim=source/);
    expect(new URL(page.url()).searchParams.getAll("m")).toEqual(["users", "newUsers"]);
    await tabTo(page, "a[aria-label^='Remove filter']");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !url.search.includes("ef="));
    const table = tableOf(page, "Users by source");
    await table.waitFor();
    await page.waitForFunction((n) => document.querySelectorAll("table tbody tr").length === n, want.rows.length);
    expect((await cells(table)).map((r) => [r[0], number(r[1]!), number(r[2]!)])).toEqual(want.rows.map((r) => [r.key, r.users, r.newUsers]));
  });
}, 60_000);
