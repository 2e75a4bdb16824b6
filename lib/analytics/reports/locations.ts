import { invalid } from "../../errors.ts";
import { sessionsInRange, type Filter } from "../engine.ts";
import type { Period } from "../period.ts";
import { byMetric, metricRow } from "../rows.ts";
import type { AnalyticsSite } from "../site-cache.ts";

/** Countries; a country's regions; a region's cities. */
export function locationsReport(site: AnalyticsSite, period: Period, place: { country?: string; region?: string }) {
  if (place.region !== undefined && place.country === undefined) throw invalid("region", "needs country");
  if (place.country !== undefined && !/^[A-Za-z]{2}$/.test(place.country)) throw invalid("country", "must be an ISO 3166-1 alpha-2 code");
  const country = place.country?.toUpperCase() ?? null;
  const region = place.region ?? null;
  const filters: Filter[] = [];
  if (country) filters.push({ dim: "country", op: "is", value: country });
  if (region !== null) filters.push({ dim: "region", op: "is", value: region });
  const level = region !== null ? "city" : country ? "region" : "country";
  const r = sessionsInRange(site.data, { from: period.from, to: period.to, filters, groupBy: [level] });
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    level,
    country,
    region,
    rows: byMetric(r.groups[0], "sessions").map(metricRow),
  } as const;
}
