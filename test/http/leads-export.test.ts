import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import type { TestStack } from "../helpers/stack.ts";
import { authenticator, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

/**
 * Spec 4.10's lead export (`GET …/leads?format=csv`): refused to API keys, and to sessions
 * without two-factor or without a second factor in the last 15 minutes; otherwise the whole
 * filtered list as a CSV file, formula-safe, audited as report.exported.
 * "Now" = 2026-11-20 12:00 UTC; the default range is 10-24 … 11-20.
 */
const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
const NOW = Date.parse("2026-11-20T12:00:00Z");
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, leadsPath: string;

beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org } = dashboard);
  stack.clock.ms = NOW;
  const boot = stack.bootstrap!;
  leadsPath = `/api/v1/orgs/${org}/sites/${boot.siteId}/leads`;
  const db = new Database(join(stack.dataDir, `${org}.sqlite`));
  const insert = db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, path, country, channel, campaign, source_medium)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  insert.run("0000000000000000000000a1", boot.siteId, Date.parse("2026-11-18T09:05:00Z"), "api", "Webhook", "Bea Smith", "bea@example.com", "+1 555 0100", "Acme, Inc.", 'Say "hi"\nsoon', "/contact", "GB", "direct", null, "(direct) / (none)");
  insert.run("0000000000000000000000a2", boot.siteId, Date.parse("2026-11-10T10:10:00Z"), "api", "Webhook", "=HYPERLINK(\"http://x\")", "@evil@example.com", null, "-Minus", null, "/", "DE", "email", "fall", "newsletter / email");
  // 55 form leads: more than a page of the JSON list (50), all in the file.
  for (let i = 0; i < 55; i++) insert.run(`00000000000000000000f${String(i).padStart(3, "0")}`, boot.siteId, Date.parse("2026-11-01T08:00:00Z") + i * MIN, "form", "Contact form", `Person ${i}`, `p${i}@example.com`, null, null, null, "/contact", "FR", "organic_search", null, "google / organic");
  // Outside the default range: never exported without a from.
  insert.run("0000000000000000000000a0", boot.siteId, Date.parse("2026-10-01T10:00:00Z"), "api", "Webhook", "Old", "old@example.com", null, null, null, "/", "GB", "direct", null, null);
  db.close();
});
afterAll(() => dashboard.close());

/** A verified member of the bootstrap org with two-factor on, and a way to pass a fresh second factor. */
async function memberWithTwoFactor(email: string, role: string) {
  const { browser: b, password } = await dashboard.accounts.verifiedMember(org, email, role);
  const app = authenticator((await (await b.call("POST", "/api/v1/me/two-factor", { password })).json()).secret);
  expect((await b.call("POST", "/api/v1/me/two-factor/confirm", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
  const stepUp = async () => {
    stack.clock.advance(30_000);
    expect((await b.call("POST", "/api/v1/session/second-factor", { code: app.generate({ timestamp: stack.clock.ms }) })).status).toBe(200);
  };
  return { b, stepUp };
}

const EXPECTED_API_CSV = [
  "id,createdAt,source,sourceName,name,email,phone,company,message,path,country,channel,campaign,sourceMedium",
  '0000000000000000000000a1,2026-11-18T09:05:00.000Z,api,Webhook,Bea Smith,bea@example.com,\'+1 555 0100,"Acme, Inc.","Say ""hi""\nsoon",/contact,GB,direct,,(direct) / (none)',
  '0000000000000000000000a2,2026-11-10T10:10:00.000Z,api,Webhook,"\'=HYPERLINK(""http://x"")",\'@evil@example.com,,\'-Minus,,/,DE,email,fall,newsletter / email',
  "",
].join("\r\n");

describe("GET …/leads?format=csv", () => {
  test("an API key is refused with 403 FORBIDDEN naming format, even with every permission", async () => {
    const res = await stack.api(`${leadsPath}?format=csv`, stack.bootstrap!.key);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe("FORBIDDEN");
    expect(body.error.details).toEqual([{ path: "format", message: "csv export needs an interactive two-factor session, not an API key" }]);
    expect((await (await stack.api(leadsPath, stack.bootstrap!.key)).json()).canExport).toBe(false);
  });

  test("a session without two-factor gets STEP_UP_REQUIRED naming twoFactor; canExport says no", async () => {
    const { browser: b } = await dashboard.accounts.verifiedMember(org, "no2fa@example.com", "admin");
    const res = await b.call("GET", `${leadsPath}?format=csv`);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe("STEP_UP_REQUIRED");
    expect(body.error.details).toEqual([{ path: "twoFactor", message: "enable two-factor first" }]);
    expect((await (await b.call("GET", leadsPath)).json()).canExport).toBe(false);
  });

  test("two-factor on: STEP_UP_REQUIRED 16 minutes after the last second factor; after a step-up the whole filtered list as CSV, audited", async () => {
    const { b, stepUp } = await memberWithTwoFactor("analyst@example.com", "analyst");
    const list = await (await b.call("GET", leadsPath)).json();
    expect(list).toMatchObject({ total: 57, pages: 2, canExport: true, pii: true });
    expect(list.items).toHaveLength(50);

    stack.clock.advance(16 * MIN);
    const stale = await b.call("GET", `${leadsPath}?format=csv`);
    expect(stale.status).toBe(403);
    expect((await stale.json()).error).toMatchObject({ code: "STEP_UP_REQUIRED", details: [] });

    await stepUp();
    const file = await b.call("GET", `${leadsPath}?format=csv&source=api`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="leads-${stack.bootstrap!.siteId}-2026-10-24-2026-11-20.csv"`);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(await file.text()).toBe(EXPECTED_API_CSV);

    stack.clock.advance(1000);
    // No paging: all 57 leads of the range, newest first, the same ids as the JSON pages.
    const all = (await (await b.call("GET", `${leadsPath}?format=csv`)).text()).split("\r\n").filter((line, i) => i > 0 && /^0{10}/.test(line));
    const page2 = await (await b.call("GET", `${leadsPath}?page=2`)).json();
    expect(all.map((line) => line.split(",")[0])).toEqual([...list.items, ...page2.items].map((l: { id: string }) => l.id));
    expect(all).toHaveLength(57);
    // A bad filter is the same 422 as on the list.
    const bad = await b.call("GET", `${leadsPath}?format=csv&source=fax`);
    expect(bad.status).toBe(422);
    expect(await errorCode(bad)).toBe("VALIDATION_FAILED");

    const log = await (await stack.api(`/api/v1/orgs/${org}/audit?action=report.exported`, stack.bootstrap!.key)).json();
    expect(log.rows.map((r: { actor: { email: string }; target: unknown; meta: unknown }) => [r.actor.email, r.target, r.meta])).toEqual([
      ["analyst@example.com", { type: "site", id: stack.bootstrap!.siteId }, { report: "leads", format: "csv", rows: 57, pii: true, from: "2026-10-24", to: "2026-11-20" }],
      ["analyst@example.com", { type: "site", id: stack.bootstrap!.siteId }, { report: "leads", format: "csv", rows: 2, pii: true, from: "2026-10-24", to: "2026-11-20", source: "api" }],
    ]);
    expect(log.rows.some((r: { action: string }) => r.action !== "report.exported")).toBe(false);
  });

  test("a viewer has no leads.read: the export is refused like the list", async () => {
    const { b, stepUp } = await memberWithTwoFactor("viewer@example.com", "viewer");
    await stepUp();
    const res = await b.call("GET", `${leadsPath}?format=csv`);
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("FORBIDDEN");
  });
});
