import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { asOwner, dashboardInChromium, signInWith } from "../helpers/browser-page.ts";
import { CHROME_UA } from "../helpers/hits.ts";
import { freePort } from "../helpers/process.ts";
import { must, runAdmin } from "../helpers/stack.ts";
import { popupDef, slice, wheelDef } from "../helpers/engagement.ts";
import { SITE_PAGES, WORKSPACE_PAGES } from "../../services/dashboard/web/site-pages.ts";

/**
 * The dashboard under its Content-Security-Policy (issue 32, item 10) in Debian's Chromium
 * against the real server: every page of a site and of the workspace, the account page, and a
 * popup's and a wheel's detail with their previews (the one inline style the policy allows, by
 * hash, is the preview dialog's) render with no CSP violation reported, in any frame. And a page
 * of another origin on the same host — same-site, so the session cookie goes along — cannot
 * frame the signed-in keys page.
 */

const running = dashboardInChromium("tm-dash-csp-");
let popupId: string;
let wheelId: string;
let framer: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  const { dataDir, boot } = running;
  const file = (name: string, content: unknown) => {
    const path = join(dataDir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };
  // Full definitions, as the admin CLI stores them; the popup with an image of its own (https:).
  const popup = popupDef({ name: "Spring offer", variants: [], holdout: 0 });
  popupId = must(runAdmin(dataDir, ["popup", "create", "--site", boot.siteId, "--file", file("popup.json", { ...popup, content: { ...popup.content, imageUrl: "https://images.example/spring.png", imageAlt: "Spring" } })])).id;
  wheelId = must(runAdmin(dataDir, ["spin", "create", "--site", boot.siteId, "--file", file("wheel.json", wheelDef([slice("Free shipping", 1, { prize: "static_code", code: "SHIP", stock: 20 }), slice("Next time", 1)]))])).id;
  // Another origin on the same host (another port): the page an attacker would frame the dashboard from.
  const port = freePort();
  framer = Bun.serve({
    port,
    hostname: "localhost",
    fetch: () =>
      new Response(`<!doctype html><html lang="en"><head><title>Framer</title></head><body><iframe title="framed" src="${running.origin}/orgs/${boot.orgId}/keys" width="800" height="600"></iframe></body></html>`, {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
  });
});

afterAll(() => framer?.stop(true));

/** CSP violations in any frame of the context: the event where a script can see it, and Chromium's console report. */
async function watchViolations(context: BrowserContext, page: Page): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding("reportViolation", (_source, text: string) => void seen.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sample} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} at ${location.href}`));
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) seen.push(message.text());
  });
  return seen;
}

test("every page renders under the policy with no violation, the previews' dialog included", async () => {
  const { browser, origin, boot } = running;
  await asOwner(browser, origin, boot, async (page) => {
    const seen = await watchViolations(page.context(), page);
    const org = `/orgs/${boot.orgId}`;
    const site = `${org}/sites/${boot.siteId}`;
    const paths = [...SITE_PAGES.map((p) => `${site}/${p.key}`), ...WORKSPACE_PAGES.map((p) => `${org}/${p.key}`), "/account"];
    for (const path of paths) {
      await page.goto(origin + path);
      await page.locator("main h1").first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    // The previews: the dialog (its styles in its shadow root, inside the frame) is drawn and styled.
    await page.goto(`${origin}${site}/popups/${popupId}`);
    const popupFrame = page.frameLocator("iframe[title^='Preview of Spring offer']");
    await expect(popupFrame.getByRole("dialog").getByRole("heading").textContent()).resolves.toBe("Get 10 % off");
    // Styled by the dialog's own sheet: fixed in the frame (without its styles it would be static).
    expect(await popupFrame.getByRole("dialog").evaluate((d) => getComputedStyle(d).position)).toBe("fixed");
    await page.goto(`${origin}${site}/spins/${wheelId}`);
    const wheelFrame = page.frameLocator("iframe[title^='Preview of Summer wheel']");
    await expect(wheelFrame.getByRole("dialog").getByRole("heading").textContent()).resolves.toBe("Spin to win");
    expect(await wheelFrame.getByRole("dialog").evaluate((d) => getComputedStyle(d).position)).toBe("fixed");
    await page.waitForLoadState("networkidle");
    expect(seen).toEqual([]);

    // The policy is in force: an inline script put into the page (what an injection would do) does not run, and is reported.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injectedRan = true";
      document.body.append(script);
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    const reported = () => seen.filter((v) => v.startsWith("script-src-elem inline"));
    for (let i = 0; i < 50 && reported().length === 0; i++) await Bun.sleep(100);
    expect(reported()).toHaveLength(1);
  });
});

test("another origin cannot frame the signed-in keys page", async () => {
  const { browser, origin, boot } = running;
  const context = await browser.newContext({ userAgent: CHROME_UA });
  try {
    const page = await context.newPage();
    await signInWith(page, origin, { email: boot.ownerEmail, password: boot.ownerPassword }, "Overview");
    // Signed in: the keys page itself renders.
    await page.goto(`${origin}/orgs/${boot.orgId}/keys`);
    await page.getByRole("heading", { name: "API keys" }).first().waitFor();
    const refused = page.waitForEvent("console", (m) => m.text().includes("frame-ancestors 'none'"));
    await page.goto(`http://localhost:${framer.port}/`);
    await refused;
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    // Chromium put its error page in the frame: nothing of the dashboard is in it.
    expect(framed.url()).not.toStartWith(origin);
    expect(await page.frameLocator("iframe[title=framed]").getByRole("heading", { name: "API keys" }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
