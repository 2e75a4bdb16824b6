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

/** The visitor's sessions up to session p within the lookback, latest first (into `out`). */
export function touchesOf(data: SiteData, p: number, out: number[]): number[] {
  const startedAt = data.sessions.startedAt;
  out.length = 0;
  for (let q = p; q >= 0 && startedAt[q] >= startedAt[p] - LOOKBACK_DAYS * DAY_MS; q = data.prevOfVisitor[q]) out.push(q);
  return out;
}

/**
 * The sessions a conversion in session p is credited to under `model`, each with its share
 * (what attributedConversions credits per channel, per session instead).
 */
export function creditedSessions(data: SiteData, p: number, model: AttributionModel, touches: number[], credit: (q: number, share: number) => void): void {
  touchesOf(data, p, touches);
  if (model === "firstTouch") return credit(touches[touches.length - 1], 1);
  if (model === "lastTouch") return credit(p, 1);
  if (model === "linear") {
    for (const q of touches) credit(q, 1 / touches.length);
    return;
  }
  const channel = data.dims.channel;
  const direct = channel.keys.indexOf("direct");
  credit(touches.find((q) => channel.at(q) !== direct) ?? p, 1);
}

export function attributedConversions(data: SiteData, from: number, to: number): { rows: ChannelCredit[]; totals: Credit } {
  const s = data.sessions;
  const { keys, ofTuple, group } = data.dims.channel;
  const tuples = group.tuples;
  const channelOf = (p: number) => ofTuple[tuples[p]];
  const credit = new Map<number, Record<AttributionModel, Credit>>();
  const give = (ch: number, model: AttributionModel, share: number, conversions: number, revenue: number) => {
    let c = credit.get(ch);
    if (!c) credit.set(ch, (c = Object.fromEntries(ATTRIBUTION_MODELS.map((m) => [m, { conversions: 0, revenue: 0 }])) as Record<AttributionModel, Credit>));
    c[model].conversions += conversions * share;
    c[model].revenue += revenue * share;
  };
  const direct = keys.indexOf("direct");
  const totals: Credit = { conversions: 0, revenue: 0 };
  const touches: number[] = [];
  const window = data.sessionWindow(from, to);
  const start = window[0] | 0, end = window[1] | 0;
  for (let p = start; p < end; p++) {
    const conversions = s.conversions[p];
    if (conversions === 0 || s.day[p] < from || s.day[p] > to) continue;
    const revenue = s.revenue[p];
    totals.conversions += conversions;
    totals.revenue += revenue;
    touchesOf(data, p, touches);
    const lastNonDirect = touches.find((q) => channelOf(q) !== direct) ?? p;
    give(channelOf(touches[touches.length - 1]), "firstTouch", 1, conversions, revenue);
    give(channelOf(p), "lastTouch", 1, conversions, revenue);
    give(channelOf(lastNonDirect), "lastNonDirect", 1, conversions, revenue);
    for (const q of touches) give(channelOf(q), "linear", 1 / touches.length, conversions, revenue);
  }
  const round = (c: Credit): Credit => ({ conversions: Math.round(c.conversions * 100) / 100, revenue: asMoney(c.revenue) });
  const rows = [...credit].map(([ch, c]) => ({ key: keys[ch] ?? "unassigned", ...(Object.fromEntries(ATTRIBUTION_MODELS.map((m) => [m, round(c[m])])) as Record<AttributionModel, Credit>) }));
  rows.sort((a, b) => b.lastTouch.conversions - a.lastTouch.conversions || b.linear.conversions - a.linear.conversions || (a.key < b.key ? -1 : 1));
  return { rows, totals: round(totals) };
}
