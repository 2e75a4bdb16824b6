import { attributedConversions, type ChannelCredit } from "../../analytics/attribution.ts";
import { sessionsInRange, type Group } from "../../analytics/engine.ts";
import { asMoney, metricOf } from "../../analytics/metrics.ts";
import { rowsInMemory, type ReportRun } from "../report.ts";
import { NO_SESSIONS, rowOf } from "./rows.ts";

const NO_CREDIT = { conversions: 0, revenue: 0 };

/**
 * Per channel: its sessions' own conversions (last click, as every report counts them) and the
 * credit of the range's conversions by last non-direct click and by first click over the 90-day
 * lookback (lib/analytics/attribution.ts, the Attribution page's numbers). Every channel with a
 * session or a credit; most conversions first, then most last non-direct credit, then by name.
 */
export const conversionsByChannel: ReportRun = async (input) => {
  const site = await input.analytics();
  const { from, to } = input.period;
  const own = new Map<string, Group>(sessionsInRange(site.data, { from, to, groupBy: ["channel"] }).groups[0].map((g) => [g.key, g]));
  const credit = new Map<string, ChannelCredit>(attributedConversions(site.data, from, to).rows.map((c) => [c.key, c]));
  const rows = [...new Set([...own.keys(), ...credit.keys()])].map((channel) => {
    const s = own.get(channel)?.sums ?? NO_SESSIONS;
    const c = credit.get(channel);
    return rowOf("conversions_by_channel", {
      channel,
      sessions: s.sessions,
      conversions: s.conversions,
      conversionRate: metricOf("conversionRate", s),
      revenue: asMoney(s.revenue),
      lastNonDirectConversions: (c?.lastNonDirect ?? NO_CREDIT).conversions,
      lastNonDirectRevenue: (c?.lastNonDirect ?? NO_CREDIT).revenue,
      firstTouchConversions: (c?.firstTouch ?? NO_CREDIT).conversions,
      firstTouchRevenue: (c?.firstTouch ?? NO_CREDIT).revenue,
    });
  });
  const n = (v: unknown) => v as number;
  rows.sort((a, b) => n(b.conversions) - n(a.conversions) || n(b.lastNonDirectConversions) - n(a.lastNonDirectConversions) || ((a.channel as string) < (b.channel as string) ? -1 : 1));
  return rowsInMemory(rows);
};
