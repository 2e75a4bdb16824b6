import { sessionsInRange } from "../engine.ts";
import { asSeconds } from "../metrics.ts";
import type { Period } from "../period.ts";
import { topPages } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

const TOP = 200;

/** Views, users, entrances, exits and engaged time per path, with titles: the top 200 (pageRows has them all). */
export function pagesReport(site: AnalyticsSite, period: Period) {
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    rows: pageRows(site, period)
      .slice(0, TOP)
      .map(({ id: _id, ...row }) => row),
  };
}

/** Every viewed path of the range, most views first, with its code (`SiteData.paths`) for joining per-path data. */
export function pageRows(site: AnalyticsSite, period: Period) {
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["landing", "exit"], pages: true });
  const [landings, exits] = r.groups.map((g) => new Map(g.map((x) => [x.key, x.sums.sessions])));
  return topPages(r.pages!).map((p) => ({
    id: p.id,
    path: p.path,
    title: p.title,
    views: p.views,
    users: p.users,
    entrances: landings.get(p.path) ?? 0,
    exits: exits.get(p.path) ?? 0,
    engagedSeconds: asSeconds(p.engagedMs),
    avgEngagedSeconds: asSeconds(p.engagedMs / p.views),
  }));
}
