import type { Arg, Program } from "../db/statements.ts";
import { allOp, runOp } from "../db/statements.ts";
import type { Finding } from "./facts.ts";
import type { RecommendationStatus } from "./models.ts";
import type { SiteMeasurement } from "./site-metrics.ts";
import { nextStatus } from "./status.ts";

export interface StoredFindings {
  /** New items, and dismissed, done or snoozed ones that reopened. */
  opened: number;
  /** Dismissed, done or snoozed items that keep their status. */
  kept: number;
  /** Items whose rule no longer fires. */
  retired: number;
}

interface StoredRow {
  rule_key: string;
  status: string;
  status_evidence: string | null;
  snoozed_until: number | null;
  active: number;
}

/**
 * A site's findings into its `recommendations` (one transaction), with its run in
 * `recommendation_runs`. A dismissed or done item keeps its status while its evidence is
 * materially the same as when the status was set; a snoozed one reopens after its date; an
 * item whose rule stops firing is kept, inactive, for its status history.
 */
export function* storeFindings(siteId: string, findings: readonly Finding[], run: SiteMeasurement, now: number): Program<StoredFindings> {
  const stored = (yield allOp("SELECT rule_key, status, status_evidence, snoozed_until, active FROM recommendations WHERE site_id = ?", siteId)) as unknown as StoredRow[];
  const byRule = new Map(stored.map((r) => [r.rule_key, r]));
  const result: StoredFindings = { opened: 0, kept: 0, retired: 0 };
  for (const f of findings) {
    const before = byRule.get(f.ruleKey);
    byRule.delete(f.ruleKey);
    const evidence = JSON.stringify(f.evidence);
    const content: Arg[] = [f.score, f.severity, f.title, f.body, f.action, evidence, now];
    if (!before) {
      yield runOp(
        "INSERT INTO recommendations (site_id, rule_key, status, score, severity, title, body, action, evidence, computed_at, status_changed_at, status_evidence, snoozed_until, active) VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, 1)",
        siteId, f.ruleKey, ...content,
      );
      result.opened++;
      continue;
    }
    const status = nextStatus(
      { status: before.status as RecommendationStatus, snoozedUntil: before.snoozed_until },
      before.status_evidence === null ? null : (JSON.parse(before.status_evidence) as Record<string, unknown>),
      f.evidence,
      now,
    );
    if (status === before.status) {
      yield runOp("UPDATE recommendations SET score = ?, severity = ?, title = ?, body = ?, action = ?, evidence = ?, computed_at = ?, active = 1 WHERE site_id = ? AND rule_key = ?", ...content, siteId, f.ruleKey);
      if (before.status !== "open") result.kept++;
      continue;
    }
    yield runOp(
      "UPDATE recommendations SET score = ?, severity = ?, title = ?, body = ?, action = ?, evidence = ?, computed_at = ?, active = 1, status = 'open', status_changed_at = ?, status_evidence = NULL, snoozed_until = NULL WHERE site_id = ? AND rule_key = ?",
      ...content, now, siteId, f.ruleKey,
    );
    result.opened++;
  }
  for (const gone of byRule.values()) {
    if (!gone.active) continue;
    yield runOp("UPDATE recommendations SET active = 0, computed_at = ? WHERE site_id = ? AND rule_key = ?", now, siteId, gone.rule_key);
    result.retired++;
  }
  yield runOp(
    "INSERT INTO recommendation_runs (site_id, computed_at, window_from, window_to, sessions, metrics) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (site_id) DO UPDATE SET computed_at = excluded.computed_at, window_from = excluded.window_from, window_to = excluded.window_to, sessions = excluded.sessions, metrics = excluded.metrics",
    siteId, now, run.window.from, run.window.to, run.sessions, JSON.stringify(run.metrics),
  );
  return result;
}
