import { t } from "elysia";
import { OneOf } from "../api/models.ts";
import { HOLDOUT } from "./assign.ts";
import {
  booleanAt, colorsAt, ColorsModel, DEFAULT_COLORS, formAt, InstantModel, integerAt, LeadFormModel, listAt, objectAt, oneOfAt, Problems, scheduleAt,
  TargetingModel, targetingAt, textAt, TriggerModel, triggersAt, uniqueAt, urlAt, type Bad,
} from "./definition-parts.ts";
import { POPUP_LAYOUTS, type Frequency, type PopupContent, type PopupDefinition, type Variant } from "./types.ts";

/**
 * Popup definitions (docs/engagement.md "Definitions"): the one check every way in uses (the
 * admin CLI's files; stored rows read back), which fills every default, and the TypeBox model
 * the read API shows the definition with.
 */

const POPUP_KEYS = ["name", "status", "layout", "content", "form", "triggers", "targeting", "frequency", "startAt", "endAt", "variants", "holdout"] as const;
const CONTENT_KEYS = ["title", "text", "imageUrl", "imageAlt", "button", "buttonUrl", "colors"] as const;
const FREQUENCY_KEYS = ["show", "days", "stopAfterClose", "stopAfterConvert", "maxViews"] as const;
const VARIANT_KEYS = ["key", "name", "weight", "layout", "content"] as const;
export const VARIANT_KEY = /^[a-z0-9_-]{1,20}$/;
export const MAX_VARIANTS = 5;

/** The content's fields, each with its limit; `base` gives what an absent field is. */
function contentField(raw: Record<string, unknown>, key: (typeof CONTENT_KEYS)[number], path: string, base: PopupContent, bad: Bad): unknown {
  const at = `${path}.${key}`;
  switch (key) {
    case "title":
      return textAt(raw.title, at, { min: 1, max: 120, fallback: base.title || undefined }, bad);
    case "text":
      return textAt(raw.text, at, { max: 1000, fallback: base.text }, bad);
    case "imageUrl":
      return raw.imageUrl === undefined ? base.imageUrl : urlAt(raw.imageUrl, at, false, bad);
    case "imageAlt":
      return textAt(raw.imageAlt, at, { max: 200, fallback: base.imageAlt }, bad);
    case "button":
      return textAt(raw.button, at, { min: 1, max: 60, fallback: base.button }, bad);
    case "buttonUrl":
      return raw.buttonUrl === undefined ? base.buttonUrl : urlAt(raw.buttonUrl, at, true, bad);
    case "colors":
      return colorsAt(raw.colors, at, base.colors, bad);
  }
}

const EMPTY_CONTENT: PopupContent = { title: "", text: "", imageUrl: null, imageAlt: "", button: "OK", buttonUrl: null, colors: DEFAULT_COLORS };

function contentAt(value: unknown, bad: Bad): PopupContent {
  const raw = objectAt(value, "content", CONTENT_KEYS, bad);
  if (!raw) return { ...EMPTY_CONTENT };
  return Object.fromEntries(CONTENT_KEYS.map((key) => [key, contentField(raw, key, "content", EMPTY_CONTENT, bad)])) as unknown as PopupContent;
}

/** A variant's changes: only the fields it names, each checked as the base's (colours completed from the base). */
function variantContentAt(value: unknown, path: string, base: PopupContent, bad: Bad): Partial<PopupContent> | undefined {
  if (value === undefined) return undefined;
  const raw = objectAt(value, path, CONTENT_KEYS, bad);
  if (!raw) return undefined;
  return Object.fromEntries(CONTENT_KEYS.filter((key) => raw[key] !== undefined).map((key) => [key, contentField(raw, key, path, base, bad)]));
}

function frequencyAt(value: unknown, bad: Bad): Frequency {
  const fallback: Frequency = { show: "once_per_session", days: null, stopAfterClose: true, stopAfterConvert: true, maxViews: null };
  if (value === undefined) return fallback;
  const raw = objectAt(value, "frequency", FREQUENCY_KEYS, bad);
  if (!raw) return fallback;
  const show = oneOfAt(raw.show, "frequency.show", ["every_page", "once_per_session", "every_n_days"] as const, fallback.show, bad);
  let days: number | null = null;
  if (show === "every_n_days") days = integerAt(raw.days, "frequency.days", 1, 365, undefined, bad);
  else if (raw.days !== undefined && raw.days !== null) bad("frequency.days", "is only for show every_n_days");
  return {
    show,
    days,
    stopAfterClose: booleanAt(raw.stopAfterClose, "frequency.stopAfterClose", true, bad),
    stopAfterConvert: booleanAt(raw.stopAfterConvert, "frequency.stopAfterConvert", true, bad),
    maxViews: raw.maxViews === undefined || raw.maxViews === null ? null : integerAt(raw.maxViews, "frequency.maxViews", 1, 1000, undefined, bad),
  };
}

function variantAt(value: unknown, path: string, base: PopupContent, bad: Bad): Variant | null {
  const raw = objectAt(value, path, VARIANT_KEYS, bad);
  if (!raw) return null;
  let key = "";
  if (typeof raw.key !== "string" || !VARIANT_KEY.test(raw.key)) bad(`${path}.key`, "must be 1 to 20 of a-z, 0-9, _ and -");
  else if (raw.key === HOLDOUT) bad(`${path}.key`, `"${HOLDOUT}" is reserved for the held-out visitors`);
  else key = raw.key;
  const variant: Variant = {
    key,
    name: textAt(raw.name, `${path}.name`, { min: 1, max: 100, fallback: key }, bad),
    weight: integerAt(raw.weight, `${path}.weight`, 1, 100, 50, bad),
  };
  if (raw.layout !== undefined) variant.layout = oneOfAt(raw.layout, `${path}.layout`, POPUP_LAYOUTS, undefined, bad);
  const content = variantContentAt(raw.content, `${path}.content`, base, bad);
  if (content) variant.content = content;
  return variant;
}

/**
 * Checks a popup definition field by field and returns it with every default filled; every
 * problem is named by its path under `at` (`content.colors.button`, `triggers.1.percent`,
 * `variants.2.key`). A top-level `status` is allowed (the CLI reads it) and not part of the
 * result. Throws 422 VALIDATION_FAILED.
 */
export function checkPopupDef(raw: unknown, at: string): PopupDefinition {
  const problems = new Problems(at);
  const bad = problems.bad;
  const def = objectAt(raw, "", POPUP_KEYS, bad);
  if (!def) return problems.done("popup definition"), (undefined as never);
  const content = contentAt(def.content, bad);
  const variants = listAt(def.variants, "variants", { min: 0, max: MAX_VARIANTS, fallback: [] }, (v, p) => variantAt(v, p, content, bad), bad);
  if (variants.length === 1) bad("variants", `must be empty (no test) or have 2 to ${MAX_VARIANTS} variants`);
  uniqueAt(variants.map((v) => v.key), (i) => `variants.${i}.key`, bad, "key");
  const result: PopupDefinition = {
    name: textAt(def.name, "name", { min: 1, max: 100 }, bad),
    layout: oneOfAt(def.layout, "layout", POPUP_LAYOUTS, "modal", bad),
    content,
    form: def.form === null ? null : formAt(def.form, "form", bad),
    triggers: triggersAt(def.triggers, bad),
    targeting: targetingAt(def.targeting, bad),
    frequency: frequencyAt(def.frequency, bad),
    ...scheduleAt(def, bad),
    variants,
    holdout: integerAt(def.holdout, "holdout", 0, 50, 0, bad),
  };
  problems.done("popup definition");
  return result;
}

const ContentFields = {
  title: t.String({ minLength: 1, maxLength: 120 }),
  text: t.String({ maxLength: 1000 }),
  imageUrl: t.Union([t.String({ maxLength: 2048, description: "https:// only" }), t.Null()]),
  imageAlt: t.String({ maxLength: 200 }),
  button: t.String({ maxLength: 60 }),
  buttonUrl: t.Union([t.String({ maxLength: 2048, description: "https:// or a path on the site" }), t.Null()]),
  colors: ColorsModel,
};
const ContentModel = t.Object(ContentFields, { title: "PopupContent", description: "Plain text (shown as text, never as HTML) and colours" });

export const PopupDefinitionModel = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    layout: OneOf(POPUP_LAYOUTS),
    content: ContentModel,
    form: t.Union([LeadFormModel, t.Null()], { description: "null: no form (the button links to buttonUrl, or closes)" }),
    triggers: t.Array(TriggerModel, { minItems: 1, maxItems: 7 }),
    targeting: TargetingModel,
    frequency: t.Object({
      show: OneOf(["every_page", "once_per_session", "every_n_days"] as const),
      days: t.Union([t.Integer({ minimum: 1, maximum: 365 }), t.Null()], { description: "every_n_days only" }),
      stopAfterClose: t.Boolean(),
      stopAfterConvert: t.Boolean(),
      maxViews: t.Union([t.Integer({ minimum: 1, maximum: 1000 }), t.Null()]),
    }),
    startAt: InstantModel,
    endAt: InstantModel,
    variants: t.Array(
      t.Object({
        key: t.String({ pattern: VARIANT_KEY.source, description: "Unique; holdout is reserved; the first variant is the control when there is no holdout" }),
        name: t.String(),
        weight: t.Integer({ minimum: 1, maximum: 100 }),
        layout: t.Optional(OneOf(POPUP_LAYOUTS)),
        content: t.Optional(t.Partial(t.Object(ContentFields))),
      }),
      { maxItems: MAX_VARIANTS, description: "Empty: no test; otherwise 2 to 5" },
    ),
    holdout: t.Integer({ minimum: 0, maximum: 50, description: "Percent of visitors shown nothing, kept as the baseline" }),
  },
  { title: "PopupDefinition" },
);
