import { dateOfEpochDay } from "../../time.ts";
import { asRate } from "../metrics.ts";
import { reportPeriod } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { Problems } from "./checks.ts";
import { EXPLORE_LIMITS, RETENTION_PERIODS, type ExploreRequest, type RetentionResult } from "./model.ts";

type RetentionPeriod = (typeof RETENTION_PERIODS)[number];
const DEFAULT_PERIODS: Record<RetentionPeriod, number> = { week: 12, month: 6 };
const [MIN_PERIODS, MAX_PERIODS] = EXPLORE_LIMITS.periods;
const DAY_MS = 86_400_000;

/** Weeks (ISO, Monday first) and months as numbers: consecutive periods are consecutive numbers. */
const CALENDAR: Record<RetentionPeriod, { of(day: number): number; start(index: number): number }> = {
  // 1970-01-01, day 0, was a Thursday: Monday 1969-12-29 is day -3.
  week: { of: (day) => Math.floor((day + 3) / 7), start: (index) => index * 7 - 3 },
  month: {
    of: (day) => {
      const d = new Date(day * DAY_MS);
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    },
    start: (index) => Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS,
  },
};

/**
 * Explore kind `retention`: visitors whose first session started in the range, in cohorts by
 * the week or month of that session, and how many of each cohort came back in each later
 * period (docs/funnels.md).
 */
export function exploreRetention(site: AnalyticsSite, body: ExploreRequest, now: number): RetentionResult {
  const problems = new Problems();
  const spec = problems.required(body.retention, "retention");
  const period = spec.period as RetentionPeriod;
  if (!(RETENTION_PERIODS as readonly string[]).includes(period)) problems.add("retention.period", `must be one of ${RETENTION_PERIODS.join(", ")}`);
  problems.check();
  const periods = problems.integer(spec.periods, "retention.periods", MIN_PERIODS, MAX_PERIODS, DEFAULT_PERIODS[period]);
  problems.check();

  const range = reportPeriod(body, site.timezone, now);
  const today = reportPeriod({}, site.timezone, now).to;
  const calendar = CALENDAR[period];
  const data = site.data;
  const { day, visitor } = data.sessions;
  const cohorts = new Map<number, { size: number; visitors: Int32Array }>();
  const from = range.from | 0, to = range.to | 0;
  const window = data.sessionWindow(from, to);
  const start = window[0] | 0, end = window[1] | 0;
  for (let p = start; p < end; p++) {
    // A visitor's first session (the head of their chain) places them in a cohort.
    if (day[p] < from || day[p] > to || data.prevOfVisitor[p] >= 0) continue;
    const cohort = calendar.of(day[p]);
    let c = cohorts.get(cohort);
    if (!c) cohorts.set(cohort, (c = { size: 0, visitors: new Int32Array(periods) }));
    c.size++;
    let seen = 0;
    for (let q = data.lastOfVisitor[visitor[p]]; q >= 0; q = data.prevOfVisitor[q]) {
      const k = calendar.of(day[q]) - cohort;
      if (k >= 0 && k < periods) seen |= 1 << k;
    }
    for (let k = 0; k < periods; k++) if (seen & (1 << k)) c.visitors[k]++;
  }
  const current = calendar.of(today);
  return {
    from: range.range.from,
    to: range.range.to,
    tz: site.timezone,
    period,
    cohorts: [...cohorts]
      .sort((a, b) => a[0] - b[0])
      .map(([index, c]) => ({
        cohort: dateOfEpochDay(calendar.start(index)),
        size: c.size,
        periods: Array.from({ length: Math.min(periods, current - index + 1) }, (_, k) => ({ period: k, visitors: c.visitors[k], rate: asRate(c.visitors[k], c.size) })),
      })),
  };
}
