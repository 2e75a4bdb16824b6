/** Feature keys an org's plan (or the operator) can switch off; answered as FEATURE_UNAVAILABLE. */
export const FEATURES = [
  "audit",
  "realtime",
  "funnels",
  "explore",
  "reports",
  "visitors",
  "leads",
  "recommendations",
  "insights",
  "popups",
  "spinwheel",
  "consent",
  "integrations",
  "shortlinks",
] as const;
export type Feature = (typeof FEATURES)[number];

export interface Plan {
  features: ReadonlySet<Feature>;
  /** Plan limits answered as LIMIT_EXCEEDED; null = unlimited. */
  limits: { sites: number | null; seats: number | null; funnels: number | null; popups: number | null };
}

const ALL = new Set(FEATURES);

export const PLANS: Record<string, Plan> = {
  /** Default for a self-hoster: everything, no limits. */
  self_hosted: { features: ALL, limits: { sites: null, seats: null, funnels: null, popups: null } },
  starter: {
    features: new Set<Feature>(["realtime", "funnels", "reports", "visitors", "leads", "popups", "consent", "integrations"]),
    limits: { sites: 3, seats: 3, funnels: 5, popups: 3 },
  },
  growth: { features: ALL, limits: { sites: 25, seats: 25, funnels: 50, popups: 50 } },
};

export const PLAN_NAMES = Object.keys(PLANS);

/** A plan by name, self_hosted for an unknown one (an own-property lookup: "constructor" is no plan). */
export const planOf = (name: string): Plan => (Object.hasOwn(PLANS, name) ? PLANS[name] : PLANS.self_hosted);

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

/** True when the plan lacks the feature or the org or the whole platform switched it off. */
export function featureBlocked(feature: Feature, plan: string, orgDisabled: readonly string[], platformDisabled: readonly string[]): boolean {
  const p = planOf(plan);
  return !p.features.has(feature) || orgDisabled.includes(feature) || platformDisabled.includes(feature);
}
