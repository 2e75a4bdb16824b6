import { t } from "elysia";
import type { PopupDefinition, PublicPopup, PublicWheel, Variant, WheelDefinition } from "./types.ts";
import { PopupDefinitionModel } from "./popup-definition.ts";
import { WheelDefinitionModel } from "./wheel-definition.ts";
import { Timestamp } from "../api/models.ts";

/**
 * What the page gets of a stored popup or wheel (GET /v1/sites/{key}/config): the fields it
 * needs to show and target it, picked one by one from the full definition, so nothing else a
 * definition holds ever reaches a page — for a wheel, no weight, stock or code (the server
 * draws), for a popup, no name or schedule start.
 */

/** The stored row's own fields the views add. */
export interface StoredRow {
  id: string;
  /** ms since the epoch. */
  updatedAt: number;
}

const variantView = (v: Variant): Variant => ({
  key: v.key,
  name: v.name,
  weight: v.weight,
  ...(v.layout !== undefined ? { layout: v.layout } : {}),
  ...(v.content !== undefined ? { content: v.content } : {}),
});

export function publicPopup(def: PopupDefinition, row: StoredRow): PublicPopup {
  return {
    id: row.id,
    layout: def.layout,
    content: def.content,
    form: def.form,
    triggers: def.triggers,
    targeting: def.targeting,
    frequency: def.frequency,
    endAt: def.endAt,
    variants: def.variants.map(variantView),
    holdout: def.holdout,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export function publicWheel(def: WheelDefinition, row: StoredRow): PublicWheel {
  return {
    id: row.id,
    title: def.title,
    text: def.text,
    slices: def.slices.map((s) => ({ label: s.label, color: s.color })),
    form: def.form,
    triggers: def.triggers,
    targeting: def.targeting,
    colors: def.colors,
    endAt: def.endAt,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** The views as the document publishes them: the definitions' own models, picked as the views pick their fields. */
const popupField = PopupDefinitionModel.properties;
export const PublicPopupModel = t.Object(
  {
    id: t.String(),
    layout: popupField.layout,
    content: popupField.content,
    form: popupField.form,
    triggers: popupField.triggers,
    targeting: popupField.targeting,
    frequency: popupField.frequency,
    endAt: popupField.endAt,
    variants: popupField.variants,
    holdout: popupField.holdout,
    updatedAt: Timestamp,
  },
  { title: "PublicPopup", description: "A popup as the page gets it: no name, schedule start or statistics" },
);

const wheelField = WheelDefinitionModel.properties;
export const PublicWheelModel = t.Object(
  {
    id: t.String(),
    title: wheelField.title,
    text: wheelField.text,
    slices: t.Array(t.Pick(wheelField.slices.items, ["label", "color"]), { minItems: wheelField.slices.minItems, maxItems: wheelField.slices.maxItems }),
    form: wheelField.form,
    triggers: wheelField.triggers,
    targeting: wheelField.targeting,
    colors: wheelField.colors,
    endAt: wheelField.endAt,
    updatedAt: Timestamp,
  },
  { title: "PublicWheel", description: "A wheel as the page gets it: labels and colours only, no weights, stock or codes (the server draws)" },
);
