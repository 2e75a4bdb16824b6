/**
 * Issue 18's story end to end, in real Chromium against the real server: a customer's page sets
 * `_ga` and Meta's `_fbp` and loads LinkedIn's Insight Tag host before consent, plus a necessary
 * `PHPSESSID` (HttpOnly, so the page's script cannot see it). Visits report what they see; the
 * inventory classifies each from the Open Cookie Database and flags the first ones as
 * violations with evidence. The scanner finds the same, and the HttpOnly cookie too. Then the
 * site gates its tags behind consent: a new visit and a rescan clear the violations.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chromium, type Browser, type Page } from "playwright-core";
import { must, runAdminAsync, startStack, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA } from "../helpers/hits.ts";
import { inPage, until } from "../helpers/browser-page.ts";
import type { CookieInventory, InventoryItem } from "../../lib/consent/models.ts";

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let site: ReturnType<typeof Bun.serve>;
let pixel: ReturnType<typeof Bun.serve>;
let browser: Browser;
/** The customer fixed the site: tags run only after consent. */
let gated = false;
/** Requests the pixel host got (the page loaded it). */
let pixelHits = 0;

/** LinkedIn's Insight Tag host (not on Chromium's HSTS preload list, so plain http reaches the local stand-in). */
const PIXEL_HOST = "snap.licdn.com";

function sitePage(): string {
  const pixelUrl = `http://${PIXEL_HOST}:${pixel.port}/li.lms-analytics/insight.min.js`;
  const tags = `document.cookie = "_ga=GA1.1.42.1700000000; path=/"; document.cookie = "_fbp=fb.1.1700000000.42; path=/";
    var s = document.createElement("script"); s.src = ${JSON.stringify(pixelUrl)}; document.head.appendChild(s);`;
  const body = gated
    ? `window.tidemark = window.tidemark || function () { (tidemark.q = tidemark.q || []).push(arguments); };
       tidemark("onConsent", function (c) { if (c.analytics && c.marketing && !window.tagsOn) { window.tagsOn = true; ${tags} } });`
    : tags;
  // The shop's own A/B bucket, set on every page: no database knows it.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
    <script defer src="${s.url}/v1/script.js" data-site="${boot.siteKey}"></script>
    <script>document.cookie = "shop_ab=b; path=/"; ${body}</script></head><body><main><h1>Shop</h1><a href="/about">About us</a></main></body></html>`;
}

/** `admin cookies scan` in its own process (not spawnSync: this process serves the site it scans), private targets allowed. */
const scanNow = () => runAdminAsync(s.dataDir, ["cookies", "scan", "--site", boot.siteId], { COOKIE_SCAN_ALLOW_PRIVATE: "1" });

async function inventory(): Promise<CookieInventory> {
  const res = await s.api(`/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/cookies`, boot.key);
  expect(res.status).toBe(200);
  return (await res.json()) as CookieInventory;
}
const item = (inv: CookieInventory, kind: string, name: string) => inv.items.find((i) => i.kind === kind && i.name === name);

/** A visitor who does not answer the banner; the page stays open until its inventory sample is sent. */
async function visitWithoutConsent(check: (inv: CookieInventory) => boolean, what: string): Promise<CookieInventory> {
  let inv: CookieInventory | undefined;
  await inPage(browser, async (p: Page) => {
    await p.goto(`http://localhost:${site.port}/`);
    inv = await pollInventory(check, what);
  });
  return inv!;
}

async function pollInventory(check: (inv: CookieInventory) => boolean, what: string): Promise<CookieInventory> {
  let last: CookieInventory | undefined;
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    last = await inventory();
    if (check(last)) return last;
    await Bun.sleep(200);
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last?.items.map((i) => [i.kind, i.name, i.violation]))}`);
}

beforeAll(async () => {
  s = await startStack({ env: { COOKIE_SCAN_ALLOW_PRIVATE: "1", COOKIE_SCAN_INTERVAL_DAYS: "0" } });
  boot = s.bootstrap!;
  pixel = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () => {
      pixelHits++;
      return new Response("/* pixel */", { headers: { "content-type": "text/javascript" } });
    },
  });
  site = Bun.serve({
    port: 0,
    fetch: (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/favicon.ico") return new Response(null, { status: 404 });
      return new Response(path === "/about" ? `<!doctype html><title>About</title><h1>About</h1>` : sitePage(), {
        headers: { "content-type": "text/html", "set-cookie": "PHPSESSID=abc123; Path=/; HttpOnly; SameSite=Lax" },
      });
    },
  });
  // The scanner starts at the customer's page (another port of localhost, the site's verified domain).
  must(s.admin("site", "consent", "--site", boot.siteId, "--default-url", `http://localhost:${site.port}/`));
  // The visitor's browser reaches LinkedIn's tag host on this machine.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [`--user-agent=${CHROME_UA}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", `--host-resolver-rules=MAP ${PIXEL_HOST} 127.0.0.1`],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  site?.stop(true);
  pixel?.stop(true);
  await s?.close();
});

describe("cookie inventory from real visits and the scanner", () => {
  test("a visit before consent: _ga, _fbp and LinkedIn's tag host are violations with evidence, the necessary cookie is not", async () => {
    const inv = await visitWithoutConsent((i) => !!item(i, "cookie", "_ga") && !!item(i, "host", PIXEL_HOST), "the first visit's sample");
    expect(pixelHits).toBeGreaterThan(0);
    const ga = item(inv, "cookie", "_ga")!;
    expect(ga).toMatchObject({ category: "analytics", vendor: "Google", match: "name", violation: true, sources: ["visits"], host: "localhost" });
    expect(ga.evidence).toMatchObject({ source: "visits", page: `http://localhost:${site.port}/`, consent: { analytics: false, marketing: false } });
    const fbp = item(inv, "cookie", "_fbp")!;
    expect(fbp).toMatchObject({ category: "marketing", vendor: "Facebook", violation: true });
    const host = item(inv, "host", PIXEL_HOST)!;
    expect(host).toMatchObject({ category: "marketing", vendor: "LinkedIn", match: "host", violation: true });
    // A name nobody knows is unknown: counted, never a violation.
    expect(item(inv, "cookie", "shop_ab")).toMatchObject({ category: "unknown", vendor: "", purpose: "", match: "none", violation: false });
    expect(inv.summary.unknown).toBe(inv.items.filter((i) => i.category === "unknown").length);
    expect(inv.summary.unknown).toBe(1);
    // The page's own script cannot see an HttpOnly cookie: visits do not report PHPSESSID.
    expect(item(inv, "cookie", "PHPSESSID")).toBeUndefined();
    // Tidemark's own keys are listed as necessary, never violations.
    const own = inv.items.filter((i) => i.name.startsWith("tm_"));
    expect(own.length).toBeGreaterThan(0);
    for (const i of own) expect(i).toMatchObject({ category: "necessary", vendor: "Tidemark", violation: false });
    expect(inv.summary.violations).toBe(inv.items.filter((i) => i.violation).length);
    expect(inv.summary.violations).toBe(3);
    expect(inv.scan.status).toBe("none");
    expect(inv.canManage).toBe(false);
    expect(inv.defaultUrl).toBe(`http://localhost:${site.port}/`);
  });

  test("the scanner finds the same items, and the HttpOnly cookie the script cannot see", async () => {
    const scan = must(await scanNow());
    expect(scan).toMatchObject({ status: "done", error: null, trigger: "cli" });
    expect(scan.pages).toBe(2);
    const inv = await inventory();
    const session = item(inv, "cookie", "PHPSESSID")!;
    expect(session).toMatchObject({ category: "necessary", httpOnly: true, violation: false, sources: ["scan"] });
    expect(session.evidence).toMatchObject({ source: "scan", consent: { analytics: false, marketing: false } });
    for (const [kind, name] of [["cookie", "_ga"], ["cookie", "_fbp"], ["host", PIXEL_HOST]] as const) {
      const found = item(inv, kind, name)!;
      expect(found.sources).toEqual(["visits", "scan"]);
      expect(found.violation).toBe(true);
      expect(found.gated).toBe(false);
    }
    expect(item(inv, "cookie", "_ga")!.httpOnly).toBe(false);
    expect(inv.scan).toMatchObject({ status: "done", pages: 2 });
  });

  test("after the site gates its tags behind consent, a rescan and a new visit show no violation; an override survives the rescan", async () => {
    gated = true;
    must(s.admin("cookies", "classify", "--site", boot.siteId, "--name", "shop_ab", "--category", "necessary", "--vendor", "Shop", "--purpose", "Which version of the checkout a visitor sees"));
    const scan = must(await scanNow());
    expect(scan.status).toBe("done");
    // The scan now finds the tags only after accepting all; visits' latest sample still has them before consent.
    const between = await inventory();
    for (const name of ["_ga", "_fbp"]) expect(item(between, "cookie", name)).toMatchObject({ gated: true, violation: true });
    const inv = await visitWithoutConsent((i) => i.summary.violations === 0, "a visit that clears the violations");
    for (const name of ["_ga", "_fbp"]) expect(item(inv, "cookie", name)).toMatchObject({ violation: false, gated: true });
    expect(item(inv, "host", PIXEL_HOST)).toMatchObject({ violation: false, gated: true });
    expect(item(inv, "cookie", "shop_ab")).toMatchObject({ category: "necessary", vendor: "Shop", match: "override", sources: ["visits", "scan"] });
    // The evidence of the first sighting stays: it happened.
    expect(item(inv, "cookie", "_ga")!.evidence).toMatchObject({ source: "visits", consent: { analytics: false, marketing: false } });
  });
});
