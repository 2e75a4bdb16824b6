import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { type Browser, type BrowserContext, type Page } from "playwright-core";
import { join } from "node:path";
import { CHROME_UA } from "../helpers/hits.ts";
import type { Proc } from "../helpers/process.ts";
import { authenticator } from "../helpers/session-browser.ts";
import { startMailbox, type Mailbox } from "../helpers/mailbox.ts";
import { seriousViolations } from "../helpers/axe.ts";
import { launchChromium, startDashboardServer } from "../helpers/browser-page.ts";

/**
 * Account, Workspace → Members and a site's Integrations in Debian's Chromium against the real
 * server (services/router/main.ts, as `npm start` runs it) with a real SMTP server in the test:
 * two-factor enrolled on the page, an invitation mailed and accepted, a role changed with a
 * step-up, a webhook added, an idle session and a locked account as the sign-in page says them.
 */

const MIN = 60_000;
let server: Proc;
let browser: Browser;
let mailbox: Mailbox;
let dataDir: string;
let origin: string;
let boot: { orgId: string; siteId: string; ownerEmail: string; ownerPassword: string };

beforeAll(async () => {
  mailbox = await startMailbox();
  ({ server, dataDir, origin, boot } = await startDashboardServer("tm-workspace-e2e-", { SMTP_URL: mailbox.url }));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.kill();
  await mailbox?.close();
});

/** Changes the control store as time would (the server reads it on every call). */
function control(sql: string, ...params: string[]) {
  const db = new Database(join(dataDir, "control.sqlite"));
  try {
    db.run(sql, params as never);
  } finally {
    db.close();
  }
}
const userIdOf = (email: string) => {
  const db = new Database(join(dataDir, "control.sqlite"), { readonly: true });
  try {
    return (db.query("SELECT id FROM users WHERE email = ?").get(email) as { id: string }).id;
  } finally {
    db.close();
  }
};
/** As if the last second factor was 16 minutes ago: the next sensitive change asks again. */
const ageSecondFactor = (email: string) => control(`UPDATE user_sessions SET second_factor_at = second_factor_at - ${16 * MIN} WHERE second_factor_at IS NOT NULL AND user_id = ?`, userIdOf(email));

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ userAgent: CHROME_UA });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.accept());
  return { context, page, errors };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("two-factor on the account page, an invited member, a role changed with step-up, a webhook, an idle session, a lock", async () => {
  const owner = await newPage();
  const member = await newPage();
  try {
    const { page } = owner;
    await signIn(page, boot.ownerEmail, boot.ownerPassword);
    await page.getByRole("link", { name: "Workspace → Members" }).waitFor();

    // Account: enrol with the secret the page shows; the recovery codes are shown once.
    await page.getByRole("link", { name: "Account" }).click();
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The password first: a wrong one is said on the page and nothing starts.
    await page.getByLabel("Your password").fill("not the owner's password");
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    await page.getByRole("alert").filter({ hasText: "password: is wrong" }).waitFor();
    expect(await page.locator("[data-totp-secret]").count()).toBe(0);
    await page.getByLabel("Your password").fill(boot.ownerPassword);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await page.locator("[data-totp-secret]").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const qr = page.getByRole("img", { name: "QR code of your two-factor secret for the authenticator app" });
    expect(await qr.getAttribute("src")).toStartWith("data:image/svg+xml");
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const app = authenticator(secret);
    /** The next code the server has not seen (each 30-second step is accepted once, ±1 step). */
    let lastStep = -1;
    const freshCode = async () => {
      for (;;) {
        const now = Math.floor(Date.now() / 30_000);
        const step = Math.max(lastStep + 1, now);
        if (step <= now + 1) {
          lastStep = step;
          return app.generate({ timestamp: step * 30_000 + 1_000 });
        }
        await Bun.sleep(1_000);
      }
    };
    await page.getByLabel("Code from the app").fill(await freshCode());
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    const codes = page.locator("[data-recovery-codes] li");
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "I have stored them" }).click();
    await page.locator('[data-two-factor="on"]').waitFor();
    expect(await codes.count()).toBe(0);

    // Signed out and in again: the second factor is asked; one of the recovery codes answers it
    // (the authenticator's codes are good once per 30-second step, and the step-ups below need two more).
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await signIn(page, boot.ownerEmail, boot.ownerPassword);
    await page.getByRole("heading", { name: "Second factor" }).waitFor();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[3]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Workspace → Members" }).click();

    // Invite a member; the mail reaches the SMTP server; the link sets a password.
    await page.getByRole("heading", { name: "Members" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The dark theme too (the same variables: contrast holds in both).
    await page.getByRole("button", { name: "Dark theme" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Dark theme" }).click();
    const invite = page.getByRole("form", { name: "Invite a member" });
    await invite.getByLabel("Name").fill("Mia");
    await invite.getByLabel("E-mail").fill("mia@example.com");
    await invite.getByLabel("Role").selectOption("analyst");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("status").filter({ hasText: "An invitation is on its way to mia@example.com" }).waitFor();
    const miaRow = page.getByRole("row").filter({ hasText: "mia@example.com" });
    await miaRow.getByText("Invited").waitFor();
    const mail = await mailbox.next("mia@example.com");
    const link = /https?:\/\/\S+\/accept-invitation\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
    if (!link) throw new Error(`no link in the mail: ${mail.text}`);
    expect(link.startsWith(`${origin}/accept-invitation?token=`)).toBe(true);

    const mp = member.page;
    await mp.goto(link);
    await mp.getByRole("heading", { name: "Set your password" }).waitFor();
    expect(await seriousViolations(mp)).toEqual([]);
    await mp.getByLabel("Password", { exact: true }).fill("mia's long passphrase");
    await mp.getByLabel("Password again").fill("mia's long passphrase");
    await mp.getByRole("button", { name: "Set password" }).click();
    await mp.getByRole("status").filter({ hasText: "Your password is set" }).waitFor();
    await mp.getByRole("link", { name: "Sign in" }).click();
    await mp.getByLabel("E-mail").fill("mia@example.com");
    await mp.getByLabel("Password").fill("mia's long passphrase");
    await mp.getByRole("button", { name: "Sign in" }).click();
    await mp.locator('[data-kpi="sessions"]').waitFor();
    await page.reload();
    await miaRow.getByText("Active").waitFor();

    // The role change asks for a step-up (the second factor is 16 minutes old).
    ageSecondFactor(boot.ownerEmail);
    await miaRow.getByLabel("Role of Mia").selectOption("viewer");
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("6-digit code").fill(await freshCode());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => (document.querySelector('select[aria-label="Role of Mia"]') as HTMLSelectElement | null)?.value === "viewer");
    const listed = await (await page.request.get(`${origin}/api/v1/orgs/${boot.orgId}/members`)).json();
    expect(listed.members.find((m: { email: string }) => m.email === "mia@example.com")).toMatchObject({ role: "viewer", state: "active" });

    // The viewer opens neither the keys nor the members page; the server says no as well.
    for (const path of ["keys", "members"]) {
      await mp.goto(`${origin}/orgs/${boot.orgId}/${path}`);
      await mp.getByRole("heading", { name: "Not allowed" }).waitFor();
      expect((await mp.request.get(`${origin}/api/v1/orgs/${boot.orgId}/${path}`)).status()).toBe(403);
    }
    expect(await mp.getByRole("link", { name: /Workspace/ }).count()).toBe(0);
    // Her own account page is hers whatever the role: a new password.
    await mp.goto(`${origin}/account`);
    await mp.getByLabel("Current password").fill("mia's long passphrase");
    await mp.getByLabel("New password (10 characters or more)").fill("mia's newer passphrase");
    await mp.getByLabel("New password again").fill("mia's newer passphrase");
    await mp.getByRole("button", { name: "Change password" }).click();
    await mp.getByRole("status").filter({ hasText: "Password changed" }).waitFor();

    // The org now requires two-factor (the owner's step-up is still fresh: no dialog): the
    // member is sent to set it up before anything else, then reads again.
    await page.getByRole("button", { name: "Require two-factor for every member" }).click();
    await page.locator('[data-require-two-factor="on"]').waitFor();
    await mp.goto(`${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/overview`);
    await mp.getByRole("heading", { name: "Set up two-factor" }).waitFor();
    expect(await seriousViolations(mp)).toEqual([]);
    await mp.getByLabel("Your password").fill("mia's newer passphrase");
    await mp.getByRole("button", { name: "Set up two-factor" }).click();
    const miaApp = authenticator((await mp.locator("[data-totp-secret]").textContent())!.trim());
    await mp.getByLabel("Code from the app").fill(miaApp.generate());
    await mp.getByRole("button", { name: "Turn on two-factor" }).click();
    await mp.locator("[data-recovery-codes] li").first().waitFor();
    await mp.getByRole("button", { name: "I have stored them" }).click();
    await mp.getByRole("link", { name: "Continue to the dashboard" }).click();
    await mp.locator('[data-kpi="sessions"]').waitFor();

    // An outbound webhook with a step-up; its signing secret is shown once.
    await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "Integrations" }).click();
    await page.getByRole("heading", { name: "Integrations" }).waitFor();
    await page.getByText("No integrations yet.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    ageSecondFactor(boot.ownerEmail);
    await page.getByLabel("Endpoint URL").fill("https://crm.example.com/leads");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("6-digit code").fill(await freshCode());
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const secretBox = page.locator("[data-secret]");
    await secretBox.waitFor();
    await page.getByText("you will not see it again").waitFor();
    expect((await secretBox.textContent())!.trim()).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    const row = page.getByRole("row").filter({ hasText: "https://crm.example.com/leads" });
    await row.getByText("Active").waitFor();
    await page.getByRole("table", { name: "Last deliveries to https://crm.example.com/leads" }).getByText("Nothing delivered yet.").waitFor();
    const items = (await (await page.request.get(`${origin}/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}/integrations`)).json()).items;
    const webhooks = items.filter((i: { kind: string }) => i.kind !== "ads");
    expect(webhooks.map((i: { kind: string; targetUrl?: string }) => [i.kind, i.targetUrl])).toEqual([["webhook_out", "https://crm.example.com/leads"]]);
    await page.getByRole("button", { name: "I have stored it" }).click();
    await page.reload();
    await row.getByText("Active").waitFor();
    expect(await secretBox.count()).toBe(0);

    // Idle for 31 minutes: the next call lands on sign-in, saying the session expired.
    control(`UPDATE user_sessions SET last_seen_at = last_seen_at - ${31 * MIN} WHERE user_id = ?`, userIdOf(boot.ownerEmail));
    await page.getByRole("link", { name: "Workspace → Members" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.locator('[data-reason="SESSION_EXPIRED"]').getByText("Your session has expired").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Ten wrong passwords: the form says the account is locked, and for how long.
    for (let i = 1; i <= 10; i++) {
      await page.getByLabel("E-mail").fill("mia@example.com");
      await page.getByLabel("Password").fill(`wrong password ${i}`);
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/v1/session") && r.request().method() === "POST");
      await page.getByRole("button", { name: "Sign in" }).click();
      expect((await answer).status()).toBe(i < 10 ? 401 : 423);
    }
    await page.getByRole("alert").filter({ hasText: "Too many failed sign-ins: this account is locked. Try again in 15 minutes." }).waitFor();
    expect(owner.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  } finally {
    await owner.context.close();
    await member.context.close();
  }
}, 240_000);
