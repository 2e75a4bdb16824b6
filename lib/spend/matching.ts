import type { AdPlatform } from "./models.ts";

/**
 * Matching ad spend to our session groups (docs/campaigns.md "Marketing insights"): which
 * groups a spend campaign matches, and the clusters of spend and groups that become one row each.
 */

export const NOT_SET = "(not set)";

/** The source / medium ingest gives a session that landed with only the platform's click id (lib/channels.ts). */
const CLICK_ID_TRAFFIC: Partial<Record<AdPlatform, { source: string; medium: string }>> = {
  google_ads: { source: "google", medium: "cpc" },
  microsoft_ads: { source: "bing", medium: "cpc" },
  meta_ads: { source: "facebook", medium: "paid" },
  linkedin_ads: { source: "linkedin", medium: "cpc" },
  tiktok_ads: { source: "tiktok", medium: "cpc" },
};

/** A session group as matching sees it; `cluster` is the index of the cluster it joined, or -1. */
export interface MatchGroup {
  campaign: string;
  source: string;
  medium: string;
  cluster: number;
}
/** A spend campaign as matching sees it. */
export interface MatchSpend {
  platform: AdPlatform;
  campaignName: string;
  utmCampaign: string | null;
  utmSource: string | null;
  utmMedium: string | null;
}
export interface Cluster<S, G> {
  spend: S[];
  groups: G[];
}

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The session groups a spend campaign matches, first rule that finds any: its utm_campaign or
 * campaign name equal to the group's campaign (case-insensitive) with its utm_source and
 * utm_medium when it has them; else the sessions its platform's click id brought without a
 * campaign. (A utm_id step comes first in the contract; sessions keep no utm_id, so it is skipped.)
 */
export function matchesOf<G extends MatchGroup>(spend: MatchSpend, groups: G[]): G[] {
  const byName = groups.filter(
    (g) => g.campaign !== NOT_SET && (same(spend.utmCampaign, g.campaign) || same(spend.campaignName, g.campaign)) &&
      (spend.utmSource === null || same(spend.utmSource, g.source)) && (spend.utmMedium === null || same(spend.utmMedium, g.medium)),
  );
  if (byName.length > 0) return byName;
  const clickId = CLICK_ID_TRAFFIC[spend.platform];
  return clickId ? groups.filter((g) => g.campaign === NOT_SET && g.source === clickId.source && g.medium === clickId.medium) : [];
}

/**
 * Spend campaigns joined with the groups they match: a spend matching a group already taken
 * joins (and merges) that group's cluster, so no session is counted under two rows. Sets each
 * group's `cluster`; returns only clusters that hold spend, in the order of their first spend.
 */
export function clustersOf<S extends MatchSpend, G extends MatchGroup>(spend: S[], groups: G[]): Cluster<S, G>[] {
  const clusters: Cluster<S, G>[] = [];
  for (const c of spend) {
    const matched = matchesOf(c, groups);
    const joined = matched.find((g) => g.cluster >= 0);
    const at = joined ? joined.cluster : clusters.push({ spend: [], groups: [] }) - 1;
    clusters[at].spend.push(c);
    for (const g of matched) {
      if (g.cluster === at) continue;
      if (g.cluster >= 0) {
        // Another cluster holds it: that cluster merges into this one.
        const other = clusters[g.cluster];
        clusters[g.cluster] = { spend: [], groups: [] };
        for (const og of other.groups) og.cluster = at;
        clusters[at].spend.push(...other.spend);
        clusters[at].groups.push(...other.groups);
        continue;
      }
      g.cluster = at;
      clusters[at].groups.push(g);
    }
  }
  return clusters.filter((cluster) => cluster.spend.length > 0);
}
