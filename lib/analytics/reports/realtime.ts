import type { TenantStore } from "../../db/tenants.ts";
import { NOT_SET } from "../engine.ts";
import { readRows } from "../../db/statements.ts";
import { groupByKeyScratch, scratchInts, ScratchSlot } from "../columns.ts";
import { KEPT_EVENT_TYPES, PAGEVIEW } from "../site-data.ts";
import { UNKEPT_EVENT_ROWS } from "../kept-events.ts";
import { analyticsSite, siteWithoutRebuild, type AnalyticsSite } from "../site-cache.ts";
import { orgStore } from "../../db/org-store.ts";
import type { Platform } from "../../platform.ts";
import { logLine } from "../../log.ts";
import { timeBlocksOf } from "../time-blocks.ts";

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

const byVisitors = (a: Counted, b: Counted) => b.visitors - a.visitors || b.pageviews - a.pageviews || (a.key < b.key ? -1 : 1);

/** The minutes a realtime report covers at `now`: [since, until), the current minute last. */
function windowAt(now: number): { since: number; until: number } {
  const minuteNow = Math.floor(now / MINUTE) * MINUTE;
  return { since: minuteNow - (REALTIME_MINUTES - 1) * MINUTE, until: minuteNow + MINUTE };
}

interface Tally {
  activeVisitors: number;
  visitors: number;
  pageviews: number;
  series: { visitors: number; pageviews: number }[];
  pages: Counted[];
  sources: Counted[];
  countries: Counted[];
}

function answer(now: number, since: number, t: Tally) {
  return {
    at: new Date(now).toISOString(),
    activeVisitors: t.activeVisitors,
    visitors: t.visitors,
    pageviews: t.pageviews,
    series: t.series.map((m, i) => ({ minute: new Date(since + i * MINUTE).toISOString(), ...m })),
    pages: t.pages.map(({ key, ...rest }) => ({ path: key, ...rest })),
    sources: t.sources,
    countries: t.countries,
  };
}

/**
 * Realtime from the event rows (`recent_events`), for a site whose columns are not loaded:
 * every event of the window goes through SQL, so it costs what the window holds (seconds on a
 * site taking a million events in half an hour).
 */
export async function realtimeFromRows(store: TenantStore, siteId: string, now: number) {
  const { since, until } = windowAt(now);
  const rows = (await readRows(
    store,
    `SELECT e.ts, e.type, p.value, s.visitor, src.value, c.value
       FROM recent_events e
       JOIN session_rows s ON s.seq = e.session
       LEFT JOIN strings p ON p.id = e.path
       LEFT JOIN strings src ON src.id = s.source
       LEFT JOIN strings c ON c.id = s.country
      WHERE e.site = (SELECT id FROM strings WHERE value = ?) AND e.ts >= ? AND e.ts < ?`,
    [siteId, since, until],
  )) as [number, number, string | null, number, string | null, string | null][];

  const series = Array.from({ length: REALTIME_MINUTES }, () => ({ visitors: new Set<number>(), pageviews: 0 }));
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
  const top = (groups: typeof pages) => [...groups].map(([key, g]) => ({ key, visitors: g.visitors.size, pageviews: g.pageviews })).sort(byVisitors).slice(0, TOP);
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
  return answer(now, since, {
    activeVisitors: active.size,
    visitors: everyone.size,
    pageviews,
    series: series.map((m) => ({ visitors: m.visitors.size, pageviews: m.pageviews })),
    pages: top(pages),
    sources: top(sources),
    countries: top(countries),
  });
}

/**
 * Reads the window's events of the unkept types from the store once for a site's data: its
 * first load and its snapshot hold none, and the refreshes add only newer ones. Reading some
 * twice is harmless (realtime counts only distinct visitors from them).
 */
async function coverUnkept(site: AnalyticsSite, since: number): Promise<void> {
  const unkept = site.data.unkept;
  if (unkept.coveredFrom <= since) return;
  const rows = (await readRows(
    site.store,
    `SELECT ts, session FROM recent_events WHERE site = ? AND ts >= ? AND ts < ? AND ${UNKEPT_EVENT_ROWS}`,
    [site.data.siteRef, since, unkept.coveredFrom],
  )) as [number, number][];
  for (const [ts, seq] of rows) {
    const p = site.data.positionOfSession(seq);
    if (p >= 0) unkept.add(p, ts);
  }
  unkept.coveredFrom = since;
}

/** The window's events at the last call: the next starts with that much room. */
let lastCount = 0;

/** Bits of a visitor's mark: one per minute of the window, and one for "active". */
const ACTIVE_BIT = 1 << REALTIME_MINUTES;

/**
 * Realtime from the site's columns (brought up to date by the caller): the window's rows of
 * each kept event table, found through each table's time blocks, and the unkept events held
 * for it. Distinct visitors by a mark per visitor (a bit per minute and one for active) and,
 * per page, source and country, by a stamp per visitor over the window's events grouped by
 * key (a counting sort). Equal to `realtimeFromRows` on the same rows.
 */
export async function realtimeReport(site: AnalyticsSite, now: number) {
  const { since, until } = windowAt(now);
  await coverUnkept(site, since);
  const data = site.data;
  const activeFrom = now - ACTIVE_MINUTES * MINUTE;

  // The window's events: session, minute (with the active bit) and path code + 1 of pageviews (0: other).
  let n = 0;
  const room = Math.max(1024, lastCount);
  let sessionOf = scratchInts(ScratchSlot.Rows, room);
  let minuteOf = scratchInts(ScratchSlot.Sorted, room);
  let pathOf = scratchInts(ScratchSlot.Samples, room);
  const push = (p: number, ts: number, path: number) => {
    if (n === sessionOf.length) {
      // Grown through the slots (copying what is there), so the next call starts large enough.
      const size = n * 2;
      sessionOf = copyInto(ScratchSlot.Rows, sessionOf, size);
      minuteOf = copyInto(ScratchSlot.Sorted, minuteOf, size);
      pathOf = copyInto(ScratchSlot.Samples, pathOf, size);
    }
    sessionOf[n] = p;
    minuteOf[n] = Math.floor((ts - since) / MINUTE) | (ts >= activeFrom ? ACTIVE_BIT : 0);
    pathOf[n++] = path;
  };
  for (const type of KEPT_EVENT_TYPES) {
    const table = data.table(type);
    const blocks = timeBlocksOf(data, type);
    const pageview = type === PAGEVIEW;
    blocks.rowsBetween(table, since, until, (r) => push(table.session[r], table.ts.at(r), pageview ? table.path[r] + 1 : 0));
  }
  const unkept = data.unkept;
  for (let i = 0; i < unkept.count; i++) {
    const ts = unkept.ts[i];
    if (ts >= since && ts < until) push(unkept.session[i], ts, 0);
  }
  lastCount = n;
  sessionOf = sessionOf.subarray(0, n);
  minuteOf = minuteOf.subarray(0, n);
  pathOf = pathOf.subarray(0, n);

  const visitorOf = data.sessions.visitor;
  // Per visitor: the minutes (and "active") it was counted for.
  const marks = scratchInts(ScratchSlot.VisitorStamps, data.lastOfVisitor.length).fill(0);
  const series = Array.from({ length: REALTIME_MINUTES }, () => ({ visitors: 0, pageviews: 0 }));
  let everyone = 0, active = 0, pageviews = 0;
  for (let i = 0; i < n; i++) {
    const v = visitorOf[sessionOf[i]];
    const m = marks[v];
    const minute = minuteOf[i] & (ACTIVE_BIT - 1);
    const bits = (1 << minute) | (minuteOf[i] & ACTIVE_BIT);
    if (m === 0) everyone++;
    if ((m & (1 << minute)) === 0) series[minute].visitors++;
    if ((bits & ACTIVE_BIT) !== 0 && (m & ACTIVE_BIT) === 0) active++;
    marks[v] = m | bits;
    if (pathOf[i] > 0) {
      series[minute].pageviews++;
      pageviews++;
    }
  }

  /** Visitors and pageviews per key of a code per event (`size` codes; -1: not counted), top 10. */
  const grouped = (codeOf: (i: number) => number, size: number, keyOf: (code: number) => string | null): Counted[] => {
    const keys = scratchInts(ScratchSlot.Keys, n);
    for (let i = 0; i < n; i++) {
      const c = codeOf(i);
      keys[i] = c < 0 ? size : c;
    }
    const { start, order } = groupByKeyScratch(keys, size + 1);
    // Stamps: the marks above, cleared, then a group's code + 1 per visitor counted for it.
    marks.fill(0);
    const out: Counted[] = [];
    for (let c = 0; c < size; c++) {
      if (start[c] === start[c + 1]) continue;
      let groupVisitors = 0, groupViews = 0;
      for (let j = start[c]; j < start[c + 1]; j++) {
        const i = order[j];
        const v = visitorOf[sessionOf[i]];
        if (marks[v] !== c + 1) {
          marks[v] = c + 1;
          groupVisitors++;
        }
        if (pathOf[i] > 0) groupViews++;
      }
      out.push({ key: keyOf(c) ?? NOT_SET, visitors: groupVisitors, pageviews: groupViews });
    }
    return out.sort(byVisitors).slice(0, TOP);
  };
  const source = data.dims.source, country = data.dims.country;
  const pages = grouped((i) => pathOf[i] - 1, data.paths.size, (c) => data.paths.keys[c]);
  const sources = grouped((i) => source.at(sessionOf[i]), source.size, (c) => source.keys[c]);
  const countries = grouped((i) => country.at(sessionOf[i]), country.size, (c) => country.keys[c]);
  return answer(now, since, { activeVisitors: active, visitors: everyone, pageviews, series, pages, sources, countries });
}

/** A larger array of a scratch slot holding `from`'s values. */
function copyInto(slot: ScratchSlot, from: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const copy = from.slice();
  const to = scratchInts(slot, size);
  to.set(copy);
  return to;
}

/**
 * A site's realtime report: from its columns when they are loaded or can be mapped from its
 * snapshot (half a second at 10 M events, where reading a busy half hour's rows through SQL
 * took seconds); otherwise from the rows, never waiting for a rebuild, while the columns load
 * for the next ask (a realtime view polls) — without the other reports' indexes.
 */
export async function siteRealtime(platform: Platform, orgId: string, siteId: string) {
  const now = platform.now();
  const site = await siteWithoutRebuild(platform, orgId, siteId);
  if (site) return realtimeReport(site, now);
  analyticsSite(platform, orgId, siteId).catch((error) => logLine({ level: "warn", msg: "analytics site not loaded for realtime", siteId, error: String(error) }));
  return realtimeFromRows(await orgStore(platform, orgId), siteId, now);
}
