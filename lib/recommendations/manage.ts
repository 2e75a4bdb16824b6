import { and, eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { recordAudit, type Actor } from "../audit.ts";
import { parseDate, startOf } from "../date-range.ts";
import { recommendations } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, invalid } from "../errors.ts";
import { dayIn } from "../time.ts";
import { RECOMMENDATION_STATUSES, type RecommendationStatus, type Recommendations } from "./models.ts";
import { itemOf } from "./read.ts";

/** How far ahead a snooze may reach: a year, after which the finding deserves a fresh look anyway. */
export const MAX_SNOOZE_DAYS = 365;

/** Where a refusal points: the CLI's flags or the dashboard body's fields. */
export interface StatusPaths {
  rule: string;
  status: string;
  until: string;
}

export interface StatusChange {
  ruleKey: string;
  status: string;
  /** Required for `snoozed` (YYYY-MM-DD in the site's timezone: snoozed through that day), refused otherwise. */
  until?: string;
}

/**
 * Sets an item's status (docs/recommendations.md "Status"), remembering its current evidence so
 * the nightly run keeps a dismissal or "done" while the evidence stays materially the same;
 * audited `recommendation.status_changed`. A snooze lasts through `until` in the site's timezone.
 * Only an active item (one the site is shown) can be changed: else 404 at the rule's path.
 */
export async function setRecommendationStatus(
  store: TenantStore,
  site: { id: string; name: string; timezone: string },
  change: StatusChange,
  actor: Actor,
  now: number,
  paths: StatusPaths,
): Promise<Recommendations["items"][number]> {
  const status = statusOf(change.status, paths.status);
  const snoozedUntil = status === "snoozed" ? snoozeEnd(change.until, site.timezone, now, paths.until) : null;
  if (status !== "snoozed" && change.until !== undefined) throw invalid(paths.until, "only a snooze has an end date");
  const where = and(eq(recommendations.siteId, site.id), eq(recommendations.ruleKey, change.ruleKey), eq(recommendations.active, 1));
  const row = await store.db.select().from(recommendations).where(where).get();
  if (!row) throw new ApiError("NOT_FOUND", `No recommendation ${change.ruleKey} on ${site.name}`, [{ path: paths.rule, message: "not found" }]);
  const set = { status, statusChangedAt: now, statusEvidence: row.evidence, snoozedUntil };
  await store.db.update(recommendations).set(set).where(where);
  await recordAudit(store.db, {
    at: now,
    actor,
    action: "recommendation.status_changed",
    label: `Recommendation "${row.title}" on ${site.name} set ${status}${change.until ? ` until ${change.until}` : ""}`,
    target: { type: "site", id: site.id },
    meta: { ruleKey: row.ruleKey, from: itemOf(row, now).status, to: status, until: change.until ?? null },
  });
  return itemOf({ ...row, ...set }, now);
}

function statusOf(value: string, path: string): RecommendationStatus {
  if (!(RECOMMENDATION_STATUSES as readonly string[]).includes(value)) throw invalid(path, `must be one of ${RECOMMENDATION_STATUSES.join(", ")}`);
  return value as RecommendationStatus;
}

/** The first instant after `until` in the site's timezone: when the snoozed item is open again. */
function snoozeEnd(until: string | undefined, timezone: string, now: number, path: string): number {
  if (until === undefined) throw invalid(path, "a snooze needs its end date (YYYY-MM-DD)");
  const date = parseDate(until, path);
  const today = Temporal.PlainDate.from(dayIn(timezone, now));
  if (Temporal.PlainDate.compare(date, today) < 0) throw invalid(path, "must be today or later");
  if (today.until(date).days > MAX_SNOOZE_DAYS) throw invalid(path, `must be at most ${MAX_SNOOZE_DAYS} days ahead`);
  return startOf(date.add({ days: 1 }), timezone);
}
