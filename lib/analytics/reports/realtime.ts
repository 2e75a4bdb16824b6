import type { TenantStore } from "../../db/tenants.ts";
import { NOT_SET } from "../engine.ts";
import { readRows } from "../../db/statements.ts";
import { PAGEVIEW } from "../site-data.ts";

/** Realtime (DESIGN section 5): the last 30 minutes by minute, from the recent events (73 hours kept). */
export const REALTIME_MINUTES = 30;
/** A visitor is active now with an event in the last 5 minutes (GA4's realtime card shows 30). */
export const ACTIVE_MINUTES = 5;
const TOP = 10;
const MINUTE = 60_000;

interface Counted {
  key: string;
  visitors: number;
  pageviews: number;
}

function top(groups: Map<string, { visitors: Set<number>; pageviews: number }>): Counted[] {
  return [...groups]
    .map(([key, g]) => ({ key, visitors: g.visitors.size, pageviews: g.pageviews }))
    .sort((a, b) => b.visitors - a.visitors || b.pageviews - a.pageviews || (a.key < b.key ? -1 : 1))
    .slice(0, TOP);
}

export async function realtimeReport(store: TenantStore, siteId: string, now: number) {
  const minuteNow = Math.floor(now / MINUTE) * MINUTE;
  const since = minuteNow - (REALTIME_MINUTES - 1) * MINUTE;
  const rows = (await readRows(
    store,
    `SELECT e.ts, e.type, p.value, s.visitor, src.value, c.value
       FROM recent_events e
       JOIN session_rows s ON s.seq = e.session
       LEFT JOIN strings p ON p.id = e.path
       LEFT JOIN strings src ON src.id = s.source
       LEFT JOIN strings c ON c.id = s.country
      WHERE e.site = (SELECT id FROM strings WHERE value = ?) AND e.ts >= ? AND e.ts < ?`,
    [siteId, since, minuteNow + MINUTE],
  )) as [number, number, string | null, number, string | null, string | null][];

  const series = Array.from({ length: REALTIME_MINUTES }, (_, i) => ({ minute: since + i * MINUTE, visitors: new Set<number>(), pageviews: 0 }));
  const active = new Set<number>();
  const everyone = new Set<number>();
  const pages = new Map<string, { visitors: Set<number>; pageviews: number }>();
  const sources = new Map<string, { visitors: Set<number>; pageviews: number }>();
  const countries = new Map<string, { visitors: Set<number>; pageviews: number }>();
  const count = (groups: typeof pages, key: string, visitor: number, pageview: boolean) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { visitors: new Set(), pageviews: 0 }));
    g.visitors.add(visitor);
    if (pageview) g.pageviews++;
  };
  let pageviews = 0;
  for (const [ts, type, path, visitor, source, country] of rows) {
    const pageview = type === PAGEVIEW;
    const slot = series[Math.floor((ts - since) / MINUTE)];
    slot.visitors.add(visitor);
    everyone.add(visitor);
    if (ts >= now - ACTIVE_MINUTES * MINUTE) active.add(visitor);
    if (pageview) {
      slot.pageviews++;
      pageviews++;
      count(pages, path ?? NOT_SET, visitor, true);
    }
    count(sources, source ?? NOT_SET, visitor, pageview);
    count(countries, country ?? NOT_SET, visitor, pageview);
  }
  return {
    at: new Date(now).toISOString(),
    activeVisitors: active.size,
    visitors: everyone.size,
    pageviews,
    series: series.map((m) => ({ minute: new Date(m.minute).toISOString(), visitors: m.visitors.size, pageviews: m.pageviews })),
    pages: top(pages).map(({ key, ...rest }) => ({ path: key, ...rest })),
    sources: top(sources),
    countries: top(countries),
  };
}
