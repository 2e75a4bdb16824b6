import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser } from "playwright-core";
import { CHROME_UA } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { enrolTwoFactor, launchChromium, startDashboardServer } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";

/**
 * Workspace → API keys in Debian's Chromium against the real server (services/router/main.ts):
 * the owner creates a key through the step-up dialog, the secret read from the page works on
 * the API, and revoking it on the page ends it.
 */

let server: Proc;
let browser: Browser;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; ownerEmail: string; ownerPassword: string };

beforeAll(async () => {
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-keys-e2e-"));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
});

const bearer = (secret: string) => fetch(`${server.url}/api/v1/orgs/${boot.orgId}/sites`, { headers: { authorization: `Bearer ${secret}` } });

test("the owner creates a key on the page through the step-up dialog; the secret shown once works on the API; revoking it on the page ends it", async () => {
  const context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.accept());
  try {
    await page.goto(`${origin}/`);
    await page.getByLabel("E-mail").fill(boot.ownerEmail);
    await page.getByLabel("Password").fill(boot.ownerPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Workspace → API keys" }).waitFor();

    // Two-factor enrolled (enrolling is no step-up: the key below asks for a code).
    const app = await enrolTwoFactor(page, origin, boot.ownerPassword);

    await page.getByRole("link", { name: "Workspace → API keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByLabel("Name").fill("Browser report");
    await page.getByLabel("Expires after").selectOption("30");
    await page.getByRole("button", { name: "Create key" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The next step's code: the enrolment's own is refused as a replay.
    await dialog.getByLabel("6-digit code").fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await dialog.getByRole("button", { name: "Confirm" }).click();

    const secretBox = page.locator("[data-secret]");
    await secretBox.waitFor();
    await page.getByText("you will not see it again").waitFor();
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^exk_[0-9A-Za-z]{43}$/);
    expect((await bearer(secret)).status).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);

    const row = page.getByRole("row").filter({ hasText: "Browser report" });
    await row.getByText("Active").waitFor();
    expect(await row.getByText(`${secret.slice(0, 10)}…`).count()).toBe(1);
    await row.getByRole("button", { name: "Revoke Browser report" }).click();
    await row.getByText("Revoked").waitFor();
    expect((await bearer(secret)).status).toBe(401);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 90_000);
