import { asMoney } from "./metrics.ts";
import type { SiteData } from "./site-data.ts";

/**
 * Conversion credit by channel under four models. A conversion belongs to the session it
 * happened in (a session started in the range, as in every report); its touches are the
 * visitor's sessions that started up to that session, within the lookback window.
 */
export const ATTRIBUTION_MODELS = ["firstTouch", "lastTouch", "lastNonDirect", "linear"] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];
/** GA4's default lookback for acquisition conversion events. */
export const LOOKBACK_DAYS = 90;
const DAY_MS = 86_400_000;

export interface Credit {
  conversions: number;
  revenue: number;
}
export type ChannelCredit = { key: string } & Record<AttributionModel, Credit>;

export function attributedConversions(data: SiteData, from: number, to: number): { rows: ChannelCredit[]; totals: Credit } {
  const s = data.sessions;
  const channel = s.dims.channel;
  const credit = new Map<number, Record<AttributionModel, Credit>>();
  const give = (ch: number, model: AttributionModel, share: number, conversions: number, revenue: number) => {
    let c = credit.get(ch);
    if (!c) credit.set(ch, (c = Object.fromEntries(ATTRIBUTION_MODELS.map((m) => [m, { conversions: 0, revenue: 0 }])) as Record<AttributionModel, Credit>));
    c[model].conversions += conversions * share;
    c[model].revenue += revenue * share;
  };
  const direct = data.strings.indexOf("direct");
  const totals: Credit = { conversions: 0, revenue: 0 };
  const order = data.order;
  for (let start = 0; start < order.length; ) {
    // One visitor's sessions, earliest first.
    let end = start + 1;
    while (end < order.length && s.visitor[order[end]] === s.visitor[order[start]]) end++;
    for (let i = start; i < end; i++) {
      const p = order[i];
      const conversions = s.conversions[p];
      if (conversions === 0 || s.day[p] < from || s.day[p] > to) continue;
      const revenue = s.revenue[p];
      totals.conversions += conversions;
      totals.revenue += revenue;
      let first = i;
      while (first > start && s.startedAt[order[first - 1]] >= s.startedAt[p] - LOOKBACK_DAYS * DAY_MS) first--;
      const touches = i - first + 1;
      let lastNonDirect = channel[p];
      for (let j = i; j >= first; j--) {
        if (channel[order[j]] !== direct) {
          lastNonDirect = channel[order[j]];
          break;
        }
      }
      give(channel[order[first]], "firstTouch", 1, conversions, revenue);
      give(channel[p], "lastTouch", 1, conversions, revenue);
      give(lastNonDirect, "lastNonDirect", 1, conversions, revenue);
      for (let j = first; j <= i; j++) give(channel[order[j]], "linear", 1 / touches, conversions, revenue);
    }
    start = end;
  }
  const round = (c: Credit): Credit => ({ conversions: Math.round(c.conversions * 100) / 100, revenue: asMoney(c.revenue) });
  const rows = [...credit].map(([ch, c]) => ({ key: data.text(ch) ?? "unassigned", ...(Object.fromEntries(ATTRIBUTION_MODELS.map((m) => [m, round(c[m])])) as Record<AttributionModel, Credit>) }));
  rows.sort((a, b) => b.lastTouch.conversions - a.lastTouch.conversions || b.linear.conversions - a.linear.conversions || (a.key < b.key ? -1 : 1));
  return { rows, totals: round(totals) };
}
