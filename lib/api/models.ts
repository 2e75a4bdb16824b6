import { t, type Static, type TSchema } from "elysia";
import { Type, type IntegerOptions } from "@sinclair/typebox";
import { ID_PATTERN } from "../ids.ts";
import { PageQuery } from "../paging.ts";
import { DATE_PATTERN, FIRST_YEAR, LAST_YEAR } from "../date-range.ts";

/** TypeBox models shared by the services and the OpenAPI document. */

/**
 * One of a list of strings, the list taken from where the values are defined. Refused with
 * `message` (Elysia reads a schema's `error`; the OpenAPI merge drops it from the document).
 * UnionEnum renders as `{type: string, enum}` with its description; its built-in default (the
 * first value) is cleared, or Elysia would fill it in for an absent query parameter.
 */
export const OneOf = <T extends string>(values: readonly T[], options: { title?: string; description?: string; message?: string } = {}) => {
  const { message, ...rest } = options;
  return t.UnionEnum(values as [T, ...T[]], { default: undefined, error: message ?? `must be one of ${values.join(", ")}`, ...rest });
};

/**
 * A calendar date as text: the pattern and `format: date` (a day that exists, not 2026-02-30),
 * as lib/http/service.ts registers the format and lib/date-range.ts reads it; the year is
 * checked where the range is resolved — the document says the years in the description.
 */
export const DateText = (options: { title?: string; description?: string } = {}) =>
  t.String({
    pattern: DATE_PATTERN,
    format: "date",
    error: "must be a calendar date YYYY-MM-DD",
    ...options,
    description: `${options.description ?? "A calendar date YYYY-MM-DD"} (a date in the years ${FIRST_YEAR} to ${LAST_YEAR})`,
  });

export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

/**
 * A whole number in a JSON body. Elysia's `t.Integer` also takes digit strings ("5"), which the
 * document (type integer) forbids; TypeBox's own Integer takes numbers only.
 */
export const JsonInteger = (options: IntegerOptions & { error?: string } = {}) => Type.Integer(options);

export const Timestamp = t.String({ format: "date-time", description: "ISO 8601, UTC" });
export const NullableTimestamp = t.Union([Timestamp, t.Null()]);
export const Id = t.String({ pattern: ID_PATTERN, description: "24 lowercase hex" });

export const ErrorEnvelope = t.Object(
  {
    error: t.Object({
      code: t.String({ description: "Machine code from spec Part 7, e.g. VALIDATION_FAILED" }),
      message: t.String(),
      details: t.Array(t.Object({ path: t.Optional(t.String()), message: t.String() }, { additionalProperties: true })),
      requestId: t.String({ description: "Equals the x-request-id response header" }),
    }),
  },
  { $id: "ErrorEnvelope", title: "ErrorEnvelope" },
);

export const SiteStatusValue = t.Union([t.Literal("not_installed"), t.Literal("receiving"), t.Literal("stale"), t.Literal("paused")]);

export const Site = t.Object({
  id: t.String(),
  name: t.String(),
  siteKey: t.String({ description: "Public site key used by the tracking script" }),
  domain: t.String(),
  timezone: t.String({ description: "IANA timezone" }),
  currency: t.String(),
  status: SiteStatusValue,
  firstHitAt: NullableTimestamp,
  lastHitAt: NullableTimestamp,
  createdAt: Timestamp,
});
export type Site = Static<typeof Site>;

export const SiteList = t.Object({ data: t.Array(Site) });

export const Domain = t.Object({
  id: t.String(),
  hostname: t.String(),
  isPrimary: t.Boolean(),
  includeSubdomains: t.Boolean(),
  status: t.String({ description: "pending, verified or failed" }),
  method: t.String({ description: "dns" }),
  strong: t.Boolean({ description: "true when proven by the DNS record; false when an operator forced it" }),
  token: t.String(),
  verifiedAt: NullableTimestamp,
});
export type Domain = Static<typeof Domain>;

export const RejectedHost = t.Object({ host: t.String(), hits: t.Integer(), firstSeenAt: Timestamp, lastSeenAt: Timestamp });

export const SiteStatus = t.Object({
  status: SiteStatusValue,
  firstHitAt: NullableTimestamp,
  lastHitAt: NullableTimestamp,
  hitsLast30Min: t.Integer(),
  rejectedHosts: t.Array(RejectedHost),
  domains: t.Array(Domain),
});
export type SiteStatus = Static<typeof SiteStatus>;

export const OrgParams = t.Object({ orgId: t.String() });
export const SiteParams = t.Object({ orgId: t.String(), siteId: t.String() });

/**
 * A query-string model. Elysia's coercion of numeric query values reports a failure without
 * the property path, so each property's schema carries its own name as `title` (the error
 * mapper reads it to name the field in `details`); this checks that none was forgotten. Numbers
 * must have a bound (`maximum`, within JavaScript's exact integers), so that no query value can
 * overflow an offset or a date computed from it.
 */
export function QueryModel<T extends Record<string, TSchema>>(properties: T) {
  for (const [name, schema] of Object.entries(properties)) {
    const s = schema as { title?: string; type?: string; maximum?: number };
    if (s.title !== name) throw new Error(`query property ${name} must have title "${name}"`);
    if ((s.type === "integer" || s.type === "number") && !(typeof s.maximum === "number" && s.maximum <= Number.MAX_SAFE_INTEGER)) {
      throw new Error(`query property ${name} must have a maximum`);
    }
  }
  return t.Object(properties);
}

export const AuditQuery = QueryModel({
  page: PageQuery(),
  size: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 25, title: "size", description: "Page size, at most 100" })),
  q: t.Optional(t.String({ maxLength: 200, title: "q", description: "Matches person, action or target" })),
  action: t.Optional(t.String({ maxLength: 100, title: "action", description: "Exact action name" })),
  days: t.Optional(t.Integer({ minimum: 0, maximum: 3650, default: 0, title: "days", description: "Only the last N days; 0 means all" })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const ActivityRow = t.Object({
  id: t.String(),
  at: Timestamp,
  actor: t.Object({ id: t.String(), name: t.String(), email: t.String() }),
  action: t.String({ description: "Dotted machine name, e.g. key.created" }),
  label: t.String(),
  target: t.Object({ type: t.String(), id: t.String() }),
  meta: t.Record(t.String(), t.Unknown()),
  orgId: t.String(),
});
export type ActivityRow = Static<typeof ActivityRow>;

export const ActivityLog = t.Object({
  rows: t.Array(ActivityRow),
  total: t.Integer(),
  actions: t.Array(t.String()),
  page: t.Integer(),
  pages: t.Integer(),
  size: t.Integer(),
});
export type ActivityLog = Static<typeof ActivityLog>;
