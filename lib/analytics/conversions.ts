import { datesOf } from "../date-range.ts";
import { epochDayOf } from "../time.ts";
import { groupByKeyScratch, scratchInts, ScratchSlot } from "./columns.ts";
import { NOT_SET } from "./keyings.ts";
import { asMoney } from "./metrics.ts";
import type { Period } from "./period.ts";
import { CONVERSION, type SiteData } from "./site-data.ts";

/**
 * Conversion events of the sessions started in the range (so totals match every other
 * report): by name, by currency, and by day. Revenue counts the site currency only; other
 * currencies are shown with their own value (DESIGN section 3).
 */
export function conversionsInRange(data: SiteData, period: Period, siteCurrency: string) {
  const s = data.sessions;
  const t = data.table(CONVERSION);
  const sessionDay = s.day;
  const from = period.from | 0, to = period.to | 0;
  const site = data.strings.indexOf(siteCurrency);
  // Sums in typed arrays by name code, currency (strings id) and day: no map or set per row.
  const names = data.labels.size;
  const byName = new Float64Array(names * 2); // conversions, revenue
  const byCurrency = new Float64Array(data.strings.length * 2); // conversions, value
  const byDay = new Float64Array((to - from + 1) * 2); // conversions, revenue
  const window = data.tableWindow(CONVERSION, from, to);
  const start = window[0] | 0, end = window[1] | 0;
  const rows = scratchInts(ScratchSlot.Rows, end - start);
  let conversions = 0;
  let revenue = 0;
  for (let row = start; row < end; row++) {
    const day = sessionDay[t.session[row]];
    if (day < from || day > to) continue;
    const value = t.value[row];
    const currency = t.aux[row];
    const counted = currency === site || currency === 0 ? value : 0;
    rows[conversions++] = row;
    revenue += counted;
    byName[t.name[row] * 2] += 1;
    byName[t.name[row] * 2 + 1] += counted;
    byCurrency[currency * 2] += 1;
    byCurrency[currency * 2 + 1] += value;
    byDay[(day - from) * 2] += 1;
    byDay[(day - from) * 2 + 1] += counted;
  }
  // Distinct sessions and visitors per name: the rows grouped by name, each group stamping the
  // sessions and visitors it meets (a stamp is the group's number: no clearing between groups).
  const nameOfRow = scratchInts(ScratchSlot.Keys, conversions);
  for (let i = 0; i < conversions; i++) nameOfRow[i] = t.name[rows[i]];
  const { start: groupStart, order } = groupByKeyScratch(nameOfRow, names);
  const sessionStamp = scratchInts(ScratchSlot.SessionStamps, s.count).fill(0);
  const visitorStamp = scratchInts(ScratchSlot.VisitorStamps, data.lastOfVisitor.length).fill(0);
  const sessionsOf = new Float64Array(names);
  const usersOf = new Float64Array(names);
  for (let name = 0; name < names; name++) {
    for (let i = groupStart[name]; i < groupStart[name + 1]; i++) {
      const p = t.session[rows[order[i]]];
      if (sessionStamp[p] !== name + 1) (sessionStamp[p] = name + 1), sessionsOf[name]++;
      const v = s.visitor[p];
      if (visitorStamp[v] !== name + 1) (visitorStamp[v] = name + 1), usersOf[name]++;
    }
  }
  const named = [];
  for (let name = 0; name < names; name++) if (byName[name * 2] > 0) named.push({ name: data.labels.keys[name] ?? NOT_SET, conversions: byName[name * 2], revenue: asMoney(byName[name * 2 + 1]), sessions: sessionsOf[name], users: usersOf[name] });
  const currencies = [];
  for (let id = 0; id * 2 < byCurrency.length; id++) if (byCurrency[id * 2] > 0) currencies.push({ id, conversions: byCurrency[id * 2], value: byCurrency[id * 2 + 1] });
  const text = (id: number) => data.text(id) ?? NOT_SET;
  return {
    totals: { conversions, revenue: asMoney(revenue) },
    byName: named.sort((a, b) => b.conversions - a.conversions || (a.name < b.name ? -1 : 1)),
    byCurrency: currencies
      .map(({ id, conversions, value }) => ({ currency: id === 0 ? siteCurrency : text(id), conversions, value: asMoney(value) }))
      .sort((a, b) => b.conversions - a.conversions || (a.currency < b.currency ? -1 : 1)),
    series: datesOf(period.range).map((date) => {
      const at = epochDayOf(date) - from;
      const inRange = at >= 0 && at * 2 < byDay.length;
      return { date, conversions: inRange ? byDay[at * 2] : 0, revenue: asMoney(inRange ? byDay[at * 2 + 1] : 0) };
    }),
  };
}
