import { memoized } from "./memo.ts";

/**
 * Traffic source → source / medium / campaign, and GA4's default channel grouping
 * (DESIGN section 6). One module, used by ingest and by every report.
 */

export const CHANNELS = [
  "direct",
  "cross_network",
  "paid_shopping",
  "paid_search",
  "paid_social",
  "paid_video",
  "display",
  "paid_other",
  "organic_shopping",
  "organic_social",
  "organic_video",
  "organic_search",
  "email",
  "affiliates",
  "referral",
  "audio",
  "sms",
  "mobile_push",
  "unassigned",
] as const;
export type Channel = (typeof CHANNELS)[number];

export const NOT_SET = "(not set)";
export const DIRECT = "(direct)";
export const NONE = "(none)";

/** Referrer hosts (suffix match) → the source name GA4 reports. */
const SEARCH: Record<string, string> = {
  "google.": "google", "bing.com": "bing", "yahoo.": "yahoo", "duckduckgo.com": "duckduckgo", "baidu.com": "baidu",
  "yandex.": "yandex", "ecosia.org": "ecosia", "naver.com": "naver", "seznam.cz": "seznam", "qwant.com": "qwant",
  "startpage.com": "startpage", "search.brave.com": "brave", "ask.com": "ask", "aol.com": "aol", "sogou.com": "sogou",
  "so.com": "360.cn", "daum.net": "daum", "kagi.com": "kagi", "perplexity.ai": "perplexity", "msn.com": "msn",
};
const SOCIAL: Record<string, string> = {
  "facebook.com": "facebook", "fb.com": "facebook", "fb.me": "facebook", "instagram.com": "instagram", "t.co": "twitter",
  "twitter.com": "twitter", "x.com": "twitter", "linkedin.com": "linkedin", "lnkd.in": "linkedin", "reddit.com": "reddit",
  "pinterest.": "pinterest", "pin.it": "pinterest", "tiktok.com": "tiktok", "snapchat.com": "snapchat", "quora.com": "quora",
  "tumblr.com": "tumblr", "vk.com": "vk", "weibo.com": "weibo", "threads.net": "threads", "bsky.app": "bluesky",
  "mastodon.social": "mastodon", "news.ycombinator.com": "news.ycombinator.com", "discord.com": "discord", "whatsapp.com": "whatsapp",
  "telegram.org": "telegram", "t.me": "telegram", "medium.com": "medium", "xing.com": "xing", "line.me": "line",
};
const VIDEO: Record<string, string> = {
  "youtube.com": "youtube", "youtu.be": "youtube", "vimeo.com": "vimeo", "twitch.tv": "twitch", "dailymotion.com": "dailymotion",
  "wistia.com": "wistia", "rumble.com": "rumble",
};
const SHOPPING: Record<string, string> = {
  "amazon.": "amazon", "ebay.": "ebay", "etsy.com": "etsy", "walmart.com": "walmart", "shopping.google.com": "google shopping",
  "aliexpress.com": "aliexpress", "alibaba.com": "alibaba", "shopify.com": "shopify", "target.com": "target", "rakuten.": "rakuten",
};
const WEBMAIL: Record<string, string> = {
  "mail.google.com": "gmail", "outlook.live.com": "outlook", "outlook.office.com": "outlook", "mail.yahoo.com": "yahoo mail",
  "mail.proton.me": "proton mail", "mail.aol.com": "aol mail", "webmail.": "webmail",
};

/** Source names (as UTM sources or as the names above) for the GA4 source lists. */
const sourceNames = (table: Record<string, string>) => new Set([...Object.values(table), ...Object.keys(table).map((k) => k.replace(/\.$/, ""))]);
const SEARCH_SOURCES = sourceNames(SEARCH);
const SOCIAL_SOURCES = new Set([...sourceNames(SOCIAL), "fb", "ig", "meta", "x", "yt"]);
const VIDEO_SOURCES = sourceNames(VIDEO);
const SHOPPING_SOURCES = sourceNames(SHOPPING);

/** Click ids that mark paid traffic when no UTM parameters are present. */
const CLICK_IDS: [string, string, string][] = [
  ["gclid", "google", "cpc"],
  ["gbraid", "google", "cpc"],
  ["wbraid", "google", "cpc"],
  ["dclid", "google", "cpm"],
  ["msclkid", "bing", "cpc"],
  ["fbclid", "facebook", "paid"],
  ["ttclid", "tiktok", "cpc"],
  ["li_fat_id", "linkedin", "cpc"],
  ["twclid", "twitter", "cpc"],
  ["yclid", "yandex", "cpc"],
  ["epik", "pinterest", "cpc"],
  ["sccid", "snapchat", "cpc"],
];

/**
 * Whether a URL may carry a click id: URL parsing drops tabs and newlines and decodes only
 * %-escapes and "+" in names, so without those one of the names must appear as it is.
 * Spares parsing most landing URLs.
 */
const CLICK_ID_HINT = new RegExp(`${CLICK_IDS.map(([name]) => name).join("|")}|[%\t\n\r]`);
export const mayHaveClickId = (url: string): boolean => url.includes("?") && CLICK_ID_HINT.test(url);

function hostMatch(host: string, table: Record<string, string>): string | null {
  for (const [pattern, name] of Object.entries(table)) {
    if (pattern.endsWith(".")) {
      // "google." matches google.com, google.co.uk, www.google.de …
      const label = pattern.slice(0, -1);
      if (host === label || host.startsWith(`${label}.`) || host.includes(`.${label}.`)) return name;
    } else if (host === pattern || host.endsWith(`.${pattern}`)) return name;
  }
  return null;
}

const bare = (host: string) => host.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");

export interface TrafficInput {
  /** utm_source, utm_medium, utm_campaign (as sent; empty means absent). */
  utm?: { utm_source?: string | null; utm_medium?: string | null; utm_campaign?: string | null };
  /** Query parameters of the landing URL (click ids). */
  params?: URLSearchParams | Record<string, string | undefined>;
  referrer?: string | null;
  /** The site's own hosts: a referrer from them is internal, not a source. */
  ownHosts?: (host: string) => boolean;
}

export interface Traffic {
  source: string;
  medium: string;
  campaign: string;
  channel: Channel;
  referrerHost: string | null;
}

function param(params: TrafficInput["params"], name: string): string | undefined {
  if (!params) return undefined;
  return params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];
}

/** A referrer URL's bare host (cached, like the lookups below: a site sees the same few referrers over and over). */
const referrerHost = memoized(10_000, (referrer): string | null => {
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "android-app:") return null;
    return bare(url.hostname) || null;
  } catch {
    return null;
  }
});

const referrerHostOf = (referrer: string | null | undefined): string | null => (referrer ? referrerHost(referrer) : null);

type ReferrerClass = { source: string; medium: string };

/** A referrer host → its source and medium. */
const classifyReferrer = memoized(10_000, (refHost): ReferrerClass => {
  // Webmail first: mail.google.com is not a Google search.
  const mail = hostMatch(refHost, WEBMAIL);
  const search = !mail && hostMatch(refHost, SEARCH);
  const social = !mail && !search && hostMatch(refHost, SOCIAL);
  const other = !mail && !search && !social && (hostMatch(refHost, VIDEO) ?? hostMatch(refHost, SHOPPING));
  return mail
    ? { source: mail, medium: "email" }
    : search
      ? { source: search, medium: "organic" }
      : social
        ? { source: social, medium: "social" }
        : { source: other || refHost, medium: "referral" };
});

/** Source / medium / campaign: UTM when present, else a click id, else the referrer, else direct. */
export function sourceOf(input: TrafficInput): Omit<Traffic, "channel"> {
  const clean = (v: string | null | undefined) => (v ?? "").trim();
  const host = referrerHostOf(input.referrer);
  const refHost = host && !input.ownHosts?.(host) ? host : null;
  const utmSource = clean(input.utm?.utm_source).toLowerCase();
  const utmMedium = clean(input.utm?.utm_medium).toLowerCase();
  const utmCampaign = clean(input.utm?.utm_campaign);
  const campaign = utmCampaign || NOT_SET;
  if (utmSource || utmMedium) {
    return { source: utmSource || NOT_SET, medium: utmMedium || NOT_SET, campaign, referrerHost: refHost };
  }
  for (const [name, source, medium] of CLICK_IDS) {
    if (param(input.params, name)) return { source, medium, campaign, referrerHost: refHost };
  }
  if (refHost) return { ...classifyReferrer(refHost), campaign, referrerHost: refHost };
  return { source: DIRECT, medium: NONE, campaign, referrerHost: null };
}

const PAID_MEDIUM = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const SHOPPING_CAMPAIGN = /^(.*(([^a-df-z]|^)shop|shopping).*)$/;
const dotted = new Map<Set<string>, string[]>();
/** A source is in a list by name, or as a host under a listed domain (m.facebook.com). */
function inList(source: string, list: Set<string>): boolean {
  if (list.has(source)) return true;
  if (!source.includes(".")) return false;
  let hosts = dotted.get(list);
  if (!hosts) dotted.set(list, (hosts = [...list].filter((s) => s.includes("."))));
  return hosts.some((s) => source.endsWith(`.${s}`));
}

/** GA4's default channel grouping, first match wins (DESIGN section 6 order). */
export function channelOf(source: string, medium: string, campaign: string): Channel {
  // Length-prefixed, so that no three values spell another three's key.
  return channelByKey(`${source.length}:${medium.length}:${source}${medium}${campaign}`, source, medium, campaign);
}

/** Sessions come from a few sources, mediums and campaigns: their channels are remembered. */
const channelByKey = memoized(10_000, (_key, source: string, medium: string, campaign: string): Channel => channelRule(source, medium, campaign));

function channelRule(source: string, medium: string, campaign: string): Channel {
  const s = source.toLowerCase();
  const m = medium.toLowerCase();
  const c = campaign.toLowerCase();
  const paid = PAID_MEDIUM.test(m);
  const shoppingSource = inList(s, SHOPPING_SOURCES) || SHOPPING_CAMPAIGN.test(c);
  const searchSource = inList(s, SEARCH_SOURCES);
  const socialSource = inList(s, SOCIAL_SOURCES);
  const videoSource = inList(s, VIDEO_SOURCES);
  if (s === DIRECT && (m === NONE || m === NOT_SET)) return "direct";
  if (c.includes("cross-network")) return "cross_network";
  if (shoppingSource && paid) return "paid_shopping";
  if (searchSource && paid) return "paid_search";
  if (socialSource && paid) return "paid_social";
  if (videoSource && paid) return "paid_video";
  if (["display", "banner", "expandable", "interstitial", "cpm"].includes(m)) return "display";
  if (paid) return "paid_other";
  if (shoppingSource) return "organic_shopping";
  if (socialSource || ["social", "social-network", "social-media", "sm", "social network", "social media"].includes(m)) return "organic_social";
  if (videoSource || m.includes("video")) return "organic_video";
  if (searchSource || m === "organic") return "organic_search";
  if (["email", "e-mail", "e_mail", "e mail"].includes(s) || ["email", "e-mail", "e_mail", "e mail", "newsletter"].includes(m)) return "email";
  if (m === "affiliate" || m === "affiliates") return "affiliates";
  if (["referral", "app", "link"].includes(m)) return "referral";
  if (m === "audio") return "audio";
  if (s === "sms" || m === "sms") return "sms";
  if (m.endsWith("push") || m.includes("mobile") || m.includes("notification") || s === "firebase") return "mobile_push";
  return "unassigned";
}

/** Everything at once: the session's traffic attribution. */
export function trafficOf(input: TrafficInput): Traffic {
  const src = sourceOf(input);
  return { ...src, channel: channelOf(src.source, src.medium, src.campaign) };
}
