import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { existsSync } from "node:fs";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { CHROME_UA, openTenant } from "../helpers/hits.ts";
import { launchVisitorChromium, until } from "../helpers/browser-page.ts";

/**
 * The script's inventory sampling in Chromium (docs/consent.md "Visits"): once per page type
 * and consent state per tab session, 3 s after a pageview or a consent change, with cookie
 * names (never values), storage keys and the hosts of other origins the page loaded from.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

let s: TestStack;
let browser: Browser;
let pages: ReturnType<typeof Bun.serve>;
let thirdParty: ReturnType<typeof Bun.serve>;

const GIF = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (c) => c.charCodeAt(0));

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium); .ci/run does`);
  s = await startStack();
  const script = `http://localhost:${s.port}/v1/script.js`;
  // Another host than the page's (127.0.0.1 against localhost): a third party to the page.
  thirdParty = Bun.serve({ port: 0, fetch: () => new Response(GIF, { headers: { "content-type": "image/gif" } }) });
  const html = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script>document.cookie = "shop_sid=s3cr3t-value; path=/"; localStorage.setItem("cart", "[1,2]");</script>
<script defer src="${script}" data-site="${s.bootstrap!.siteKey}"></script></head>
<body><h1>${title}</h1><img src="http://127.0.0.1:${thirdParty.port}/pixel.gif" alt=""></body></html>`;
  pages = Bun.serve({ port: 0, fetch: (req) => new Response(html(new URL(req.url).pathname), { headers: { "content-type": "text/html" } }) });
  browser = await launchVisitorChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  pages?.stop(true);
  thirdParty?.stop(true);
  await s?.close();
});

type Sent = { t: string; u: string; c?: unknown; ck?: string[]; st?: string[]; hs?: string[] };

/** Every event the page sends to /v1/collect, and every body as text (to look for cookie values). */
function recordEvents(page: Page) {
  const events: Sent[] = [];
  const bodies: string[] = [];
  page.on("request", (r) => {
    if (!r.url().endsWith("/v1/collect") || !r.postData()) return;
    bodies.push(r.postData()!);
    events.push(...(JSON.parse(r.postData()!).e as Sent[]));
  });
  return { bodies, inventory: () => events.filter((e) => e.t === "inventory") };
}

const samples = () => {
  const db = openTenant(s.dataDir, s.bootstrap!.orgId);
  try {
    return (db.query("SELECT page_key, state FROM inventory_samples ORDER BY page_key, state").all() as { page_key: string; state: number }[]).map((r) => `${r.page_key}:${r.state}`);
  } finally {
    db.close();
  }
};
const sampleItems = (pageKey: string, state: number) => {
  const db = openTenant(s.dataDir, s.bootstrap!.orgId);
  try {
    return (db.query("SELECT kind, name FROM inventory_sample_items WHERE page_key = ? AND state = ? ORDER BY kind, name").all(pageKey, state) as { kind: string; name: string }[]).map(
      (r) => `${r.kind}:${r.name}`,
    );
  } finally {
    db.close();
  }
};
const sorted = (list: string[] | undefined) => [...(list ?? [])].sort();

test("one sample per page type and consent state: cookie names, storage keys, third-party hosts and the consent state", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  const sent = recordEvents(page);
  const origin = `http://localhost:${pages.port}`;
  try {
    await page.goto(`${origin}/shop/shoes?color=red`);
    const first = await until(() => sent.inventory()[0], "the first inventory event", 15_000);
    expect(sent.inventory()).toHaveLength(1);
    expect(first.u).toBe(`${origin}/shop/shoes?color=red`);
    expect(first.c).toEqual({ analytics: false, marketing: false });
    expect(first.ck).toEqual(["shop_sid"]);
    // Without consent the script's own ids live in sessionStorage; tm_inv remembers what was sampled.
    expect(sorted(first.st)).toEqual(["cart", "tm_inv", "tm_sid", "tm_vid"]);
    expect(first.hs).toEqual(["127.0.0.1"]);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("tm_inv")))!)).toEqual(["/shop:0"]);
    await until(() => samples().includes("/shop:0"), "the stored sample");
    expect(sampleItems("/shop", 0)).toEqual(["cookie:shop_sid", "host:127.0.0.1", "storage:cart", "storage:tm_inv", "storage:tm_sid", "storage:tm_vid"]);

    // Another page of the same type, a full navigation in the same tab: nothing more.
    await page.goto(`${origin}/shop/hats`);
    await page.waitForFunction(() => (window as any).tidemark?.loaded);
    await Bun.sleep(4000);
    expect(sent.inventory()).toHaveLength(1);

    // Another page type through the single-page app's navigation: one more sample.
    await page.evaluate(() => history.pushState({}, "", "/blog/hello"));
    const second = await until(() => sent.inventory()[1], "the /blog sample", 15_000);
    expect(second.u).toBe(`${origin}/blog/hello`);
    expect(second.c).toEqual({ analytics: false, marketing: false });
    expect(second.ck).toEqual(["shop_sid"]);

    // Consent given: 3 s later a sample of this page type in the new state.
    await page.evaluate(() => (window as any).tidemark("consent", { analytics: true, marketing: true }));
    const third = await until(() => sent.inventory()[2], "the sample after consent", 15_000);
    expect(third.u).toBe(`${origin}/blog/hello`);
    expect(third.c).toEqual({ analytics: true, marketing: true });
    // With consent the ids moved to localStorage, next to the stored choice.
    expect(sorted(third.st)).toEqual(["cart", "tm_consent", "tm_inv", "tm_sid", "tm_vid"]);
    await until(() => samples().join() === "/blog:0,/blog:3,/shop:0", "the three stored samples");
    await Bun.sleep(3500);
    expect(sent.inventory()).toHaveLength(3);
    // Cookie values never leave the page.
    expect(sent.bodies.some((b) => b.includes("s3cr3t"))).toBe(false);
  } finally {
    await context.close();
  }
}, 60_000);
