import { expect } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROME_UA } from "./hits.ts";
import { authenticator } from "./session-browser.ts";

/** A fresh browser context (a normal user agent: the bot filter drops HeadlessChrome); no page error may happen in it. */
export async function inPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ userAgent: CHROME_UA });
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

/**
 * Two-factor enrolled through the API with the signed-in page's cookie (codes computed here),
 * then the enrolment's own second factor aged by 16 minutes in `dataDir`'s control store, so
 * the next sensitive call asks for a step-up. Returns the authenticator app.
 */
export async function enrolTwoFactorAged(page: Page, origin: string, dataDir: string) {
  const headers = { origin };
  const enrol = await (await page.request.post(`${origin}/api/v1/me/two-factor`, { headers })).json();
  const app = authenticator(enrol.secret);
  expect((await page.request.post(`${origin}/api/v1/me/two-factor/confirm`, { headers, data: { code: app.generate() } })).status()).toBe(200);
  const control = new Database(join(dataDir, "control.sqlite"));
  control.run("UPDATE user_sessions SET second_factor_at = second_factor_at - 16 * 60000 WHERE second_factor_at IS NOT NULL");
  control.close();
  return app;
}
