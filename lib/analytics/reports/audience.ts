import { sessionsInRange } from "../engine.ts";
import type { Period } from "../period.ts";
import { byMetric, metricRow } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

const TOP = 50;

/** Who the visitors are: new vs returning, devices, browsers, systems, languages, screens. */
export function audienceReport(site: AnalyticsSite, period: Period) {
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, groupBy: ["userType", "device", "browser", "os", "language", "screen"] });
  const [userTypes, devices, browsers, operatingSystems, languages, screens] = r.groups.map((g) => byMetric(g, "sessions").map(metricRow));
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    userTypes,
    devices,
    browsers,
    operatingSystems,
    languages: languages.slice(0, TOP),
    screens: screens.slice(0, TOP),
  };
}
