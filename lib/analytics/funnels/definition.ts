import safeRegex from "safe-regex2";
import { t, type Static } from "elysia";
import { ApiError, type ErrorDetail } from "../../errors.ts";
import { OneOf } from "../../api/models.ts";

/**
 * Funnel definitions (spec 2.7, docs/funnels.md): the TypeBox model the API and the OpenAPI
 * document show, and the one check every way in (preview, saved funnels, the admin CLI) uses.
 */

export const PAGE_MATCHES = ["equals", "starts_with", "contains", "regex"] as const;
export type PageMatch = (typeof PAGE_MATCHES)[number];
export const EVENT_TYPES = ["event", "conversion"] as const;
export const MODES = ["closed", "open"] as const;
export const SCOPES = ["session", "user"] as const;
export const MIN_STEPS = 2;
export const MAX_STEPS = 10;
/** The longest regex a page match may have (funnels, popup targeting). */
export const MAX_REGEX = 200;

export type PageStep = { kind: "page"; label: string; match: PageMatch; value: string };
export type EventStep = { kind: "event"; label: string; eventType: (typeof EVENT_TYPES)[number]; name: string };
export type FunnelStep = PageStep | EventStep;
export interface FunnelDef {
  name: string;
  steps: FunnelStep[];
  mode: (typeof MODES)[number];
  scope: (typeof SCOPES)[number];
}

/** Text that must not be blank (as `textOf` reads it: something besides white space). */
const Filled = (max: number, description: string) => t.String({ minLength: 1, maxLength: max, pattern: "\\S", error: `must be 1 to ${max} characters, not only spaces`, description });
const STEP_KINDS = ["page", "event"] as const;
/** Which fields each kind needs, in the JSON Schema keywords TypeBox passes through to the document. */
const when = (field: string, value: string, then: object) => ({ if: { properties: { [field]: { const: value } }, required: [field] }, then });

/**
 * A step as the API takes it: a page (match, value) or an event (eventType, name). One object
 * rather than a union, so a refused field is named by its own path; which fields a kind needs,
 * and the shorter limit of a regex, are `if`/`then` rules in the document, enforced by
 * `checkStep` (TypeBox does not evaluate them).
 */
export const FunnelStepModel = t.Object(
  {
    kind: OneOf(STEP_KINDS),
    label: t.Optional(t.String({ maxLength: 100, error: "must be a string of at most 100 characters", description: "Shown in results; may be empty (the value or name is shown then)" })),
    match: t.Optional(OneOf(PAGE_MATCHES, { description: `page: case-sensitive; regex: at most ${MAX_REGEX} characters, no exponential-time patterns` })),
    value: t.Optional(Filled(2048, "page: the path, or the pattern")),
    eventType: t.Optional(OneOf(EVENT_TYPES, { description: "event: event (a custom event) or conversion" })),
    name: t.Optional(Filled(100, "event: the event's or conversion's name")),
  },
  {
    title: "FunnelStep",
    allOf: [when("kind", "page", { required: ["match", "value"] }), when("kind", "event", { required: ["eventType", "name"] }), when("match", "regex", { properties: { value: { maxLength: MAX_REGEX } } })],
  },
);

export const FunnelDefModel = t.Object(
  {
    name: Filled(100, "1 to 100 characters"),
    steps: t.Array(FunnelStepModel, { minItems: MIN_STEPS, maxItems: MAX_STEPS, error: `must be an array of ${MIN_STEPS} to ${MAX_STEPS} steps`, description: `${MIN_STEPS} to ${MAX_STEPS} steps` }),
    mode: OneOf(MODES, { description: "closed (enter at step 1, steps in order) or open (enter at any step)" }),
    scope: OneOf(SCOPES, { description: "session (all steps in one session) or user (across a visitor's sessions in the range)" }),
  },
  { title: "FunnelDefinition" },
);
export type FunnelDefInput = Static<typeof FunnelDefModel>;

type Bad = (path: string, message: string) => void;

const textOf = (value: unknown, path: string, max: number, bad: Bad): string | null => {
  if (typeof value !== "string") return bad(path, "must be a string"), null;
  if (value.trim().length === 0) return bad(path, "must not be empty"), null;
  if (value.length > max) return bad(path, `must be at most ${max} characters`), null;
  return value;
};

const oneOf = <T extends string>(value: unknown, path: string, values: readonly T[], bad: Bad): T | null => {
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  bad(path, `must be one of ${values.join(", ")}`);
  return null;
};

/** Checks one step (a funnel's, or where explore paths start); null when it has problems, each reported under `at`. */
export function checkStep(raw: unknown, at: string, bad: Bad): FunnelStep | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad(at, "must be an object"), null;
  const step = raw as Record<string, unknown>;
  const field = (name: string) => `${at}.${name}`;
  const label = step.label === undefined ? "" : typeof step.label === "string" && step.label.length <= 100 ? step.label : (bad(field("label"), "must be a string of at most 100 characters"), "");
  const kind = oneOf(step.kind, field("kind"), ["page", "event"] as const, bad);
  if (kind === "page") {
    const match = oneOf(step.match, field("match"), PAGE_MATCHES, bad);
    const value = textOf(step.value, field("value"), match === "regex" ? MAX_REGEX : 2048, bad);
    if (match === "regex" && value !== null) {
      const problem = regexProblem(value);
      if (problem) return bad(field("value"), problem), null;
    }
    return match && value !== null ? { kind, label, match, value } : null;
  }
  if (kind === "event") {
    const eventType = oneOf(step.eventType, field("eventType"), EVENT_TYPES, bad);
    const name = textOf(step.name, field("name"), 100, bad);
    return eventType && name !== null ? { kind, label, eventType, name } : null;
  }
  return null;
}

/**
 * Checks a definition field by field; every problem is reported with its path under `at`
 * (`def` for an API body, empty for a file). Throws 422 VALIDATION_FAILED.
 */
export function checkFunnelDef(raw: unknown, at: string): FunnelDef {
  const details: ErrorDetail[] = [];
  const path = (field: string) => (at ? `${at}.${field}` : field);
  const bad: Bad = (field, message) => details.push({ path: path(field), message });
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    details.push({ path: at || "definition", message: "must be an object" });
    throw new ApiError("VALIDATION_FAILED", "Invalid funnel definition", details);
  }
  const def = raw as Record<string, unknown>;
  const name = textOf(def.name, "name", 100, bad);
  const mode = oneOf(def.mode, "mode", MODES, bad);
  const scope = oneOf(def.scope, "scope", SCOPES, bad);
  const steps: FunnelStep[] = [];
  if (!Array.isArray(def.steps)) bad("steps", "must be an array of steps");
  else if (def.steps.length < MIN_STEPS || def.steps.length > MAX_STEPS) bad("steps", `must have ${MIN_STEPS} to ${MAX_STEPS} steps (has ${def.steps.length})`);
  else {
    def.steps.forEach((s, i) => {
      const step = checkStep(s, `steps.${i}`, bad);
      if (step) steps.push(step);
    });
  }
  if (details.length > 0) throw new ApiError("VALIDATION_FAILED", "Invalid funnel definition", details);
  return { name: name!, steps, mode: mode!, scope: scope! };
}

/** Why a pattern is refused, or null: it must compile and not risk exponential backtracking. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message})`;
  }
  return safeRegex(pattern) ? null : "could take exponential time (nested or too many repetitions); simplify the pattern";
}

/** Does a path match a page step? (Patterns were checked when the definition was.) */
export function pageMatcher(step: PageStep): (path: string) => boolean {
  switch (step.match) {
    case "equals":
      return (path) => path === step.value;
    case "starts_with":
      return (path) => path.startsWith(step.value);
    case "contains":
      return (path) => path.includes(step.value);
    case "regex": {
      const re = new RegExp(step.value);
      return (path) => re.test(path);
    }
  }
}

/** What a step is called in results. */
export const stepLabel = (step: FunnelStep) => step.label || (step.kind === "page" ? step.value : step.name);
