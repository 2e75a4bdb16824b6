import { Temporal } from "temporal-polyfill";
import { auditOp, type Actor } from "../audit.ts";
import { parseDate, startOf } from "../date-range.ts";
import type { recommendations } from "../db/tenant-schema.ts";
import { getOp, runOp, runProgram, type Program } from "../db/statements.ts";
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
  const changed = await runProgram(store, changeStatus(site, change.ruleKey, { status, snoozedUntil, until: change.until ?? null }, actor, now));
  if (!changed) throw new ApiError("NOT_FOUND", `No recommendation ${change.ruleKey} on ${site.name}`, [{ path: paths.rule, message: "not found" }]);
  return itemOf(changed, now);
}

type Row = typeof recommendations.$inferSelect;
const COLUMNS =
  "site_id AS siteId, rule_key AS ruleKey, status, score, severity, title, body, action, evidence, computed_at AS computedAt, status_changed_at AS statusChangedAt, status_evidence AS statusEvidence, snoozed_until AS snoozedUntil, active";

/** Reads the active item, sets its status and writes the audit entry in one transaction; null when the site is not shown that rule. */
function* changeStatus(site: { id: string; name: string }, ruleKey: string, to: { status: RecommendationStatus; snoozedUntil: number | null; until: string | null }, actor: Actor, now: number): Program<Row | null> {
  const row = (yield getOp(`SELECT ${COLUMNS} FROM recommendations WHERE site_id = ? AND rule_key = ? AND active = 1`, site.id, ruleKey)) as Row | undefined;
  if (!row) return null;
  yield runOp("UPDATE recommendations SET status = ?, status_changed_at = ?, status_evidence = ?, snoozed_until = ? WHERE site_id = ? AND rule_key = ?", to.status, now, row.evidence, to.snoozedUntil, site.id, ruleKey);
  yield auditOp({
    at: now,
    actor,
    action: "recommendation.status_changed",
    label: `Recommendation "${row.title}" on ${site.name} set ${to.status}${to.until ? ` until ${to.until}` : ""}`,
    target: { type: "site", id: site.id },
    meta: { ruleKey, from: itemOf(row, now).status, to: to.status, until: to.until },
  });
  return { ...row, status: to.status, statusChangedAt: now, statusEvidence: row.evidence, snoozedUntil: to.snoozedUntil };
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
