import { describe, expect, test } from "bun:test";
import { clustersOf, matchesOf, type MatchGroup, type MatchSpend } from "../../lib/spend/matching.ts";

const group = (campaign: string, source: string, medium: string): MatchGroup & { name: string } => ({ name: `${campaign} ${source}/${medium}`, campaign, source, medium, cluster: -1 });
const spend = (platform: MatchSpend["platform"], campaignName: string, utm: { campaign?: string; source?: string; medium?: string } = {}): MatchSpend => ({
  platform, campaignName, utmCampaign: utm.campaign ?? null, utmSource: utm.source ?? null, utmMedium: utm.medium ?? null,
});
const names = (gs: { name: string }[]) => gs.map((g) => g.name);

describe("matching spend to session groups", () => {
  test("by campaign name or utm_campaign, any case, within the row's source and medium; else by click id", () => {
    const groups = [group("Spring_Sale", "google", "cpc"), group("spring_sale", "newsletter", "email"), group("(not set)", "google", "cpc"), group("(not set)", "facebook", "paid"), group("(not set)", "bing", "organic")];
    expect(names(matchesOf(spend("google_ads", "SPRING_SALE"), groups))).toEqual(["Spring_Sale google/cpc", "spring_sale newsletter/email"]);
    expect(names(matchesOf(spend("google_ads", "Spring Sale", { campaign: "spring_sale", source: "google", medium: "cpc" }), groups))).toEqual(["Spring_Sale google/cpc"]);
    // A name that matches nothing falls back to the platform's click-id traffic without a campaign.
    expect(names(matchesOf(spend("google_ads", "PMax"), groups))).toEqual(["(not set) google/cpc"]);
    expect(names(matchesOf(spend("meta_ads", "Prospecting"), groups))).toEqual(["(not set) facebook/paid"]);
    // A row's medium that no group has: no name match, so the click id decides.
    expect(names(matchesOf(spend("google_ads", "x", { campaign: "spring_sale", medium: "display" }), groups))).toEqual(["(not set) google/cpc"]);
    // "(not set)" is never matched by name; `other` has no click id; microsoft's is bing/cpc.
    expect(matchesOf(spend("other", "(not set)"), groups)).toEqual([]);
    expect(matchesOf(spend("microsoft_ads", "Brand"), groups)).toEqual([]);
  });

  test("clusters: spend sharing a group shares a row; a spend bridging two clusters merges them; unmatched spend is its own", () => {
    const brand = group("brand", "bing", "cpc");
    const springA = group("Spring_Sale", "google", "cpc");
    const springB = group("spring_sale", "google", "cpc");
    const gclid = group("(not set)", "google", "cpc");
    const groups = [brand, springA, springB, gclid];
    const rows = [
      spend("microsoft_ads", "Brand"), // → brand: cluster 0
      spend("google_ads", "Spring Sale", { campaign: "spring_sale", source: "google", medium: "cpc" }), // → both spring groups: cluster 1
      spend("google_ads", "PMax"), // → gclid: cluster 2
      spend("google_ads", "Shoes"), // → gclid again: joins cluster 2
      spend("google_ads", "spring_sale", { campaign: "brand" }), // → brand (cluster 0) and both spring groups: cluster 1 merges into 0
      spend("linkedin_ads", "B2B"), // → nothing: a cluster without groups
    ];
    const clusters = clustersOf(rows, groups);
    expect(clusters.map((c) => [c.spend.map((s) => s.campaignName), names(c.groups as typeof groups)])).toEqual([
      [["Brand", "spring_sale", "Spring Sale"], ["brand bing/cpc", "Spring_Sale google/cpc", "spring_sale google/cpc"]],
      [["PMax", "Shoes"], ["(not set) google/cpc"]],
      [["B2B"], []],
    ]);
    // Each group is in exactly one cluster.
    const seen = clusters.flatMap((c) => c.groups);
    expect(new Set(seen).size).toBe(seen.length);
    expect(groups.every((g) => g.cluster >= 0)).toBe(true);
  });
});
