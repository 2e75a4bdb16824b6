import { KEY_JOIN, type Group } from "../../analytics/engine.ts";
import { METRICS, metricOf, type SessionSums } from "../../analytics/metrics.ts";
import { reportDefinition } from "../catalogue.ts";
import type { Cell, EngineReportKey, ReportRow } from "../report.ts";

/**
 * A row with exactly the report's catalogue columns, in their order, from the values given:
 * a column without a value is a programming error, found by the first run of the report.
 */
export function rowOf(key: EngineReportKey, values: Record<string, Cell>): ReportRow {
  const row: ReportRow = {};
  for (const c of reportDefinition(key)!.columns) {
    const value = values[c.key];
    if (value === undefined) throw new Error(`report ${key}: no value for column ${c.key}`);
    row[c.key] = value;
  }
  return row;
}

/** The sums of no session (a row listed for its credit or leads alone). */
export const NO_SESSIONS: SessionSums = { sessions: 0, engagedSessions: 0, engagedMs: 0, pageviews: 0, conversions: 0, convertingSessions: 0, revenue: 0, users: 0, newUsers: 0 };

/** Every metric of DESIGN section 5 (and the engaged session count) of a group's sums, as cells. */
export function metricCells(s: SessionSums): Record<string, number> {
  const cells: Record<string, number> = { engagedSessions: s.engagedSessions };
  for (const m of METRICS) cells[m] = metricOf(m, s);
  return cells;
}

/**
 * The parts of a combined grouping's key (engine KEY_JOIN). The first part may be free text
 * that itself holds " / " (a campaign name): it takes what is left over.
 */
export function partsOf(key: string, count: number): string[] {
  const parts = key.split(KEY_JOIN);
  const extra = parts.length - count;
  if (extra <= 0) return parts;
  return [parts.slice(0, extra + 1).join(KEY_JOIN), ...parts.slice(extra + 1)];
}

/** A group's row: its dimension columns (named in key order; the first may be free text), every metric, and any other cells. */
export function groupRow(key: EngineReportKey, g: Group, columns: readonly string[], other: Record<string, Cell> = {}): ReportRow {
  const parts = partsOf(g.key, columns.length);
  return rowOf(key, { ...metricCells(g.sums), ...Object.fromEntries(columns.map((c, i) => [c, parts[i]])), ...other });
}
