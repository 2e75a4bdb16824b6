import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA, openTenant } from "../helpers/hits.ts";
import { launchVisitorChromium, until } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";

/**
 * The banner reads consent settings v2 (docs/consent.md "Consent settings") in real Chromium:
 * the browser's language, the policy link, the offered categories, DNT and GPC each as set.
 * Every site here is on localhost (verified); pages are served at /s/<siteKey>/….
 */

let s: TestStack;
let browser: Browser;
let pages: ReturnType<typeof Bun.serve>;
const sites: Record<"lingo" | "stats" | "gpcRespected" | "gpcIgnored", { id: string; siteKey: string }> = {} as never;

const GERMAN = ["--lang", "de", "--title", "Ihre Privatsphäre", "--text", "Wir zählen Besuche.", "--accept", "Alle akzeptieren", "--reject", "Ablehnen", "--preferences", "Einstellungen", "--save", "Auswahl speichern", "--analytics-label", "Statistik", "--marketing-label", "Werbung", "--policy-label", "Datenschutzerklärung"];

function site(name: string, ...consent: string[]) {
  const created = must(s.admin("site", "create", "--org", s.bootstrap!.orgId, "--name", name, "--domain", "localhost"));
  must(s.admin("domain", "verify", "--site", created.id, "--hostname", "localhost", "--force"));
  if (consent.length) must(s.admin("site", "consent", "--site", created.id, ...consent));
  return created as { id: string; siteKey: string };
}

beforeAll(async () => {
  s = await startStack();
  sites.lingo = site("Lingo");
  sites.stats = site("Stats only", "--categories", "analytics");
  sites.gpcRespected = site("GPC respected", "--dnt", "ignore", "--gpc", "respect");
  sites.gpcIgnored = site("GPC ignored", "--dnt", "respect", "--gpc", "ignore");
  const script = `http://localhost:${s.port}/v1/script.js`;
  pages = Bun.serve({
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/privacy") return new Response("<!doctype html><html lang=en><title>Privacy</title><h1>Privacy policy</h1></html>", { headers: { "content-type": "text/html" } });
      const key = path.split("/")[2] ?? "";
      return new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><script defer src="${script}" data-site="${key}"></script></head><body><main><h1>Shop</h1><p>Welcome.</p></main></body></html>`,
        { headers: { "content-type": "text/html" } },
      );
    },
  });
  // The policy page is on the test page server, known only now: set it, and the German texts.
  must(s.admin("site", "consent", "--site", sites.lingo.id, "--policy-url", `http://localhost:${pages.port}/privacy`, ...GERMAN));
  browser = await launchVisitorChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  pages?.stop(true);
  await s?.close();
});

/** A page of `key`'s site in a fresh context; `init` runs before the page's scripts; page errors fail the test. */
async function visit(key: string, run: (page: Page) => Promise<void>, options: { locale?: string; init?: string } = {}) {
  const context = await browser.newContext({ userAgent: CHROME_UA, locale: options.locale });
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(`http://localhost:${pages.port}/s/${key}/`);
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

const languages = (list: string[]) => `Object.defineProperty(Navigator.prototype, "languages", { get: () => ${JSON.stringify(list)} });`;

test("a German browser sees the German texts, with the policy link; axe finds nothing serious", async () => {
  await visit(
    sites.lingo.siteKey,
    async (page) => {
      const dialog = page.getByRole("dialog", { name: "Ihre Privatsphäre" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("lang")).toBe("de");
      expect(await dialog.getAttribute("aria-describedby").then((id) => page.locator(`#${id}`).textContent())).toBe("Wir zählen Besuche.");
      expect(await dialog.getByRole("button").allTextContents()).toEqual(["Ablehnen", "Einstellungen", "Alle akzeptieren"]);
      const link = dialog.getByRole("link", { name: "Datenschutzerklärung" });
      expect(await link.getAttribute("href")).toBe(`http://localhost:${pages.port}/privacy`);
      expect(await link.getAttribute("rel")).toBe("noopener");
      expect(await link.getAttribute("target")).toBeNull();
      await dialog.getByRole("button", { name: "Einstellungen" }).click();
      expect(await dialog.getByRole("checkbox").count()).toBe(2);
      await dialog.getByLabel("Statistik").waitFor();
      await dialog.getByLabel("Werbung").waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // The link opens normally, in this tab.
      await link.click();
      await page.waitForURL(`http://localhost:${pages.port}/privacy`);
      expect(await page.title()).toBe("Privacy");
    },
    { locale: "de-DE" },
  );
}, 30_000);

test("a French browser sees the default language's texts; a browser's later language counts by its primary subtag", async () => {
  await visit(
    sites.lingo.siteKey,
    async (page) => {
      expect(await page.evaluate(() => navigator.languages)).toEqual(["fr-FR"]);
      const dialog = page.getByRole("dialog", { name: "Your privacy" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("lang")).toBe("en");
      expect(await dialog.getByRole("link").textContent()).toBe("Privacy policy");
    },
    { locale: "fr-FR" },
  );
  await visit(
    sites.lingo.siteKey,
    async (page) => {
      await page.getByRole("dialog", { name: "Ihre Privatsphäre" }).waitFor();
    },
    { init: languages(["fr-CH", "de-AT", "en"]) },
  );
}, 30_000);

test("a site offering only analytics: one checkbox, no policy link, and Accept grants analytics only", async () => {
  let vid = "";
  await visit(sites.stats.siteKey, async (page) => {
    const dialog = page.getByRole("dialog", { name: "Your privacy" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link").count()).toBe(0);
    await dialog.getByRole("button", { name: "Preferences" }).click();
    expect(await dialog.getByRole("checkbox").count()).toBe(1);
    expect(await dialog.getByLabel("Analytics: remember my visits").isVisible()).toBe(true);
    const sent = page.waitForResponse((r) => r.url().includes("/v1/collect") && (r.request().postData() ?? "").includes('"t":"consent"'));
    await dialog.getByRole("button", { name: "Accept" }).click();
    expect(await dialog.count()).toBe(0);
    expect((await sent).status()).toBe(202);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("tm_consent")))!)).toMatchObject({ a: 1, m: 0 });
    expect(await page.evaluate(() => new Promise((done) => (window as any).tidemark("onConsent", done)))).toEqual({ analytics: true, marketing: false });
    vid = (await page.evaluate(() => localStorage.getItem("tm_vid")))!;
    expect(vid).toMatch(/^[0-9a-f-]{36}$/);
  });
  const db = openTenant(s.dataDir, s.bootstrap!.orgId);
  try {
    const log = await until(() => {
      const rows = db.query("SELECT analytics, marketing FROM consent_log WHERE site_id = ? AND visitor_id = ?").all(sites.stats.id, vid) as any[];
      return rows.length > 0 && rows;
    }, "the consent log");
    expect(log).toEqual([{ analytics: 1, marketing: 0 }]);
  } finally {
    db.close();
  }
}, 30_000);

const GPC = `Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });`;
const DNT = `Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" });`;

/**
 * Whether the banner shows and whether the page sends hits: a second and a half after load, or
 * (`untilCollect`) as soon as it sends one, within 10 s — a busy machine may take longer than
 * the batching second to send the first.
 */
async function outcome(key: string, init: string, untilCollect = false): Promise<{ banner: number; collects: number }> {
  let result = { banner: -1, collects: -1 };
  await visit(
    key,
    async (page) => {
      let collects = 0;
      page.on("request", (r) => (collects += r.url().includes("/v1/collect") ? 1 : 0));
      const sent = untilCollect ? page.waitForRequest((r) => r.url().includes("/v1/collect"), { timeout: 10_000 }) : null;
      await page.waitForFunction(() => (window as any).tidemark?.loaded);
      if (sent) await sent;
      else await Bun.sleep(1500);
      result = { banner: await page.getByRole("dialog").count(), collects };
    },
    { init },
  );
  return result;
}

test("GPC and DNT each as the site handles them: respected is a refusal without a banner, ignored shows the banner", async () => {
  // The page view is sent only once the settings are read; a refusal sends nothing at all.
  expect(await outcome(sites.gpcRespected.siteKey, GPC)).toEqual({ banner: 0, collects: 0 });
  expect(await outcome(sites.gpcIgnored.siteKey, GPC, true)).toMatchObject({ banner: 1 });
  expect((await outcome(sites.gpcIgnored.siteKey, GPC, true)).collects).toBeGreaterThan(0);
  expect(await outcome(sites.gpcIgnored.siteKey, DNT)).toEqual({ banner: 0, collects: 0 });
  expect(await outcome(sites.gpcRespected.siteKey, DNT, true)).toMatchObject({ banner: 1 });
}, 60_000);
