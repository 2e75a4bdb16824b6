import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { asOwner, dashboardInChromium, enrolTwoFactor } from "../helpers/browser-page.ts";
import { seriousViolations } from "../helpers/axe.ts";

/**
 * Workspace → Settings in Debian's Chromium against the real server: the owner sees the org's
 * retention (25 months, 30 days by default), changes it through the step-up dialog, and the
 * change is stored and audited; a bad value sent to the route is refused naming the field. The
 * industry benchmarks form changes the org's peer group and opt-out (no step-up: nothing is lost).
 */

const running = dashboardInChromium("tm-settings-e2e-");

// First: the retention test enrols the owner in two-factor, after which asOwner's plain sign-in would not do.
test("the owner sets the org's industry and opts out of benchmarks on Workspace → Settings; the Recommendations page says so", async () => {
  const { browser, origin, boot, dataDir } = running;
  await asOwner(browser, origin, boot, async (page) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${origin}/orgs/${boot.orgId}/settings`);
    await page.getByRole("heading", { name: "Industry benchmarks" }).waitFor();
    await page.locator('[data-benchmarks="general/in"]').waitFor();
    expect(await page.getByLabel("Industry", { exact: true }).inputValue()).toBe("general");
    expect(await page.getByLabel("Take part in industry benchmarks").isChecked()).toBe(true);

    await page.getByLabel("Industry", { exact: true }).fill("Outdoor Retail");
    await page.getByLabel("Take part in industry benchmarks").uncheck();
    await page.getByRole("button", { name: "Save benchmarks" }).click();
    await page.getByRole("status").filter({ hasText: "Benchmarks setting saved" }).waitFor();
    await page.locator('[data-benchmarks="outdoor retail/out"]').waitFor();
    expect(await page.getByLabel("Take part in industry benchmarks").isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    const control = new Database(join(dataDir, "control.sqlite"), { readonly: true });
    try {
      expect(control.query("SELECT industry, benchmark_opt_out AS optOut FROM orgs WHERE id = ?").get(boot.orgId)).toEqual({ industry: "outdoor retail", optOut: 1 });
    } finally {
      control.close();
    }

    // The site's Recommendations page shows the new group and the opt-out, with the way back here.
    await page.goto(`${origin}/orgs/${boot.orgId}/sites/${boot.siteId}/recommendations`);
    await page.getByRole("heading", { name: "Peer group" }).waitFor();
    await page.getByText("Your organization opted out of benchmarks").waitFor();
    expect(await page.locator("dl.peer-group dd").first().textContent()).toBe("Outdoor retail");
    await page.getByRole("link", { name: "Workspace → Settings" }).last().click();
    await page.getByRole("heading", { name: "Industry benchmarks" }).waitFor();
    expect(errors).toEqual([]);
  });
}, 120_000);

test("the owner changes the org's retention on Workspace → Settings through the step-up dialog; bad values are refused by name", async () => {
  const { browser, origin, boot, dataDir } = running;
  await asOwner(browser, origin, boot, async (page) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const app = await enrolTwoFactor(page, origin, boot.ownerPassword);

    await page.getByRole("link", { name: "Workspace → Settings" }).click();
    await page.getByRole("heading", { name: "Data retention" }).waitFor();
    await page.locator('[data-retention="25/30"]').waitFor();
    expect(await page.getByLabel("Months of analytics kept (1–120)").inputValue()).toBe("25");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Months of analytics kept (1–120)").fill("13");
    await page.getByLabel("Days webhook bodies are kept (1–3650)").fill("60");
    await page.getByRole("button", { name: "Save retention" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.waitFor();
    await dialog.getByLabel("6-digit code").fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").filter({ hasText: "Retention saved" }).waitFor();
    await page.locator('[data-retention="13/60"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The route checks what the form's min/max only suggest; nothing changes.
    const headers = { origin };
    for (const [data, path] of [[{ eventsMonths: 0 }, "eventsMonths"], [{ deliveryDays: 4000 }, "deliveryDays"], [{ eventsMonths: 2.5 }, "eventsMonths"]] as const) {
      const res = await page.request.patch(`${origin}/api/v1/orgs/${boot.orgId}/settings/retention`, { headers, data });
      expect(res.status()).toBe(422);
      const body = await res.json();
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
    // Without the dashboard's Origin: refused.
    expect((await page.request.patch(`${origin}/api/v1/orgs/${boot.orgId}/settings/retention`, { data: { eventsMonths: 12 } })).status()).toBe(403);
    const now = await (await page.request.get(`${origin}/api/v1/orgs/${boot.orgId}/settings/retention`)).json();
    expect(now).toEqual({ orgId: boot.orgId, eventsMonths: 13, deliveryDays: 60 });

    const control = new Database(join(dataDir, "control.sqlite"), { readonly: true });
    const tenant = new Database(join(dataDir, `${boot.orgId}.sqlite`), { readonly: true });
    try {
      expect(control.query("SELECT retention_months AS m, delivery_body_days AS d FROM orgs WHERE id = ?").get(boot.orgId)).toEqual({ m: 13, d: 60 });
      const audit = tenant.query("SELECT actor_type, meta FROM audit_log WHERE action = 'org.retention_changed'").all() as { actor_type: string; meta: string }[];
      expect(audit.map((a) => [a.actor_type, JSON.parse(a.meta)])).toEqual([["user", { before: { eventsMonths: 25, deliveryDays: 30 }, after: { eventsMonths: 13, deliveryDays: 60 } }]]);
    } finally {
      control.close();
      tenant.close();
    }
    expect(errors).toEqual([]);
  });
}, 120_000);
