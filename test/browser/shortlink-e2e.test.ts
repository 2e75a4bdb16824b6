/**
 * A short link followed to revenue (docs/campaigns.md "A click to revenue"), end to end: real
 * Chromium opens `/l/{slug}` on the server, lands on the customer's site (another origin, the
 * tracking script on it), the page records a purchase; the link's stats show the human click,
 * the session its click id tied, the conversion and the revenue, exactly.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { inPage, launchVisitorChromium, until } from "../helpers/browser-page.ts";
import { createShortLink } from "../helpers/short-links.ts";

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let shop: { id: string; siteKey: string };
let page: ReturnType<typeof Bun.serve>;
let browser: Browser;

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  // The customer's shop: its own site, in euros, on shop.localhost (Chromium sends *.localhost to this machine).
  shop = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Shop", "--domain", "shop.localhost", "--currency", "eur"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "shop.localhost", "--force"));
  must(s.admin("site", "consent", "--site", shop.id, "--mode", "none"));
  const script = `${s.url}/v1/script.js`;
  page = Bun.serve({
    port: 0,
    fetch: (request) => {
      const path = new URL(request.url).pathname;
      const body =
        path === "/checkout"
          ? `<h1>Thank you for your order</h1><script>tidemark('conversion', { name: 'purchase', value: 49.9, currency: 'EUR' });</script>`
          : `<h1>Spring collection</h1><a href="/checkout">Buy</a>`;
      return new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script>window.tidemark = window.tidemark || function () { (tidemark.q = tidemark.q || []).push(arguments); };</script>
<script defer src="${script}" data-site="${shop.siteKey}"></script></head><body><main>${body}</main></body></html>`,
        { headers: { "content-type": "text/html" } },
      );
    },
  });
  browser = await launchVisitorChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  page?.stop(true);
  await s?.close();
});

test("Chromium follows /l/{slug} to the shop, buys; the link's stats show 1 human click, 1 session, the conversion and 49.90 EUR", async () => {
  const linkId = createShortLink(s.dataDir, { siteId: shop.id }, {
    slug: "Spring24",
    url: `http://shop.localhost:${page.port}/spring`,
    utm: { source: "newsletter", medium: "email", campaign: "spring" },
  });
  const tenant = () => new Database(join(s.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const query = <T>(sql: string, ...args: string[]): T[] => {
    const db = tenant();
    try {
      return db.query(sql).all(...args) as T[];
    } finally {
      db.close();
    }
  };
  await inPage(browser, async (p) => {
    // A visitor who accepted analytics and marketing on the shop (the click id is kept with marketing consent, as the campaign is).
    await p.context().addInitScript(() => localStorage.getItem("tm_consent") || localStorage.setItem("tm_consent", JSON.stringify({ a: 1, m: 1, t: Date.now() })));
    await p.goto(`${s.url}/l/spring24?color=green`);
    const landed = new URL(p.url());
    expect(`${landed.host}${landed.pathname}`).toBe(`shop.localhost:${page.port}/spring`);
    const clickId = landed.searchParams.get("tm_lc")!;
    expect([...landed.searchParams]).toEqual([["color", "green"], ["utm_source", "newsletter"], ["utm_medium", "email"], ["utm_campaign", "spring"], ["tm_lc", clickId]]);
    // The landing pageview ties the session to the click.
    await until(() => query("SELECT 1 FROM short_link_sessions WHERE click_id = ?", clickId)[0], "the click's session");
    await p.getByRole("link", { name: "Buy" }).click();
    await p.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    await until(() => query("SELECT 1 FROM event_rows e JOIN short_link_sessions l ON l.session_seq = e.session WHERE l.click_id = ? AND e.value = 49.9", clickId)[0], "the purchase");
  });

  const res = await s.api(`/api/v1/orgs/${boot.orgId}/sites/${shop.id}/shortlinks/${linkId}`, boot.key);
  expect(res.status).toBe(200);
  const stats = (await res.json()) as any;
  expect(stats.link).toMatchObject({ id: linkId, slug: "spring24", clicks: 1 });
  expect(stats.clicks).toEqual({ human: 1, bot: 0, preview: 0, qr: 0 });
  expect(stats.devices).toEqual([{ device: "desktop", clicks: 1 }]);
  expect(stats.referrers).toEqual([{ host: "(direct)", clicks: 1 }]);
  expect(stats.outcomes).toEqual({ sessions: 1, engagedSessions: 1, leads: 0, conversions: 1, revenue: 49.9, currency: "EUR" });
}, 60_000);
