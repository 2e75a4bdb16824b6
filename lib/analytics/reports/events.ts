import { eachRowInRange, EventTally, eventsPerUser } from "../event-tally.ts";
import { NOT_SET } from "../keyings.ts";
import type { Period } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { CUSTOM_EVENT } from "../site-data.ts";

const TOP_EVENTS = 100;
const TOP_PROPERTIES = 10;
const TOP_VALUES = 10;

type PropertyCounts = Map<string, Map<string, number>>;

/** Custom events (`tidemark('event', name, props)`): counts, sessions, users and their most used properties. */
export function eventsReport(site: AnalyticsSite, period: Period) {
  const data = site.data;
  const tally = new EventTally(data, CUSTOM_EVENT, period.from);
  const { name: names, aux: propsOf } = data.table(CUSTOM_EVENT);
  /** Per event name, how often each distinct property set was sent. */
  const propsSeen = new Map<number, Map<number, number>>();
  let events = 0;
  eachRowInRange(data, period.from, period.to, CUSTOM_EVENT, (row) => {
    events++;
    const name = names[row];
    tally.add(row);
    const props = propsOf[row];
    if (props === 0) return;
    let seen = propsSeen.get(name);
    if (!seen) propsSeen.set(name, (seen = new Map()));
    seen.set(props, (seen.get(props) ?? 0) + 1);
  });
  const rows = tally.rows(TOP_EVENTS);
  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency: site.currency,
    totals: { events, users: tally.users },
    rows: rows.map((r) => ({
      name: data.labels.keys[r.label] ?? NOT_SET,
      events: r.events,
      sessions: r.sessions,
      users: r.users,
      eventsPerUser: eventsPerUser(r.events, r.users),
      properties: topProperties(propertyCounts(data.props, propsSeen.get(r.label))),
    })),
  };
}

/** Each distinct property set is parsed once and counted as often as it was sent. */
function propertyCounts(texts: readonly (string | null)[], seen: Map<number, number> | undefined): PropertyCounts {
  const counts: PropertyCounts = new Map();
  for (const [id, times] of seen ?? []) {
    let props: Record<string, unknown>;
    try {
      props = JSON.parse(texts[id] ?? "{}") as Record<string, unknown>;
    } catch {
      continue; // stored by ingest as JSON; nothing else can be in there
    }
    for (const [key, raw] of Object.entries(props)) {
      const value = raw === null ? NOT_SET : String(raw);
      let values = counts.get(key);
      if (!values) counts.set(key, (values = new Map()));
      values.set(value, (values.get(value) ?? 0) + times);
    }
  }
  return counts;
}

function topProperties(counts: PropertyCounts) {
  const byCount = <K extends string>(entries: [K, number][]) => entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return [...counts]
    .map(([key, values]) => ({ key, events: [...values.values()].reduce((n, c) => n + c, 0), values: byCount([...values]).slice(0, TOP_VALUES).map(([value, events]) => ({ value, events })) }))
    .sort((a, b) => b.events - a.events || (a.key < b.key ? -1 : 1))
    .slice(0, TOP_PROPERTIES);
}
