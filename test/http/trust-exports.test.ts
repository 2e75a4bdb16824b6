import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { read } from "xlsx";
import type { ParsedMail } from "mailparser";
import { must, type TestStack } from "../helpers/stack.ts";
import { startDashboardStack, type Browser } from "../helpers/session-browser.ts";
import { PERMISSIONS } from "../../lib/auth/permissions.ts";
import { ScheduleWorker } from "../../lib/reports/schedules/worker.ts";
import { createSchedule } from "../../lib/reports/schedules/manage.ts";
import { OPERATOR } from "../../lib/audit.ts";

/**
 * Issue 32, items 4, 5 and 9: one rule for every file of personal data, the `pii` library
 * reports' own permission, and each schedule recipient's permissions at send time.
 *
 * - A `pii` report's CSV or XLSX is refused to an API key whatever it holds (403 FORBIDDEN, the
 *   same answer as the leads list's CSV: spec 5.6) and to a session without a step-up (403
 *   STEP_UP_REQUIRED); it answers an analyst's session after a step-up.
 * - Without `analytics.pii.read` a `pii` report is 403 FORBIDDEN in JSON as in files (spec 4.8).
 * - A scheduled `leads` report reaches only the recipients who may read it when it is sent: not a
 *   viewer, not a member demoted after the schedule was made, not a confirmed outside address.
 *
 * "Now" = 2026-11-20 12:00 UTC (bootstrap site, UTC). One lead, Bea Smith, 2026-11-20 09:00.
 */
const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
const NOW = Date.parse("2026-11-20T12:00:00Z");
const RANGE = "from=2026-11-20&to=2026-11-20";
const BEA = { name: "Bea Smith", email: "bea@example.com", phone: "+1 555 0100" };
const ANALYST = "ana@example.com";
const VIEWER = "vic@example.com";
const DEMOTED = "dan@example.com";
const GUEST = "guest@outside.example";

let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, site: string, reports: string;
let analyst: { b: Browser; id: string; stepUp: () => Promise<void> };
let demotedId: string;
let scheduler: ScheduleWorker;

beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org } = dashboard);
  // The test's own worker, kicked by hand (the stack's timer must not race it).
  await stack.schedules!.stop();
  scheduler = new ScheduleWorker(stack.platform);
  stack.clock.ms = NOW;
  site = stack.bootstrap!.siteId;
  reports = `/api/v1/orgs/${org}/sites/${site}/reports`;
  const db = new Database(join(stack.dataDir, `${org}.sqlite`));
  db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, path, country, channel, campaign, source_medium)
    VALUES (?, ?, ?, 'api', 'Webhook', ?, ?, ?, NULL, NULL, '/contact', 'GB', 'direct', NULL, '(direct) / (none)')`).run("0000000000000000000000c1", site, Date.parse("2026-11-20T09:00:00Z"), BEA.name, BEA.email, BEA.phone);
  db.close();
  analyst = await dashboard.accounts.twoFactorMember(org, ANALYST, "analyst");
  await dashboard.accounts.verifiedMember(org, VIEWER, "viewer");
  demotedId = (await dashboard.accounts.verifiedMember(org, DEMOTED, "analyst")).id;
}, 60_000);
afterAll(() => dashboard.close());

const keyed = (path: string, key = stack.bootstrap!.key) => stack.api(path, key);
/** The status and the error envelope without its request id. */
async function errorOf(res: Response) {
  const { requestId: _, ...error } = ((await res.json()) as { error: { code: string; details: unknown[]; requestId: string } }).error;
  return { status: res.status, ...error };
}
const exportsAudited = async () => (await (await keyed(`/api/v1/orgs/${org}/audit?action=report.exported`)).json()).total as number;

describe("a pii report's file is a personal-data export", () => {
  test("an API key holding every permission is refused it: 403 FORBIDDEN naming format, the leads list's own answer; nothing audited", async () => {
    const before = await exportsAudited();
    for (const [key, format] of [["leads", "csv"], ["leads", "xlsx"], ["hot_leads", "xlsx"], ["hot_leads", "csv"]]) {
      const error = await errorOf(await keyed(`${reports}/${key}?${RANGE}&format=${format}`));
      expect([key, error.status, error.code, error.details]).toEqual([key, 403, "FORBIDDEN", [{ path: "format", message: `${format} export needs an interactive two-factor session, not an API key` }]]);
    }
    const list = await errorOf(await keyed(`/api/v1/orgs/${org}/sites/${site}/leads?format=csv`));
    const library = await errorOf(await keyed(`${reports}/leads?format=csv`));
    expect(library).toEqual(list);
    expect(await exportsAudited()).toBe(before);
    // Reading is not exporting: the key reads the report's JSON unmasked, and files without personal data.
    const json = await (await keyed(`${reports}/leads?${RANGE}`)).json();
    expect(json.rows.map((r: Record<string, unknown>) => [r.name, r.email, r.phone])).toEqual([[BEA.name, BEA.email, BEA.phone]]);
    expect((await keyed(`${reports}/kpi_daily?${RANGE}&format=csv`)).status).toBe(200);
  });

  test("a session without two-factor, or without a second factor in the last 15 minutes, gets 403 STEP_UP_REQUIRED; after a step-up the file, audited", async () => {
    const { browser: admin } = await dashboard.accounts.verifiedMember(org, "no2fa@example.com", "admin");
    for (const [key, format] of [["leads", "csv"], ["hot_leads", "xlsx"]]) {
      const error = await errorOf(await admin.call("GET", `${reports}/${key}?${RANGE}&format=${format}`));
      expect([key, error.status, error.code, error.details]).toEqual([key, 403, "STEP_UP_REQUIRED", [{ path: "twoFactor", message: "enable two-factor first" }]]);
    }
    await analyst.stepUp();
    stack.clock.advance(16 * MIN);
    for (const [key, format] of [["leads", "csv"], ["hot_leads", "xlsx"]]) {
      const error = await errorOf(await analyst.b.call("GET", `${reports}/${key}?${RANGE}&format=${format}`));
      expect([key, error.status, error.code, error.details]).toEqual([key, 403, "STEP_UP_REQUIRED", []]);
    }
    // Files without personal data need no step-up.
    expect((await analyst.b.call("GET", `${reports}/kpi_daily?${RANGE}&format=csv`)).status).toBe(200);

    const before = await exportsAudited();
    await analyst.stepUp();
    const csv = await analyst.b.call("GET", `${reports}/leads?${RANGE}&format=csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`${BEA.name},${BEA.email},'${BEA.phone}`);
    stack.clock.advance(1000);
    const xlsx = await analyst.b.call("GET", `${reports}/hot_leads?${RANGE}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(read(new Uint8Array(await xlsx.arrayBuffer()), { type: "array" }).SheetNames).toHaveLength(1);
    const log = await (await keyed(`/api/v1/orgs/${org}/audit?action=report.exported&size=2`)).json();
    expect(log.total).toBe(before + 2);
    expect(log.rows.map((r: { actor: { email: string }; meta: { report: string; format: string } }) => [r.actor.email, r.meta.report, r.meta.format])).toEqual([
      [ANALYST, "hot_leads", "xlsx"],
      [ANALYST, "leads", "csv"],
    ]);
  });
});

describe("a pii report needs analytics.pii.read", () => {
  test("without it: 403 FORBIDDEN naming the report's key, in JSON as in files (spec 4.8), never masked rows", async () => {
    const noPii = must(stack.admin("key", "create", "--org", org, "--user", stack.bootstrap!.userId, "--perms", PERMISSIONS.filter((p) => p !== "analytics.pii.read").join(","))).key as string;
    for (const key of ["leads", "hot_leads"]) {
      for (const format of ["json", "csv", "xlsx"]) {
        const error = await errorOf(await keyed(`${reports}/${key}?${RANGE}&format=${format}`, noPii));
        expect([key, format, error.status, error.code, error.details]).toEqual([key, format, 403, "FORBIDDEN", [{ path: "key", message: "needs analytics.pii.read" }]]);
      }
    }
    // Reports without personal data are unchanged for that key.
    expect((await keyed(`${reports}/kpi_daily?${RANGE}`, noPii)).status).toBe(200);
  });
});

describe("scheduled reports: each recipient's own permissions at send time", () => {
  const path = (rest = "") => `/api/v1/orgs/${org}/sites/${site}/report-schedules${rest}`;
  const daily = (reportKey: string) => ({ reportKey, frequency: "daily", at: "08:00", recipients: [ANALYST, VIEWER, DEMOTED, GUEST], format: "csv" });
  /** Nothing more arrives for this address within a short wait. */
  const nothingFor = (to: string) => expect(dashboard.mailbox.next(to, 400)).rejects.toThrow("no mail");
  /** The outside address follows the confirmation link of the schedule it was just added to. */
  async function confirmGuest() {
    const mail = await dashboard.mailbox.next(GUEST);
    const link = (mail.text ?? "").match(/https?:\/\/\S+\/v1\/hooks\/reports\/confirm\/\S+/)![0];
    expect((await fetch(stack.url + new URL(link).pathname, { method: "POST" })).status).toBe(200);
  }
  const attachment = (mail: ParsedMail) => mail.attachments[0].content.toString("utf8");

  test("an analyst schedules the leads CSV and the daily KPIs to a viewer, a member demoted before the send and a confirmed outside address: only the analyst gets the leads", async () => {
    const leads = await analyst.b.call("POST", path(), daily("leads"));
    expect(leads.status).toBe(201);
    const leadsId = ((await leads.json()) as { id: string }).id;
    await confirmGuest();
    const kpi = await analyst.b.call("POST", path(), daily("kpi_daily"));
    expect(kpi.status).toBe(201);
    const kpiId = ((await kpi.json()) as { id: string }).id;
    await confirmGuest();
    // Dan could read the leads when the schedule was made; at the send he is a viewer.
    must(stack.admin("user", "role", "--org", org, "--user", demotedId, "--role", "viewer"));

    stack.clock.ms = Date.parse("2026-11-21T08:00:00Z");
    expect(await scheduler.kick()).toMatchObject({ ok: 2, failed: 0, skipped: 0 });

    const own = await dashboard.mailbox.next(ANALYST);
    const [leadsMail, kpiMail] = own.subject!.includes("Leads") ? [own, await dashboard.mailbox.next(ANALYST)] : [await dashboard.mailbox.next(ANALYST), own];
    expect(leadsMail.subject).toBe("localhost: Leads, 2026-11-20 – 2026-11-20");
    expect(attachment(leadsMail)).toContain(`${BEA.name},${BEA.email},'${BEA.phone}`);
    expect(kpiMail.subject).toBe("localhost: Daily KPIs, 2026-11-20 – 2026-11-20");
    // The others receive the report they may read, and nothing of the leads.
    for (const to of [VIEWER, DEMOTED, GUEST]) {
      const mail = await dashboard.mailbox.next(to);
      expect([to, mail.subject]).toEqual([to, "localhost: Daily KPIs, 2026-11-20 – 2026-11-20"]);
      for (const text of [mail.text ?? "", String(mail.html), attachment(mail)]) expect(text).not.toContain(BEA.email.slice(1));
      await nothingFor(to);
    }

    const catalogue = await (await keyed(reports)).json();
    expect(catalogue.schedules.find((s: { id: string }) => s.id === leadsId)).toMatchObject({ lastStatus: "ok", lastError: null });
    const audit = await (await keyed(`/api/v1/orgs/${org}/audit?action=report.recipients_skipped`)).json();
    expect(audit.rows.map((r: { actor: { name: string }; target: unknown; meta: unknown }) => [r.actor.name, r.target, r.meta])).toEqual([
      [
        "Report scheduler",
        { type: "report_schedule", id: leadsId },
        {
          reportKey: "leads",
          recipients: 4,
          skipped: 3,
          reasons: ["a member (viewer) lacking leads.read", "an address outside the organization (a report of personal data goes to members only)"],
        },
      ],
    ]);
    // The session idled out over the night: the operator removes both.
    for (const id of [leadsId, kpiId]) must(stack.admin("schedule", "delete", "--id", id));
  });

  test("no recipient left who may read it: the run is skipped, nothing sent", async () => {
    // Made by the core the admin CLI calls, on the stack's clock (the CLI process runs on the real one).
    const { id } = await createSchedule(stack.platform, { orgId: org, siteId: site }, { reportKey: "leads", frequency: "daily", at: "08:00", recipients: [VIEWER], format: "csv" }, { actor: OPERATOR, ownerUserId: analyst.id });
    stack.clock.ms = Date.parse("2026-11-22T08:00:00Z");
    expect(await scheduler.kick()).toMatchObject({ ok: 0, failed: 0, skipped: 1 });
    await nothingFor(VIEWER);
    const catalogue = await (await keyed(reports)).json();
    expect(catalogue.schedules.find((s: { id: string }) => s.id === id)).toMatchObject({
      lastStatus: "skipped",
      lastError: "No recipient may read this report: a member (viewer) lacking leads.read",
    });
    const audit = await (await keyed(`/api/v1/orgs/${org}/audit?action=report.recipients_skipped&size=1`)).json();
    expect(audit.rows[0]).toMatchObject({ target: { id }, meta: { reportKey: "leads", recipients: 1, skipped: 1, reasons: ["a member (viewer) lacking leads.read"] } });
  });
});
