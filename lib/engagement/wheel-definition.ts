import { t } from "elysia";
import { OneOf } from "../api/models.ts";
import {
  colorAt, ColorModel, colorsAt, ColorsModel, DEFAULT_COLORS, formAt, InstantModel, integerAt, LeadFormModel, listAt, objectAt, oneOfAt, Problems,
  scheduleAt, TargetingModel, targetingAt, textAt, TriggerModel, triggersAt, type Bad,
} from "./definition-parts.ts";
import { PRIZE_KINDS, type Slice, type WheelDefinition } from "./types.ts";

/**
 * Spin-wheel definitions (docs/engagement.md "Definitions"): the check (defaults filled, every
 * problem named by its path: `slices.0.codes.3`) and the TypeBox model of the definition as the
 * read API shows it (codes left out).
 */

const WHEEL_KEYS = ["name", "status", "title", "text", "slices", "form", "couponDays", "triggers", "targeting", "colors", "startAt", "endAt"] as const;
const SLICE_KEYS = ["label", "prize", "code", "weight", "stock", "codes", "color"] as const;
export const MIN_SLICES = 2;
export const MAX_SLICES = 12;
export const MAX_CODES = 10_000;
const MAX_CODE = 64;
/** Slice colours when a file gives none: alternating, readable under white labels. */
const PALETTE = ["#0b57d0", "#e8710a", "#188038", "#a142f4", "#d93025", "#007b83"];

function codeAt(value: unknown, path: string, bad: Bad): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_CODE || !/^[^\s\u0000-\u001f\u007f]+$/.test(value)) {
    return bad(path, `must be 1 to ${MAX_CODE} characters without spaces`), null;
  }
  return value;
}

function sliceAt(value: unknown, path: string, index: number, storedCodes: boolean, bad: Bad): Slice | null {
  const raw = objectAt(value, path, SLICE_KEYS, bad);
  if (!raw) return null;
  const prize = oneOfAt(raw.prize, `${path}.prize`, PRIZE_KINDS, undefined, bad);
  let code: string | null = null;
  if (prize === "static_code") code = codeAt(raw.code, `${path}.code`, bad);
  else if (raw.code !== undefined && raw.code !== null) bad(`${path}.code`, "is only for prize static_code");
  let codes: string[] | undefined;
  if (prize === "coupon_pool" && !(storedCodes && raw.codes === undefined)) codes = listAt(raw.codes, `${path}.codes`, { min: 1, max: MAX_CODES }, (v, p) => codeAt(v, p, bad), bad);
  else if (raw.codes !== undefined) bad(`${path}.codes`, "is only for prize coupon_pool");
  let weight = 1;
  if (raw.weight !== undefined) {
    if (typeof raw.weight !== "number" || !Number.isFinite(raw.weight) || raw.weight <= 0 || raw.weight > 1_000_000) bad(`${path}.weight`, "must be a number above 0 (at most 1000000)");
    else weight = raw.weight;
  }
  const slice: Slice = {
    label: textAt(raw.label, `${path}.label`, { min: 1, max: 40 }, bad),
    prize,
    code,
    weight,
    stock: raw.stock === undefined || raw.stock === null ? null : integerAt(raw.stock, `${path}.stock`, 0, 1_000_000_000, undefined, bad),
    color: colorAt(raw.color, `${path}.color`, PALETTE[index % PALETTE.length], bad),
  };
  if (codes) slice.codes = codes;
  return slice;
}

/**
 * Checks a wheel definition and returns it with every default filled; problems are named by
 * their path under `at`. Coupon codes are unique across the whole wheel (each is handed out
 * once). `storedCodes`: a definition read back from `spin_wheels`, whose coupon codes live in
 * `coupon_codes` (a coupon_pool slice has no `codes` there). Throws 422 VALIDATION_FAILED.
 */
export function checkWheelDef(raw: unknown, at: string, storedCodes = false): WheelDefinition {
  const problems = new Problems(at);
  const bad = problems.bad;
  const def = objectAt(raw, "", WHEEL_KEYS, bad);
  if (!def) return problems.done("wheel definition"), (undefined as never);
  let index = 0;
  const slices = listAt(def.slices, "slices", { min: MIN_SLICES, max: MAX_SLICES }, (v, p) => sliceAt(v, p, index++, storedCodes, bad), bad);
  // One code, one winner: a code may appear once in the whole wheel.
  const first = new Map<string, string>();
  if (Array.isArray(def.slices)) {
    def.slices.forEach((s, i) => {
      const codes = (s as { codes?: unknown } | null)?.codes;
      if (!Array.isArray(codes)) return;
      codes.forEach((c, j) => {
        if (typeof c !== "string") return;
        const seen = first.get(c);
        if (seen) bad(`slices.${i}.codes.${j}`, `repeats the code "${c}" of ${seen}`);
        else first.set(c, `slices.${i}.codes.${j}`);
      });
    });
  }
  const form = def.form === null ? (bad("form", "is required: a wheel always asks for an e-mail address"), null) : formAt(def.form, "form", bad);
  const result: WheelDefinition = {
    name: textAt(def.name, "name", { min: 1, max: 100 }, bad),
    title: textAt(def.title, "title", { min: 1, max: 120 }, bad),
    text: textAt(def.text, "text", { max: 1000, fallback: "" }, bad),
    slices,
    form: form!,
    couponDays: def.couponDays === undefined || def.couponDays === null ? null : integerAt(def.couponDays, "couponDays", 1, 365, undefined, bad),
    triggers: triggersAt(def.triggers, bad),
    targeting: targetingAt(def.targeting, bad),
    colors: colorsAt(def.colors, "colors", DEFAULT_COLORS, bad),
    ...scheduleAt(def, bad),
  };
  problems.done("wheel definition");
  return result;
}

/** The definition without its coupon codes (what the read API shows). */
export function withoutCodes(def: WheelDefinition): WheelDefinition {
  return { ...def, slices: def.slices.map(({ codes: _, ...slice }) => slice) };
}

export const WheelDefinitionModel = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    title: t.String({ minLength: 1, maxLength: 120 }),
    text: t.String({ maxLength: 1000 }),
    slices: t.Array(
      t.Object({
        label: t.String({ maxLength: 40 }),
        prize: OneOf(PRIZE_KINDS),
        code: t.Union([t.String(), t.Null()], { description: "static_code: the code every winner of the slice gets" }),
        weight: t.Number({ exclusiveMinimum: 0, description: "Relative, among the slices that still have stock" }),
        stock: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: "How many times it can be won; null: unlimited" }),
        color: ColorModel,
      }),
      { minItems: MIN_SLICES, maxItems: MAX_SLICES, description: "Coupon-pool codes are never shown" },
    ),
    form: LeadFormModel,
    couponDays: t.Union([t.Integer({ minimum: 1, maximum: 365 }), t.Null()], { description: "Days a won code stays valid; null: no expiry" }),
    triggers: t.Array(TriggerModel, { minItems: 1, maxItems: 7 }),
    targeting: TargetingModel,
    colors: ColorsModel,
    startAt: InstantModel,
    endAt: InstantModel,
  },
  { title: "WheelDefinition" },
);
