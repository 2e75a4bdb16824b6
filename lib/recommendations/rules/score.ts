import type { Severity } from "../models.ts";

const WEIGHT: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/**
 * docs/recommendations.md: sessions affected × distance from the benchmark or threshold (as a
 * fraction of it) × the severity's weight. Rules on a yes/no fact (no conversions, a failing
 * webhook) use distance 1. Rounded to 2 decimals so stored scores compare exactly.
 */
export function scoreOf(sessionsAffected: number, distance: number, severity: Severity): number {
  return Math.round(sessionsAffected * distance * WEIGHT[severity] * 100) / 100;
}

/** How far `value` is past `limit`, as a fraction of `limit`. */
export function beyond(value: number, limit: number): number {
  return (value - limit) / limit;
}

/** How far `value` falls short of `limit`, as a fraction of `limit`. */
export function shortOf(value: number, limit: number): number {
  return (limit - value) / limit;
}
