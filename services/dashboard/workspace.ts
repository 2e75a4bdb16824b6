import { Elysia } from "elysia";
import { OrgParams } from "../../lib/api/key-models.ts";
import {
  AcceptInvitationBody,
  IntegrationCreateBody,
  IntegrationCreated,
  IntegrationEnabled,
  IntegrationParams,
  InvitationAccepted,
  InviteBody,
  Invited,
  MemberList,
  MemberParams,
  MemberView,
  RoleBody,
  SiteWriteParams,
  TwoFactorRequirement,
  TwoFactorRequirementBody,
} from "../../lib/api/workspace-models.ts";
import { notFound } from "../../lib/errors.ts";
import { acceptInvitation, inviteMember } from "../../lib/members/invitations.ts";
import { changeRole, checkRoleAuthority, memberOf, orgMembers, removeMember } from "../../lib/members/manage.ts";
import { setTwoFactorRequirement } from "../../lib/members/two-factor-requirement.ts";
import { addIntegration, enableIntegrationRow, siteIntegration } from "../../lib/integrations/manage.ts";
import { orgSite } from "../../lib/sites/sites.ts";
import type { Platform } from "../../lib/platform.ts";
import { dashboardContext, doc, ERRORS, NoContent, STEP_UP_NOTE } from "./context.ts";

const PATHS = { email: "email", user: "userId", role: "role" };

/**
 * Workspace → Members (invite, change a role, remove, the org's two-factor rule), the invitation
 * link's password, and a site's integrations (add a webhook, enable a disabled one). Reads of
 * integrations are the public GET …/integrations.
 */
export function workspaceRoutes(platform: Platform) {
  const member = (orgId: string, userId: string) => {
    const found = orgMembers(platform, orgId).find((m) => m.id === userId);
    if (!found) throw notFound("Member");
    return found;
  };
  const siteOf = (orgId: string, siteId: string) => orgSite(platform.control.db, orgId, siteId);
  return new Elysia({ name: "dashboard:workspace" })
    .use(dashboardContext(platform))
    .get(
      "/api/v1/orgs/:orgId/members",
      ({ caller: { org } }) => {
        return { members: orgMembers(platform, org.id), requireTwoFactor: org.requireTwoFactor };
      },
      {
        manages: { what: "members", sensitive: false },
        params: OrgParams,
        response: { 200: MemberList, ...ERRORS },
        detail: doc("The org's members", "Each member with role, two-factor and whether they have accepted their invitation; and whether the org requires two-factor. Owners and admins only (others 403 FORBIDDEN; not a member → 404)."),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/members",
      async ({ caller: { live, org, role }, body, set }) => {
        checkRoleAuthority(role, { next: body.role });
        const { id } = await inviteMember(platform, org, { name: body.name.trim(), email: body.email.trim().toLowerCase(), role: body.role }, live.user);
        set.status = 201;
        return { member: member(org.id, id), mailed: true as const };
      },
      {
        manages: { what: "members", sensitive: true },
        params: OrgParams,
        body: InviteBody,
        parse: "json",
        response: { 201: Invited, ...ERRORS },
        detail: doc(
          "Invite a member",
          `The person is a member with the role at once (audited \`member.invited\`). Someone new is mailed a link to set a password (\`PUBLIC_URL/accept-invitation?token=…\`, 7 days, once; without SMTP_URL it is logged); someone with an account is mailed a note to sign in. Already a member → 409 (details path \`email\`); the plan's seats full → 403 LIMIT_EXCEEDED. Only an owner invites an owner (403). ${STEP_UP_NOTE}`,
        ),
      },
    )
    .patch(
      "/api/v1/orgs/:orgId/members/:userId",
      async ({ caller: { org, role, actor }, params, body }) => {
        checkRoleAuthority(role, { current: memberOf(platform, org.id, params.userId, "userId").role, next: body.role });
        await changeRole(platform, org, params.userId, body.role, actor, PATHS);
        return member(org.id, params.userId);
      },
      {
        manages: { what: "members", sensitive: true },
        params: MemberParams,
        body: RoleBody,
        parse: "json",
        response: { 200: MemberView, ...ERRORS },
        detail: doc(
          "Change a member's role",
          `Their keys narrow or widen with it at once (audited \`member.role_changed\`). Not a member → 404 (details path \`userId\`); the last owner → 409; only an owner changes an owner or makes one (403). ${STEP_UP_NOTE}`,
        ),
      },
    )
    .delete(
      "/api/v1/orgs/:orgId/members/:userId",
      async ({ caller: { org, role, actor }, params, set }) => {
        checkRoleAuthority(role, { current: memberOf(platform, org.id, params.userId, "userId").role });
        await removeMember(platform, org, params.userId, actor, PATHS);
        set.status = 204;
        return undefined;
      },
      {
        manages: { what: "members", sensitive: true },
        params: MemberParams,
        response: { 204: NoContent, ...ERRORS },
        detail: doc(
          "Remove a member",
          `Their keys stop working and their dashboard sessions end (audited \`member.removed\`). Not a member → 404; the last owner → 409; only an owner removes an owner (403). ${STEP_UP_NOTE}`,
        ),
      },
    )
    .put(
      "/api/v1/orgs/:orgId/two-factor-requirement",
      async ({ caller: { org, actor }, body }) => {
        const { requireTwoFactor } = await setTwoFactorRequirement(platform, org, body.required, actor);
        return { requireTwoFactor };
      },
      {
        manages: { what: "members", sensitive: true },
        params: OrgParams,
        body: TwoFactorRequirementBody,
        parse: "json",
        response: { 200: TwoFactorRequirement, ...ERRORS },
        detail: doc("Require two-factor for every member", `Members without it are sent to enrolment at their next call (audited \`org.two_factor_required\`); the same as \`admin org two-factor\`. ${STEP_UP_NOTE}`),
      },
    )
    .post(
      "/api/v1/invitations/accept",
      async ({ body }) => {
        return acceptInvitation(platform, body.token, body.password);
      },
      {
        browser: true,
        body: AcceptInvitationBody,
        parse: "json",
        response: { 200: InvitationAccepted, ...ERRORS },
        detail: doc(
          "Set the password of an invitation",
          "No session needed. The password follows the rule of `POST /me/password` (422, details path `password`); the e-mail counts as verified. An unknown, used or expired token → 422 (details path `token`). Then sign in.",
        ),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/integrations",
      async ({ caller: { org, actor }, params, body, set }) => {
        const made = await addIntegration(platform, org, siteOf(org.id, params.siteId), { kind: body.kind, url: body.url }, actor);
        set.status = 201;
        return made;
      },
      {
        manages: { what: "integrations", sensitive: true },
        params: SiteWriteParams,
        body: IntegrationCreateBody,
        parse: "json",
        response: { 201: IntegrationCreated, ...ERRORS },
        detail: doc(
          "Add a webhook or an ad spend push URL",
          `\`{ kind: "webhook_out", url }\`: leads are POSTed to the URL, signed with the signing secret; \`{ kind: "webhook_in" }\`: leads are received at the returned URL with the secret; \`{ kind: "ads_import" }\`: ad spend rows are pushed to the returned URL with the secret (docs/campaigns.md). The secret is in this answer only (audited \`integration.created\`). A bad or missing URL → 422 (details path \`url\`); a site outside the org → 404. ${STEP_UP_NOTE}`,
        ),
      },
    )
    .post(
      "/api/v1/orgs/:orgId/sites/:siteId/integrations/:integrationId/enable",
      async ({ caller: { org, actor }, params }) => {
        const { store, row } = await siteIntegration(platform, org, siteOf(org.id, params.siteId).id, params.integrationId);
        return enableIntegrationRow(platform, org, store, row, actor);
      },
      {
        manages: { what: "integrations", sensitive: true },
        params: IntegrationParams,
        response: { 200: IntegrationEnabled, ...ERRORS },
        detail: doc(
          "Enable a disabled webhook again",
          `Its failure streak is cleared and its parked deliveries are sent within a minute (audited \`integration.enabled\`); an active one stays as it is. Another site's or org's integration → 404. ${STEP_UP_NOTE}`,
        ),
      },
    );
}
