import { datesOf } from "../date-range.ts";
import { dateOfEpochDay } from "../time.ts";
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
  const byName = new Map<number, { conversions: number; revenue: number; sessions: Set<number>; users: Set<number> }>();
  const byCurrency = new Map<number, { conversions: number; value: number }>();
  const byDay = new Map<number, { conversions: number; revenue: number }>();
  const site = data.strings.indexOf(siteCurrency);
  let conversions = 0;
  let revenue = 0;
  const window = data.tableWindow(CONVERSION, period.from, period.to);
  const start = window[0] | 0, end = window[1] | 0;
  for (let row = start; row < end; row++) {
    const day = t.day[row];
    if (day < period.from || day > period.to) continue;
    const p = t.session[row];
    const value = t.value[row];
    const currency = t.aux[row];
    const counted = currency === site || currency === 0 ? value : 0;
    conversions++;
    revenue += counted;
    let n = byName.get(t.name[row]);
    if (!n) byName.set(t.name[row], (n = { conversions: 0, revenue: 0, sessions: new Set(), users: new Set() }));
    n.conversions++;
    n.revenue += counted;
    n.sessions.add(p);
    n.users.add(s.visitor[p]);
    let c = byCurrency.get(currency);
    if (!c) byCurrency.set(currency, (c = { conversions: 0, value: 0 }));
    c.conversions++;
    c.value += value;
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = { conversions: 0, revenue: 0 }));
    d.conversions++;
    d.revenue += counted;
  }
  const text = (id: number) => data.text(id) ?? NOT_SET;
  const days = new Map([...byDay].map(([day, d]) => [dateOfEpochDay(day), d]));
  return {
    totals: { conversions, revenue: asMoney(revenue) },
    byName: [...byName]
      .map(([name, n]) => ({ name: data.labels.keys[name] ?? NOT_SET, conversions: n.conversions, revenue: asMoney(n.revenue), sessions: n.sessions.size, users: n.users.size }))
      .sort((a, b) => b.conversions - a.conversions || (a.name < b.name ? -1 : 1)),
    byCurrency: [...byCurrency]
      .map(([currency, c]) => ({ currency: currency === 0 ? siteCurrency : text(currency), conversions: c.conversions, value: asMoney(c.value) }))
      .sort((a, b) => b.conversions - a.conversions || (a.currency < b.currency ? -1 : 1)),
    series: datesOf(period.range).map((date) => ({ date, conversions: days.get(date)?.conversions ?? 0, revenue: asMoney(days.get(date)?.revenue ?? 0) })),
  };
}
