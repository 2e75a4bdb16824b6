import { describe, expect, test } from "bun:test";
import { channelOf, mayHaveClickId, trafficOf } from "../../lib/channels.ts";

const own = (h: string) => h === "shop.example" || h.endsWith(".shop.example");

describe("source / medium / campaign and channel from real referrers and UTMs", () => {
  const cases: [string, Parameters<typeof trafficOf>[0], [string, string, string, string]][] = [
    ["no referrer", {}, ["(direct)", "(none)", "(not set)", "direct"]],
    ["own site referrer is internal", { referrer: "https://shop.example/cart", ownHosts: own }, ["(direct)", "(none)", "(not set)", "direct"]],
    ["google search", { referrer: "https://www.google.com/" }, ["google", "organic", "(not set)", "organic_search"]],
    ["google country domain", { referrer: "https://www.google.co.uk/search?q=x" }, ["google", "organic", "(not set)", "organic_search"]],
    ["bing", { referrer: "https://www.bing.com/search?q=shoes" }, ["bing", "organic", "(not set)", "organic_search"]],
    ["duckduckgo", { referrer: "https://duckduckgo.com/" }, ["duckduckgo", "organic", "(not set)", "organic_search"]],
    ["yahoo regional", { referrer: "https://de.search.yahoo.com/" }, ["yahoo", "organic", "(not set)", "organic_search"]],
    ["ecosia", { referrer: "https://www.ecosia.org/search?q=a" }, ["ecosia", "organic", "(not set)", "organic_search"]],
    ["facebook mobile", { referrer: "https://m.facebook.com/" }, ["facebook", "social", "(not set)", "organic_social"]],
    ["facebook link shim", { referrer: "https://l.facebook.com/l.php?u=x" }, ["facebook", "social", "(not set)", "organic_social"]],
    ["twitter t.co", { referrer: "https://t.co/abc" }, ["twitter", "social", "(not set)", "organic_social"]],
    ["linkedin short", { referrer: "https://lnkd.in/xyz" }, ["linkedin", "social", "(not set)", "organic_social"]],
    ["reddit", { referrer: "https://old.reddit.com/r/x" }, ["reddit", "social", "(not set)", "organic_social"]],
    ["hacker news", { referrer: "https://news.ycombinator.com/item?id=1" }, ["news.ycombinator.com", "social", "(not set)", "organic_social"]],
    ["youtube", { referrer: "https://www.youtube.com/watch?v=1" }, ["youtube", "referral", "(not set)", "organic_video"]],
    ["amazon", { referrer: "https://www.amazon.de/dp/1" }, ["amazon", "referral", "(not set)", "organic_shopping"]],
    ["gmail", { referrer: "https://mail.google.com/" }, ["gmail", "email", "(not set)", "email"]],
    ["plain referral", { referrer: "https://blog.partner.org/post" }, ["blog.partner.org", "referral", "(not set)", "referral"]],
    ["android app referrer", { referrer: "android-app://com.slack" }, ["com.slack", "referral", "(not set)", "referral"]],
    ["gclid", { params: { gclid: "abc" }, referrer: "https://www.google.com/" }, ["google", "cpc", "(not set)", "paid_search"]],
    ["gbraid", { params: { gbraid: "x" } }, ["google", "cpc", "(not set)", "paid_search"]],
    ["msclkid", { params: { msclkid: "x" } }, ["bing", "cpc", "(not set)", "paid_search"]],
    ["fbclid", { params: { fbclid: "x" }, referrer: "https://m.facebook.com/" }, ["facebook", "paid", "(not set)", "paid_social"]],
    ["utm google cpc", { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "Winter Sale" } }, ["google", "cpc", "Winter Sale", "paid_search"]],
    ["utm beats click id", { utm: { utm_source: "newsletter", utm_medium: "email" }, params: { gclid: "x" } }, ["newsletter", "email", "(not set)", "email"]],
    ["utm facebook paid_social", { utm: { utm_source: "facebook", utm_medium: "paid_social" } }, ["facebook", "paid_social", "(not set)", "paid_social"]],
    ["utm instagram cpc", { utm: { utm_source: "ig", utm_medium: "cpc" } }, ["ig", "cpc", "(not set)", "paid_social"]],
    ["utm youtube cpv", { utm: { utm_source: "youtube", utm_medium: "cpv" } }, ["youtube", "cpv", "(not set)", "paid_video"]],
    ["utm shopping campaign", { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "shopping-q4" } }, ["google", "cpc", "shopping-q4", "paid_shopping"]],
    ["utm display", { utm: { utm_source: "gdn", utm_medium: "display" } }, ["gdn", "display", "(not set)", "display"]],
    ["utm cpm", { utm: { utm_source: "adnet", utm_medium: "cpm" } }, ["adnet", "cpm", "(not set)", "display"]],
    ["utm paid other", { utm: { utm_source: "adnet", utm_medium: "ppc" } }, ["adnet", "ppc", "(not set)", "paid_other"]],
    ["utm cross-network", { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "pmax cross-network" } }, ["google", "cpc", "pmax cross-network", "cross_network"]],
    ["utm social medium", { utm: { utm_source: "mastodon.example", utm_medium: "social" } }, ["mastodon.example", "social", "(not set)", "organic_social"]],
    ["utm organic", { utm: { utm_source: "kagi", utm_medium: "organic" } }, ["kagi", "organic", "(not set)", "organic_search"]],
    ["utm video medium", { utm: { utm_source: "vendor", utm_medium: "video" } }, ["vendor", "video", "(not set)", "organic_video"]],
    ["utm email source", { utm: { utm_source: "email", utm_medium: "blast" } }, ["email", "blast", "(not set)", "email"]],
    ["utm affiliate", { utm: { utm_source: "awin", utm_medium: "affiliate" } }, ["awin", "affiliate", "(not set)", "affiliates"]],
    ["utm referral", { utm: { utm_source: "partner", utm_medium: "referral" } }, ["partner", "referral", "(not set)", "referral"]],
    ["utm audio", { utm: { utm_source: "spotify-ads", utm_medium: "audio" } }, ["spotify-ads", "audio", "(not set)", "audio"]],
    ["utm sms", { utm: { utm_source: "sms", utm_medium: "text" } }, ["sms", "text", "(not set)", "sms"]],
    ["utm push", { utm: { utm_source: "app", utm_medium: "web-push" } }, ["app", "web-push", "(not set)", "mobile_push"]],
    ["utm firebase", { utm: { utm_source: "firebase", utm_medium: "inapp" } }, ["firebase", "inapp", "(not set)", "mobile_push"]],
    ["utm source only", { utm: { utm_source: "Partner" } }, ["partner", "(not set)", "(not set)", "unassigned"]],
    ["utm medium only", { utm: { utm_medium: "email" } }, ["(not set)", "email", "(not set)", "email"]],
    ["campaign kept without source", { utm: { utm_campaign: "spring" }, referrer: "https://www.bing.com/" }, ["bing", "organic", "spring", "organic_search"]],
  ];
  for (const [name, input, [source, medium, campaign, channel]] of cases) {
    test(name, () => {
      const t = trafficOf(input);
      expect([t.source, t.medium, t.campaign, t.channel]).toEqual([source, medium, campaign, channel]);
    });
  }
});

test("first match wins: paid search before organic search; direct only with (none)/(not set)", () => {
  expect(channelOf("google", "cpc", "(not set)")).toBe("paid_search");
  expect(channelOf("google", "organic", "(not set)")).toBe("organic_search");
  expect(channelOf("(direct)", "(none)", "(not set)")).toBe("direct");
  expect(channelOf("(direct)", "email", "(not set)")).toBe("email");
  expect(channelOf("anything", "unknown-medium", "(not set)")).toBe("unassigned");
});

test("channels are remembered per source, medium and campaign, values that run together included", () => {
  expect(channelOf("news", "letteremail", "(not set)")).toBe("unassigned");
  expect(channelOf("newsletter", "email", "(not set)")).toBe("email");
  expect(channelOf("newsletter", "email", "(not set)")).toBe("email");
});

test("a landing URL is parsed for click ids whenever it may carry one", () => {
  const landing = (query: string) => `https://shop.example/p${query}`;
  // URL parsing decodes %-escapes and drops tabs in names: the hint must let those through.
  expect(new URL(landing("?gcl%69d=x")).searchParams.get("gclid")).toBe("x");
  expect(new URL(landing("?gc\tlid=x")).searchParams.get("gclid")).toBe("x");
  for (const query of ["?gclid=x", "?a=1&fbclid=y", "?gcl%69d=x", "?gc\tlid=x", "?li_fat_id=1"]) expect(mayHaveClickId(landing(query))).toBe(true);
  for (const query of ["", "?x=1", "?utm_source=newsletter"]) expect(mayHaveClickId(landing(query))).toBe(false);
});
