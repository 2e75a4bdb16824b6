import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { join } from "node:path";
import { batch, ev, post } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { must, runAdmin } from "../helpers/stack.ts";
import { inPage as inBrowserPage, launchChromium, startDashboardServer } from "../helpers/browser-page.ts";

/**
 * The dashboard against the real server, started as `npm start` starts it (services/router/main.ts,
 * one process), in Debian's Chromium, with a real SMTP server in the test receiving the mail.
 */

let server: Proc;
let browser: Browser;
let smtp: SMTPServer;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; siteKey: string; key: string; ownerEmail: string; ownerPassword: string };
/** Mail the SMTP server received, as parsed text. */
const mail: { to: string; text: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      simpleParser(stream).then(
        (parsed) => {
          mail.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), text: parsed.text ?? "" });
          done();
        },
        (error) => done(error as Error),
      );
    },
  });
  // An unhandled "error" event would end the test process.
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-dash-e2e-", {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // A real owner address: the first-start owner verifies it through the mailed link too.
    OWNER_EMAIL: "owner@example.com",
  }));
  // Three visitors today, one of them twice: numbers the overview must show as the API gives them.
  const now = Date.now();
  for (const [i, pages] of [["/", "/pricing"], ["/"], ["/docs", "/", "/pricing"]].entries()) {
    const res = await post(server.url, batch(boot.siteKey, pages.map((path, k) => ev("pageview", now - 60_000 * (10 - i) + k * 1000, { u: `http://localhost${path}` }))));
    expect(res.status).toBe(202);
  }
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${origin}/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const inPage = (run: (page: Page) => Promise<void>) => inBrowserPage(browser, run);

const integer = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });

/** After a first sign-in: "check your e-mail", the link the SMTP server received, verified, on to the dashboard. */
async function verifyThroughMail(page: Page, address: string) {
  await page.getByRole("heading", { name: "Check your e-mail" }).waitFor();
  let message: { to: string; text: string } | undefined;
  for (const deadline = Date.now() + 10_000; !message && Date.now() < deadline; await Bun.sleep(50)) message = mail.find((m) => m.to === address);
  if (!message) throw new Error(`no verification mail arrived for ${address}`);
  const link = /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no link in the mail: ${message.text}`);
  expect(link.startsWith(`${origin}/verify-email?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole("status").filter({ hasText: "Your e-mail address is verified" }).waitFor();
  await page.getByRole("link", { name: "Continue to the dashboard" }).click();
}

test("the first-start owner signs in with the printed one-time password, verifies the e-mail through the mailed link; the overview shows the API's numbers", async () => {
  expect(boot.ownerEmail).toBe("owner@example.com");
  const api = await fetch(`${server.url}/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/analytics/overview`, { headers: { authorization: `Bearer ${boot.key}` } });
  const overview = (await api.json()) as { current: { sessions: number; users: number; pageviews: number } };
  expect(overview.current).toMatchObject({ sessions: 3, users: 3, pageviews: 6 });
  await inPage(async (page) => {
    await signIn(page, boot.ownerEmail, boot.ownerPassword);
    await verifyThroughMail(page, boot.ownerEmail);
    await page.locator('[data-kpi="sessions"] .kpi-value').waitFor();
    for (const key of ["sessions", "users", "pageviews"] as const) {
      expect([key, await page.locator(`[data-kpi="${key}"] .kpi-value`).textContent()]).toEqual([key, integer.format(overview.current[key])]);
    }
  });
}, 60_000);

test("a member the operator added verifies the e-mail through the link a real SMTP server received, then reads", async () => {
  const password = "a long enough passphrase 7";
  must(runAdmin(dataDir, ["user", "create", "--org", boot.orgId, "--name", "Ana", "--email", "ana@example.com", "--role", "viewer"]));
  must(runAdmin(dataDir, ["user", "set-password", "--email", "ana@example.com", "--password", password]));
  await inPage(async (page) => {
    await signIn(page, "ana@example.com", password);
    await verifyThroughMail(page, "ana@example.com");
    await page.locator('[data-kpi="sessions"] .kpi-value').waitFor();
    expect(await page.locator('[data-kpi="sessions"] .kpi-value').textContent()).toBe("3");
  });
}, 60_000);

test("a POST from a page of another origin, carrying the session cookie, is refused 403 FORBIDDEN", async () => {
  // Another port of the same host is the same site, so SameSite=Lax still sends the cookie: the Origin check is what refuses.
  // A session route without a body: one with a JSON body refuses the form's body (400) before the Origin is looked at.
  const target = `${origin}/api/v1/session/email-verification`;
  const html = `<!doctype html><html lang=en><title>Elsewhere</title><form method=post action="${target}"><button>Win a prize</button></form>`;
  const elsewhere = Bun.serve({ port: 0, fetch: () => new Response(html, { headers: { "content-type": "text/html" } }) });
  try {
    await inPage(async (page) => {
      await signIn(page, boot.ownerEmail, boot.ownerPassword);
      await page.locator('[data-kpi="sessions"] .kpi-value').waitFor();
      await page.goto(`http://localhost:${elsewhere.port}/`);
      // A form post, as a hostile page would send it (no preflight).
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url() === target), page.getByRole("button", { name: "Win a prize" }).click()]);
      // The session is checked before the Origin: without the cookie this would be 401, so 403 FORBIDDEN means the cookie came and the Origin was refused.
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    });
  } finally {
    elsewhere.stop(true);
  }
}, 60_000);
