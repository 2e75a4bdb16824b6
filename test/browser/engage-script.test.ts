/**
 * The engagement chunk in real Chromium, against a stand-in for Tidemark (a Bun.serve that
 * serves the built tracker.min.js and engage.min.js, a config with chosen popups and wheels,
 * and answers /v1/collect, /v1/leads and /v1/spins as docs/engagement.md says, recording every
 * body) and a second origin playing the customer's site.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import type { PublicPopup, PublicWheel } from "../../lib/engagement/types.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { inPage, launchVisitorChromium, until } from "../helpers/browser-page.ts";
import { IPHONE_UA } from "../helpers/hits.ts";
import { turnFor } from "../../services/ingest/tracker/engage/wheel.ts";
import { assignVariant } from "../../lib/engagement/assign.ts";

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
  mobile: { popups: [popup("p_mobile", { layout: "fullscreen" })], wheels: [], engage: "/v1/engage.js?v=test" },
  idle: { popups: [popup("p_idle", { layout: "bar", triggers: [{ kind: "inactivity", seconds: 2 }] })], wheels: [], engage: "/v1/engage.js?v=test" },
  click: { popups: [popup("p_click", { layout: "fullscreen", form: null, triggers: [{ kind: "click", selector: "((" }, { kind: "click", selector: "#before" }] })], wheels: [], engage: "/v1/engage.js?v=test" },
  ab: {
    popups: [
      popup("p_ab", {
        triggers: [{ kind: "immediately" }],
        variants: [{ key: "a", name: "Discount", weight: 50 }, { key: "b", name: "Guide", weight: 50, layout: "bar", content: { title: "Free SEO guide" } }],
        holdout: 20,
      }),
    ],
    wheels: [],
    engage: "/v1/engage.js?v=test",
  },
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
  browser = await launchVisitorChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  tidemark?.stop(true);
  site?.stop(true);
});


/** A fresh visitor (analytics consent given, so the chunk keeps its memory in localStorage); no page error may happen. */
async function visitor(run: (page: Page) => Promise<void>, options: { reducedMotion?: "reduce" | "no-preference"; consent?: boolean; phone?: boolean } = {}) {
  await inPage(
    browser,
    async (page) => {
      if (options.consent !== false) await page.context().addInitScript(() => localStorage.getItem("tm_consent") || localStorage.setItem("tm_consent", JSON.stringify({ a: 1, m: 1, t: Date.now() })));
      await run(page);
    },
    {
      viewport: options.phone ? { width: 390, height: 760 } : { width: 1200, height: 800 },
      reducedMotion: options.reducedMotion ?? "no-preference",
      ...(options.phone ? { userAgent: IPHONE_UA, isMobile: true, hasTouch: true } : {}),
    },
  );
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

describe("frequency and triggers", () => {
  test("every_n_days: not again in a new session of the same week; again after the days have passed", async () => {
    await visitor(async (page) => {
      await open(page, "weekly");
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      const first = await ids(page);
      // A new session (the last activity 31 minutes ago): still within the 7 days.
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem("tm_sid")!);
        localStorage.setItem("tm_sid", JSON.stringify({ ...s, at: s.at - 31 * 60_000 }));
      });
      await open(page, "weekly", "/other");
      await Bun.sleep(500);
      expect(await dialog.count()).toBe(0);
      const second = await ids(page);
      expect(second.sid).not.toBe(first.sid);
      // Eight days after the view it shows again.
      await page.evaluate(() => {
        const s = JSON.parse(localStorage.getItem("tm_eng")!);
        s.items.p_weekly.last -= 8 * 86_400_000;
        localStorage.setItem("tm_eng", JSON.stringify(s));
      });
      await open(page, "weekly", "/later");
      await dialog.waitFor();
      await until(() => events("weekly", "popup").filter((e) => e.vid === first.vid).length >= 3, "the second view");
      expect(events("weekly", "popup").filter((e) => e.vid === first.vid).map((e) => [e.a, e.sid])).toEqual([
        ["view", first.sid],
        ["close", first.sid],
        ["view", second.sid],
      ]);
    });
  }, 60_000);

  test("a scroll popup (slide-in) appears at 50 % and not at 30 %", async () => {
    await visitor(async (page) => {
      await open(page, "scroll");
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      const scrollTo = (pct: number) => page.evaluate((p) => window.scrollTo(0, ((document.documentElement.scrollHeight - innerHeight) * p) / 100), pct);
      await scrollTo(30);
      await Bun.sleep(600);
      expect(await dialog.count()).toBe(0);
      await scrollTo(50);
      await dialog.waitFor({ timeout: 3000 });
      // Not modal: the page stays usable, and no backdrop covers it.
      expect(await dialog.getAttribute("aria-modal")).toBe("false");
      expect(await focused(page)).toBe("email");
    });
  }, 60_000);

  test("on a phone, exit intent is a quick scroll back up after reading down", async () => {
    await visitor(
      async (page) => {
        await open(page, "mobile");
        const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
        expect(await page.evaluate(() => matchMedia("(pointer: fine)").matches)).toBe(false);
        // Down, then slowly back up: reading, not leaving.
        for (const y of [300, 600, 900, 1200]) await page.evaluate((y) => window.scrollTo(0, y), y), await Bun.sleep(60);
        for (const y of [1170, 1140, 1110, 1080]) await page.evaluate((y) => window.scrollTo(0, y), y), await Bun.sleep(400);
        expect(await dialog.count()).toBe(0);
        // A flick back up.
        for (const y of [1000, 850, 700]) await page.evaluate((y) => window.scrollTo(0, y), y), await Bun.sleep(30);
        await dialog.waitFor({ timeout: 3000 });
      },
      { phone: true },
    );
  }, 60_000);

  test("inactivity: shown after the seconds without input, each input starting them again", async () => {
    await visitor(async (page) => {
      await open(page, "idle");
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      for (let i = 0; i < 4; i++) await page.mouse.move(100 + i * 50, 200), await Bun.sleep(800);
      expect(await dialog.count()).toBe(0);
      await dialog.waitFor({ timeout: 4000 });
    });
  }, 60_000);

  test("click: a selector the browser refuses never fires and throws nothing; a valid one opens the popup", async () => {
    await visitor(async (page) => {
      await open(page, "click");
      await page.getByRole("heading", { name: "Shop" }).click();
      await Bun.sleep(300);
      expect(await page.getByRole("dialog").count()).toBe(0);
      await page.getByRole("button", { name: "A button on the page" }).click();
      const dialog = page.getByRole("dialog", { name: "Get 10 % off" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      // Without a form (nor a link), the button is the popup's conversion and closes it.
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await focused(page)).toBe("before");
      const { vid } = await ids(page);
      await until(() => events("click", "popup").filter((e) => e.vid === vid).length >= 2, "view and submit");
      expect(events("click", "popup").filter((e) => e.vid === vid).map((e) => e.a)).toEqual(["view", "submit"]);
    });
  }, 60_000);

  test("A/B: the variant assignVariant gives the visitor, with its changes; a held-out visitor sees nothing and is counted once a session", async () => {
    const pick = (wanted: string) => {
      for (;;) {
        const vid = crypto.randomUUID();
        if (assignVariant(vid, "p_ab", CONFIGS.ab.popups[0].variants, 20) === wanted) return vid;
      }
    };
    const asVisitor = (vid: string) => (page: Page) => page.context().addInitScript((id) => localStorage.getItem("tm_vid") || localStorage.setItem("tm_vid", id), vid);
    const b = pick("b");
    await visitor(async (page) => {
      await asVisitor(b)(page);
      await open(page, "ab");
      const dialog = page.getByRole("dialog", { name: "Free SEO guide" });
      await dialog.waitFor();
      // Variant b's layout: a bar, not modal.
      expect(await dialog.getAttribute("aria-modal")).toBe("false");
      await until(() => events("ab", "popup").some((e) => e.vid === b), "the view");
      expect(events("ab", "popup").filter((e) => e.vid === b).map((e) => [e.a, e.p])).toEqual([["view", { v: "b" }]]);
    });
    const held = pick("holdout");
    await visitor(async (page) => {
      await asVisitor(held)(page);
      await open(page, "ab");
      await until(() => events("ab", "popup").some((e) => e.vid === held), "the holdout event");
      await open(page, "ab", "/again");
      await Bun.sleep(500);
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(events("ab", "popup").filter((e) => e.vid === held).map((e) => [e.a, e.p])).toEqual([["holdout", { v: "holdout" }]]);
    });
  }, 60_000);
});

describe("spin to win", () => {
  test("e-mail, spin: the wheel turns to the slice the server drew and shows its label and code; a second spin shows the 409", async () => {
    await visitor(async (page) => {
      await open(page, "wheel");
      const dialog = page.getByRole("dialog", { name: "Spin to win" });
      await dialog.waitFor();
      expect(await dialog.getByRole("img", { name: "Prize wheel: 10 % off, No luck, Free shipping, 5 € off" }).count()).toBe(1);
      await dialog.getByLabel("E-mail", { exact: true }).fill("Win@Example.com");
      await dialog.getByLabel("I agree to receive e-mails.").check();
      await dialog.getByRole("button", { name: "Spin the wheel" }).click();
      await dialog.getByText("You won: Free shipping").waitFor({ timeout: 8000 });
      expect(await dialog.locator(".code").textContent()).toBe("SHIPFREE");
      expect(await dialog.getByText(/^Valid until /).count()).toBe(1);
      // Turned to slice 2 of 4 (its middle under the pointer), five whole turns first.
      expect(await dialog.locator(".wh").evaluate((g) => (g as SVGGElement).style.transform)).toBe(`rotate(${turnFor(2, 4)}deg)`);
      const { vid, sid } = await ids(page);
      const spin = bodies("/v1/spins").find((b) => b.vid === vid);
      expect(spin).toEqual({
        v: 1,
        s: "wheel",
        id: spin.id,
        vid,
        sid,
        fields: { email: "Win@Example.com" },
        consent: { given: true, text: "I agree to receive e-mails." },
        hp: "",
        path: "/",
        wheel: "w_spring",
      });
      await until(() => events("wheel", "spin").filter((e) => e.vid === vid).length >= 2, "view and spin events");
      expect(events("wheel", "spin").filter((e) => e.vid === vid).map((e) => [e.n, e.a])).toEqual([["w_spring", "view"], ["w_spring", "spin"]]);
    });
    // Another browser, the same address: the server's 409, shown as it says it (no animation under reduced motion).
    await visitor(
      async (page) => {
        await open(page, "wheel");
        const dialog = page.getByRole("dialog", { name: "Spin to win" });
        await dialog.waitFor();
        await dialog.getByLabel("E-mail", { exact: true }).fill("Win@Example.com");
        await dialog.getByLabel("I agree to receive e-mails.").check();
        await dialog.getByRole("button", { name: "Spin the wheel" }).click();
        await dialog.getByRole("alert").getByText("This e-mail address has already spun this wheel").waitFor();
        expect(await dialog.locator(".wh").evaluate((g) => (g as SVGGElement).style.transform)).toBe("");
        expect(await dialog.getByText(/You won/).count()).toBe(0);
      },
      { reducedMotion: "reduce" },
    );
  }, 60_000);
});

describe("marked forms and accessibility", () => {
  test("a marked newsletter form posts a newsletter lead and the site's own submit goes on", async () => {
    await visitor(async (page) => {
      const chunks: string[] = [];
      page.on("request", (r) => r.url().includes("/v1/engage.js") && chunks.push(new URL(r.url()).pathname + new URL(r.url()).search));
      await open(page, "forms");
      // No popups on this site: the chunk came for the marked form, at its plain URL.
      expect(chunks).toEqual(["/v1/engage.js"]);
      const { vid, sid } = await ids(page);
      await page.getByLabel("Your e-mail").fill("news@example.com");
      await page.getByLabel("Name").fill("Nia");
      await Promise.all([page.waitForURL(/\/thanks\?contact=news%40example.com&name=Nia$/), page.getByRole("button", { name: "Join" }).click()]);
      const lead = await until(() => bodies("/v1/leads").find((b) => b.s === "forms"), "the newsletter lead");
      expect(lead).toEqual({ v: 1, s: "forms", id: lead.id, vid, sid, fields: { email: "news@example.com", name: "Nia" }, hp: "", path: "/", source: "newsletter", ref: "footer-news" });
    });
  }, 60_000);

  test("axe finds no serious or critical violation with a popup open, nor with the wheel open", async () => {
    await visitor(async (page) => {
      await open(page, "weekly");
      await page.getByRole("dialog", { name: "Get 10 % off" }).waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Subscribe" }).click(); // with its errors showing
      expect(await seriousViolations(page)).toEqual([]);
    });
    // Another visitor (the session cap of one would keep the wheel from this one).
    await visitor(async (page) => {
      await open(page, "wheel");
      await page.getByRole("dialog", { name: "Spin to win" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }, 60_000);
});
