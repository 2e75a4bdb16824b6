import { datesOf } from "../../date-range.ts";
import { sessionsInRange } from "../engine.ts";
import { metricOf, type SessionSums } from "../metrics.ts";
import { reportPeriod } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { Problems } from "./checks.ts";
import { EXPLORE_LIMITS, type ExploreRequest, type SegmentsResult } from "./model.ts";

const [MIN_SEGMENTS, MAX_SEGMENTS] = EXPLORE_LIMITS.segments;

/** Explore kind `segments`: up to four filtered sets of sessions side by side, with a daily series each. */
export async function exploreSegments(site: AnalyticsSite, body: ExploreRequest, now: number): Promise<SegmentsResult> {
  const problems = new Problems();
  const spec = problems.required(body.segments, "segments");
  const metrics = problems.metrics(spec.metrics, "segments.metrics");
  const list = problems.list(spec.list, "segments.list") as Partial<(typeof spec.list)[number]>[];
  if (Array.isArray(spec.list) && (list.length < MIN_SEGMENTS || list.length > MAX_SEGMENTS)) problems.add("segments.list", `compare ${MIN_SEGMENTS} to ${MAX_SEGMENTS} segments (got ${list.length})`);
  const segments = list.map((s, i) => {
    if (typeof s !== "object" || s === null || Array.isArray(s)) return problems.add(`segments.list.${i}`, "must be an object"), { name: "", filters: [] };
    if (typeof s.name !== "string" || s.name.trim() === "" || s.name.length > 100) problems.add(`segments.list.${i}.name`, "must be 1 to 100 characters");
    return { name: s.name as string, filters: problems.filters(s.filters, `segments.list.${i}.filters`) };
  });
  problems.check();

  const period = reportPeriod(body, site.timezone, now);
  if (segments.some((s) => s.filters.some((f) => f.dim === "visitor"))) await site.data.loadVisitorIds(site.store);
  const pick = (sums: SessionSums) => Object.fromEntries(metrics.map((m) => [m, metricOf(m, sums)]));
  const zero = pick({ sessions: 0, engagedSessions: 0, engagedMs: 0, pageviews: 0, conversions: 0, convertingSessions: 0, revenue: 0, users: 0, newUsers: 0 });
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    segments: segments.map((s) => {
      const r = sessionsInRange(site.data, { from: period.from, to: period.to, filters: s.filters, groupBy: ["date"] });
      const byDate = new Map(r.groups[0].map((g) => [g.key, g.sums]));
      return {
        name: s.name,
        totals: pick(r.totals),
        series: datesOf(period.range).map((date) => {
          const sums = byDate.get(date);
          return { date, ...(sums ? pick(sums) : zero) };
        }),
      };
    }),
  };
}
