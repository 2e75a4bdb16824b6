import { creditedSessions, type AttributionModel } from "../analytics/attribution.ts";
import type { Period } from "../analytics/period.ts";
import type { AnalyticsSite } from "../analytics/site-cache.ts";
import { PAID_CHANNELS } from "../channels.ts";
import { readRows } from "../db/statements.ts";
import { dayIn } from "../time.ts";
import { adPlatformStates } from "./states.ts";
import { clustersOf, NOT_SET, type Cluster as MatchCluster, type MatchGroup, type MatchSpend } from "./matching.ts";
import { AD_PLATFORMS, type AdPlatform, type InsightModel, type InsightRow, type MarketingInsights } from "./models.ts";

/**
 * Marketing insights (docs/campaigns.md "Marketing insights"): the site's ad spend per channel
 * and campaign beside its own sessions, leads and credited conversions. Our side is one pass
 * over the range's sessions, summed per traffic tuple (channel, source, medium, campaign …);
 * the ad side is the range's `ad_spend` rows, matched to the session groups.
 */

const MODEL_OF: Record<InsightModel, AttributionModel> = { first_touch: "firstTouch", last_touch: "lastTouch", last_non_direct: "lastNonDirect", linear: "linear" };
/** The channel a platform's spend counts under when it matched no sessions. */
const CHANNEL_OF_PLATFORM: Record<AdPlatform, string> = {
  google_ads: "paid_search",
  microsoft_ads: "paid_search",
  meta_ads: "paid_social",
  linkedin_ads: "paid_social",
  tiktok_ads: "paid_social",
  other: "paid_other",
};

interface Ours {
  sessions: number;
  engagedSessions: number;
  leads: number;
  conversions: number;
  revenue: number;
}
interface Ads {
  spend: number;
  impressions: number;
  clicks: number;
  platformConversions: number;
  platformConversionValue: number;
}
const noOurs = (): Ours => ({ sessions: 0, engagedSessions: 0, leads: 0, conversions: 0, revenue: 0 });
const noAds = (): Ads => ({ spend: 0, impressions: 0, clicks: 0, platformConversions: 0, platformConversionValue: 0 });
/** Adds each figure of `o` into `into`. */
const addInto = <T extends Ours | Ads>(into: T, o: T) => {
  for (const k of Object.keys(o) as (keyof T)[]) (into[k] as number) += o[k] as number;
};

/** A session group: one campaign / source / medium in one channel. */
interface Group extends MatchGroup {
  channel: string;
  ours: Ours;
}
/** Spend of one platform campaign in one currency, summed over the range's days and accounts. */
interface SpendCampaign extends MatchSpend {
  currency: string;
  ads: Ads;
}
type Cluster = MatchCluster<SpendCampaign, Group>;

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};
const ratio = (a: number, b: number) => (b === 0 ? null : round(a / b, 4));

function rowOf(channel: string | null, campaign: string | null, platform: AdPlatform | null, currency: string, ads: Ads, ours: Ours, ourRatios = true): InsightRow {
  const spend = round(ads.spend, 2);
  return {
    channel,
    campaign,
    platform,
    currency,
    spend,
    impressions: ads.impressions,
    clicks: ads.clicks,
    platformConversions: round(ads.platformConversions, 2),
    platformConversionValue: round(ads.platformConversionValue, 2),
    sessions: ours.sessions,
    engagedSessions: ours.engagedSessions,
    leads: ours.leads,
    conversions: round(ours.conversions, 2),
    revenue: round(ours.revenue, 2),
    cpc: ratio(ads.spend, ads.clicks),
    cpl: ourRatios ? ratio(ads.spend, ours.leads) : null,
    cpa: ourRatios ? ratio(ads.spend, ours.conversions) : null,
    roas: ourRatios ? ratio(ours.revenue, ads.spend) : null,
  };
}

const keyOf = (channel: string, campaign: string, source: string, medium: string) => `${channel}\u0000${campaign}\u0000${source}\u0000${medium}`;

/** Sessions, engaged sessions and model-credited conversions per session group, and per channel. */
function ourGroups(site: AnalyticsSite, period: Period, model: AttributionModel): Map<string, Group> {
  const data = site.data;
  const s = data.sessions;
  const { channel, campaign, source, medium } = data.dims;
  const tuples = channel.group.tuples;
  // Per traffic tuple first (typed arrays: the loop runs once per session), folded into groups after.
  const size = channel.group.count;
  const sessions = new Int32Array(size), engaged = new Int32Array(size);
  const credited = new Float64Array(size), revenueOf = new Float64Array(size);
  const from = period.from, to = period.to;
  const window = data.sessionWindow(from, to);
  const touches: number[] = [];
  let conversions = 0, revenue = 0;
  const credit = (q: number, share: number) => {
    credited[tuples[q]] += conversions * share;
    revenueOf[tuples[q]] += revenue * share;
  };
  for (let p = window[0] | 0, end = window[1] | 0; p < end; p++) {
    const day = s.day[p];
    if (day < from || day > to) continue;
    const tuple = tuples[p];
    sessions[tuple]++;
    engaged[tuple] += s.engaged[p];
    conversions = s.conversions[p];
    if (conversions === 0) continue;
    revenue = s.revenue[p];
    creditedSessions(data, p, model, touches, credit);
  }
  const perTuple = new Map<number, Ours>();
  for (let tuple = 0; tuple < size; tuple++) {
    if (sessions[tuple] === 0 && credited[tuple] === 0) continue;
    perTuple.set(tuple, { sessions: sessions[tuple], engagedSessions: engaged[tuple], leads: 0, conversions: credited[tuple], revenue: revenueOf[tuple] });
  }
  const groups = new Map<string, Group>();
  const text = (codes: typeof channel, tuple: number) => codes.keys[codes.ofTuple[tuple]] ?? NOT_SET;
  for (const [tuple, ours] of perTuple) {
    const g = { channel: text(channel, tuple), campaign: text(campaign, tuple), source: text(source, tuple), medium: text(medium, tuple) };
    const key = keyOf(g.channel, g.campaign, g.source, g.medium);
    const known = groups.get(key);
    if (known) addInto(known.ours, ours);
    else groups.set(key, { ...g, ours, cluster: -1 });
  }
  return groups;
}

/** The range's leads per the channel and campaign stored with them (their visitor's latest session when captured). */
export async function leadsByGroup(site: AnalyticsSite, period: Period): Promise<{ channel: string; campaign: string; source: string; medium: string; leads: number }[]> {
  // A day in any timezone lies within a day either side of the UTC day.
  const lo = (period.from - 1) * 86_400_000, hi = (period.to + 2) * 86_400_000;
  const rows = (await readRows(site.store, "SELECT created_at, channel, campaign, source_medium FROM leads WHERE site_id = ? AND created_at >= ? AND created_at < ?", [site.id, lo, hi])) as [number, string | null, string | null, string | null][];
  const counts = new Map<string, { channel: string; campaign: string; source: string; medium: string; leads: number }>();
  for (const [createdAt, channel, campaign, sourceMedium] of rows) {
    const day = dayIn(site.timezone, createdAt);
    if (day < period.range.from || day > period.range.to) continue;
    const [source, medium] = sourceMedium ? sourceMedium.split(" / ") : [NOT_SET, NOT_SET];
    const g = { channel: channel ?? "unassigned", campaign: campaign ?? NOT_SET, source: source ?? NOT_SET, medium: medium ?? NOT_SET };
    const key = keyOf(g.channel, g.campaign, g.source, g.medium);
    const known = counts.get(key);
    if (known) known.leads++;
    else counts.set(key, { ...g, leads: 1 });
  }
  return [...counts.values()];
}

async function spendCampaigns(site: AnalyticsSite, period: Period): Promise<SpendCampaign[]> {
  const rows = (await readRows(
    site.store,
    `SELECT platform, currency, campaign_name, utm_campaign, utm_source, utm_medium,
            sum(spend), sum(coalesce(impressions, 0)), sum(coalesce(clicks, 0)), sum(coalesce(platform_conversions, 0)), sum(coalesce(platform_conversion_value, 0))
     FROM ad_spend WHERE site_id = ? AND date >= ? AND date <= ?
     GROUP BY platform, currency, campaign_name, utm_campaign, utm_source, utm_medium
     ORDER BY platform, currency, campaign_name, utm_campaign, utm_source, utm_medium`,
    [site.id, period.range.from, period.range.to],
  )) as [AdPlatform, string, string, string | null, string | null, string | null, number, number, number, number, number][];
  return rows.map(([platform, currency, campaignName, utmCampaign, utmSource, utmMedium, spend, impressions, clicks, platformConversions, platformConversionValue]) => ({
    platform, currency, campaignName, utmCampaign, utmSource, utmMedium,
    ads: { spend, impressions, clicks, platformConversions, platformConversionValue },
  }));
}

/** The largest group's channel and campaign name: what a cluster's row is called. */
function nameOf(cluster: Cluster): { channel: string; campaign: string; platform: AdPlatform | null } {
  // Spend of two platforms in one row (they matched the same sessions) names no platform.
  const platforms = new Set(cluster.spend.map((c) => c.platform));
  const platform = platforms.size === 1 ? cluster.spend[0].platform : null;
  if (cluster.groups.length === 0) return { channel: CHANNEL_OF_PLATFORM[cluster.spend[0].platform], campaign: cluster.spend[0].campaignName, platform };
  const top = [...cluster.groups].sort((a, b) => b.ours.sessions - a.ours.sessions || (a.campaign < b.campaign ? -1 : 1))[0];
  const campaign = top.campaign === NOT_SET ? [...new Set(cluster.spend.map((c) => c.campaignName))].join(", ") || NOT_SET : top.campaign;
  return { channel: top.channel, campaign, platform };
}

const byNumbers = (a: InsightRow, b: InsightRow) =>
  b.spend - a.spend || b.sessions - a.sessions || ((a.channel ?? "") + (a.campaign ?? "") < (b.channel ?? "") + (b.campaign ?? "") ? -1 : 1);

export async function marketingInsights(site: AnalyticsSite, period: Period, model: InsightModel): Promise<MarketingInsights> {
  const groupMap = ourGroups(site, period, MODEL_OF[model]);
  for (const lead of await leadsByGroup(site, period)) {
    const key = keyOf(lead.channel, lead.campaign, lead.source, lead.medium);
    let g = groupMap.get(key);
    if (!g) groupMap.set(key, (g = { channel: lead.channel, campaign: lead.campaign, source: lead.source, medium: lead.medium, ours: noOurs(), cluster: -1 }));
    g.ours.leads += lead.leads;
  }
  const groups = [...groupMap.values()];
  const spend = await spendCampaigns(site, period);
  const currency = site.currency;

  const otherCurrencies: InsightRow[] = [];
  for (const c of spend) {
    if (c.currency !== currency) otherCurrencies.push(rowOf(CHANNEL_OF_PLATFORM[c.platform], c.campaignName, c.platform, c.currency, c.ads, noOurs(), false));
  }
  const clusters = clustersOf(spend.filter((c) => c.currency === currency), groups);

  const campaigns: InsightRow[] = [];
  const unmatched: InsightRow[] = [];
  const channelAds = new Map<string, Ads>();
  const channelOurs = new Map<string, Ours>();
  const into = <T>(map: Map<string, T>, key: string, make: () => T) => map.get(key) ?? (map.set(key, make()), map.get(key)!);
  for (const cluster of clusters) {
    const ads = noAds();
    for (const c of cluster.spend) addInto(ads, c.ads);
    const ours = noOurs();
    for (const g of cluster.groups) addInto(ours, g.ours);
    const { channel, campaign, platform } = nameOf(cluster);
    addInto(into(channelAds, channel, noAds), ads);
    // Spend whose groups had no session in the range (only leads) matched no session: unmatched.
    (ours.sessions > 0 ? campaigns : unmatched).push(rowOf(channel, campaign, platform, currency, ads, ours));
  }
  // Groups no spend matched: a paid channel's go to unmatched, other campaigns to campaigns —
  // folded per channel and campaign, as a row names no source or medium.
  const unspent = new Map<string, { channel: string; campaign: string; ours: Ours }>();
  for (const g of groups) {
    addInto(into(channelOurs, g.channel, noOurs), g.ours);
    if (g.cluster >= 0 || (g.ours.sessions === 0 && g.ours.leads === 0)) continue;
    if (!PAID_CHANNELS.has(g.channel) && g.campaign === NOT_SET) continue;
    addInto(into(unspent, keyOf(g.channel, g.campaign, "", ""), () => ({ channel: g.channel, campaign: g.campaign, ours: noOurs() })).ours, g.ours);
  }
  for (const u of unspent.values()) (PAID_CHANNELS.has(u.channel) ? unmatched : campaigns).push(rowOf(u.channel, u.campaign, null, currency, noAds(), u.ours));

  const totalAds = noAds();
  const totalOurs = noOurs();
  const channels: InsightRow[] = [];
  for (const channel of new Set([...channelOurs.keys(), ...channelAds.keys()])) {
    const ads = channelAds.get(channel) ?? noAds();
    const ours = channelOurs.get(channel) ?? noOurs();
    addInto(totalAds, ads);
    addInto(totalOurs, ours);
    channels.push(rowOf(channel, null, null, currency, ads, ours));
  }

  return {
    from: period.range.from,
    to: period.range.to,
    tz: site.timezone,
    currency,
    model,
    platforms: await adPlatformStates(site.store, site.id),
    channels: channels.sort(byNumbers),
    campaigns: campaigns.sort(byNumbers),
    unmatched: unmatched.sort(byNumbers),
    otherCurrencies: otherCurrencies.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : byNumbers(a, b))),
    totals: rowOf(null, null, null, currency, totalAds, totalOurs),
  };
}

