import { sessionsInRange, type Group } from "../engine.ts";
import { kpisOf, metricOf } from "../metrics.ts";
import type { Overview } from "../models.ts";
import { previousPeriod, type Period } from "../period.ts";
import { byMetric, topPages } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { datesOf } from "../../date-range.ts";

const TOP = 10;

/** Spec 2.6: KPIs of the period and the one before, a zero-filled daily series, top groups. */
export function overviewReport(site: AnalyticsSite, period: Period): Overview {
  const current = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["date", "channel", "country", "device"], pages: true });
  const prev = previousPeriod(period);
  const previous = sessionsInRange(site.data, { from: prev.from, to: prev.to });
  const [days, channels, countries, devices] = current.groups;
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    current: kpisOf(current.totals),
    previous: kpisOf(previous.totals),
    series: dailySeries(days, period),
    channels: byMetric(channels, "sessions").map((g) => ({
      key: g.key,
      sessions: g.sums.sessions,
      users: g.sums.users,
      engagementRate: metricOf("engagementRate", g.sums),
      conversions: g.sums.conversions,
      revenue: metricOf("revenue", g.sums),
      pageviews: g.sums.pageviews,
    })),
    pages: topPages(current.pages!)
      .slice(0, TOP)
      .map(({ path, title, views, users }) => ({ path, title, views, users })),
    countries: byMetric(countries, "sessions").slice(0, TOP).map((g) => ({ key: g.key, sessions: g.sums.sessions, users: g.sums.users })),
    devices: byMetric(devices, "sessions").map((g) => ({ key: g.key, sessions: g.sums.sessions, users: g.sums.users })),
  };
}

/** Sessions, users, pageviews and conversions of every day of the range, zero days too, from a `date` grouping. */
export function dailySeries(days: Group[], period: Period) {
  const byDate = new Map(days.map((g) => [g.key, g.sums]));
  return datesOf(period.range).map((date) => {
    const s = byDate.get(date);
    return { date, sessions: s?.sessions ?? 0, users: s?.users ?? 0, pageviews: s?.pageviews ?? 0, conversions: s?.conversions ?? 0 };
  });
}
