import { nthSmallest } from "./percentile.ts";

/**
 * Core Web Vitals as Google rates them: the 75th percentile of a page's samples against the
 * published thresholds (web.dev: LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25,
 * FCP 1.8 s / 3 s, TTFB 0.8 s / 1.8 s).
 */
export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Vital = (typeof VITALS)[number];

export const THRESHOLDS: Record<Vital, [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type Rating = "good" | "needs_improvement" | "poor";

export function ratingOf(vital: Vital, value: number): Rating {
  const [good, poor] = THRESHOLDS[vital];
  return value <= good ? "good" : value > poor ? "poor" : "needs_improvement";
}

/** The 75th percentile by nearest rank (a value that was measured, as CrUX reports it). Reorders `values`. */
export function p75(values: Float64Array | number[]): number {
  const xs = values instanceof Float64Array ? values : Float64Array.from(values);
  return nthSmallest(xs, Math.ceil(xs.length * 0.75) - 1);
}

/** p75, rounded as shown (ms whole, CLS to 3 decimals), with its rating and sample count; null without samples. */
export function vitalSummary(vital: Vital, values: Float64Array | number[]) {
  if (values.length === 0) return null;
  const value = p75(values);
  const shown = vital === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
  return { p75: shown, samples: values.length, rating: ratingOf(vital, value) };
}
