import type { PopupDefinition, PublicPopup, PublicWheel, Variant, WheelDefinition } from "./types.ts";

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

