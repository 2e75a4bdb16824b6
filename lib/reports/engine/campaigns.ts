import { KEY_JOIN, NOT_SET, sessionsInRange, type Group } from "../../analytics/engine.ts";
import { byMetric } from "../../analytics/rows.ts";
import { leadsByGroup } from "../../spend/insights.ts";
import { rowsInMemory, type ReportRun } from "../report.ts";
import { groupRow, NO_SESSIONS, partsOf } from "./rows.ts";

const COLUMNS = ["campaign", "source", "medium"] as const;
const keyOf = (campaign: string, source: string, medium: string) => `${campaign}\u0000${source}\u0000${medium}`;

/**
 * Tagged campaigns (utm_campaign set) by campaign, source and medium, most sessions first, with
 * the leads of the range stored with the same campaign and source / medium. A campaign that
 * brought leads but no session in the range is listed with zero sessions.
 */
export const campaignPerformance: ReportRun = async (input) => {
  const site = await input.analytics();
  const r = sessionsInRange(site.data, { from: input.period.from, to: input.period.to, groupBy: ["campaignSourceMedium"] });
  const leads = new Map<string, number>();
  for (const g of await leadsByGroup(site, input.period)) {
    if (g.campaign === NOT_SET) continue;
    const key = keyOf(g.campaign, g.source, g.medium);
    leads.set(key, (leads.get(key) ?? 0) + g.leads);
  }
  const rows = byMetric(r.groups[0], "sessions").flatMap((g) => {
    const [campaign, source, medium] = partsOf(g.key, COLUMNS.length);
    if (campaign === NOT_SET) return [];
    const key = keyOf(campaign, source, medium);
    const row = groupRow("campaign_performance", g, COLUMNS, { leads: leads.get(key) ?? 0 });
    leads.delete(key);
    return [row];
  });
  // Leads of campaigns without a session in the range, most leads first.
  const rest = [...leads].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [key, count] of rest) {
    const [campaign, source, medium] = key.split("\u0000");
    rows.push(groupRow("campaign_performance", noSessions(campaign, source, medium), COLUMNS, { leads: count }));
  }
  return rowsInMemory(rows);
};

const noSessions = (campaign: string, source: string, medium: string): Group => ({ key: [campaign, source, medium].join(KEY_JOIN), sums: NO_SESSIONS });
