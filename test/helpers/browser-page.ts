import { afterAll, beforeAll, expect } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import type { Bootstrap } from "../../lib/admin/bootstrap.ts";
import { CHROME_UA } from "./hits.ts";
import { freePort, spawnService, type Proc } from "./process.ts";
import { authenticator } from "./session-browser.ts";
import { must, ROOT, runAdmin, tempDir } from "./stack.ts";

/** A fresh browser context (a normal user agent: the bot filter drops HeadlessChrome; `options` on top); no page error may happen in it. */
export async function inPage(browser: Browser, run: (page: Page) => Promise<void>, options: BrowserContextOptions = {}): Promise<void> {
  const context = await browser.newContext({ userAgent: CHROME_UA, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Signs in with e-mail and password on the sign-in page, then waits for the navigation link `ready` (the dashboard drawn). */
export async function signInWith(page: Page, origin: string, who: { email: string; password: string }, ready: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: ready }).waitFor();
}

/**
 * A page signed in as the bootstrap owner at `width`, past the overview's first figures; no
 * script error may happen on it.
 */
export async function asOwner(browser: Browser, origin: string, owner: { ownerEmail: string; ownerPassword: string }, run: (page: Page) => Promise<void>, width = 1440): Promise<void> {
  await inPage(
    browser,
    async (page) => {
      await page.goto(`${origin}/sign-in`);
      await page.getByLabel("E-mail").fill(owner.ownerEmail);
      await page.getByLabel("Password").fill(owner.ownerPassword);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator('[data-kpi="sessions"] .kpi-value').waitFor();
      await run(page);
    },
    { viewport: { width, height: 900 } },
  );
}

/**
 * Two-factor enrolled through the API with the signed-in page's cookie and the user's password
 * (codes computed here). Enrolling is no step-up, so the next sensitive call asks for one.
 * Returns the authenticator app.
 */
export async function enrolTwoFactor(page: Page, origin: string, password: string) {
  const headers = { origin };
  const enrol = await (await page.request.post(`${origin}/api/v1/me/two-factor`, { headers, data: { password } })).json();
  const app = authenticator(enrol.secret);
  expect((await page.request.post(`${origin}/api/v1/me/two-factor/confirm`, { headers, data: { code: app.generate() } })).status()).toBe(200);
  return app;
}

/** The real server as `npm start` runs it, on a fresh store, and what its first start printed. */
export interface DashboardServer {
  server: Proc;
  dataDir: string;
  /** PUBLIC_URL: the browser's origin must be it, since the server checks Origin on state-changing calls. */
  origin: string;
  boot: Bootstrap;
}

/**
 * services/router/main.ts on a free port with a store in a new temporary folder (`prefix`),
 * passwords hashed at the cheapest argon2id cost (test/setup.ts), and `env` on top.
 */
export async function startDashboardServer(prefix: string, env: Record<string, string> = {}): Promise<DashboardServer> {
  const dataDir = tempDir(prefix);
  const port = freePort();
  const origin = `http://localhost:${port}`;
  const server = await spawnService(
    [process.execPath, join(ROOT, "services/router/main.ts")],
    { DATA_DIR: dataDir, PUBLIC_URL: origin, ...env },
    port,
    30_000,
  );
  return { server, dataDir, origin, boot: JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8")) as Bootstrap };
}

/** Debian's Chromium (CHROMIUM_PATH for another). */
export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });

/**
 * A test file's real server (startDashboardServer, with `env`) and Chromium, started before its
 * tests and stopped after them: the fields are set once `beforeAll` has run (a file's own
 * `beforeAll`, registered after this call, runs after it and may seed data).
 */
export function dashboardInChromium(prefix: string, env: Record<string, string> = {}): DashboardServer & { browser: Browser } {
  const running = {} as DashboardServer & { browser: Browser };
  beforeAll(async () => {
    Object.assign(running, await startDashboardServer(prefix, env));
    running.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.kill();
  });
  return running;
}

/**
 * Chromium as a visitor's browser, for pages running the tracking script: a browser-wide
 * ordinary user agent (headless Chromium's own, "HeadlessChrome", is a bot by isbot's list,
 * and page-level overrides do not reach beacons sent while a page unloads).
 */
export const launchVisitorChromium = () =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [`--user-agent=${CHROME_UA}`, "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"] });

/** Polls `probe` until it gives a value (what the server stored, what a page sent), failing after `ms` with `what`. */
export async function until<T>(probe: () => T | undefined | null | false, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** Members of the org with a password and their e-mails verified by the operator's hand, so they sign in at once. */
export function verifiedMembers(dataDir: string, orgId: string, members: readonly { email: string; password: string; role: string }[]): void {
  const control = new Database(join(dataDir, "control.sqlite"));
  try {
    for (const who of members) {
      must(runAdmin(dataDir, ["user", "create", "--org", orgId, "--name", who.email.split("@")[0]!, "--email", who.email, "--role", who.role]));
      must(runAdmin(dataDir, ["user", "set-password", "--email", who.email, "--password", who.password]));
      control.run("UPDATE users SET email_verified_at = ? WHERE email = ?", [Date.now(), who.email]);
    }
  } finally {
    control.close();
  }
}
