import { Elysia, t, type Static } from "elysia";
import { orgSite } from "../../lib/sites/sites.ts";
import { fileResponse } from "../../lib/csv.ts";
import type { Platform } from "../../lib/platform.ts";
import { checkSelector } from "../../lib/lifecycle/person-find.ts";
import { erasePersonAudited, exportPersonAudited } from "../../lib/lifecycle/person.ts";
import { PersonErasure, PersonParams } from "../../lib/lifecycle/person-models.ts";
import { dashboardContext, doc, ERRORS, STEP_UP_NOTE, type OrgCaller } from "./context.ts";

const WHAT =
  "The person is the visitor and every visitor id linked to them by identify() user ids (never by an e-mail or other value a visitor typed), with their leads, as `admin person --visitor` finds them (docs/data-lifecycle.md \"A person\"); no visitor of the site with that id → 404 (details path `visitorId`).";

/**
 * The visitor profile's "Export data" and "Erase this person" (GDPR Articles 15 and 17): the
 * same as `admin person export|erase --visitor`, audited as the signed-in user. POST both: an
 * export of personal data is a sensitive act, never a link a page could prefetch.
 */
export function personRoutes(platform: Platform) {
  // The caller (an owner or admin, stepped up), the site and the person, as lib/lifecycle/person.ts takes them.
  const call = async (ctx: { caller: Pick<OrgCaller, "org" | "actor">; ip: string }, params: Static<typeof PersonParams>) => {
    const { org, actor } = ctx.caller;
    const site = orgSite(platform.control.db, org.id, params.siteId);
    const selector = checkSelector({ by: "visitor", value: params.visitorId, path: "visitorId" });
    return { platform, org, store: await platform.tenants.get(org), siteId: site.id, selector, actor, ip: ctx.ip };
  };
  return new Elysia({ name: "dashboard:person" })
    .use(dashboardContext(platform))
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/people/:visitorId/export",
      async (ctx) => {
        const data = await exportPersonAudited(await call(ctx, ctx.params));
        return fileResponse(`person-${ctx.params.visitorId}.json`, "application/json", JSON.stringify(data, null, 2) + "\n");
      },
      {
        manages: { what: "a person's data", sensitive: true },
        params: PersonParams,
        response: { 200: t.Any({ description: "The JSON file (Content-Disposition: attachment): `{ siteId, exportedAt, person, counts, rows }`, contact details unmasked" }), ...ERRORS },
        detail: doc("Export everything held about a person", `${WHAT} Audited \`person.exported\` with counts only. ${STEP_UP_NOTE}`),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/people/:visitorId/erase",
      async (ctx) => erasePersonAudited(await call(ctx, ctx.params)),
      {
        manages: { what: "a person's data", sensitive: true },
        params: PersonParams,
        response: { 200: PersonErasure, ...ERRORS },
        detail: doc("Erase a person", `Deletes every row held about the person in one transaction; reports count them no more. ${WHAT} Audited \`person.erased\` with counts only. ${STEP_UP_NOTE}`),
      },
    );
}
