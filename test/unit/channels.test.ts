import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { CHANNELS, channelOf, mayHaveClickId, NOT_SET, trafficOf, type Channel } from "../../lib/channels.ts";

const own = (h: string) => h === "shop.example" || h.endsWith(".shop.example");
const ref = (url: string) => trafficOf({ referrer: url });
type TrafficCase = [name: string, input: Parameters<typeof trafficOf>[0], sourceMediumCampaignChannel: [string, string, string, Channel]];
/** One test per case: trafficOf gives exactly this source, medium, campaign and channel. */
const trafficCases = (cases: TrafficCase[]) => {
  for (const [name, input, expected] of cases) {
    test(name, () => {
      const t = trafficOf(input);
      expect([t.source, t.medium, t.campaign, t.channel]).toEqual(expected);
    });
  }
};

/** Google's list read here on its own, so that the module's reading of it is checked, not copied. */
const googleList = readFileSync(new URL("../../lib/channels/ga4-source-categories.csv", import.meta.url), "utf8")
  .split("\n")
  .slice(1)
  .map((line) => line.trim())
  .filter(Boolean)
  .map((line) => {
    const comma = line.lastIndexOf(",");
    return [line.slice(0, comma), line.slice(comma + 1).replace("SOURCE_CATEGORY_", "").toLowerCase()] as const;
  });
const categoryOf = new Map(googleList.map(([source, category]) => [source.toLowerCase(), category]));
const organic = (category: string) => `organic_${category}` as Channel;
const paid = (category: string) => `paid_${category}` as Channel;

describe("Google's list of source categories", () => {
  test("is all there: 819 sources in the four categories", () => {
    expect(googleList.length).toBe(819);
    const counts: Record<string, number> = {};
    for (const [, category] of googleList) counts[category] = (counts[category] ?? 0) + 1;
    expect(counts).toEqual({ search: 129, social: 592, video: 46, shopping: 52 });
  });

  test("every source as a UTM source: organic with an unpaid medium, paid with a paid one", () => {
    const wrong: string[] = [];
    for (const [source, category] of googleList) {
      if (channelOf(source, "referral", NOT_SET) !== organic(category)) wrong.push(`${source} / referral`);
      if (channelOf(source, "cpc", NOT_SET) !== paid(category)) wrong.push(`${source} / cpc`);
      if (channelOf(source.toUpperCase(), "Paid_Social", NOT_SET) !== paid(category)) wrong.push(`${source} upper case`);
    }
    expect(wrong).toEqual([]);
  });

  test("every host in the list as a referrer, and any subdomain of it, lands in its category's organic channel", () => {
    const wrong: string[] = [];
    for (const [source, category] of googleList) {
      if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/i.test(source)) continue;
      if (ref(`https://${source}/page`).channel !== organic(category)) wrong.push(source);
      if (ref(`https://x-test.${source}/page`).channel !== organic(category)) wrong.push(`x-test.${source}`);
      if (ref(`https://www.${source}/`).channel !== organic(category)) wrong.push(`www.${source}`);
    }
    expect(wrong).toEqual([]);
  });

  test("every name in the list is matched by the registrable domain spelled with it (google.de → google), not by its subdomains", () => {
    const wrong: string[] = [];
    for (const [source, category] of googleList) {
      if (!/^[a-z0-9-]+$/i.test(source)) continue;
      const name = source.toLowerCase();
      for (const host of [`${name}.example`, `www.${name}.example`, `${name}.co.uk`, `${name}.com.br`]) {
        const expected = organic(categoryOf.get(host.replace(/^www\./, "")) ?? category);
        if (ref(`https://${host}/`).channel !== expected) wrong.push(host);
      }
      // A subdomain named like a listed source is no such source: ask.example.com is not Ask.
      if (!categoryOf.has(`${name}.example.com`) && ref(`https://${name}.example.com/`).channel !== "referral") wrong.push(`${name}.example.com`);
    }
    expect(wrong).toEqual([]);
  });
});

describe("source / medium / campaign and channel from real referrers", () =>
  trafficCases([
    ["no referrer", {}, ["(direct)", "(none)", "(not set)", "direct"]],
    ["own site referrer is internal", { referrer: "https://shop.example/cart", ownHosts: own }, ["(direct)", "(none)", "(not set)", "direct"]],
    ["google search", { referrer: "https://www.google.com/" }, ["google", "organic", "(not set)", "organic_search"]],
    ["google country domain", { referrer: "https://www.google.co.uk/search?q=x" }, ["google", "organic", "(not set)", "organic_search"]],
    ["bing", { referrer: "https://www.bing.com/search?q=shoes" }, ["bing", "organic", "(not set)", "organic_search"]],
    ["bing China, in the list only as cn.bing.com", { referrer: "https://cn.bing.com/search?q=x" }, ["bing", "organic", "(not set)", "organic_search"]],
    ["duckduckgo", { referrer: "https://duckduckgo.com/" }, ["duckduckgo", "organic", "(not set)", "organic_search"]],
    ["yahoo regional", { referrer: "https://de.search.yahoo.com/" }, ["yahoo", "organic", "(not set)", "organic_search"]],
    ["baidu mobile, in the list as m.baidu.com", { referrer: "https://m.baidu.com/s?wd=x" }, ["baidu", "organic", "(not set)", "organic_search"]],
    ["ecosia: the list has ecosia.org, no name", { referrer: "https://www.ecosia.org/search?q=a" }, ["ecosia.org", "organic", "(not set)", "organic_search"]],
    ["mail.ru search, in the list only as go.mail.ru", { referrer: "https://go.mail.ru/search?q=x" }, ["go.mail.ru", "organic", "(not set)", "organic_search"]],
    ["mail.ru itself is not in the list", { referrer: "https://mail.ru/" }, ["mail.ru", "referral", "(not set)", "referral"]],
    ["a search engine Google does not list", { referrer: "https://kagi.com/search?q=x" }, ["kagi.com", "referral", "(not set)", "referral"]],
    ["facebook mobile", { referrer: "https://m.facebook.com/" }, ["m.facebook.com", "referral", "(not set)", "organic_social"]],
    ["facebook link shim", { referrer: "https://l.facebook.com/l.php?u=x" }, ["l.facebook.com", "referral", "(not set)", "organic_social"]],
    ["facebook under a listed domain", { referrer: "https://de-de.facebook.com/" }, ["de-de.facebook.com", "referral", "(not set)", "organic_social"]],
    ["twitter t.co", { referrer: "https://t.co/abc" }, ["t.co", "referral", "(not set)", "organic_social"]],
    ["x.com is not in Google's list", { referrer: "https://x.com/someone" }, ["x.com", "referral", "(not set)", "referral"]],
    ["linkedin short", { referrer: "https://lnkd.in/xyz" }, ["lnkd.in", "referral", "(not set)", "organic_social"]],
    ["reddit", { referrer: "https://old.reddit.com/r/x" }, ["old.reddit.com", "referral", "(not set)", "organic_social"]],
    ["hacker news", { referrer: "https://news.ycombinator.com/item?id=1" }, ["news.ycombinator.com", "referral", "(not set)", "organic_social"]],
    ["stack overflow is social in Google's list", { referrer: "https://stackoverflow.com/q/1" }, ["stackoverflow.com", "referral", "(not set)", "organic_social"]],
    ["skype web, in the list as web.skype.com", { referrer: "https://web.skype.com/" }, ["web.skype.com", "referral", "(not set)", "organic_social"]],
    ["youtube", { referrer: "https://www.youtube.com/watch?v=1" }, ["youtube.com", "referral", "(not set)", "organic_video"]],
    ["vimeo player", { referrer: "https://player.vimeo.com/video/1" }, ["player.vimeo.com", "referral", "(not set)", "organic_video"]],
    ["twitch subdomain", { referrer: "https://clips.twitch.tv/x" }, ["clips.twitch.tv", "referral", "(not set)", "organic_video"]],
    ["amazon country domain", { referrer: "https://www.amazon.de/dp/1" }, ["amazon.de", "referral", "(not set)", "organic_shopping"]],
    ["stripe checkout", { referrer: "https://checkout.stripe.com/c/pay" }, ["checkout.stripe.com", "referral", "(not set)", "organic_shopping"]],
    ["shopping under yahoo is shopping, not search", { referrer: "https://shopping.yahoo.com/x" }, ["shopping.yahoo.com", "referral", "(not set)", "organic_shopping"]],
    ["gmail is a referral", { referrer: "https://mail.google.com/" }, ["mail.google.com", "referral", "(not set)", "referral"]],
    ["outlook web is a referral", { referrer: "https://outlook.live.com/mail/0/" }, ["outlook.live.com", "referral", "(not set)", "referral"]],
    ["proton mail is a referral", { referrer: "https://mail.proton.me/u/0/inbox" }, ["mail.proton.me", "referral", "(not set)", "referral"]],
    ["yandex mail is search in Google's list", { referrer: "https://mail.yandex.ru/" }, ["yandex", "organic", "(not set)", "organic_search"]],
    ["plain referral", { referrer: "https://blog.partner.org/post" }, ["blog.partner.org", "referral", "(not set)", "referral"]],
    ["android app referrer", { referrer: "android-app://com.slack" }, ["com.slack", "referral", "(not set)", "referral"]],
    ["gmail app referrer", { referrer: "android-app://com.google.android.gm" }, ["com.google.android.gm", "referral", "(not set)", "referral"]],
    ["not a web referrer", { referrer: "file:///tmp/x.html" }, ["(direct)", "(none)", "(not set)", "direct"]],
  ]));

describe("click ids and UTM precedence", () =>
  trafficCases([
    ["gclid", { params: { gclid: "abc" }, referrer: "https://www.google.com/" }, ["google", "cpc", "(not set)", "paid_search"]],
    ["gbraid", { params: { gbraid: "x" } }, ["google", "cpc", "(not set)", "paid_search"]],
    ["wbraid", { params: new URLSearchParams("wbraid=x") }, ["google", "cpc", "(not set)", "paid_search"]],
    ["dclid: google with cpm is Paid Search before Display", { params: { dclid: "x" } }, ["google", "cpm", "(not set)", "paid_search"]],
    ["msclkid", { params: { msclkid: "x" } }, ["bing", "cpc", "(not set)", "paid_search"]],
    ["yclid", { params: { yclid: "x" } }, ["yandex", "cpc", "(not set)", "paid_search"]],
    ["fbclid", { params: { fbclid: "x" }, referrer: "https://m.facebook.com/" }, ["facebook", "paid", "(not set)", "paid_social"]],
    ["ttclid", { params: { ttclid: "x" } }, ["tiktok", "cpc", "(not set)", "paid_social"]],
    ["li_fat_id", { params: { li_fat_id: "x" } }, ["linkedin", "cpc", "(not set)", "paid_social"]],
    ["twclid", { params: { twclid: "x" } }, ["twitter", "cpc", "(not set)", "paid_social"]],
    ["epik", { params: { epik: "x" } }, ["pinterest", "cpc", "(not set)", "paid_social"]],
    ["sccid", { params: { sccid: "x" } }, ["snapchat", "cpc", "(not set)", "paid_social"]],
    ["an empty click id is none", { params: { gclid: "" }, referrer: "https://www.bing.com/" }, ["bing", "organic", "(not set)", "organic_search"]],
    ["UTM beats click id", { utm: { utm_source: "newsletter", utm_medium: "email" }, params: { gclid: "x" } }, ["newsletter", "email", "(not set)", "email"]],
    ["UTM beats referrer", { utm: { utm_source: "partner", utm_medium: "affiliate" }, referrer: "https://www.google.com/" }, ["partner", "affiliate", "(not set)", "affiliates"]],
    ["UTM source only", { utm: { utm_source: "Partner" } }, ["partner", "(not set)", "(not set)", "unassigned"]],
    ["UTM medium only", { utm: { utm_medium: "email" } }, ["(not set)", "email", "(not set)", "email"]],
    ["blank UTM values are absent", { utm: { utm_source: "  ", utm_medium: "" }, referrer: "https://t.co/x" }, ["t.co", "referral", "(not set)", "organic_social"]],
    ["campaign kept without source", { utm: { utm_campaign: "spring" }, referrer: "https://www.bing.com/" }, ["bing", "organic", "spring", "organic_search"]],
    ["UTM google cpc", { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "Winter Sale" } }, ["google", "cpc", "Winter Sale", "paid_search"]],
  ]));

describe("GA4's rules, first match wins", () => {
  const cases: [string, [string, string, string], Channel][] = [
    ["direct: (direct) with (none)", ["(direct)", "(none)", NOT_SET], "direct"],
    ["direct: (direct) with (not set)", ["(direct)", "(not set)", NOT_SET], "direct"],
    ["(direct) with another medium is not direct", ["(direct)", "email", NOT_SET], "email"],
    ["cross-network beats paid shopping", ["amazon", "cpc", "PMax Cross-Network"], "cross_network"],
    ["cross-network without any medium", ["anything", "(not set)", "brand cross-network"], "cross_network"],
    ["paid shopping: shopping source", ["ebay", "ppc", NOT_SET], "paid_shopping"],
    ["paid shopping: IGShopping as sent", ["IGShopping", "Paid", NOT_SET], "paid_shopping"],
    ["paid shopping: campaign with 'shopping'", ["google", "cpc", "shopping-q4"], "paid_shopping"],
    ["paid shopping: campaign with 'shop' after a non-letter", ["adnet", "cpc", "spring_shop"], "paid_shopping"],
    ["paid shopping: campaign with 'eshop'", ["adnet", "cpc", "eshop"], "paid_shopping"],
    ["not shopping: 'workshop' has a letter before 'shop'", ["adnet", "cpc", "workshop"], "paid_other"],
    ["paid search", ["bing", "cpc", NOT_SET], "paid_search"],
    ["paid search: retargeting is a paid medium", ["google", "retargeting", NOT_SET], "paid_search"],
    ["paid social", ["facebook", "paid_social", NOT_SET], "paid_social"],
    ["paid social: listed host as source", ["l.instagram.com", "cpc", NOT_SET], "paid_social"],
    ["paid video", ["youtube", "cpv", NOT_SET], "paid_video"],
    ["display", ["gdn", "display", NOT_SET], "display"],
    ["display: banner", ["adnet", "banner", NOT_SET], "display"],
    ["display: interstitial", ["adnet", "interstitial", NOT_SET], "display"],
    ["display: expandable", ["adnet", "expandable", NOT_SET], "display"],
    ["display: cpm from an unlisted source", ["criteo", "cpm", NOT_SET], "display"],
    ["paid other", ["capterra", "ppc", NOT_SET], "paid_other"],
    ["paid other: x is not in Google's list", ["x", "cpc", NOT_SET], "paid_other"],
    ["organic shopping: campaign alone", ["partner", "(not set)", "Shop Launch"], "organic_shopping"],
    ["organic shopping before email", ["walmart", "email", NOT_SET], "organic_shopping"],
    ["organic social: medium", ["mastodon.example", "social-network", NOT_SET], "organic_social"],
    ["organic social: medium 'sm'", ["partner", "sm", NOT_SET], "organic_social"],
    ["organic video: medium containing video", ["vendor", "webvideo", NOT_SET], "organic_video"],
    ["organic search: medium organic", ["kagi", "organic", NOT_SET], "organic_search"],
    ["organic search: listed source with another medium", ["yahoo", "email", NOT_SET], "organic_search"],
    ["email: source e-mail", ["e-mail", "blast", NOT_SET], "email"],
    ["email: medium e_mail", ["crm", "e_mail", NOT_SET], "email"],
    ["email: medium 'e mail'", ["crm", "e mail", NOT_SET], "email"],
    ["newsletter is not one of GA4's email values", ["crm", "newsletter", NOT_SET], "unassigned"],
    ["affiliates", ["awin", "affiliate", NOT_SET], "affiliates"],
    ["'affiliates' is not GA4's value", ["awin", "affiliates", NOT_SET], "unassigned"],
    ["referral", ["partner", "referral", NOT_SET], "referral"],
    ["referral: medium app", ["partner", "app", NOT_SET], "referral"],
    ["referral: medium link", ["partner", "link", NOT_SET], "referral"],
    ["audio", ["spotify-ads", "audio", NOT_SET], "audio"],
    ["sms: source", ["sms", "text", NOT_SET], "sms"],
    ["sms: medium", ["twilio", "SMS", NOT_SET], "sms"],
    ["mobile push: medium ends with push", ["app", "web-push", NOT_SET], "mobile_push"],
    ["mobile push: medium contains mobile", ["app", "mobile-banner", NOT_SET], "mobile_push"],
    ["mobile push: medium contains notification", ["app", "in-app-notification", NOT_SET], "mobile_push"],
    ["mobile push: source firebase", ["firebase", "inapp", NOT_SET], "mobile_push"],
    ["unassigned", ["anything", "unknown-medium", NOT_SET], "unassigned"],
  ];
  for (const [name, [source, medium, campaign], channel] of cases) test(name, () => expect(channelOf(source, medium, campaign)).toBe(channel));

  test("every channel is reached by some case above", () => {
    const reached = new Set(cases.map(([, , channel]) => channel));
    expect(CHANNELS.filter((c) => !reached.has(c))).toEqual([]);
  });
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
