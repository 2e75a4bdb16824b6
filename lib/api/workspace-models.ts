import { t } from "elysia";
import { Id, OneOf, Timestamp } from "./models.ts";
import { ROLES } from "../auth/permissions.ts";
import { MAX_PASSWORD_LENGTH } from "../auth/passwords.ts";

/** TypeBox models of the dashboard's Workspace → Members and integrations routes (contract: docs/api.md "Sessions"). */

const RoleName = OneOf(ROLES);

export const MemberParams = t.Object({ orgId: Id, userId: Id });
export const SiteWriteParams = t.Object({ orgId: Id, siteId: Id });
export const IntegrationParams = t.Object({ orgId: Id, siteId: Id, integrationId: Id });

export const MemberView = t.Object(
  {
    id: Id,
    name: t.String(),
    email: t.String(),
    role: RoleName,
    twoFactorEnabled: t.Boolean(),
    emailVerified: t.Boolean(),
    state: t.UnionEnum(["active", "invited", "invitation_expired"], { description: "invited: no password yet, the link still works; invitation_expired: invite again after removing" }),
    memberSince: Timestamp,
  },
  { $id: "MemberView", title: "MemberView" },
);

export const MemberList = t.Object({ members: t.Array(MemberView), requireTwoFactor: t.Boolean({ description: "Every member's sessions need a second factor" }) });

export const InviteBody = t.Object(
  {
    email: t.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$", error: "must be an e-mail address" }),
    name: t.String({ minLength: 1, maxLength: 200, pattern: "\\S", error: "must be a name of 1 to 200 characters" }),
    role: RoleName,
  },
  { additionalProperties: false },
);
export const Invited = t.Object({ member: MemberView, mailed: t.Literal(true, { description: "The invitation mail is sent (or, without SMTP_URL, its link logged)" }) });

export const RoleBody = t.Object({ role: RoleName }, { additionalProperties: false });
export const TwoFactorRequirementBody = t.Object({ required: t.Boolean({ error: "must be true or false" }) }, { additionalProperties: false });
export const TwoFactorRequirement = t.Object({ requireTwoFactor: t.Boolean() });

export const AcceptInvitationBody = t.Object(
  {
    token: t.String({ pattern: "^[A-Za-z0-9_-]{43}$", error: "must be the token of the invitation link" }),
    password: t.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, error: `must be a string of 1 to ${MAX_PASSWORD_LENGTH} characters` }),
  },
  { additionalProperties: false },
);
export const InvitationAccepted = t.Object({ email: t.String({ description: "Sign in with this address and the new password" }) });

/** One shape for both kinds (the kind decides whether `url` is needed): a missing or extra url is a 422 naming it. */
export const IntegrationCreateBody = t.Object(
  {
    kind: OneOf(["webhook_out", "webhook_in", "ads_import"] as const, { message: "must be webhook_out (leads sent to your URL), webhook_in (leads received) or ads_import (ad spend pushed)" }),
    url: t.Optional(t.String({ minLength: 1, maxLength: 2000, error: "must be the endpoint's http(s) URL" })),
  },
  { additionalProperties: false },
);

export const IntegrationCreated = t.Union([
  t.Object({ id: Id, kind: t.Literal("webhook_out"), signingSecret: t.String({ description: "whsec_…: signs every delivery (X-Svc-Signature); shown once" }) }),
  t.Object({ id: Id, kind: t.Literal("webhook_in"), url: t.String({ description: "Where to POST leads" }), secret: t.String({ description: "whin_…: send as X-Svc-Secret or a bearer token; shown once" }) }),
  t.Object({ id: Id, kind: t.Literal("ads_import"), url: t.String({ description: "Where to POST ad spend rows (docs/campaigns.md)" }), secret: t.String({ description: "whads_…: send as X-Svc-Secret or a bearer token; shown once" }) }),
]);

export const IntegrationEnabled = t.Object({ id: Id, status: t.Literal("active"), resumed: t.Integer({ description: "Pending deliveries sent again" }) });
