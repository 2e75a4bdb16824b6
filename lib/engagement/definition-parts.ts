import { t } from "elysia";
import { MAX_REGEX, regexProblem } from "../analytics/funnels/definition.ts";
import { OneOf } from "../api/models.ts";
import { ApiError, type ErrorDetail } from "../errors.ts";
import { LEAD_FIELDS, PATH_MATCHES, TARGET_DEVICES, TRIGGER_KINDS, type LeadField, type LeadForm, type Targeting, type Trigger } from "./types.ts";

/**
 * What popup and wheel definitions share (docs/engagement.md "Definitions"): the field checks
 * that fill defaults and name the exact path of every problem, the lead form, triggers,
 * targeting and colours, and their TypeBox models for the OpenAPI document.
 */

/** Reports a problem at a path relative to the definition. */
export type Bad = (path: string, message: string) => void;

/** Collects the problems of one definition; `at` prefixes every path (empty for a file). */
export class Problems {
  readonly details: ErrorDetail[] = [];
  constructor(private readonly at: string) {}
  bad: Bad = (path, message) => {
    this.details.push({ path: this.at && path ? `${this.at}.${path}` : this.at || path || "definition", message });
  };
  /** Throws 422 VALIDATION_FAILED with every problem when there is one. */
  done(what: string): void {
    if (this.details.length > 0) throw new ApiError("VALIDATION_FAILED", `Invalid ${what}: ${this.details[0].path} ${this.details[0].message}`, this.details);
  }
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
// Tab and newline are text; other control characters are never typed by a person.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** An object with only the named keys (a misspelt key is refused, not silently ignored); null when it is not one. */
export function objectAt(value: unknown, path: string, keys: readonly string[], bad: Bad): Record<string, unknown> | null {
  if (!isObject(value)) return bad(path, value === undefined ? "is required" : "must be an object"), null;
  for (const key of Object.keys(value)) if (!keys.includes(key)) bad(join(path, key), `is not a known field (known: ${keys.join(", ")})`);
  return value;
}

/** Plain text of `min`–`max` characters (shown as text by the page, never as HTML); `fallback` when absent. */
export function textAt(value: unknown, path: string, o: { min?: number; max: number; fallback?: string }, bad: Bad): string {
  const min = o.min ?? 0;
  if (value === undefined && o.fallback !== undefined) return o.fallback;
  if (typeof value !== "string") return bad(path, value === undefined ? "is required" : "must be a string"), o.fallback ?? "";
  if (min > 0 && value.trim().length === 0) return bad(path, "must not be empty"), value;
  if (value.length > o.max) return bad(path, `must be at most ${o.max} characters`), value;
  if (CONTROL.test(value)) return bad(path, "must not contain control characters"), value;
  return value;
}

export function integerAt(value: unknown, path: string, min: number, max: number, fallback: number | undefined, bad: Bad): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) return bad(path, value === undefined ? "is required" : `must be a whole number from ${min} to ${max}`), fallback ?? min;
  if (value < min || value > max) return bad(path, `must be from ${min} to ${max}`), value;
  return value;
}

export function booleanAt(value: unknown, path: string, fallback: boolean, bad: Bad): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") return bad(path, "must be true or false"), fallback;
  return value;
}

export function oneOfAt<T extends string>(value: unknown, path: string, values: readonly T[], fallback: T | undefined, bad: Bad): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  bad(path, value === undefined ? `is required (one of ${values.join(", ")})` : `must be one of ${values.join(", ")}`);
  return fallback ?? values[0];
}

/** One of `values` as a list item: null (not kept) when it is not one. */
export function memberAt<T extends string>(value: unknown, path: string, values: readonly T[], bad: Bad): T | null {
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  return bad(path, `must be one of ${values.join(", ")}`), null;
}

/** A list of `min`–`max` items, each checked by `item` under `path.i`; an absent list is `fallback`. */
export function listAt<T>(value: unknown, path: string, o: { min: number; max: number; fallback?: T[] }, item: (v: unknown, path: string) => T | null, bad: Bad): T[] {
  if (value === undefined && o.fallback !== undefined) return o.fallback;
  if (!Array.isArray(value)) return bad(path, value === undefined ? "is required" : "must be an array"), [];
  if (value.length < o.min || value.length > o.max) return bad(path, o.min === o.max ? `must have ${o.min} items` : `must have ${o.min} to ${o.max} items (has ${value.length})`), [];
  const out: T[] = [];
  value.forEach((v, i) => {
    const checked = item(v, join(path, i));
    if (checked !== null) out.push(checked);
  });
  return out;
}

/** Reports the second and later copies of a value in a list (by its index), with where the first one is. */
export function uniqueAt(values: readonly string[], path: (i: number) => string, bad: Bad, what = "value"): void {
  const first = new Map<string, number>();
  values.forEach((v, i) => {
    const seen = first.get(v);
    if (seen === undefined) first.set(v, i);
    else bad(path(i), `repeats the ${what} "${v}" of ${path(seen)}`);
  });
}

export const COLOR = /^#[0-9a-fA-F]{6}$/;
export function colorAt(value: unknown, path: string, fallback: string | undefined, bad: Bad): string {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "string" || !COLOR.test(value)) return bad(path, "must be a colour #rrggbb"), fallback ?? "#000000";
  return value.toLowerCase();
}

/**
 * A link or image: an absolute `https://` URL (at most 2048 characters), or, when
 * `sitePath` is allowed, a path on the site itself (`/pricing`). Anything else (http:,
 * javascript:, data:, `//host`) is refused.
 */
export function urlAt(value: unknown, path: string, sitePath: boolean, bad: Bad): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length > 2048) return bad(path, "must be a URL of at most 2048 characters, or null"), null;
  if (sitePath && /^\/(?!\/)/.test(value) && !/\s/.test(value)) return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    /* refused below */
  }
  if (!url || url.protocol !== "https:" || !url.hostname || /\s/.test(value)) return bad(path, sitePath ? "must be an https:// URL or a path on the site starting with /" : "must be an https:// URL"), null;
  return value;
}

/** An ISO 8601 instant with its offset (`2026-12-01T09:00:00Z`), normalised to UTC; null when absent. */
export function instantAt(value: unknown, path: string, bad: Bad): string | null {
  if (value === undefined || value === null) return null;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  const ms = typeof value === "string" && iso.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return bad(path, "must be an ISO 8601 instant with its offset (2026-12-01T09:00:00Z), or null"), null;
  return new Date(ms).toISOString();
}

/** `startAt`/`endAt` of a schedule: endAt after startAt. */
export function scheduleAt(def: Record<string, unknown>, bad: Bad): { startAt: string | null; endAt: string | null } {
  const startAt = instantAt(def.startAt, "startAt", bad);
  const endAt = instantAt(def.endAt, "endAt", bad);
  if (startAt && endAt && Date.parse(endAt) <= Date.parse(startAt)) bad("endAt", "must be after startAt");
  return { startAt, endAt };
}

export const COLOR_KEYS = ["background", "text", "button", "buttonText"] as const;
export type Colors = Record<(typeof COLOR_KEYS)[number], string>;
export const DEFAULT_COLORS: Colors = { background: "#ffffff", text: "#111111", button: "#0b57d0", buttonText: "#ffffff" };

/** The four colours; a missing one is taken from `base`. */
export function colorsAt(value: unknown, path: string, base: Colors, bad: Bad): Colors {
  if (value === undefined) return { ...base };
  const raw = objectAt(value, path, COLOR_KEYS, bad);
  const out = { ...base };
  if (raw) for (const key of COLOR_KEYS) out[key] = colorAt(raw[key], join(path, key), base[key], bad);
  return out;
}

// ---- The lead form ----

export const DEFAULT_FORM: LeadForm = { fields: ["email"], required: ["email"], consent: null, submitLabel: "Subscribe", successText: "Thank you!" };
const FORM_KEYS = ["fields", "required", "consent", "submitLabel", "successText"] as const;

/** A lead form: `email` always asked and required; `required` of `fields`. */
export function formAt(value: unknown, path: string, bad: Bad): LeadForm | null {
  if (value === undefined) return { ...DEFAULT_FORM, fields: [...DEFAULT_FORM.fields], required: [...DEFAULT_FORM.required] };
  const raw = objectAt(value, path, FORM_KEYS, bad);
  if (!raw) return null;
  const field = (v: unknown, p: string) => memberAt<LeadField>(v, p, LEAD_FIELDS, bad);
  const fields = listAt(raw.fields, join(path, "fields"), { min: 1, max: LEAD_FIELDS.length, fallback: ["email" as LeadField] }, field, bad);
  const required = listAt(raw.required, join(path, "required"), { min: 1, max: LEAD_FIELDS.length, fallback: ["email" as LeadField] }, field, bad);
  uniqueAt(fields, (i) => join(path, `fields.${i}`), bad, "field");
  uniqueAt(required, (i) => join(path, `required.${i}`), bad, "field");
  if (Array.isArray(raw.fields) && !fields.includes("email")) bad(join(path, "fields"), "must include email (every lead has an e-mail address)");
  if (Array.isArray(raw.required) && !required.includes("email")) bad(join(path, "required"), "must include email");
  required.forEach((f, i) => {
    if (!fields.includes(f)) bad(join(path, `required.${i}`), `is not one of fields (${fields.join(", ")})`);
  });
  let consent: LeadForm["consent"] = null;
  if (raw.consent !== undefined && raw.consent !== null) {
    const c = objectAt(raw.consent, join(path, "consent"), ["text", "required"], bad);
    if (c) consent = { text: textAt(c.text, join(path, "consent.text"), { min: 1, max: 500 }, bad), required: booleanAt(c.required, join(path, "consent.required"), true, bad) };
  }
  return {
    fields,
    required,
    consent,
    submitLabel: textAt(raw.submitLabel, join(path, "submitLabel"), { min: 1, max: 60, fallback: DEFAULT_FORM.submitLabel }, bad),
    successText: textAt(raw.successText, join(path, "successText"), { min: 1, max: 300, fallback: DEFAULT_FORM.successText }, bad),
  };
}

// ---- Triggers ----

const TRIGGER_FIELDS: Record<Trigger["kind"], readonly string[]> = {
  exit_intent: ["mobile"],
  scroll: ["percent"],
  time_on_page: ["seconds"],
  inactivity: ["seconds"],
  pageviews: ["count"],
  click: ["selector"],
  immediately: [],
};

function triggerAt(value: unknown, path: string, bad: Bad): Trigger | null {
  if (!isObject(value)) return bad(path, "must be an object"), null;
  const kind = oneOfAt(value.kind, join(path, "kind"), TRIGGER_KINDS, undefined, bad);
  if (!(TRIGGER_KINDS as readonly unknown[]).includes(value.kind)) return null;
  objectAt(value, path, ["kind", ...TRIGGER_FIELDS[kind]], bad);
  const at = (key: string) => join(path, key);
  switch (kind) {
    case "exit_intent":
      return { kind, mobile: oneOfAt(value.mobile, at("mobile"), ["scroll_up", "none"] as const, "scroll_up", bad) };
    case "scroll":
      return { kind, percent: integerAt(value.percent, at("percent"), 1, 100, undefined, bad) };
    case "time_on_page":
    case "inactivity":
      return { kind, seconds: integerAt(value.seconds, at("seconds"), 1, 3600, undefined, bad) };
    case "pageviews":
      return { kind, count: integerAt(value.count, at("count"), 1, 100, undefined, bad) };
    case "click":
      return { kind, selector: textAt(value.selector, at("selector"), { min: 1, max: 200 }, bad) };
    case "immediately":
      return { kind };
  }
}

/** 1–7 triggers, OR-ed. */
export const triggersAt = (value: unknown, bad: Bad): Trigger[] => listAt(value, "triggers", { min: 1, max: 7 }, (v, p) => triggerAt(v, p, bad), bad);

// ---- Targeting ----

const TARGETING_KEYS = ["paths", "excludePaths", "devices", "visitor", "channels", "campaigns", "countries"] as const;
const MAX_RULES = 20;

/** A path rule as funnels match pages: equals, starts_with, contains, regex (at most 200 characters, no exponential patterns). */
function pathRuleAt(value: unknown, path: string, bad: Bad): Targeting["paths"][number] | null {
  const raw = objectAt(value, path, ["match", "value"], bad);
  if (!raw) return null;
  const match = oneOfAt(raw.match, join(path, "match"), PATH_MATCHES, undefined, bad);
  const text = textAt(raw.value, join(path, "value"), { min: 1, max: match === "regex" ? MAX_REGEX : 2048 }, bad);
  if (match === "regex" && typeof raw.value === "string") {
    const problem = regexProblem(text);
    if (problem) bad(join(path, "value"), problem);
  }
  return { match, value: text };
}

/** Which pages, devices, visitors, channels, campaigns and countries; every part defaults to no restriction. */
export function targetingAt(value: unknown, bad: Bad): Targeting {
  const none: Targeting = { paths: [], excludePaths: [], devices: [], visitor: "any", channels: [], campaigns: [], countries: [] };
  if (value === undefined) return none;
  const raw = objectAt(value, "targeting", TARGETING_KEYS, bad);
  if (!raw) return none;
  const rules = (key: "paths" | "excludePaths") => listAt(raw[key], `targeting.${key}`, { min: 0, max: MAX_RULES, fallback: [] }, (v, p) => pathRuleAt(v, p, bad), bad);
  const names = (key: "channels" | "campaigns", max: number) => {
    const list = listAt(raw[key], `targeting.${key}`, { min: 0, max: MAX_RULES, fallback: [] }, (v, p) => textAt(v, p, { min: 1, max }, bad), bad);
    uniqueAt(list, (i) => `targeting.${key}.${i}`, bad);
    return list;
  };
  const devices = listAt(raw.devices, "targeting.devices", { min: 0, max: TARGET_DEVICES.length, fallback: [] }, (v, p) => memberAt(v, p, TARGET_DEVICES, bad), bad);
  uniqueAt(devices, (i) => `targeting.devices.${i}`, bad);
  const countries = listAt(raw.countries, "targeting.countries", { min: 0, max: 250, fallback: [] }, (v, p) => {
    if (typeof v !== "string" || !/^[A-Za-z]{2}$/.test(v)) return bad(p, "must be an ISO 3166-1 alpha-2 country code such as DE"), null;
    return v.toUpperCase();
  }, bad);
  uniqueAt(countries, (i) => `targeting.countries.${i}`, bad);
  return {
    paths: rules("paths"),
    excludePaths: rules("excludePaths"),
    devices,
    visitor: oneOfAt(raw.visitor, "targeting.visitor", ["any", "new", "returning"] as const, "any", bad),
    channels: names("channels", 100),
    campaigns: names("campaigns", 200),
    countries,
  };
}

// ---- Models (the `definition` of the read API's detail answers) ----

const Text = (max: number, description?: string) => t.String({ maxLength: max, description });
export const ColorModel = t.String({ pattern: "^#[0-9a-f]{6}$", description: "#rrggbb" });
export const ColorsModel = t.Object({ background: ColorModel, text: ColorModel, button: ColorModel, buttonText: ColorModel });
export const InstantModel = t.Union([t.String({ format: "date-time" }), t.Null()]);

export const LeadFormModel = t.Object(
  {
    fields: t.Array(OneOf(LEAD_FIELDS), { description: "Asked for, in order; email always among them" }),
    required: t.Array(OneOf(LEAD_FIELDS), { description: "Of fields, the ones that must be filled; email always" }),
    consent: t.Union([t.Object({ text: Text(500), required: t.Boolean() }), t.Null()], { description: "A consent checkbox; its text is stored with every lead that ticks it" }),
    submitLabel: Text(60),
    successText: Text(300),
  },
  { title: "LeadForm" },
);

export const TriggerModel = t.Object(
  {
    kind: OneOf(TRIGGER_KINDS),
    mobile: t.Optional(OneOf(["scroll_up", "none"] as const, { description: "exit_intent: what stands for it without a pointer" })),
    percent: t.Optional(t.Integer({ minimum: 1, maximum: 100, description: "scroll" })),
    seconds: t.Optional(t.Integer({ minimum: 1, maximum: 3600, description: "time_on_page, inactivity" })),
    count: t.Optional(t.Integer({ minimum: 1, maximum: 100, description: "pageviews: in the tab's session, this one included" })),
    selector: t.Optional(Text(200, "click: a CSS selector")),
  },
  { title: "Trigger", description: "Triggers are OR-ed: the first that fires shows it" },
);

const PathRule = t.Object({ match: OneOf(PATH_MATCHES), value: Text(2048, "case-sensitive; regex at most 200 characters") });
export const TargetingModel = t.Object(
  {
    paths: t.Array(PathRule, { description: "The page's path matches one of these (empty: any page)" }),
    excludePaths: t.Array(PathRule),
    devices: t.Array(OneOf(TARGET_DEVICES)),
    visitor: OneOf(["any", "new", "returning"] as const),
    channels: t.Array(t.String()),
    campaigns: t.Array(t.String()),
    countries: t.Array(t.String({ description: "ISO 3166-1 alpha-2" })),
  },
  { title: "Targeting", description: "AND-ed; an empty list does not restrict" },
);
