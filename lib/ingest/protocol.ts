import { t, type Static } from "elysia";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { ValueErrorType } from "@sinclair/typebox/errors";
import type { TSchema } from "@sinclair/typebox";
import { JsonInteger, UUID_PATTERN } from "../api/models.ts";

/** Tracking protocol v1 (spec 4.12, DESIGN section 4). */

const UUID = UUID_PATTERN;
const Str = (max: number) => t.String({ maxLength: max });

export const Consent = t.Object({ analytics: t.Boolean(), marketing: t.Boolean() });

export const CollectContext = t.Object({
  ref: t.Optional(Str(2048)),
  lang: t.Optional(Str(35)),
  tz: t.Optional(Str(64)),
  sw: t.Optional(JsonInteger({ minimum: 0, maximum: 100_000 })),
  sh: t.Optional(JsonInteger({ minimum: 0, maximum: 100_000 })),
  utm: t.Optional(
    t.Object({
      utm_source: t.Optional(Str(200)),
      utm_medium: t.Optional(Str(200)),
      utm_campaign: t.Optional(Str(200)),
      utm_term: t.Optional(Str(200)),
      utm_content: t.Optional(Str(200)),
    }),
  ),
});

export const MAX_EVENTS_PER_BATCH = 200;
const EVENTS_DESCRIPTION =
  "Events, each one of the event schemas (by `t`). Each is checked on its own: an invalid event (or one more than 72 hours old or 10 minutes ahead) is left out and listed in the answer's `rejected`, the others are stored; a batch with no valid event is 422 VALIDATION_FAILED.";

export const CollectBody = t.Object(
  {
    v: t.Literal(1, { description: "Protocol version" }),
    s: t.String({ minLength: 1, maxLength: 64, description: "Site key" }),
    vid: t.String({ pattern: UUID, description: "Visitor id" }),
    sid: t.String({ pattern: UUID, description: "Session id" }),
    nv: t.Optional(t.Boolean({ description: "true when the script just created vid" })),
    c: t.Optional(Consent),
    ctx: t.Optional(CollectContext),
    e: t.Array(t.Unknown(), { minItems: 1, maxItems: MAX_EVENTS_PER_BATCH, description: EVENTS_DESCRIPTION }),
  },
  { description: "A batch of tracking events" },
);
export type CollectBody = Static<typeof CollectBody>;

export const CollectAccepted = t.Object({
  ok: t.Literal(true),
  accepted: JsonInteger({ description: "Events stored" }),
  duplicates: JsonInteger({ description: "Events already stored (same id), or conversions with an orderId already counted" }),
  rejected: t.Array(t.Object({ index: JsonInteger(), path: t.String(), message: t.String() }), { description: "Events refused, by position in e" }),
});

const Props = t.Record(t.String({ maxLength: 64 }), t.Union([t.String({ maxLength: 500 }), t.Number(), t.Boolean(), t.Null()]), { maxProperties: 25 });
const base = {
  id: t.String({ pattern: UUID }),
  ts: JsonInteger({ minimum: 0 }),
  u: t.String({ minLength: 1, maxLength: 2048 }),
  ti: t.Optional(Str(512)),
};
const Names = Str(100);

/** Inventory events (docs/consent.md "Visits"): at most this many names in each list. */
export const MAX_INVENTORY_NAMES = 200;
// As regular-expression source, so an error message shows the escapes, not the characters.
const NO_CONTROL_CHARACTERS = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$";
const HOST = "^(?:[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])$";
/** A cookie name or storage key as seen: any Unicode but control characters. */
const ItemName = t.String({ minLength: 1, maxLength: 200, pattern: NO_CONTROL_CHARACTERS });
/** A host name (any case; stored lower-cased) or a bracketed IPv6 address. */
const ItemHost = t.String({ minLength: 1, maxLength: 253, pattern: HOST });
/** What a refused pattern means, in words (TypeBox would quote the expression). */
const PATTERN_MESSAGES: Record<string, string> = {
  [NO_CONTROL_CHARACTERS]: "must not contain control characters",
  [HOST]: "must be a host name (letters, digits, dots, hyphens) or a bracketed IPv6 address",
};

/** One schema per event type `t`; unknown types are refused per event. */
export const EVENT_SCHEMAS = {
  pageview: t.Object({ ...base, t: t.Literal("pageview") }),
  engagement: t.Object({ ...base, t: t.Literal("engagement"), et: JsonInteger({ minimum: 0, maximum: 1_800_000 }) }),
  event: t.Object({ ...base, t: t.Literal("event"), n: t.String({ minLength: 1, maxLength: 100 }), p: t.Optional(Props) }),
  conversion: t.Object({
    ...base,
    t: t.Literal("conversion"),
    n: t.String({ minLength: 1, maxLength: 100 }),
    val: t.Optional(t.Number({ minimum: 0, maximum: 1e12 })),
    cur: t.Optional(t.String({ pattern: "^[A-Za-z]{3}$" })),
    oid: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  }),
  identify: t.Object({ ...base, t: t.Literal("identify"), uid: t.String({ minLength: 1, maxLength: 200 }) }),
  scroll: t.Object({ ...base, t: t.Literal("scroll"), pct: t.Union([t.Literal(25), t.Literal(50), t.Literal(75), t.Literal(90)]) }),
  outbound: t.Object({ ...base, t: t.Literal("outbound"), href: t.String({ minLength: 1, maxLength: 2048 }) }),
  download: t.Object({ ...base, t: t.Literal("download"), href: t.String({ minLength: 1, maxLength: 2048 }) }),
  form_submit: t.Object({ ...base, t: t.Literal("form_submit"), form: Str(200) }),
  vital: t.Object({
    ...base,
    t: t.Literal("vital"),
    n: t.Union([t.Literal("LCP"), t.Literal("INP"), t.Literal("CLS"), t.Literal("FCP"), t.Literal("TTFB")]),
    val: t.Number({ minimum: 0, maximum: 600_000 }),
  }),
  consent: t.Object({ ...base, t: t.Literal("consent"), c: Consent }),
  popup: t.Object({ ...base, t: t.Literal("popup"), n: Names, a: Str(40), p: t.Optional(Props) }),
  spin: t.Object({ ...base, t: t.Literal("spin"), n: Names, a: Str(40), p: t.Optional(Props) }),
  inventory: t.Object({
    ...base,
    t: t.Literal("inventory"),
    c: t.Optional(t.Object(Consent.properties, { description: "The consent state when the names were read; without it the batch's" })),
    ck: t.Optional(t.Array(ItemName, { maxItems: MAX_INVENTORY_NAMES, description: "Cookie names from document.cookie (never values)" })),
    st: t.Optional(t.Array(ItemName, { maxItems: MAX_INVENTORY_NAMES, description: "localStorage and sessionStorage keys" })),
    hs: t.Optional(t.Array(ItemHost, { maxItems: MAX_INVENTORY_NAMES, description: "Hosts of resource-timing entries other than the page's own" })),
  }),
} as const;
export type EventType = keyof typeof EVENT_SCHEMAS;
export type EventV1 = { [K in EventType]: Static<(typeof EVENT_SCHEMAS)[K]> }[EventType];

/** By event type; a Map, so that `t: "__proto__"` or `"toString"` finds nothing rather than Object.prototype's own. */
const checkers = new Map(Object.entries(EVENT_SCHEMAS).map(([k, s]) => [k, TypeCompiler.Compile(s as TSchema)]));

/** Events older than this (queued offline) or this far in the future (bad clocks) are refused; ingest's deduplication window follows the first. */
export const MAX_EVENT_AGE_MS = 72 * 3600_000;
export const MAX_EVENT_FUTURE_MS = 10 * 60_000;

export type EventCheck = { ok: true; event: EventV1 } | { ok: false; path: string; message: string };

/** Validates one event of a batch on its own: one bad event does not drop the others. */
export function checkEvent(raw: unknown, now: number): EventCheck {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, path: "", message: "must be an object" };
  const type = (raw as { t?: unknown }).t;
  const checker = typeof type === "string" ? checkers.get(type) : undefined;
  if (!checker) return { ok: false, path: "t", message: `unknown event type ${JSON.stringify(type)?.slice(0, 40)}` };
  if (!checker.Check(raw)) {
    const first = checker.Errors(raw).First();
    const pattern = first?.type === ValueErrorType.StringPattern ? (first.schema as { pattern?: string }).pattern : undefined;
    const message = (pattern !== undefined && PATTERN_MESSAGES[pattern]) || first?.message || "is invalid";
    return { ok: false, path: (first?.path ?? "").replace(/^\//, "").replace(/\//g, ".") || "t", message };
  }
  const event = raw as EventV1;
  if (event.ts < now - MAX_EVENT_AGE_MS) return { ok: false, path: "ts", message: "is more than 72 hours old" };
  if (event.ts > now + MAX_EVENT_FUTURE_MS) return { ok: false, path: "ts", message: "is in the future" };
  return { ok: true, event };
}

/** An event type's OpenAPI component name: pageview → PageviewEvent, form_submit → FormSubmitEvent. */
const componentName = (type: string) => `${type.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Event`;

/** The event schemas as named OpenAPI components, for the ingest service's document. */
export const EVENT_COMPONENTS: Record<string, unknown> = Object.fromEntries(
  Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [componentName(type), { ...JSON.parse(JSON.stringify(schema)), title: componentName(type) }]),
);

/**
 * The batch as documented: `e`'s items are one of the event components. The runtime checks the
 * batch with CollectBody (items unknown) and each event with its own schema (checkEvent), so
 * one bad event does not refuse the batch.
 */
export const COLLECT_BODY_DOCUMENT = (() => {
  const doc = JSON.parse(JSON.stringify(CollectBody));
  doc.properties.e.items = { oneOf: Object.keys(EVENT_SCHEMAS).map((type) => ({ $ref: `#/components/schemas/${componentName(type)}` })) };
  return doc;
})();
