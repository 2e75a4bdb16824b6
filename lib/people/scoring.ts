/**
 * Lead score, tier and lifecycle stage (DESIGN section 7) — the one definition, used by the
 * visitor list, profiles and exports. The formula is written out in docs/people.md; change
 * both together.
 */

export const TIERS = ["cold", "warm", "hot", "very_hot"] as const;
export type Tier = (typeof TIERS)[number];
export const STAGES = ["anonymous", "engaged", "lead", "customer"] as const;
export type Stage = (typeof STAGES)[number];

/** Pages that show buying intent, as bits: a visitor's pages are OR-ed together. */
export const INTENT_PAGES = ["pricing", "demo", "contact", "checkout"] as const;
export type IntentPage = (typeof INTENT_PAGES)[number];
const INTENT_POINTS: Record<IntentPage, number> = { pricing: 6, demo: 8, contact: 8, checkout: 10 };

/** The intent bits of a path: a path segment that names an intent page (`/pricing`, `/en/book-a-demo`, `/checkout/step-2`). */
export function intentOf(path: string): number {
  let bits = 0;
  const lower = path.toLowerCase();
  INTENT_PAGES.forEach((page, i) => {
    if (new RegExp(`(^|/)[^/]*${page}[^/]*(/|$)`).test(lower)) bits |= 1 << i;
  });
  return bits;
}

/** What the score is computed from: a visitor's (or a person's) whole history. */
export interface ScoreFacts {
  /** Last activity (epoch ms). */
  lastSeenAt: number;
  sessions: number;
  pageviews: number;
  engagedMs: number;
  /** INTENT_PAGES bits. */
  intent: number;
  conversions: number;
  /** Revenue in the site currency (a conversion with value makes a customer). */
  revenue: number;
  leads: number;
  /** At least one engaged session. */
  engaged: boolean;
}

export interface ScoreReason {
  factor: "recency" | "frequency" | "depth" | "engagement" | "intent" | "conversions" | "leads";
  points: number;
  detail: string;
}

const DAY_MS = 86_400_000;
export const FACTORS = ["recency", "frequency", "depth", "engagement", "intent", "conversions", "leads"] as const;

/** Points by the first threshold a value reaches (thresholds from the top). */
const step = (value: number, table: readonly (readonly [atLeast: number, points: number])[]) => {
  for (const [atLeast, points] of table) if (value >= atLeast) return points;
  return 0;
};
const FREQUENCY = [[10, 15], [5, 12], [3, 8], [2, 4]] as const;
const DEPTH = [[30, 10], [15, 7], [6, 4], [3, 2]] as const;
const ENGAGEMENT = [[15, 10], [5, 7], [2, 4], [0.5, 2]] as const;

const daysSince = (f: ScoreFacts, now: number) => Math.max(0, Math.floor((now - f.lastSeenAt) / DAY_MS));
const intentPoints = (intent: number) => {
  let points = 0;
  INTENT_PAGES.forEach((page, i) => {
    if (intent & (1 << i)) points += INTENT_POINTS[page];
  });
  return Math.min(20, points);
};

/** Recency's points: a visitor who stops coming cools down without any new data. */
export function recencyPoints(lastSeenAt: number, now: number): number {
  const days = Math.max(0, Math.floor((now - lastSeenAt) / DAY_MS));
  return days <= 1 ? 20 : days <= 7 ? 15 : days <= 14 ? 10 : days <= 30 ? 5 : days <= 90 ? 2 : 0;
}

export const leadPoints = (leads: number) => (leads > 0 ? 10 : 0);

/** Each factor's points, in FACTORS order, into `out`. */
function factorPoints(f: ScoreFacts, now: number, out: number[]): number[] {
  out[0] = recencyPoints(f.lastSeenAt, now);
  out[1] = step(f.sessions, FREQUENCY);
  out[2] = step(f.pageviews, DEPTH);
  out[3] = step(f.engagedMs / 60_000, ENGAGEMENT);
  out[4] = intentPoints(f.intent);
  out[5] = f.conversions > 0 ? (f.revenue > 0 ? 15 : 10) : 0;
  out[6] = leadPoints(f.leads);
  return out;
}

/** Reused: the visitor list scores a million visitors a request. */
const scratch: number[] = [];

/**
 * The points that change only when the visitor's sessions do (all but recency and leads): kept
 * per visitor, so a list adds the two others per request — `scoreFrom`.
 */
export function sessionPoints(f: ScoreFacts): number {
  const points = factorPoints(f, f.lastSeenAt, scratch);
  return points[1] + points[2] + points[3] + points[4] + points[5];
}

/** The score from a visitor's session points, last activity and lead count. */
export const scoreFrom = (points: number, lastSeenAt: number, leads: number, now: number) => Math.min(100, points + recencyPoints(lastSeenAt, now) + leadPoints(leads));

/** The score, 0–100 (the sum of the factors' points, capped). */
export function scoreOf(f: ScoreFacts, now: number): number {
  return scoreFrom(sessionPoints(f), f.lastSeenAt, f.leads, now);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The score with the factors that gave points, and why (for profiles). */
export function leadScore(f: ScoreFacts, now: number): { score: number; reasons: ScoreReason[] } {
  const points = factorPoints(f, now, []);
  const days = daysSince(f, now);
  const intentPages = INTENT_PAGES.filter((_, i) => f.intent & (1 << i));
  const details: Record<ScoreReason["factor"], string> = {
    recency: `last seen ${days === 0 ? "today" : `${plural(days, "day")} ago`}`,
    frequency: plural(f.sessions, "session"),
    depth: plural(f.pageviews, "pageview"),
    engagement: `${Math.round((f.engagedMs / 60_000) * 10) / 10} engaged minutes`,
    intent: `visited ${intentPages.join(", ")}`,
    conversions: `${plural(f.conversions, "conversion")}${f.revenue > 0 ? " with value" : ""}`,
    leads: plural(f.leads, "lead"),
  };
  const reasons = FACTORS.map((factor, i) => ({ factor, points: points[i], detail: details[factor] })).filter((r) => r.points > 0);
  return { score: scoreOf(f, now), reasons };
}

/** cold < 25 ≤ warm < 50 ≤ hot < 75 ≤ very_hot, as an index into TIERS. */
export const tierIndex = (score: number) => (score >= 75 ? 3 : score >= 50 ? 2 : score >= 25 ? 1 : 0);
export const tierOf = (score: number): Tier => TIERS[tierIndex(score)];

/** customer (a conversion with value) › lead (left contact details) › engaged (an engaged session) › anonymous, as an index into STAGES. */
export const stageIndex = (revenue: number, leads: number, engaged: boolean) => (revenue > 0 ? 3 : leads > 0 ? 2 : engaged ? 1 : 0);
export const stageOf = (f: Pick<ScoreFacts, "revenue" | "leads" | "engaged">): Stage => STAGES[stageIndex(f.revenue, f.leads, f.engaged)];
