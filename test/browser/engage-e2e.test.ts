/**
 * The engagement chunk against the real server (not a stand-in): a popup and a wheel made with
 * the admin CLI, a customer's page on another origin with the tracking script, real Chromium.
 * What the page sends must pass the server's own checks, and what the server stores must be
 * what the visitor did: the lead with its source, the exposure with its lead mark, the day
 * counts, the spin with the code the page shows.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { inPage, launchVisitorChromium, until } from "../helpers/browser-page.ts";
import { EngagementRows, popupDef, slice, wheelDef } from "../helpers/engagement.ts";

let s: TestStack;
let rows: EngagementRows;
let boot: NonNullable<TestStack["bootstrap"]>;
let page: ReturnType<typeof Bun.serve>;
let browser: Browser;
let popupId: string;
let wheelId: string;

/** An admin CLI definition file, made from a definition and the status it asks for. */
function create(kind: "popup" | "spin", def: object): string {
  const file = join(s.dataDir, `${kind}-${crypto.randomUUID()}.json`);
  writeFileSync(file, JSON.stringify({ ...def, status: "active" }));
  return must(s.admin(kind, "create", "--site", boot.siteId, "--file", file)).id;
}

const ANY = { paths: [], excludePaths: [], devices: [], visitor: "any" as const, channels: [], campaigns: [], countries: [] };

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  rows = new EngagementRows(s.dataDir, boot.orgId);
  must(s.admin("site", "consent", "--site", boot.siteId, "--mode", "none"));
  // Each on its own page path, so one visitor's session cap does not hide the other.
  popupId = create(
    "popup",
    popupDef({ triggers: [{ kind: "immediately" }], targeting: { ...ANY, paths: [{ match: "equals", value: "/popup" }] }, variants: [], holdout: 0 }),
  );
  wheelId = create(
    "spin",
    wheelDef([slice("Free shipping", 1, { prize: "coupon_pool", codes: ["SHIP-1"], stock: null }), slice("No luck", 1e-6)], {
      targeting: { ...ANY, paths: [{ match: "equals", value: "/wheel" }] },
      form: { fields: ["email"], required: ["email"], consent: null, submitLabel: "Spin the wheel", successText: "Good luck!" },
    }),
  );
  const script = `${s.url}/v1/script.js`;
  // The customer's site: another origin (another port of localhost, the bootstrap site's verified domain).
  page = Bun.serve({
    port: 0,
    fetch: () =>
      new Response(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><script defer src="${script}" data-site="${boot.siteKey}"></script></head><body><main><h1>Shop</h1></main></body></html>`,
        { headers: { "content-type": "text/html" } },
      ),
  });
  browser = await launchVisitorChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  page?.stop(true);
  await s?.close();
});


/** A fresh visitor who consented (the chunk keeps its memory in localStorage). */
const visitor = (run: (p: Page) => Promise<void>) =>
  inPage(browser, async (p) => {
    await p.context().addInitScript(() => localStorage.getItem("tm_consent") || localStorage.setItem("tm_consent", JSON.stringify({ a: 1, m: 1, t: Date.now() })));
    await run(p);
  });
const visitorId = (p: Page) => p.evaluate(() => localStorage.getItem("tm_vid")!);
const seqOf = (vid: string) => rows.all("SELECT seq FROM visitor_rows WHERE lower(hex(uid)) = ?", vid.replaceAll("-", "").toLowerCase())[0]?.seq as number | undefined;

describe("the chunk against the real server", () => {
  test("a popup's form: the lead is stored with source popup, the exposure gets its lead mark, the day its view and submit", async () => {
    await visitor(async (p) => {
      await p.goto(`http://localhost:${page.port}/popup`);
      const dialog = p.getByRole("dialog", { name: "Get 10 % off" });
      await dialog.waitFor();
      await dialog.getByLabel("E-mail", { exact: true }).fill("  Reader@Example.com ");
      await dialog.getByLabel("Name (optional)").fill("Rea Der");
      await dialog.getByLabel("I agree to receive e-mails.").check();
      await dialog.getByRole("button", { name: "Subscribe" }).click();
      await dialog.getByText("Thanks — check your inbox.").waitFor();
      const vid = await visitorId(p);
      const lead = await until(() => rows.all("SELECT * FROM leads WHERE site_id = ? AND source = 'popup'", boot.siteId)[0], "the lead");
      expect(lead).toMatchObject({ source: "popup", source_name: "Spring newsletter", email: "reader@example.com", name: "Rea Der", path: "/popup", visitor: seqOf(vid) });
      expect(JSON.parse(lead.extra)).toMatchObject({ consent: { given: true, text: "I agree to receive e-mails." }, popupId, variant: "-" });
      // The view and submit events arrive through /v1/collect (batched by the core script).
      const exposure = await until(() => rows.all("SELECT * FROM popup_exposures WHERE popup_id = ? AND views = 1", popupId)[0], "the exposure's view");
      expect(exposure).toMatchObject({ visitor: seqOf(vid), variant: "-", views: 1, closes: 0, lead_at: lead.created_at });
      const day = await until(() => rows.all("SELECT views, closes, submits FROM popup_days WHERE popup_id = ? AND submits = 1", popupId)[0], "the day's submit");
      expect(day).toEqual({ views: 1, closes: 0, submits: 1 });
    });
  }, 60_000);

  test("a wheel: the page shows the code the server drew; the spin and its lead are stored; a second spin of the address shows the 409", async () => {
    await visitor(async (p) => {
      await p.goto(`http://localhost:${page.port}/wheel`);
      const dialog = p.getByRole("dialog", { name: "Spin to win" });
      await dialog.waitFor();
      await dialog.getByLabel("E-mail", { exact: true }).fill("Lucky@Example.com");
      await dialog.getByRole("button", { name: "Spin the wheel" }).click();
      await dialog.getByText("You won: Free shipping").waitFor({ timeout: 10_000 });
      expect(await dialog.locator(".code").textContent()).toBe("SHIP-1");
      const spin = rows.all("SELECT * FROM spins WHERE wheel_id = ?", wheelId)[0];
      expect(spin).toMatchObject({ email: "lucky@example.com", slice: 0, code: "SHIP-1", visitor_uid: (await visitorId(p)).replaceAll("-", "") });
      expect(rows.all("SELECT source, email FROM leads WHERE id = ?", spin.lead_id)).toEqual([{ source: "spin", email: "lucky@example.com" }]);
    });
    await visitor(async (p) => {
      await p.goto(`http://localhost:${page.port}/wheel`);
      const dialog = p.getByRole("dialog", { name: "Spin to win" });
      await dialog.waitFor();
      await dialog.getByLabel("E-mail", { exact: true }).fill("lucky@example.com");
      await dialog.getByRole("button", { name: "Spin the wheel" }).click();
      await dialog.getByText("This e-mail address has already spun this wheel").first().waitFor();
      expect(rows.count("SELECT count(*) AS n FROM spins WHERE wheel_id = ?", wheelId)).toBe(1);
    });
  }, 60_000);
});
