import { sessionsInRange } from "../engine.ts";
import { asSeconds } from "../metrics.ts";
import type { Period } from "../period.ts";
import { topPages } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

const TOP = 200;

/** Views, users, entrances, exits and engaged time per path, with titles. */
export function pagesReport(site: AnalyticsSite, period: Period) {
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["landing", "exit"], pages: true });
  const [landings, exits] = r.groups.map((g) => new Map(g.map((x) => [x.key, x.sums.sessions])));
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    rows: topPages(r.pages!)
      .slice(0, TOP)
      .map((p) => ({
        path: p.path,
        title: p.title,
        views: p.views,
        users: p.users,
        entrances: landings.get(p.path) ?? 0,
        exits: exits.get(p.path) ?? 0,
        engagedSeconds: asSeconds(p.engagedMs),
        avgEngagedSeconds: asSeconds(p.engagedMs / p.views),
      })),
  };
}
