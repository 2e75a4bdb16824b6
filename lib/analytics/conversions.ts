import { datesOf } from "../date-range.ts";
import { dateOfEpochDay } from "../time.ts";
import { NOT_SET } from "./engine.ts";
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
  const ev = data.pageEvents;
  const byName = new Map<number, { conversions: number; revenue: number; sessions: number; users: number; lastSession: number; lastVisitor: number }>();
  const byCurrency = new Map<number, { conversions: number; value: number }>();
  const byDay = new Map<number, { conversions: number; revenue: number }>();
  const site = data.strings.indexOf(siteCurrency);
  let conversions = 0;
  let revenue = 0;
  for (let i = 0; i < data.order.length; i++) {
    const p = data.order[i];
    const day = s.day[p];
    if (day < period.from || day > period.to || s.conversions[p] === 0) continue;
    for (let j = data.peStart[p], end = data.peStart[p + 1]; j < end; j++) {
      const e = data.peOrder[j];
      if (ev.type[e] !== CONVERSION) continue;
      const value = ev.value[e];
      const counted = ev.currency[e] === site || ev.currency[e] === 0 ? value : 0;
      conversions++;
      revenue += counted;
      let n = byName.get(ev.name[e]);
      if (!n) byName.set(ev.name[e], (n = { conversions: 0, revenue: 0, sessions: 0, users: 0, lastSession: -1, lastVisitor: -1 }));
      n.conversions++;
      n.revenue += counted;
      // Sessions come visitor by visitor, so "not the last one seen" means new.
      if (n.lastSession !== p) (n.sessions++, (n.lastSession = p));
      if (n.lastVisitor !== s.visitor[p]) (n.users++, (n.lastVisitor = s.visitor[p]));
      let c = byCurrency.get(ev.currency[e]);
      if (!c) byCurrency.set(ev.currency[e], (c = { conversions: 0, value: 0 }));
      c.conversions++;
      c.value += value;
      let d = byDay.get(day);
      if (!d) byDay.set(day, (d = { conversions: 0, revenue: 0 }));
      d.conversions++;
      d.revenue += counted;
    }
  }
  const text = (id: number) => data.text(id) ?? NOT_SET;
  const days = new Map([...byDay].map(([day, d]) => [dateOfEpochDay(day), d]));
  return {
    totals: { conversions, revenue: asMoney(revenue) },
    byName: [...byName]
      .map(([name, n]) => ({ name: text(name), conversions: n.conversions, revenue: asMoney(n.revenue), sessions: n.sessions, users: n.users }))
      .sort((a, b) => b.conversions - a.conversions || (a.name < b.name ? -1 : 1)),
    byCurrency: [...byCurrency]
      .map(([currency, c]) => ({ currency: currency === 0 ? siteCurrency : text(currency), conversions: c.conversions, value: asMoney(c.value) }))
      .sort((a, b) => b.conversions - a.conversions || (a.currency < b.currency ? -1 : 1)),
    series: datesOf(period.range).map((date) => ({ date, conversions: days.get(date)?.conversions ?? 0, revenue: asMoney(days.get(date)?.revenue ?? 0) })),
  };
}
