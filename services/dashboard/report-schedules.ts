import { Elysia, t } from "elysia";
import { Id } from "../../lib/api/models.ts";
import { SiteWriteParams } from "../../lib/api/workspace-models.ts";
import { ScheduleChange, ScheduleInput, ScheduleItem } from "../../lib/reports/models.ts";
import { createSchedule, deleteSchedule, setScheduleActive, updateSchedule } from "../../lib/reports/schedules/manage.ts";
import type { Platform } from "../../lib/platform.ts";
import { dashboardContext, doc, ERRORS, NoContent } from "./context.ts";

const ScheduleParams = t.Object({ orgId: Id, siteId: Id, scheduleId: Id });
/** Who may change a schedule: a member whose role holds reports.export, on an org with the reports feature. */
const SCHEDULER = { memberWith: { permission: "reports.export", feature: "reports" } } as const;
const WHO =
  "Members whose role holds `reports.export` (owners, admins, analysts; a viewer → 403 FORBIDDEN; not a member, a site outside the org or a schedule of another site → 404); an org without the reports feature → 403 FEATURE_UNAVAILABLE. No step-up: each send goes only to recipients who may read the report at that moment — members whose own role reads it, and, for a report without personal data, addresses their owners confirmed (docs/reports.md \"Whose permissions\").";

/**
 * The report library's schedules from the dashboard (docs/reports.md "Schedules", docs/dashboard.md):
 * the same core as `admin schedule`, lib/reports/schedules/manage.ts, which checks every field and
 * names it; the signed-in user is the actor and, on create, the owner whose permissions each send uses.
 */
export function reportScheduleRoutes(platform: Platform) {
  return new Elysia({ name: "dashboard:report-schedules" })
    .use(dashboardContext(platform))
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/report-schedules",
      async ({ caller: { live, org, actor }, params, body, set }) => {
        const item = await createSchedule(platform, { orgId: org.id, siteId: params.siteId }, body, { actor, ownerUserId: live.user.id });
        set.status = 201;
        return item;
      },
      {
        ...SCHEDULER,
        params: SiteWriteParams,
        body: ScheduleInput,
        parse: "json",
        response: { 201: ScheduleItem, ...ERRORS },
        detail: doc(
          "Schedule a library report",
          `E-mails the report as CSV or XLSX at \`at\` in the site's timezone (daily, weekly on \`weekday\`, monthly on \`day\`); the signed-in user is its owner, whose permissions each send re-checks. A field that breaks a rule → 422 with its path (\`recipients[1]\` for the second address); no SMTP_URL → 422 (path \`SMTP_URL\`); an owner lacking what the report needs as a file → 403. Audited \`report.schedule_created\`. ${WHO}`,
        ),
      },
    )
    .patch(
      "/api/v1/orgs/:orgId/sites/:siteId/report-schedules/:scheduleId",
      async ({ caller: { org, actor }, params, body }) => {
        return updateSchedule(platform, { orgId: org.id, siteId: params.siteId, scheduleId: params.scheduleId }, body, { actor });
      },
      {
        ...SCHEDULER,
        params: ScheduleParams,
        body: ScheduleChange,
        parse: "json",
        response: { 200: ScheduleItem, ...ERRORS },
        detail: doc("Change a report schedule", `Any subset of the create fields; a new time computes the next send from now. 422 as on create. Audited \`report.schedule_updated\`. ${WHO}`),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/report-schedules/:scheduleId/pause",
      ({ caller: { org, actor }, params }) => {
        return setScheduleActive(platform, { orgId: org.id, siteId: params.siteId, scheduleId: params.scheduleId }, false, { actor });
      },
      {
        ...SCHEDULER,
        params: ScheduleParams,
        response: { 200: ScheduleItem, ...ERRORS },
        detail: doc("Pause a report schedule", `Nothing is sent until it is resumed (\`pausedReason\` \`paused\`); pausing a paused one changes nothing. Audited \`report.schedule_paused\`. ${WHO}`),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/report-schedules/:scheduleId/resume",
      ({ caller: { org, actor }, params }) => {
        return setScheduleActive(platform, { orgId: org.id, siteId: params.siteId, scheduleId: params.scheduleId }, true, { actor });
      },
      {
        ...SCHEDULER,
        params: ScheduleParams,
        response: { 200: ScheduleItem, ...ERRORS },
        detail: doc("Resume a report schedule", `The next send is computed from now and earlier failures are forgotten; no SMTP_URL → 422 (path \`SMTP_URL\`). Audited \`report.schedule_resumed\`. ${WHO}`),
      },
    )
    .delete(
      "/api/v1/orgs/:orgId/sites/:siteId/report-schedules/:scheduleId",
      async ({ caller: { org, actor }, params, set }) => {
        await deleteSchedule(platform, { orgId: org.id, siteId: params.siteId, scheduleId: params.scheduleId }, { actor });
        set.status = 204;
        return undefined;
      },
      {
        ...SCHEDULER,
        params: ScheduleParams,
        response: { 204: NoContent, ...ERRORS },
        detail: doc("Delete a report schedule", `With its recipients and runs; audited \`report.schedule_deleted\`. ${WHO}`),
      },
    );
}
