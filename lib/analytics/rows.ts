import type { Group, PageGroup } from "./engine.ts";
import { METRICS, metricOf, type Metric } from "./metrics.ts";
import type { MetricRow } from "./models.ts";

/** A group as a report row with every metric of DESIGN section 5. */
export function metricRow(g: Group): MetricRow {
  const row = { key: g.key } as MetricRow;
  for (const m of METRICS) (row as Record<Metric, number>)[m] = metricOf(m, g.sums);
  return row;
}

const byKey = (a: Group, b: Group) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Groups ordered by one metric (largest first, then by key, or as `tie` says, for a stable order). */
export function byMetric(groups: Group[], metric: Metric, tie: (a: Group, b: Group) => number = byKey): Group[] {
  return [...groups].sort((a, b) => metricOf(metric, b.sums) - metricOf(metric, a.sums) || tie(a, b));
}

/** Paths that were viewed, most views first (then most users, then by path). */
export function topPages(pages: PageGroup[]): PageGroup[] {
  return pages.filter((p) => p.views > 0).sort((a, b) => b.views - a.views || b.users - a.users || (a.path < b.path ? -1 : 1));
}
