/**
 * The inventory's categories (spec 2.5) and the consent each needs (docs/consent.md "Words").
 * Consent states are bits: 1 analytics granted, 2 marketing granted.
 */
export const CATEGORIES = ["necessary", "analytics", "marketing", "personalization", "unknown"] as const;
export type Category = (typeof CATEGORIES)[number];

export const ITEM_KINDS = ["cookie", "storage", "host"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const ANALYTICS_BIT = 1;
export const MARKETING_BIT = 2;

/** The consent bit a category needs; 0 for necessary and unknown (never a violation). */
export const NEEDED_CONSENT: Record<Category, number> = {
  necessary: 0,
  analytics: ANALYTICS_BIT,
  marketing: MARKETING_BIT,
  // Personalization rides on marketing consent: the banner offers analytics and marketing.
  personalization: MARKETING_BIT,
  unknown: 0,
};

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (CATEGORIES as readonly string[]).includes(value);
}

/** A consent choice as bits. */
export function consentState(c: { analytics: boolean; marketing: boolean }): number {
  return (c.analytics ? ANALYTICS_BIT : 0) | (c.marketing ? MARKETING_BIT : 0);
}

/** Bits back to the choice, as evidence shows it. */
export function consentOf(state: number): { analytics: boolean; marketing: boolean } {
  return { analytics: (state & ANALYTICS_BIT) !== 0, marketing: (state & MARKETING_BIT) !== 0 };
}

/** Seen in `state`, the item lacked the consent its category needs. */
export function seenBeforeConsent(category: Category, state: number): boolean {
  const needed = NEEDED_CONSENT[category];
  return needed !== 0 && (state & needed) === 0;
}
