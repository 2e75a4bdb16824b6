import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page } from "playwright-core";
import { CHROME_UA, ev } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { inPage as inBrowserPage, launchChromium, startDashboardServer } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { must, runAdmin } from "../helpers/stack.ts";
import { assignVariant, HOLDOUT } from "../../lib/engagement/assign.ts";
import type { PopupDetail, PopupList, SpinDetail, SpinList } from "../../lib/engagement/models.ts";

/**
 * The popups and spin wheels pages in Debian's Chromium against the real server: a popup with
 * two variants and a 20 % holdout and a wheel made with the admin CLI, real traffic through
 * the public endpoints (popup events on /v1/collect, leads on /v1/leads, spins on /v1/spins),
 * then every number the pages show compared with the API's answer; the preview drawn by the
 * page chunk's own renderer for the chosen variant; axe in both themes; the keyboard.
 */

let server: Proc;
let browser: Browser;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
let site: string;
let popupId: string;
let wheelId: string;
/** A popup with a 50 % holdout and no variants whose traffic ignores the split: a sample-ratio mismatch. */
let skewedId: string;
const SKEWED_VISITORS = 150;

const VISITORS = 400;
const HOLDOUT_PERCENT = 20;
const VARIANTS = [
  { key: "a", name: "Discount", weight: 50 },
  { key: "b", name: "Free guide", weight: 50, content: { title: "Free guide inside" } },
];
const SPINS = 12;
/** Deterministic visitor ids, so each run assigns the same arms. */
const vidOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;

const bearer = async <T,>(path: string): Promise<T> => {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${boot.key}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};
const publicPost = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: "http://localhost", "user-agent": CHROME_UA } });

beforeAll(async () => {
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-dash-engage-", { ENGAGE_RATE_PER_IP: "100000", SPIN_RATE_PER_IP: "100000" }));
  site = `/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const file = (name: string, content: unknown) => {
    const path = join(dataDir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };
  const form = { fields: ["email"], required: ["email"], consent: null, submitLabel: "Send it", successText: "Check your inbox" };
  popupId = must(
    runAdmin(dataDir, ["popup", "create", "--site", boot.siteId, "--file", file("popup.json", {
      name: "Spring offer",
      status: "active",
      layout: "modal",
      content: { title: "Get 10 % off", text: "Join the list for the spring sale." },
      form,
      triggers: [{ kind: "exit_intent", mobile: "scroll_up" }],
      variants: VARIANTS,
      holdout: HOLDOUT_PERCENT,
    })]),
  ).id;
  skewedId = must(
    runAdmin(dataDir, ["popup", "create", "--site", boot.siteId, "--file", file("skewed.json", {
      name: "Exit survey",
      status: "active",
      layout: "bar",
      content: { title: "Tell us why you leave", button: "Take the survey", buttonUrl: "https://example.com/survey" },
      form: null,
      triggers: [{ kind: "time_on_page", seconds: 20 }],
      holdout: 50,
    })]),
  ).id;
  wheelId = must(
    runAdmin(dataDir, ["spin", "create", "--site", boot.siteId, "--file", file("wheel.json", {
      name: "Summer wheel",
      status: "active",
      title: "Spin to win",
      text: "One spin per visitor.",
      triggers: [{ kind: "immediately" }],
      form,
      slices: [
        { label: "10 % off", prize: "coupon_pool", codes: ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8"], stock: 8, weight: 2 },
        { label: "Free shipping", prize: "static_code", code: "SHIP", stock: 20, weight: 1 },
        { label: "Next time", prize: "none", weight: 1 },
      ],
    })]),
  ).id;

  // Each visitor lands, the chunk assigns the arm as on the page (assignVariant), a shown popup
  // is viewed (every fourth closed), a held-out visitor is recorded as such; every sixth buys.
  const now = Date.now();
  const arms: (string | null)[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const vid = vidOf(i);
    const arm = assignVariant(vid, popupId, VARIANTS, HOLDOUT_PERCENT);
    arms.push(arm);
    const at = now - 3 * 3_600_000 + i * 1000;
    const events = [
      ev("pageview", at),
      arm === HOLDOUT ? ev("popup", at + 500, { n: popupId, a: "holdout" }) : ev("popup", at + 500, { n: popupId, a: "view", p: { v: arm } }),
      ...(arm !== HOLDOUT && i % 4 === 0 ? [ev("popup", at + 3000, { n: popupId, a: "close", p: { v: arm } })] : []),
      ...(i % 6 === 0 ? [ev("conversion", at + 60_000, { n: "buy", val: 40 })] : []),
    ];
    const res = await publicPost("/v1/collect", { v: 1, s: boot.siteKey, vid, sid: vidOf(100_000 + i), nv: true, c: { analytics: true, marketing: true }, ctx: { ref: "", lang: "en-GB", tz: "Europe/London", sw: 1440, sh: 900, utm: {} }, e: events });
    expect(res.status).toBe(202);
  }
  // Every visitor shown the survey, none held out, whatever assignVariant says (a broken page).
  for (let i = 0; i < SKEWED_VISITORS; i++) {
    const at = now - 2 * 3_600_000 + i * 1000;
    const res = await publicPost("/v1/collect", { v: 1, s: boot.siteKey, vid: vidOf(400_000 + i), sid: vidOf(500_000 + i), nv: true, c: { analytics: true, marketing: true }, ctx: { ref: "", lang: "en-GB", tz: "Europe/London", sw: 1440, sh: 900, utm: {} }, e: [ev("pageview", at), ev("popup", at + 500, { n: skewedId, a: "view" })] });
    expect(res.status).toBe(202);
  }
  for (let deadline = Date.now() + 20_000; (await bearer<PopupDetail>(`${site}/popups/${skewedId}`)).visitors < SKEWED_VISITORS; await Bun.sleep(100)) {
    if (Date.now() > deadline) throw new Error("ingest did not store the survey's visitors");
  }
  // Ingest writes in batches: wait until every shown visitor is the popup's.
  const shown = arms.filter((a) => a !== HOLDOUT).length;
  for (let deadline = Date.now() + 20_000; ; await Bun.sleep(100)) {
    const d = await bearer<PopupDetail>(`${site}/popups/${popupId}`);
    if (d.visitors === shown) break;
    if (Date.now() > deadline) throw new Error(`ingest stored ${d.visitors} of ${shown} visitors`);
  }
  // Leads: one visitor in ten who saw the discount, one in three who saw the guide.
  for (let i = 0; i < VISITORS; i++) {
    const arm = arms[i];
    if (arm === HOLDOUT || !(arm === "a" ? i % 10 === 0 : i % 3 === 0)) continue;
    const res = await publicPost("/v1/leads", { v: 1, s: boot.siteKey, id: crypto.randomUUID(), vid: vidOf(i), sid: vidOf(100_000 + i), source: "popup", ref: popupId, variant: arm, fields: { email: `reader${i}@example.com` }, hp: "", path: "/" });
    expect(res.status).toBe(201);
  }
  for (let i = 0; i < SPINS; i++) {
    const res = await publicPost("/v1/spins", { v: 1, s: boot.siteKey, id: crypto.randomUUID(), vid: vidOf(200_000 + i), sid: vidOf(300_000 + i), wheel: wheelId, fields: { email: `spinner${i}@example.com` }, hp: "", path: "/shop" });
    expect(res.status).toBe(201);
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

async function signIn(page: Page) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("E-mail").fill(boot.ownerEmail);
  await page.getByLabel("Password").fill(boot.ownerPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Popups" }).waitFor();
}
const signedIn = (run: (page: Page) => Promise<void>, width = 1440) =>
  inBrowserPage(browser, async (page) => {
    await signIn(page);
    await run(page);
  }, { viewport: { width, height: 900 } });

const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
const p3 = (p: number | null) => (p === null ? "—" : p < 0.001 ? "< 0.001" : p.toFixed(3));

/** A captioned table's body as text, cell by cell (once the table is drawn: it comes with its answer). */
const tableText = async (page: Page, caption: string) => {
  await page.getByRole("table", { name: caption }).waitFor();
  return page.getByRole("table", { name: caption }).locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent ?? "")));
};
const kpi = (page: Page, key: string) => page.locator(`[data-kpi="${key}"] .kpi-value`).textContent();

test("the popups list and the detail show exactly the API's numbers, A/B tables and verdicts; the preview draws the chosen variant; keyboard reaches the links and the picker", async () => {
  const list = await bearer<PopupList>(`${site}/popups`);
  const detail = await bearer<PopupDetail>(`${site}/popups/${popupId}`);
  const test_ = detail.test!;
  // Non-trivial numbers: both arms of the lead test and the holdout have visitors and leads.
  expect(test_.variants.map((v) => v.key)).toEqual(["a", "b"]);
  expect(test_.variants.every((v) => v.n > 100 && v.leads > 5), JSON.stringify(test_.variants)).toBe(true);
  expect(test_.holdout!.arms.map((a) => a.key)).toEqual(["holdout", "a", "b"]);
  expect(test_.holdout!.arms[0]!.n).toBeGreaterThan(40);
  expect(detail.downstream.conversions).toBeGreaterThan(0);

  await signedIn(async (page) => {
    await page.goto(`${origin}${site}/popups?range=7d`);
    const SHOWN_AS: Record<string, string[]> = { "Exit survey": ["Bar", "Time on page", "No"], "Spring offer": ["Modal", "Exit intent", "Yes"] };
    expect(list.items.map((p) => [p.name, p.layout, p.trigger, p.leadForm])).toEqual([["Exit survey", "bar", "time_on_page", false], ["Spring offer", "modal", "exit_intent", true]]);
    expect(await tableText(page, "Popups, newest first")).toEqual(
      list.items.map((p) => [p.name, "Active", ...SHOWN_AS[p.name]!, integer.format(p.views), integer.format(p.leads), new Date(p.updatedAt).toLocaleString("en-US")]),
    );
    // An API key never manages; the owner's session does, and is told how.
    expect(list.canManage).toBe(false);
    expect(await page.evaluate(async (url) => ((await (await fetch(url)).json()) as PopupList).canManage, `/api/v1${site}/popups`)).toBe(true);
    await page.getByText("bun run admin popup create").waitFor();
    // The name links to the detail, the range kept; reached by Tab and followed with Enter.
    const link = page.getByRole("link", { name: "Spring offer" });
    expect(await link.getAttribute("href")).toBe(`${site}/popups/${popupId}?range=7d`);
    for (let i = 0; i < 60 && !(await link.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${origin}${site}/popups/${popupId}?range=7d`);

    // The last 7 days hold everything sent: the same answer as the default period but for the dates.
    const weekStart = new Date(Date.parse(`${detail.to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const shown = await bearer<PopupDetail>(`${site}/popups/${popupId}?from=${weekStart}&to=${detail.to}`);
    expect({ ...shown, from: detail.from }).toEqual(detail);
    await page.locator('[data-kpi="views"]').waitFor();
    expect(await kpi(page, "views")).toBe(integer.format(shown.views));
    expect(await kpi(page, "closes")).toBe(integer.format(shown.closes));
    expect(await kpi(page, "visitors")).toBe(integer.format(shown.visitors));
    expect(await kpi(page, "leads")).toBe(integer.format(shown.leads));
    expect(await kpi(page, "conversionRate")).toBe(percent.format(shown.conversionRate));
    expect(await kpi(page, "downstreamVisitors")).toBe(integer.format(shown.downstream.visitors));
    expect(await kpi(page, "downstreamConversions")).toBe(integer.format(shown.downstream.conversions));
    expect(await kpi(page, "downstreamRevenue")).toBe(new Intl.NumberFormat("en", { style: "currency", currency: shown.downstream.currency, maximumFractionDigits: 2 }).format(shown.downstream.revenue));

    const uplift = (u: number | null) => (u === null ? "—" : `${u > 0 ? "+" : u < 0 ? "−" : "±"}${percent.format(Math.abs(u))}`);
    const interval = (ci: number[]) => `${percent.format(ci[0]!)} – ${percent.format(ci[1]!)}`;
    const t = shown.test!;
    expect(await tableText(page, "Lead rate by variant, the control first")).toEqual(
      t.variants.map((v, i) => [
        i === 0 ? `${v.name} (control)` : v.name, percent.format(v.weight / 100), integer.format(v.n), integer.format(v.leads), percent.format(v.rate),
        interval(v.ci), uplift(v.uplift), p3(v.pValue), p3(v.pAdjusted),
      ]),
    );
    expect(await tableText(page, "Converted visitors, the holdout first")).toEqual(
      t.holdout!.arms.map((a, i) => [
        i === 0 ? `${a.name} (baseline)` : a.name, integer.format(a.n), integer.format(a.converted), percent.format(a.rate), interval(a.ci), uplift(a.uplift), p3(a.pValue), p3(a.pAdjusted),
      ]),
    );
    // The verdicts in words: the guide gets three times the leads of the discount.
    expect(t.verdict).toBe("winner");
    expect(t.winner).toBe("b");
    expect(await page.locator(`.verdict[data-verdict="winner"]`).textContent()).toBe("Verdict: Free guide wins: a higher lead rate than Discount.");
    const holdoutVerdict = await page.locator(`.verdict[data-verdict="${t.holdout!.verdict}"]`).textContent();
    expect(holdoutVerdict).toStartWith(
      { collecting: "Verdict: Collecting data", winner: "Verdict: Showing the popup raises conversions", no_difference: "Verdict: No difference yet", holdout_better: "Verdict: Showing the popup lowers conversions" }[t.holdout!.verdict],
    );
    expect(await page.locator("[data-srm]").count()).toBe(t.srm.mismatch ? 1 : 0);

    // The preview: the control's title, then the variant picked by keyboard draws its own.
    const frame = page.frameLocator("iframe[title^='Preview of Spring offer']");
    await expect(frame.getByRole("dialog").getByRole("heading").textContent()).resolves.toBe("Get 10 % off");
    expect(await frame.getByRole("button", { name: "Send it" }).count()).toBe(1);
    const picker = page.getByLabel("Variant");
    for (let i = 0; i < 80 && !(await picker.evaluate((s) => s === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await picker.evaluate((s) => s === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await picker.inputValue()).toBe("b");
    await expect(frame.getByRole("dialog").getByRole("heading").textContent()).resolves.toBe("Free guide inside");
    // Drawn inside the frame, never on the dashboard itself.
    expect(await page.locator("[role=dialog]").count()).toBe(0);
    // Closed in the preview, shown again by the button.
    await frame.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Show it again" }).click();
    await frame.getByRole("heading", { name: "Free guide inside" }).waitFor();
  });
}, 90_000);

test("a popup whose split is off warns that its numbers can't be trusted; without variants only the holdout table, the popup as shown", async () => {
  const detail = await bearer<PopupDetail>(`${site}/popups/${skewedId}`);
  const t = detail.test!;
  expect(t.srm.mismatch).toBe(true);
  expect(t.variants).toEqual([]);
  expect(t.holdout!.arms.map((a) => [a.key, a.n])).toEqual([["holdout", 0], ["shown", SKEWED_VISITORS]]);
  expect(t.holdout!.verdict).toBe("collecting");
  await signedIn(async (page) => {
    await page.goto(`${origin}${site}/popups/${skewedId}`);
    expect(await page.locator("[data-srm=mismatch]").textContent()).toStartWith("Warning: the split is off.");
    expect(await page.getByRole("alert").count()).toBe(1);
    expect(await page.getByRole("table", { name: "Lead rate by variant, the control first" }).count()).toBe(0);
    expect((await tableText(page, "Converted visitors, the holdout first")).map((r) => r.slice(0, 3))).toEqual(
      t.holdout!.arms.map((a, i) => [i === 0 ? `${a.name} (baseline)` : a.name, integer.format(a.n), integer.format(a.converted)]),
    );
    expect(await page.locator('.verdict[data-verdict="collecting"]').textContent()).toBe("Verdict: Collecting data: no verdict while the split is off.");
    // No variants: no picker; the bar as visitors see it, its button a link.
    expect(await page.getByLabel("Variant").count()).toBe(0);
    const frame = page.frameLocator("iframe[title='Preview of Exit survey']");
    await frame.getByRole("heading", { name: "Tell us why you leave" }).waitFor();
    expect(await frame.getByRole("link", { name: "Take the survey" }).getAttribute("href")).toBe("https://example.com/survey");
  });
}, 60_000);

test("the spin wheels list and detail show the API's spins, leads and prize table; the wheel preview is drawn", async () => {
  const list = await bearer<SpinList>(`${site}/spins`);
  const detail = await bearer<SpinDetail>(`${site}/spins/${wheelId}`);
  expect(detail.spins).toBe(SPINS);
  expect(detail.prizes.reduce((n, p) => n + p.awarded, 0)).toBe(SPINS);
  await signedIn(async (page) => {
    await page.getByRole("link", { name: "Spin wheels" }).click();
    expect(await tableText(page, "Spin wheels, newest first")).toEqual(
      list.items.map((w) => [w.name, "Active", integer.format(w.slices), integer.format(w.spins), integer.format(w.leads), new Date(w.updatedAt).toLocaleString("en-US")]),
    );
    await page.getByRole("link", { name: "Summer wheel" }).click();
    await page.locator('[data-kpi="spins"]').waitFor();
    expect(await kpi(page, "spins")).toBe(integer.format(detail.spins));
    expect(await kpi(page, "leads")).toBe(integer.format(detail.leads));
    const prizeLabel = { coupon_pool: "Coupon from a pool", static_code: "Fixed code", none: "No prize" };
    expect(await tableText(page, `Prizes, ${detail.from} to ${detail.to} (stock and codes left: now)`)).toEqual(
      detail.prizes.map((p) => [
        String(p.slice + 1), p.label, prizeLabel[p.prize], String(p.weight), integer.format(p.awarded),
        p.stockLeft === null ? "Unlimited" : integer.format(p.stockLeft), p.codesLeft === null ? "—" : integer.format(p.codesLeft),
      ]),
    );
    const frame = page.frameLocator("iframe[title='Preview of Summer wheel']");
    await frame.getByRole("heading", { name: "Spin to win" }).waitFor();
    expect(await frame.getByRole("img", { name: "Prize wheel: 10 % off, Free shipping, Next time" }).count()).toBe(1);
  });
}, 60_000);

test("axe finds no serious or critical violation on the five pages, light and dark, at 1440 and 390 px, where the page does not scroll sideways", async () => {
  const pages = [`${site}/popups`, `${site}/popups/${popupId}`, `${site}/popups/${skewedId}`, `${site}/spins`, `${site}/spins/${wheelId}`];
  for (const width of [1440, 390]) {
    await signedIn(async (page) => {
      const found: Record<string, string[]> = {};
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const url of pages) {
          await page.goto(`${origin}${url}`);
          await page.locator("table").first().waitFor();
          if (url.includes("/popups/") || url.includes("/spins/")) await page.locator("iframe").waitFor();
          const violations = await seriousViolations(page);
          if (violations.length > 0) found[`${width} ${scheme} ${url}`] = violations;
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      }
      expect(found).toEqual({});
    }, width);
  }
}, 120_000);

test("an organisation whose plan lacks spin wheels is told so on the page", async () => {
  must(runAdmin(dataDir, ["org", "feature", "--org", boot.orgId, "--disable", "spinwheel"]));
  try {
    await signedIn(async (page) => {
      await page.goto(`${origin}${site}/spins`);
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toStartWith("Not available on this plan:");
    });
  } finally {
    must(runAdmin(dataDir, ["org", "feature", "--org", boot.orgId, "--enable", "spinwheel"]));
  }
}, 60_000);
