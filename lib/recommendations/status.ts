import type { RecommendationStatus } from "./models.ts";

/**
 * When a dismissal holds (docs/recommendations.md "Status"): a dismissed or done item stays so
 * while its evidence is materially the same — the same pages, channels, popups or hosts, and
 * every number within 20 % of what it was when the status was set.
 */

const MATERIAL_CHANGE = 0.2;

type Flat = Map<string, unknown>;

/** An array item's identity: its strings (path, channel, popup id, host…), so reordering is no change. */
function identityOf(item: unknown): string {
  if (item === null || typeof item !== "object") return JSON.stringify(item);
  return JSON.stringify(Object.entries(item).filter(([, v]) => typeof v === "string").sort(([a], [b]) => a.localeCompare(b)));
}

/** Evidence as path → leaf, array items addressed by identity rather than position. */
function flatten(value: unknown, at: string, into: Flat): Flat {
  if (Array.isArray(value)) {
    const seen = new Map<string, number>();
    for (const item of value) {
      const id = identityOf(item);
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      flatten(item, `${at}[${id}#${n}]`, into);
    }
    into.set(`${at}.length`, `n=${value.length}`); // a different count of pages or hosts is a different identity
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, `${at}.${k}`, into);
  } else {
    into.set(at, value);
  }
  return into;
}

function numberClose(before: number, after: number): boolean {
  if (before === after) return true;
  if (before === 0) return false;
  return Math.abs(after - before) / Math.abs(before) < MATERIAL_CHANGE;
}

export function materiallySame(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const a = flatten(before, "", new Map());
  const b = flatten(after, "", new Map());
  if (a.size !== b.size) return false;
  for (const [path, was] of a) {
    if (!b.has(path)) return false;
    const now = b.get(path);
    if (typeof was === "number" && typeof now === "number") {
      if (!numberClose(was, now)) return false;
    } else if (was !== now) {
      return false;
    }
  }
  return true;
}

export interface CurrentStatus {
  status: RecommendationStatus;
  /** ms; only for `snoozed`. */
  snoozedUntil: number | null;
}

/**
 * A rule's item status after a nightly run that found it again. `before` is the evidence the
 * status was set against (null when it was never set by a person), `after` the run's evidence.
 */
export function nextStatus(current: CurrentStatus, before: Record<string, unknown> | null, after: Record<string, unknown>, now: number): RecommendationStatus {
  switch (current.status) {
    case "open":
      return "open";
    case "snoozed":
      return current.snoozedUntil === null || now >= current.snoozedUntil ? "open" : "snoozed";
    case "dismissed":
    case "done":
      return before !== null && materiallySame(before, after) ? current.status : "open";
  }
}
