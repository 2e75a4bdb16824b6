import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { parse as parseCsv } from "csv-parse/sync";
import * as XLSX from "xlsx";
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { must, runAdmin, startStack, TestClock, type TestStack } from "../helpers/stack.ts";
import { startMailbox, type Mailbox } from "../helpers/mailbox.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { readSettings } from "../../lib/config.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { OPERATOR } from "../../lib/audit.ts";
import { ApiError } from "../../lib/errors.ts";
import { auditLog, reportRuns } from "../../lib/db/tenant-schema.ts";
import { createSchedule, deleteSchedule, setScheduleActive } from "../../lib/reports/schedules/manage.ts";
import { schedulesOfSite } from "../../lib/reports/schedules/list.ts";
import { ScheduleWorker } from "../../lib/reports/schedules/worker.ts";
import { reportInput, reportJson } from "../../lib/reports/export.ts";
import type { ScheduleInput, ScheduleItem } from "../../lib/reports/models.ts";

/**
 * Scheduled reports end to end (docs/reports.md "Schedules") against a real SMTP server: the
 * send instants across Berlin's DST changes, the mail and its attachment, retries and the pause
 * after three failures, one send for two processes, the owner's permissions at send time, the
 * confirmation and unsubscribe links, and the refusal without SMTP_URL.
 *
 * The site "Berlin shop" (Europe/Berlin) has pageviews on 2027-03-16 (two visitors, one with two
 * pages) and on 2027-03-21 at 23:30 local (22:30Z: still the 21st in Berlin).
 */

setDefaultTimeout(60_000);

let s: TestStack;
let mailbox: Mailbox;
let orgId: string;
let ownerId: string;
let ownerEmail: string;
let site: { id: string; siteKey: string };
const BOUNCING = "bounce@example.com";

const at = (iso: string) => Date.parse(iso);
/** The test's own worker, kicked by hand (the stack's is stopped: its timer's pass must not race a kick). */
let scheduler: ScheduleWorker;
const worker = () => scheduler;
const scope = () => ({ orgId, siteId: site.id });
const by = () => ({ actor: OPERATOR, ownerUserId: ownerId });
const db = async () => (await s.platform.tenants.get({ id: orgId, dbUrl: null })).db;
const item = async (id: string): Promise<ScheduleItem> => (await schedulesOfSite(await db(), s.platform.control, { id: site.id, timezone: "Europe/Berlin" })).find((x) => x.id === id)!;
/** Nothing more arrives for this address within a short wait. */
const nothingFor = (to: string) => expect(mailbox.next(to, 400)).rejects.toThrow("no mail");
/** The path of a link in a mail, on this stack (PUBLIC_URL is not the test server's port). */
const local = (link: string) => s.url + new URL(link).pathname;
const linkIn = (mail: ParsedMail, purpose: string) => (mail.text ?? "").match(new RegExp(`https?://\\S+/v1/hooks/reports/${purpose}/\\S+`))![0];

/** A header as sent (mailparser folds the List-* ones into one object). */
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, "");

async function kickAt(iso: string) {
  s.clock.ms = at(iso);
  return worker().kick();
}

async function pageview(path: string, when: string, vid: string, sid = uuid()) {
  s.clock.ms = at(when) + 60_000;
  const res = await post(s.url, batch(site.siteKey, [ev("pageview", at(when), { u: `http://localhost${path}`, ti: path })], { vid, sid }));
  expect(res.status).toBe(202);
}

const weekly = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({ reportKey: "kpi_daily", frequency: "weekly", at: "08:00", weekday: 1, recipients: [ownerEmail], format: "csv", ...over });

beforeAll(async () => {
  mailbox = await startMailbox({ rejects: (address) => address === BOUNCING });
  s = await startStack({ env: { SMTP_URL: mailbox.url } });
  await s.schedules!.stop();
  scheduler = new ScheduleWorker(s.platform);
  orgId = s.bootstrap!.orgId;
  ownerEmail = s.bootstrap!.ownerEmail;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Berlin shop", "--domain", "localhost", "--timezone", "Europe/Berlin", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  ownerId = s.platform.control.db.all<{ user_id: string }>(`select user_id from memberships where org_id = '${orgId}' and role = 'owner'` as never)[0].user_id;
  const a = uuid();
  const visit = uuid();
  await pageview("/", "2027-03-16T09:00:00Z", a, visit);
  await pageview("/pricing", "2027-03-16T09:01:00Z", a, visit);
  await pageview("/", "2027-03-16T10:00:00Z", uuid());
  await pageview("/blog", "2027-03-21T22:30:00Z", uuid());
}, 60_000);

// A test that fails half-way leaves no schedule due in the next one's times.
afterEach(async () => {
  for (const x of await schedulesOfSite(await db(), s.platform.control, { id: site.id, timezone: "Europe/Berlin" })) await deleteSchedule(s.platform, { orgId, scheduleId: x.id }, by());
});

afterAll(async () => {
  await s?.close();
  await mailbox?.close();
});

describe("a weekly schedule at 08:00 Europe/Berlin", () => {
  test("sends at 07:00Z before the March change, 06:00Z after it and 07:00Z after October's, never a minute early; the mail covers the last ISO week", async () => {
    s.clock.ms = at("2027-03-20T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), weekly(), by());
    expect(created).toMatchObject({ reportKey: "kpi_daily", frequency: "weekly", at: "08:00", weekday: 1, day: null, format: "csv", timezone: "Europe/Berlin", active: true, nextRunAt: "2027-03-22T07:00:00.000Z", recipients: [ownerEmail], owner: "Owner" });

    expect((await kickAt("2027-03-22T06:59:00Z")).ok).toBe(0);
    await nothingFor(ownerEmail);
    expect((await kickAt("2027-03-22T07:00:00Z")).ok).toBe(1);
    const mail = await mailbox.next(ownerEmail);
    expect(mail.subject).toBe("Berlin shop: Daily KPIs, 2027-03-15 – 2027-03-21");
    expect(mail.text).toContain("Data complete through 2027-03-21.");
    expect(mail.html).toContain("Data complete through 2027-03-21.");
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail, "list-unsubscribe")).toBe(`<${linkIn(mail, "unsubscribe")}>`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].filename).toBe("berlin-shop_kpi_daily_2027-03-15_2027-03-21.csv");
    // By hand: the 16th has two visitors, two sessions and three pageviews; the 21st (22:30Z is 23:30 in Berlin) one of each.
    const csv = parseCsv(mail.attachments[0].content.toString("utf8").replace(/^\uFEFF/, ""), { columns: true, cast: true }) as Record<string, unknown>[];
    expect(csv).toHaveLength(7);
    expect(csv.map((r) => Object.values(r))).toEqual([
      ["2027-03-15", 0, 0, 0, 0],
      ["2027-03-16", 2, 2, 3, 0],
      ["2027-03-17", 0, 0, 0, 0],
      ["2027-03-18", 0, 0, 0, 0],
      ["2027-03-19", 0, 0, 0, 0],
      ["2027-03-20", 0, 0, 0, 0],
      ["2027-03-21", 1, 1, 1, 0],
    ]);
    expect(await item(created.id)).toMatchObject({ lastStatus: "ok", lastError: null, lastRunAt: "2027-03-22T07:00:00.000Z", nextRunAt: "2027-03-29T06:00:00.000Z" });

    expect((await kickAt("2027-03-29T05:59:00Z")).ok).toBe(0);
    await nothingFor(ownerEmail);
    expect((await kickAt("2027-03-29T06:00:00Z")).ok).toBe(1);
    expect((await mailbox.next(ownerEmail)).text).toContain("Data complete through 2027-03-28.");

    // Months later (no worker ran): the missed run is sent once, then the schedule keeps its time.
    expect((await kickAt("2027-10-24T12:00:00Z")).ok).toBe(1);
    expect((await mailbox.next(ownerEmail)).text).toContain("Data complete through 2027-04-04.");
    expect((await item(created.id)).nextRunAt).toBe("2027-10-25T06:00:00.000Z");
    expect((await kickAt("2027-10-25T05:59:00Z")).ok).toBe(0);
    expect((await kickAt("2027-10-25T06:00:00Z")).ok).toBe(1);
    expect((await mailbox.next(ownerEmail)).text).toContain("Data complete through 2027-10-24.");
    expect((await kickAt("2027-11-01T06:59:00Z")).ok).toBe(0);
    await nothingFor(ownerEmail);
    expect((await kickAt("2027-11-01T07:00:00Z")).ok).toBe(1);
    const november = await mailbox.next(ownerEmail);
    expect(november.subject).toBe("Berlin shop: Daily KPIs, 2027-10-25 – 2027-10-31");
    expect(november.text).toContain("Data complete through 2027-10-31.");
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });

  test("a monthly XLSX attachment holds the whole report (31 rows; the mail shows the first 10)", async () => {
    s.clock.ms = at("2027-03-30T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "monthly", at: "08:00", day: 1, recipients: [ownerEmail], format: "xlsx" }, by());
    expect(created.nextRunAt).toBe("2027-04-01T06:00:00.000Z");
    expect((await kickAt("2027-04-01T06:00:00Z")).ok).toBe(1);
    const mail = await mailbox.next(ownerEmail);
    expect(mail.text).toContain("Data complete through 2027-03-31.");
    expect(mail.text).toContain("the first 10 of 31 rows");
    expect(mail.attachments[0].filename).toBe("berlin-shop_kpi_daily_2027-03-01_2027-03-31.xlsx");
    const book = XLSX.read(mail.attachments[0].content, { type: "buffer", cellDates: false });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false, dateNF: "yyyy-mm-dd" });
    expect(sheet).toHaveLength(32);
    const report = await reportJson("kpi_daily", await reportInput(s.platform, orgId, site.id, { from: "2027-03-01", to: "2027-03-31" }, true, s.clock.ms));
    expect(report.total).toBe(31);
    expect(sheet.slice(1).map((r) => r.map((c) => (/^\d+$/.test(String(c)) ? Number(c) : c)))).toEqual(report.rows.map((r) => [r.date, r.users, r.sessions, r.pageviews, r.conversions]));
    expect(sheet[16]).toEqual(["2027-03-16", "2", "2", "3", "0"]);
    // The HTML part's table: a header row and the first 10 rows.
    expect((mail.html as string).match(/<tr>/g)).toHaveLength(11);
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });
});

describe("sending", () => {
  test("a failing SMTP server: retried at +5 and +30 minutes, paused after the 3rd failure, the owner told", async () => {
    must(s.admin("user", "create", "--org", orgId, "--name", "Bounce", "--email", BOUNCING, "--role", "analyst"));
    s.clock.ms = at("2027-05-03T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "09:30", recipients: [BOUNCING], format: "csv" }, by());
    expect(created.nextRunAt).toBe("2027-05-04T07:30:00.000Z");
    expect((await kickAt("2027-05-04T07:30:00Z")).failed).toBe(1);
    let now = await item(created.id);
    expect(now).toMatchObject({ active: true, lastStatus: "failed", lastRunAt: "2027-05-04T07:30:00.000Z", nextRunAt: "2027-05-04T07:35:00.000Z" });
    expect(now.lastError).toStartWith("1 of 1 mails not sent: ");
    expect(now.lastError).toContain("mailbox unavailable");
    expect(now.lastError).not.toContain(mailbox.url);
    expect((await kickAt("2027-05-04T07:34:59Z")).failed).toBe(0);
    expect((await kickAt("2027-05-04T07:35:00Z")).failed).toBe(1);
    expect((await item(created.id)).nextRunAt).toBe("2027-05-04T08:05:00.000Z");
    expect((await kickAt("2027-05-04T08:04:59Z")).failed).toBe(0);
    expect((await kickAt("2027-05-04T08:05:00Z")).failed).toBe(1);
    now = await item(created.id);
    expect(now).toMatchObject({ active: false, pausedReason: "failures", nextRunAt: null, lastStatus: "failed" });
    const told = await mailbox.next(ownerEmail);
    expect(told.subject).toBe("Berlin shop: Daily KPIs schedule paused after 3 failed sends");
    expect(told.text).toContain(`admin schedule resume --id ${created.id}`);
    const audit = await (await db()).select().from(auditLog).where(and(eq(auditLog.action, "report.schedule_paused"), eq(auditLog.targetId, created.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].meta)).toMatchObject({ reason: "failures", failures: 3 });
    const runs = await (await db()).select().from(reportRuns).where(eq(reportRuns.scheduleId, created.id));
    expect(runs.map((r) => [r.attempt, r.status])).toEqual([[1, "failed"], [2, "failed"], [3, "failed"]]);
    // Nothing is due while paused; resuming computes the next send from now.
    expect((await kickAt("2027-05-05T07:30:00Z")).failed).toBe(0);
    expect((await setScheduleActive(s.platform, { orgId, scheduleId: created.id }, true, by())).nextRunAt).toBe("2027-05-06T07:30:00.000Z");
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });

  test("two hooks workers on two platforms over the same DATA_DIR, kicked at once, send a due run once", async () => {
    s.clock.ms = at("2027-06-01T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: [ownerEmail], format: "csv" }, by());
    const clock = new TestClock(at("2027-06-02T06:00:00Z"));
    const platforms: Platform[] = [0, 1].map(() => openPlatform(readSettings({ DATA_DIR: s.dataDir, SMTP_URL: mailbox.url, LOG_REQUESTS: "0" }), { now: clock.now }));
    try {
      const workers = platforms.map((p) => new ScheduleWorker(p));
      const passes = await Promise.all(workers.map((w) => w.kick()));
      expect(passes.map((p) => p.ok).sort()).toEqual([0, 1]);
      expect((await mailbox.next(ownerEmail)).text).toContain("Data complete through 2027-06-01.");
      await nothingFor(ownerEmail);
      const runs = await (await db()).select().from(reportRuns).where(eq(reportRuns.scheduleId, created.id));
      expect(runs.map((r) => [r.attempt, r.status, r.rows, r.recipients])).toEqual([[1, "ok", 1, 1]]);
    } finally {
      platforms.forEach(closePlatform);
    }
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });

  test("an attempt left sending past its lease (its process stopped) counts as failed and is retried", async () => {
    s.clock.ms = at("2027-06-10T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: [ownerEmail], format: "csv" }, by());
    const due = at("2027-06-11T06:00:00Z");
    await (await db()).insert(reportRuns).values({ scheduleId: created.id, runDueAt: due, attempt: 1, startedAt: due, leaseUntil: due + 600_000, status: "sending" });
    expect(await kickAt("2027-06-11T06:09:59Z")).toMatchObject({ ok: 0, failed: 0 });
    await nothingFor(ownerEmail);
    expect((await kickAt("2027-06-11T06:10:00Z")).failed).toBe(1);
    expect(await item(created.id)).toMatchObject({ lastStatus: "failed", lastError: "The attempt did not finish (the sending process stopped)", nextRunAt: "2027-06-11T06:15:00.000Z" });
    expect((await kickAt("2027-06-11T06:15:00Z")).ok).toBe(1);
    expect((await mailbox.next(ownerEmail)).text).toContain("Data complete through 2027-06-10.");
    const runs = await (await db()).select().from(reportRuns).where(eq(reportRuns.scheduleId, created.id));
    expect(runs.map((r) => [r.attempt, r.status])).toEqual([[1, "failed"], [2, "ok"]]);
  });

  test("an owner demoted to viewer: the run is skipped, nothing sent", async () => {
    const ann = must(s.admin("user", "create", "--org", orgId, "--name", "Ann", "--email", "ann@example.com", "--role", "admin")).id;
    s.clock.ms = at("2027-07-01T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: ["ann@example.com"], format: "csv" }, { actor: OPERATOR, ownerUserId: ann });
    must(s.admin("user", "role", "--org", orgId, "--user", ann, "--role", "viewer"));
    expect((await kickAt("2027-07-02T06:00:00Z")).skipped).toBe(1);
    await nothingFor("ann@example.com");
    expect(await item(created.id)).toMatchObject({ active: true, lastStatus: "skipped", lastError: "The schedule's owner (viewer) no longer holds reports.export", nextRunAt: "2027-07-03T06:00:00.000Z" });
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });
});

describe("the plan", () => {
  test("an org whose reports feature is switched off: the run is skipped, nothing sent", async () => {
    s.clock.ms = at("2027-07-10T12:00:00Z");
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: [ownerEmail], format: "csv" }, by());
    must(s.admin("org", "feature", "--org", orgId, "--disable", "reports"));
    try {
      expect((await kickAt("2027-07-11T06:00:00Z")).skipped).toBe(1);
      await nothingFor(ownerEmail);
      expect(await item(created.id)).toMatchObject({ lastStatus: "skipped", lastError: "The organization's plan does not include reports" });
    } finally {
      must(s.admin("org", "feature", "--org", orgId, "--enable", "reports"));
    }
  });
});

describe("recipients", () => {
  test("an outside address is pending until its confirmation link is POSTed; unsubscribing by the link and by one-click POST", async () => {
    s.clock.ms = at("2027-08-01T12:00:00Z");
    const guest = "guest@example.org";
    const created = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "daily", at: "08:00", recipients: [ownerEmail, "Guest@Example.org"], format: "csv" }, by());
    expect(created.recipientStates).toEqual([
      { email: guest, state: "pending" },
      { email: ownerEmail, state: "member" },
    ]);
    expect(created.recipients).toEqual([ownerEmail]);
    const confirmation = await mailbox.next(guest);
    const confirm = linkIn(confirmation, "confirm");

    expect((await kickAt("2027-08-02T06:00:00Z")).ok).toBe(1);
    await mailbox.next(ownerEmail);
    await nothingFor(guest);

    // GET (a mail scanner's prefetch) changes nothing; POST confirms.
    const page = await fetch(local(confirm));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect((await item(created.id)).recipientStates[0]).toEqual({ email: guest, state: "pending" });
    const tampered = await fetch(local(confirm).replace(/.$/, (c) => (c === "A" ? "B" : "A")), { method: "POST" });
    expect(tampered.status).toBe(404);
    expect(await tampered.text()).toContain("Link not valid");
    expect((await fetch(local(confirm).replace("/confirm/", "/unsubscribe/"), { method: "POST" })).status).toBe(404);
    const confirmed = await fetch(local(confirm), { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Address confirmed");
    expect((await item(created.id)).recipients).toEqual([guest, ownerEmail]);

    expect((await kickAt("2027-08-03T06:00:00Z")).ok).toBe(1);
    const toGuest = await mailbox.next(guest);
    const toOwner = await mailbox.next(ownerEmail);
    // One-click (RFC 8058) from the guest's header, the page's button for the owner.
    const oneClick = header(toGuest, "list-unsubscribe")!.replace(/[<>]/g, "");
    const res = await fetch(local(oneClick), { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Unsubscribed");
    expect((await fetch(local(linkIn(toOwner, "unsubscribe")), { method: "POST" })).status).toBe(200);
    expect((await item(created.id)).recipientStates.map((r) => r.state)).toEqual(["unsubscribed", "unsubscribed"]);
    // An old confirmation link does not undo the unsubscribe.
    await fetch(local(confirm), { method: "POST" });
    expect((await item(created.id)).recipients).toEqual([]);

    expect((await kickAt("2027-08-04T06:00:00Z")).skipped).toBe(1);
    await nothingFor(guest);
    await nothingFor(ownerEmail);
    expect((await item(created.id)).lastError).toStartWith("No recipient left");
    await deleteSchedule(s.platform, { orgId, scheduleId: created.id }, by());
  });
});

describe("refusals", () => {
  test("without SMTP_URL creating (and resuming) is refused naming SMTP_URL; nothing is stored", async () => {
    const platform = openPlatform(readSettings({ DATA_DIR: s.dataDir, LOG_REQUESTS: "0" }));
    try {
      const error = await createSchedule(platform, scope(), weekly(), by()).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(422);
      expect(error.details).toEqual([{ path: "SMTP_URL", message: expect.stringContaining("is not set") }]);
    } finally {
      closePlatform(platform);
    }
    const cli = runAdmin(s.dataDir, ["schedule", "create", "--site", site.id, "--report", "kpi_daily", "--frequency", "daily", "--at", "08:00", "--recipients", ownerEmail, "--format", "csv"], { SMTP_URL: "" });
    expect(cli.code).toBe(2);
    expect(cli.json.error.details).toEqual([{ path: "SMTP_URL", message: expect.stringContaining("is not set") }]);
    expect(await schedulesOfSite(await db(), s.platform.control, { id: site.id, timezone: "Europe/Berlin" })).toEqual([]);
  });

  test("every field is checked and named", async () => {
    const error = await createSchedule(s.platform, scope(), { reportKey: "nope", frequency: "daily", at: "24:00", weekday: 3, day: 0, recipients: ["a@b.c", "not-an-address", "A@B.C"], format: "pdf" }, by()).catch((e) => e);
    expect(error.status).toBe(422);
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(["reportKey", "at", "format", "weekday", "day", "recipients[1]", "recipients[2]"]);
    const many = await createSchedule(s.platform, scope(), weekly({ recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) }), by()).catch((e) => e);
    expect(many.details).toEqual([{ path: "recipients", message: "must name at most 20 addresses" }]);
    const none = await createSchedule(s.platform, scope(), weekly({ recipients: [] }), by()).catch((e) => e);
    expect(none.details).toEqual([{ path: "recipients", message: "must name at least one address" }]);
    const monthlyWeekday = await createSchedule(s.platform, scope(), { reportKey: "kpi_daily", frequency: "monthly", at: "08:00", weekday: 2, recipients: [ownerEmail], format: "csv" }, by()).catch((e) => e);
    expect(monthlyWeekday.details).toEqual([{ path: "weekday", message: "is only for a weekly schedule" }]);
    expect(await schedulesOfSite(await db(), s.platform.control, { id: site.id, timezone: "Europe/Berlin" })).toEqual([]);
  });
});

describe("admin CLI", () => {
  test("create, list, update, pause, resume, delete; bad flags named; the catalogue shows the schedule", async () => {
    const env = { SMTP_URL: mailbox.url };
    const cli = (...args: string[]) => runAdmin(s.dataDir, ["schedule", ...args], env);
    const bad = cli("create", "--site", site.id, "--report", "kpi_daily", "--frequency", "hourly", "--at", "8am", "--recipients", `${ownerEmail},nope`, "--format", "csv");
    expect(bad.code).toBe(2);
    expect(bad.json.error.details).toEqual([
      { path: "--frequency", message: "must be one of daily, weekly, monthly" },
      { path: "--at", message: "must be a time HH:MM (24-hour, 00:00–23:59)" },
      { path: "--recipients", message: "is not an e-mail address", item: "recipients[1]" },
    ]);
    expect(cli("create", "--site", site.id, "--report", "kpi_daily", "--frequency", "weekly", "--at", "08:00", "--weekday", "9", "--recipients", ownerEmail, "--format", "csv").json.error.details).toEqual([
      { path: "--weekday", message: "must be from 1 to 7" },
    ]);
    expect(cli("create", "--site", site.id, "--report", "kpi_daily", "--frequency", "weekly", "--at", "08:00", "--weekday", "funday", "--recipients", ownerEmail, "--format", "csv").json.error.details).toEqual([
      { path: "--weekday", message: "must be 1–7 (1 = Monday) or a day's name such as mon or monday" },
    ]);
    expect(cli("create", "--site", site.id, "--report", "kpi_daily", "--frequency", "daily", "--at", "08:00", "--recipients", ownerEmail, "--format", "csv", "--owner", "nobody@example.com").json.error.details).toEqual([
      { path: "--owner", message: "is not a member of the organization" },
    ]);
    expect(cli("create", "--site", "0".repeat(24), "--report", "kpi_daily").json.error.details).toEqual([{ path: "--site", message: "not found" }]);

    // A day's name works as well as its ISO number (Friday = 5).
    const made = must(cli("create", "--site", site.id, "--report", "kpi_daily", "--frequency", "weekly", "--at", "08:00", "--weekday", "Fri", "--recipients", ownerEmail, "--format", "xlsx"));
    expect(made).toMatchObject({ reportKey: "kpi_daily", frequency: "weekly", weekday: 5, format: "xlsx", active: true, owner: "Owner", timezone: "Europe/Berlin" });
    expect(must(cli("list", "--site", site.id)).schedules.map((x: ScheduleItem) => x.id)).toEqual([made.id]);
    // The catalogue shows it with spec 2.9's fields.
    const catalogue = await (await s.api(`/api/v1/orgs/${orgId}/sites/${site.id}/reports`, s.bootstrap!.key)).json();
    expect(catalogue.schedules).toEqual([
      expect.objectContaining({ id: made.id, reportKey: "kpi_daily", title: "Daily KPIs", frequency: "weekly", recipients: [ownerEmail], active: true, nextRunAt: made.nextRunAt, lastRunAt: null, lastStatus: null, lastError: null }),
    ]);
    expect(must(cli("update", "--id", made.id, "--frequency", "monthly", "--day", "31"))).toMatchObject({ frequency: "monthly", weekday: null, day: 31 });
    expect(cli("update", "--id", made.id, "--weekday", "2").json.error.details).toEqual([{ path: "--weekday", message: "is only for a weekly schedule" }]);
    expect(cli("update", "--id", made.id).json.error.details[0].path).toBe("--id");
    expect(must(cli("pause", "--id", made.id))).toMatchObject({ active: false, pausedReason: "paused", nextRunAt: null });
    expect(must(cli("resume", "--id", made.id))).toMatchObject({ active: true, pausedReason: null });
    expect(must(cli("delete", "--id", made.id))).toEqual({ deleted: true, id: made.id });
    // Each change is audited with the shape and how many recipients, never an address.
    const audit = await (await db()).select().from(auditLog).where(eq(auditLog.targetId, made.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["report.schedule_created", "report.schedule_deleted", "report.schedule_paused", "report.schedule_resumed", "report.schedule_updated"]);
    expect(audit.every((a) => a.actorType === "operator" && !a.meta.includes("@"))).toBe(true);
    expect(JSON.parse(audit.find((a) => a.action === "report.schedule_updated")!.meta)).toMatchObject({ frequency: "monthly", day: 31, recipients: 1, changed: ["frequency", "weekday", "day"] });
    expect(cli("pause", "--id", made.id).json.error.details).toEqual([{ path: "--id", message: "not found" }]);
  });
});
