import googleSourceCategories from "./channels/ga4-source-categories.csv" with { type: "text" };
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
/** The channels of paid traffic (GA4's paid groups, display included). */
export const PAID_CHANNELS: ReadonlySet<string> = new Set<Channel>(["paid_search", "paid_social", "paid_video", "paid_shopping", "paid_other", "display", "cross_network"]);

export const NOT_SET = "(not set)";
export const DIRECT = "(direct)";
export const NONE = "(none)";

/**
 * Google's own list of source categories (lib/channels/ga4-source-categories.md says where it
 * comes from): source name or host, lower-cased → SEARCH, SOCIAL, VIDEO or SHOPPING. The only
 * place a source gets a category; loaded once at module start (embedded in compiled binaries).
 */
type SourceCategory = "SEARCH" | "SOCIAL" | "VIDEO" | "SHOPPING";
const SOURCE_CATEGORIES: ReadonlyMap<string, SourceCategory> = parseSourceCategories(googleSourceCategories);

function parseSourceCategories(csv: string): Map<string, SourceCategory> {
  const [header, ...lines] = csv.split(/\r?\n/);
  if (header !== "source,source category") throw new Error(`ga4-source-categories.csv: unexpected header ${JSON.stringify(header)}`);
  const categories = new Map<string, SourceCategory>();
  for (const line of lines) {
    if (!line) continue;
    const row = /^([^,]+),SOURCE_CATEGORY_(SEARCH|SOCIAL|VIDEO|SHOPPING)$/.exec(line);
    if (!row) throw new Error(`ga4-source-categories.csv: unexpected line ${JSON.stringify(line)}`);
    categories.set(row[1].toLowerCase(), row[2] as SourceCategory);
  }
  return categories;
}

/** Second-level labels under a country code that are part of the public suffix (google.co.uk, ebay.com.au). */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "ne", "or", "ac", "go", "gob", "gov", "edu"]);

/**
 * The name a registrable domain goes by in Google's list ("google" for google.co.uk, "bing" for
 * bing.com), or null for a host below its registrable domain: mail.google.com is not "google".
 */
function registrableName(host: string): string | null {
  const labels = host.replace(/^www\./, "").split(".");
  if (labels.length === 2) return labels[0];
  if (labels.length === 3 && SECOND_LEVEL.has(labels[1]) && labels[2].length === 2) return labels[0];
  return null;
}

/** A dotted source and its parent domains down to two labels, most specific first: m.blog.naver.com, blog.naver.com, naver.com. */
function domainForms(source: string): string[] {
  const forms = [source];
  for (let dot = source.indexOf("."); dot >= 0; dot = source.indexOf(".", dot + 1)) {
    const parent = source.slice(dot + 1);
    if (!parent.includes(".")) break;
    forms.push(parent);
  }
  return forms;
}

/**
 * A source's category in Google's list: the source as the list spells it, else its most specific
 * parent domain in the list (uk.pinterest.com → pinterest.com), else the name of its registrable
 * domain (google.de → google). Null when Google's list does not have it. `source` is lower case.
 */
function sourceCategory(s: string): SourceCategory | null {
  for (const form of domainForms(s)) {
    const category = SOURCE_CATEGORIES.get(form);
    if (category) return category;
  }
  const name = s.includes(".") ? registrableName(s) : null;
  return (name && SOURCE_CATEGORIES.get(name)) || null;
}

/** The name GA4 reports a search engine referrer by: bing for cn.bing.com, yahoo for de.search.yahoo.com. */
function searchEngineName(host: string): string | null {
  for (const form of domainForms(host)) {
    const name = registrableName(form);
    if (name && SOURCE_CATEGORIES.get(name) === "SEARCH") return name;
  }
  return null;
}

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

/**
 * A referrer host → its source and medium, as GA4 records them: a search engine in Google's list
 * by its name with medium organic, any other host (webmail such as mail.google.com included) as
 * itself with medium referral. Its channel then follows from the host's category.
 */
const classifyReferrer = memoized(10_000, (refHost): ReferrerClass =>
  sourceCategory(refHost) === "SEARCH" ? { source: searchEngineName(refHost) ?? refHost, medium: "organic" } : { source: refHost, medium: "referral" },
);

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

/** GA4's default channel grouping, first match wins (DESIGN section 6 order). */
export function channelOf(source: string, medium: string, campaign: string): Channel {
  // Length-prefixed, so that no three values spell another three's key.
  return channelByKey(`${source.length}:${medium.length}:${source}${medium}${campaign}`, source, medium, campaign);
}

/** Sessions come from a few sources, mediums and campaigns: their channels are remembered. */
const channelByKey = memoized(10_000, (_key, source: string, medium: string, campaign: string): Channel => channelRule(source, medium, campaign));

const EMAIL = new Set(["email", "e-mail", "e_mail", "e mail"]);
const SOCIAL_MEDIUM = new Set(["social", "social-network", "social-media", "sm", "social network", "social media"]);
const DISPLAY_MEDIUM = new Set(["display", "banner", "expandable", "interstitial", "cpm"]);
const REFERRAL_MEDIUM = new Set(["referral", "app", "link"]);

/** GA4's published rules (support.google.com/analytics/answer/9756891), compared without case. */
function channelRule(source: string, medium: string, campaign: string): Channel {
  const s = source.toLowerCase();
  const m = medium.toLowerCase();
  const c = campaign.toLowerCase();
  const category = sourceCategory(s);
  const paid = PAID_MEDIUM.test(m);
  const shopping = category === "SHOPPING" || SHOPPING_CAMPAIGN.test(c);
  if (s === DIRECT && (m === NONE || m === NOT_SET)) return "direct";
  if (c.includes("cross-network")) return "cross_network";
  if (shopping && paid) return "paid_shopping";
  if (category === "SEARCH" && paid) return "paid_search";
  if (category === "SOCIAL" && paid) return "paid_social";
  if (category === "VIDEO" && paid) return "paid_video";
  if (DISPLAY_MEDIUM.has(m)) return "display";
  if (paid) return "paid_other";
  if (shopping) return "organic_shopping";
  if (category === "SOCIAL" || SOCIAL_MEDIUM.has(m)) return "organic_social";
  if (category === "VIDEO" || m.includes("video")) return "organic_video";
  if (category === "SEARCH" || m === "organic") return "organic_search";
  if (EMAIL.has(s) || EMAIL.has(m)) return "email";
  if (m === "affiliate") return "affiliates";
  if (REFERRAL_MEDIUM.has(m)) return "referral";
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
