import { t } from "elysia";
import { Id, NullableTimestamp, OneOf, Timestamp } from "./models.ts";
import { PERMISSIONS } from "../auth/permissions.ts";

/** TypeBox models of the dashboard's Workspace → API keys routes (contract: docs/api.md "Sessions"). */

export const KeyParams = t.Object({ orgId: Id, keyId: Id });
export const OrgParams = t.Object({ orgId: Id });

const PermissionName = OneOf([...PERMISSIONS, "*"], { message: `must be a permission name (${PERMISSIONS.join(", ")}) or *` });

export const KeyCreateBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100, pattern: "\\S", error: "must be a name of 1 to 100 characters" }),
    permissions: t.Array(PermissionName, { minItems: 1, maxItems: PERMISSIONS.length + 1, error: `must be a list of permission names (${PERMISSIONS.join(", ")}) or ["*"]` }),
    sites: t.Union([t.Array(Id, { minItems: 1, maxItems: 1000 }), t.Null()], { error: "must be a list of site ids of the organization, or null for all" }),
    expiresInDays: t.Union([t.Literal(30), t.Literal(90), t.Literal(365), t.Null()], { error: "must be 30, 90, 365 or null (never)" }),
  },
  { additionalProperties: false },
);

export const ApiKeyView = t.Object(
  {
    id: Id,
    name: t.String(),
    prefix: t.String({ description: "The first characters of the secret, to recognise it" }),
    permissions: t.Array(t.String(), { description: 'Permission names, or ["*"] for all (never more than the creator\'s role)' }),
    sites: t.Union([t.Array(Id), t.Null()], { description: "Site ids, or null for every site of the org" }),
    createdAt: Timestamp,
    expiresAt: NullableTimestamp,
    lastUsedAt: NullableTimestamp,
    lastUsedIp: t.Union([t.String(), t.Null()]),
    revokedAt: NullableTimestamp,
    rotatedAt: NullableTimestamp,
    createdBy: t.Object({ id: Id, name: t.String() }, { description: "The member the key acts for" }),
  },
  { $id: "ApiKeyView", title: "ApiKeyView" },
);

export const KeyList = t.Object({ keys: t.Array(ApiKeyView) });
export const KeyWithSecret = t.Object({ key: ApiKeyView, secret: t.String({ description: "The whole key (exk_…), shown once" }) });
