import { Elysia } from "elysia";
import { OrgParams } from "../../lib/api/key-models.ts";
import { RetentionChangeBody, RetentionSettingsView } from "../../lib/api/retention-models.ts";
import { changeRetention, retentionOf } from "../../lib/lifecycle/retention-settings.ts";
import type { Platform } from "../../lib/platform.ts";
import { dashboardContext, doc, ERRORS, STEP_UP_NOTE } from "./context.ts";

/** Workspace → Settings: the org's data retention (docs/data-lifecycle.md "Retention"), for owners and admins. */
export function retentionRoutes(platform: Platform) {
  return new Elysia({ name: "dashboard:retention" })
    .use(dashboardContext(platform))
    .get(
      "/api/v1/orgs/:orgId/settings/retention",
      ({ caller }) => retentionOf(platform.control.db, caller.org.id)!,
      {
        manages: { what: "settings", sensitive: false },
        params: OrgParams,
        response: { 200: RetentionSettingsView, ...ERRORS },
        detail: doc("The org's data retention", "Months of raw analytics and days of webhook bodies kept. Owners and admins only (others 403 FORBIDDEN; not a member → 404)."),
      },
    )
    .patch(
      "/api/v1/orgs/:orgId/settings/retention",
      ({ caller: { org, actor }, body }) => changeRetention(platform, org, body, actor),
      {
        manages: { what: "settings", sensitive: true },
        params: OrgParams,
        body: RetentionChangeBody,
        parse: "json",
        response: { 200: RetentionSettingsView, ...ERRORS },
        detail: doc(
          "Change the org's data retention",
          `\`eventsMonths\` 1–120, \`deliveryDays\` 1–3650; either may be left out. The next daily purge deletes what falls outside (audited \`org.retention_changed\` with before and after); the same as \`admin org retention\`. ${STEP_UP_NOTE}`,
        ),
      },
    );
}
