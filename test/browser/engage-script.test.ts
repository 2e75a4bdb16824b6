/**
 * The engagement chunk in real Chromium, against a stand-in for Tidemark (a Bun.serve that
 * serves the built tracker.min.js and engage.min.js, a config with chosen popups and wheels,
 * and answers /v1/collect, /v1/leads and /v1/spins as docs/engagement.md says, recording every
 * body) and a second origin playing the customer's site.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { PublicPopup, PublicWheel } from "../../lib/engagement/types.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { chromium } from "playwright-core";
import { CHROME_UA } from "../helpers/hits.ts";
import { turnFor } from "../../services/ingest/tracker/engage/wheel.ts";

const TRACKER = join(import.meta.dir, "../../services/ingest/tracker");
const ANY = { paths: [], excludePaths: [], devices: [], visitor: "any" as const, channels: [], campaigns: [], countries: [] };
const COLORS = { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" };
const FORM = { fields: ["email" as const, "name" as const], required: ["email" as const], consent: { text: "I agree to receive e-mails.", required: true }, submitLabel: "Subscribe", successText: "Thanks — check your inbox." };

function popup(id: string, over: Partial<PublicPopup> = {}): PublicPopup {
  return {
    id,
    layout: "modal",
    content: { title: "Get 10 % off", text: "Join the newsletter.", imageUrl: null, imageAlt: "", button: "Subscribe", buttonUrl: null, colors: COLORS },
    form: FORM,
    triggers: [{ kind: "exit_intent", mobile: "scroll_up" }],
    targeting: ANY,
    frequency: { show: "once_per_session", days: null, stopAfterClose: false, stopAfterConvert: true, maxViews: null },
    endAt: null,
    variants: [],
    holdout: 0,
    updatedAt: "2026-11-27T08:00:00.000Z",
    ...over,
  };
}

const WHEEL: PublicWheel = {
  id: "w_spring",
  title: "Spin to win",
  text: "Try your luck: one spin per e-mail address.",
  slices: [
    { label: "10 % off", color: "#0b57d0" },
    { label: "No luck", color: "#eeeeee" },
    { label: "Free shipping", color: "#188038" },
    { label: "5 € off", color: "#f4b400" },
  ],
  form: { ...FORM, fields: ["email"], submitLabel: "Spin the wheel", successText: "" },
  triggers: [{ kind: "immediately" }],
  targeting: ANY,
  colors: COLORS,
  endAt: null,
  updatedAt: "2026-11-27T08:00:00.000Z",
};

/** Each site key of the stand-in has its own config. */
const CONFIGS: Record<string, { popups: PublicPopup[]; wheels: PublicWheel[]; engage: string | null; popupsPerSession?: number }> = {
  exit: { popups: [popup("p_exit")], wheels: [], engage: "/v1/engage.js?v=test" },
  weekly: { popups: [popup("p_weekly", { triggers: [{ kind: "immediately" }], frequency: { show: "every_n_days", days: 7, stopAfterClose: false, stopAfterConvert: true, maxViews: null } })], wheels: [], engage: "/v1/engage.js?v=test" },
  scroll: { popups: [popup("p_scroll", { layout: "slide_in", triggers: [{ kind: "scroll", percent: 50 }] })], wheels: [], engage: "/v1/engage.js?v=test" },
  wheel: { popups: [], wheels: [WHEEL], engage: "/v1/engage.js?v=test" },
  forms: { popups: [], wheels: [], engage: null },
};

interface Recorded {
  path: string;
  origin: string | null;
  contentType: string | null;
  body: any;
}
const received: Recorded[] = [];
const bodies = (path: string) => received.filter((r) => r.path === path).map((r) => r.body);
const events = (site: string, t: string) => bodies("/v1/collect").filter((b) => b.s === site).flatMap((b) => b.e.filter((e: any) => e.t === t).map((e: any) => ({ vid: b.vid, sid: b.sid, n: e.n, a: e.a, p: e.p })));

let tidemark: ReturnType<typeof Bun.serve>;
let site: ReturnType<typeof Bun.serve>;
let browser: Browser;

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type", "access-control-allow-methods": "GET, POST, OPTIONS" };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { ...CORS, "content-type": "application/json" } });
const invalid = (path: string, message: string) => json(422, { error: { code: "VALIDATION_FAILED", message: "The submission is not valid", details: [{ path, message }], requestId: "r1" } });

/** The stand-in's answers, as docs/engagement.md has them. */
function answer(path: string, body: any): Response {
  if (path === "/v1/collect") return json(202, { ok: true, accepted: body.e.length, duplicates: 0, rejected: [] });
  const again = received.filter((r) => r.path === path && r.body.id === body.id);
  if (path === "/v1/leads") {
    if (String(body.fields?.email).endsWith("@mailinator.com")) return invalid("fields.email", "uses a disposable e-mail domain");
    // The first try of this address fails as a lost answer would (the page retries with the same id).
    if (body.fields?.email === "flaky@example.com" && again.length === 1) return json(503, { error: { code: "UNAVAILABLE", message: "Please try again in a moment", details: [], requestId: "r0" } });
    if (again.length > 1) return json(200, { ok: true, leadId: `lead-${again[0].body.id}` });
    return json(201, { ok: true, leadId: `lead-${body.id}` });
  }
  // POST /v1/spins: once per e-mail; the same id again is the first answer.
  const first = received.find((r) => r.path === path && r.body.fields.email === body.fields.email);
  if (first && first.body.id !== body.id) return json(409, { error: { code: "CONFLICT", message: "This e-mail address has already spun this wheel", details: [], requestId: "r2" } });
  return json(201, { ok: true, spinId: "spin-1", slice: 2, label: "Free shipping", prize: "static_code", code: "SHIPFREE", expiresAt: "2026-12-27T00:00:00.000Z" });
}

beforeAll(async () => {
  tidemark = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
      if (url.pathname === "/v1/script.js" || url.pathname === "/v1/engage.js") {
        const file = url.pathname === "/v1/script.js" ? "tracker.min.js" : "engage.min.js";
        return new Response(readFileSync(join(TRACKER, file), "utf8"), { headers: { ...CORS, "content-type": "application/javascript" } });
      }
      const config = url.pathname.match(/^\/v1\/sites\/([^/]+)\/config$/);
      if (config) return json(200, { siteKey: config[1], consent: { mode: "none", respectDnt: true }, popupsPerSession: 1, ...CONFIGS[config[1]] });
      if (req.method === "POST") {
        const text = await req.text();
        const body = JSON.parse(text);
        received.push({ path: url.pathname, origin: req.headers.get("origin"), contentType: req.headers.get("content-type"), body });
        return answer(url.pathname, body);
      }
      return new Response("not found", { status: 404 });
    },
  });
  const script = `http://localhost:${tidemark.port}/v1/script.js`;
  site = Bun.serve({
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      const key = url.searchParams.get("site") ?? "exit";
      const newsletter = `<form data-tidemark-lead="newsletter" name="footer-news" action="/thanks" method="get">
        <label for="nl-email">Your e-mail</label><input id="nl-email" type="email" name="contact">
        <label for="nl-name">Name</label><input id="nl-name" name="name"><button>Join</button></form>`;
      const body = url.pathname === "/thanks" ? "<p>Thanks!</p>" : `<button id="before">A button on the page</button>${key === "forms" ? newsletter : ""}<div style="height:4000px">Long article</div>`;
      return new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><script defer src="${script}" data-site="${key}"></script></head>
<body style="margin:0"><main><h1>Shop</h1>${body}</main></body></html>`,
        { headers: { "content-type": "text/html" } },
      );
    },
  });
  // A browser-wide normal user agent (never HeadlessChrome), as test/browser/tracker.test.ts.
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [`--user-agent=${CHROME_UA}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  tidemark?.stop(true);
  site?.stop(true);
});

async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** A fresh visitor (analytics consent given, so the chunk keeps its memory in localStorage); no page error may happen. */
async function visitor(run: (page: Page, context: BrowserContext) => Promise<void>, options: { reducedMotion?: "reduce" | "no-preference"; consent?: boolean } = {}) {
  const context = await browser.newContext({ userAgent: CHROME_UA, viewport: { width: 1200, height: 800 }, reducedMotion: options.reducedMotion ?? "no-preference" });
  if (options.consent !== false) await context.addInitScript(() => localStorage.getItem("tm_consent") || localStorage.setItem("tm_consent", JSON.stringify({ a: 1, m: 1, t: Date.now() })));
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

const open = async (page: Page, key: string, path = "/") => {
  await page.goto(`http://localhost:${site.port}${path}?site=${key}`);
  await page.waitForFunction(() => (window as any).tidemark?.engaged === true);
};
/** What has focus, through the popup's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a ? a.getAttribute("aria-label") || a.getAttribute("name") || a.id || a.textContent : null;
  });
const ids = (page: Page) => page.evaluate(() => ({ vid: localStorage.getItem("tm_vid"), sid: JSON.parse(localStorage.getItem("tm_sid") ?? "{}").id }));

describe("exit intent", () => {
  test("not on load nor on moves inside; shown when the pointer leaves through the top; keyboard-usable; once a session", async () => {
    await visitor(async (page) => {
      await open(page, "exit");
      await page.focus("#before");
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      await Bun.sleep(2300); // past the arming delay
      for (const [x, y] of [[100, 100], [600, 400], [1100, 20], [600, 2]]) await page.mouse.move(x, y, { steps: 3 });
      await Bun.sleep(300);
      expect(await dialog.count()).toBe(0);
      // Leaving through the top edge: Chromium dispatches mouseout (relatedTarget null, clientY < 0).
      await page.mouse.move(600, -20, { steps: 2 });
      await dialog.waitFor({ timeout: 3000 });
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      // Focus moved in (the first field); Tab goes round inside the dialog.
      expect(await focused(page)).toBe("email");
      const order: (string | null)[] = [];
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press("Tab");
        order.push(await focused(page));
      }
      expect(order).toEqual(["name", "consent", "Subscribe", "Close", "email", "name"]);
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe("Close");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await focused(page)).toBe("before");
      const { vid, sid } = await ids(page);
      await until(() => events("exit", "popup").length >= 2, "view and close");
      expect(events("exit", "popup")).toEqual([
        { vid, sid, n: "p_exit", a: "view", p: undefined },
        { vid, sid, n: "p_exit", a: "close", p: undefined },
      ]);
      // The next page of the same session: once_per_session keeps it away.
      await open(page, "exit", "/blog/next");
      await Bun.sleep(2300);
      await page.mouse.move(600, 300);
      await page.mouse.move(600, -20, { steps: 2 });
      await Bun.sleep(500);
      expect(await dialog.count()).toBe(0);
      expect(events("exit", "popup")).toHaveLength(2);
    });
  }, 60_000);

  test("the e-mail reaches /v1/leads (source popup), the server's messages show beside the field, then the success text", async () => {
    await visitor(async (page) => {
      await open(page, "exit");
      await Bun.sleep(2300);
      await page.mouse.move(600, 300);
      await page.mouse.move(600, -20, { steps: 2 });
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      await dialog.waitFor();
      // The visitor's own mistakes first: nothing is sent.
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await expect(dialog.getByText("Please enter your e-mail address.")).toBeDefined();
      const email = dialog.getByLabel("E-mail", { exact: true });
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      expect(await dialog.locator(`#${await email.getAttribute("aria-describedby")}`).textContent()).toBe("Please enter your e-mail address.");
      expect(await dialog.getByText("Please tick this box to continue.").count()).toBe(1);
      expect(bodies("/v1/leads").filter((b) => b.s === "exit")).toHaveLength(0);
      // The server refuses a disposable address: its message beside the field.
      await email.fill("ann@mailinator.com");
      await dialog.getByLabel("Name (optional)").fill("Ann Lee");
      await dialog.getByLabel("I agree to receive e-mails.").check();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByText("Uses a disposable e-mail domain").waitFor();
      expect(await focused(page)).toBe("email");
      await email.fill("flaky@example.com");
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByText("Please try again in a moment").waitFor();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByText("Thanks — check your inbox.").waitFor();
      expect(await focused(page)).toBe("Thanks — check your inbox.");
      const { vid, sid } = await ids(page);
      const leads = received.filter((r) => r.path === "/v1/leads" && r.body.s === "exit");
      expect(leads.map((l) => l.body.fields.email)).toEqual(["ann@mailinator.com", "flaky@example.com", "flaky@example.com"]);
      // New values are a new submission; the retry of the same values keeps its id.
      expect(leads[1].body.id).not.toBe(leads[0].body.id);
      expect(leads[2].body.id).toBe(leads[1].body.id);
      expect(leads[2].body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(leads[2].origin).toBe(`http://localhost:${site.port}`);
      expect(leads[2].body).toEqual({
        v: 1,
        s: "exit",
        id: leads[2].body.id,
        vid,
        sid,
        source: "popup",
        ref: "p_exit",
        fields: { email: "flaky@example.com", name: "Ann Lee" },
        consent: { given: true, text: "I agree to receive e-mails." },
        hp: "",
        path: "/",
      });
      await until(() => events("exit", "popup").some((e) => e.vid === vid && e.a === "submit"), "submit event");
      expect(events("exit", "popup").filter((e) => e.vid === vid).map((e) => e.a)).toEqual(["view", "submit"]);
    });
  }, 60_000);
});
