/**
 * Sticky A/B assignment: a visitor always gets the same variant of a popup, on every page and
 * every visit, without storing anything — a deterministic hash of the visitor id and the popup
 * id. The page (the engagement chunk of the script) and the server (tests, checks) share this
 * one function.
 */

export const HOLDOUT = "holdout";

/** FNV-1a, 32 bits, over the UTF-16 code units of `text`, as an unsigned integer. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The variant key of `visitorId` for a popup: `holdout` for the first `holdout` percent of the
 * hash space, else one of `variants` in proportion to its weight; null when the popup runs no
 * test (no variants) and the visitor is not held out.
 */
export function assignVariant(visitorId: string, popupId: string, variants: readonly { key: string; weight: number }[], holdout: number): string | null {
  const u = fnv1a(`${visitorId}:${popupId}`) / 2 ** 32;
  const held = holdout / 100;
  if (u < held) return HOLDOUT;
  if (variants.length === 0) return null;
  const total = variants.reduce((n, v) => n + v.weight, 0);
  let at = ((u - held) / (1 - held)) * total;
  for (const v of variants) {
    if (at < v.weight) return v.key;
    at -= v.weight;
  }
  return variants[variants.length - 1].key;
}
