import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { Temporal } from "temporal-polyfill";
import { must, type TestStack } from "../helpers/stack.ts";
import { type Browser, startDashboardStack } from "../helpers/session-browser.ts";
import type { ScheduleItem } from "../../lib/reports/models.ts";

/**
 * The report library's schedules from the dashboard (docs/api.md "Report schedules"): POST
 * …/report-schedules, PATCH and DELETE …/{id}, …/{id}/pause and /resume — open to roles holding
 * reports.export, each field's problem named, nothing stored on a refusal, audited as the user.
 */

const ORIGIN = "http://dashboard.test";
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, site: string;
let analyst: Browser, viewer: Browser, analystId: string;
const ANALYST = "ana@example.com";

beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org } = dashboard);
  site = stack.bootstrap!.siteId;
  const a = await dashboard.accounts.verifiedMember(org, ANALYST, "analyst");
  analyst = a.browser;
  analystId = a.id;
  viewer = (await dashboard.accounts.verifiedMember(org, "vic@example.com", "viewer")).browser;
}, 60_000);
afterAll(() => dashboard.close());

const path = (rest = "", siteId = site, orgId = org) => `/api/v1/orgs/${orgId}/sites/${siteId}/report-schedules${rest}`;
/** The org's stored schedules and recipients, read from its store file. */
const stored = () => {
  const db = new Database(join(stack.dataDir, `${org}.sqlite`), { readonly: true });
  try {
    return {
      schedules: db.query("SELECT id, report_key, frequency, at, weekday, day, format, active, paused_reason FROM report_schedules ORDER BY created_at").all(),
      recipients: db.query("SELECT schedule_id, email, state FROM report_schedule_recipients ORDER BY email").all(),
    };
  } finally {
    db.close();
  }
};
async function expectError(res: Response, status: number, code: string, detailPaths?: string[]) {
  expect(res.status).toBe(status);
  const { error } = await res.json();
  expect(error.code).toBe(code);
  if (detailPaths) expect(error.details.map((d: { path: string }) => d.path)).toEqual(detailPaths);
}
/** The next `weekday` at `at` in UTC (the bootstrap site's timezone) strictly after the stack's clock. */
function nextAt(weekday: number, at: string): string {
  const now = Temporal.Instant.fromEpochMilliseconds(stack.clock.ms).toZonedDateTimeISO("UTC");
  for (let i = 0; ; i++) {
    const day = now.toPlainDate().add({ days: i });
    const when = day.toZonedDateTime({ timeZone: "UTC", plainTime: at });
    if (day.dayOfWeek === weekday && Temporal.ZonedDateTime.compare(when, now) > 0) return new Date(when.epochMilliseconds).toISOString();
  }
}
const WEEKLY = { reportKey: "kpi_daily", frequency: "weekly", at: "08:00", weekday: 1, recipients: [ANALYST], format: "csv" };

describe("report schedules from the dashboard", () => {
  let id: string;

  test("an analyst schedules a report: 201, owned by them, next send computed in the site's timezone", async () => {
    const res = await analyst.call("POST", path(), WEEKLY);
    expect(res.status).toBe(201);
    const item = (await res.json()) as ScheduleItem;
    id = item.id;
    expect(item).toMatchObject({ reportKey: "kpi_daily", title: "Daily KPIs", frequency: "weekly", at: "08:00", weekday: 1, day: null, format: "csv", active: true, pausedReason: null, timezone: "UTC", owner: "ana" });
    expect(item.recipientStates).toEqual([{ email: ANALYST, state: "member" }]);
    expect(item.nextRunAt).toBe(nextAt(1, "08:00"));
  });

  test("edit, pause, resume: each answers the schedule; a new time moves the next send", async () => {
    const edited = await analyst.call("PATCH", path(`/${id}`), { at: "17:30", weekday: 5, format: "xlsx" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ at: "17:30", weekday: 5, format: "xlsx", nextRunAt: nextAt(5, "17:30") });
    const paused = await analyst.call("POST", path(`/${id}/pause`));
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ active: false, pausedReason: "paused", nextRunAt: null });
    const resumed = await analyst.call("POST", path(`/${id}/resume`));
    expect(await resumed.json()).toMatchObject({ active: true, pausedReason: null, nextRunAt: nextAt(5, "17:30") });
  });

  test("bad input: 422 naming each field, nothing stored", async () => {
    const before = stored();
    await expectError(await analyst.call("POST", path(), { ...WEEKLY, recipients: [ANALYST, "not-an-address"] }), 422, "VALIDATION_FAILED", ["recipients[1]"]);
    await expectError(await analyst.call("POST", path(), { ...WEEKLY, reportKey: "nope", at: "25:00", frequency: "hourly" }), 422, "VALIDATION_FAILED", ["reportKey", "frequency", "at", "weekday"]);
    await expectError(await analyst.call("POST", path(), { ...WEEKLY, day: 3 }), 422, "VALIDATION_FAILED", ["day"]);
    await expectError(await analyst.call("POST", path(), { ...WEEKLY, recipients: [] }), 422, "VALIDATION_FAILED", ["recipients"]);
    await expectError(await analyst.call("PATCH", path(`/${id}`), { frequency: "monthly", day: 32 }), 422, "VALIDATION_FAILED", ["day"]);
    await expectError(await analyst.call("POST", path(), { ...WEEKLY, weekday: "Monday" }), 422, "VALIDATION_FAILED");
    await expectError(await analyst.call("POST", path(), "not json"), 422, "VALIDATION_FAILED");
    expect(stored()).toEqual(before);
  });

  test("a viewer is refused (403 naming reports.export); another org, another site or an unknown schedule is 404; another origin 403; a key 401", async () => {
    const before = stored();
    await expectError(await viewer.call("POST", path(), WEEKLY), 403, "FORBIDDEN", ["permission"]);
    await expectError(await viewer.call("POST", path(`/${id}/pause`)), 403, "FORBIDDEN");
    await expectError(await viewer.call("DELETE", path(`/${id}`)), 403, "FORBIDDEN");
    const other = must(stack.admin("org", "create", "--name", "Other Co")).id as string;
    await expectError(await analyst.call("POST", path("", site, other), WEEKLY), 404, "NOT_FOUND");
    await expectError(await analyst.call("POST", path("", "0".repeat(24)), WEEKLY), 404, "NOT_FOUND");
    const second = must(stack.admin("site", "create", "--org", org, "--name", "Second", "--domain", "second.example")).id as string;
    await expectError(await analyst.call("POST", path(`/${id}/pause`, second)), 404, "NOT_FOUND");
    await expectError(await analyst.call("DELETE", path(`/${"0".repeat(24)}`)), 404, "NOT_FOUND");
    expect((await analyst.call("POST", path(`/${id}/pause`), undefined, { origin: "https://evil.example" })).status).toBe(403);
    const keyed = await fetch(stack.url + path(`/${id}`), { method: "DELETE", headers: { authorization: `Bearer ${stack.bootstrap!.key}` } });
    expect(keyed.status).toBe(401);
    expect(stored()).toEqual(before);
  });

  test("delete: 204, the schedule and its recipients gone; every change audited as the analyst", async () => {
    const res = await analyst.call("DELETE", path(`/${id}`));
    expect(res.status).toBe(204);
    expect(stored()).toEqual({ schedules: [], recipients: [] });
    const audit = (await (await stack.api(`/api/v1/orgs/${org}/audit?q=report.schedule`, stack.bootstrap!.key)).json()).rows as { action: string; actor: { id: string } }[];
    expect(audit.map((r) => [r.action, r.actor.id]).reverse()).toEqual([
      ["report.schedule_created", analystId],
      ["report.schedule_updated", analystId],
      ["report.schedule_paused", analystId],
      ["report.schedule_resumed", analystId],
      ["report.schedule_deleted", analystId],
    ]);
  });
});
