/**
 * The demo-traffic model: deterministic (seeded) visitors, sessions and protocol-v1 batches,
 * shaped like what the tracking script sends. Pure: no storage, no clock; the driver
 * (lib/demo/seed.ts) passes the batches to `collect` as if they came over HTTP.
 *
 * Each visitor draws from its own random stream (seed, index), so any visitor can be made
 * alone, in any order, and the counts (sessions, events) never depend on the time window:
 * only where the sessions fall in time does.
 */
import type { CollectBody, EventV1 } from "../ingest/protocol.ts";
import { Random, Weighted } from "./random.ts";

export interface DemoSite {
  siteKey: string;
  /** The verified domain the pages live on. */
  host: string;
  timezone: string;
  currency: string;
}

/** Country code → IPv4 addresses the geo database places there. */
export type AddressBook = ReadonlyMap<string, readonly string[]>;

export type DemoBody = Omit<CollectBody, "e"> & { e: EventV1[] };

/** One POST /v1/collect as the tracker would send it. */
export interface DemoBatch {
  body: DemoBody;
  /** When the batch arrives (its events' times are at or before it). */
  receivedAt: number;
  userAgent: string;
  ip: string;
}

export interface DemoVisitor {
  /** Each session's batches, in the order the browser sends them. */
  sessions: DemoBatch[][];
  events: number;
}

export interface TrafficOptions {
  site: DemoSite;
  seed: number;
  /** The window sessions fall in, in ms (never shorter than its last 6 hours; nothing arrives after `end`). */
  start: number;
  end: number;
  addresses: AddressBook;
  /**
   * How many visitors the run makes: visitor i's first session falls in the i-th share of the
   * traffic, so a run that goes through them in order writes roughly in time order (cheaper
   * index inserts), while the mix over the window stays the same.
   */
  visitors: number;
}

// ---------------------------------------------------------------------------------------------
// Who visits: countries (with language and timezone), devices, screens, consent.

interface Country {
  code: string;
  weight: number;
  langs: string[];
  zones: string[];
}

const COUNTRIES: Country[] = [
  { code: "DE", weight: 20, langs: ["de-DE"], zones: ["Europe/Berlin"] },
  { code: "US", weight: 22, langs: ["en-US"], zones: ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"] },
  { code: "GB", weight: 8, langs: ["en-GB"], zones: ["Europe/London"] },
  { code: "FR", weight: 5, langs: ["fr-FR"], zones: ["Europe/Paris"] },
  { code: "AT", weight: 4, langs: ["de-AT"], zones: ["Europe/Vienna"] },
  { code: "CH", weight: 4, langs: ["de-CH", "fr-CH"], zones: ["Europe/Zurich"] },
  { code: "NL", weight: 4, langs: ["nl-NL"], zones: ["Europe/Amsterdam"] },
  { code: "CA", weight: 3, langs: ["en-CA", "fr-CA"], zones: ["America/Toronto", "America/Vancouver"] },
  { code: "IN", weight: 4, langs: ["en-IN", "hi-IN"], zones: ["Asia/Kolkata"] },
  { code: "BR", weight: 3, langs: ["pt-BR"], zones: ["America/Sao_Paulo"] },
  { code: "ES", weight: 3, langs: ["es-ES"], zones: ["Europe/Madrid"] },
  { code: "IT", weight: 3, langs: ["it-IT"], zones: ["Europe/Rome"] },
  { code: "PL", weight: 3, langs: ["pl-PL"], zones: ["Europe/Warsaw"] },
  { code: "SE", weight: 2, langs: ["sv-SE"], zones: ["Europe/Stockholm"] },
  { code: "DK", weight: 1.5, langs: ["da-DK"], zones: ["Europe/Copenhagen"] },
  { code: "BE", weight: 1.5, langs: ["nl-BE", "fr-BE"], zones: ["Europe/Brussels"] },
  { code: "JP", weight: 2, langs: ["ja-JP"], zones: ["Asia/Tokyo"] },
  { code: "AU", weight: 2, langs: ["en-AU"], zones: ["Australia/Sydney", "Australia/Melbourne"] },
  { code: "SG", weight: 1, langs: ["en-SG"], zones: ["Asia/Singapore"] },
  { code: "MX", weight: 1, langs: ["es-MX"], zones: ["America/Mexico_City"] },
];
export const DEMO_COUNTRIES: readonly string[] = COUNTRIES.map((c) => c.code);
const COUNTRY_MIX = new Weighted(COUNTRIES.map((c) => [c, c.weight] as const));

type DeviceClass = "desktop" | "mobile" | "tablet";
const CHROME = "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const AGENTS: Record<DeviceClass, Weighted<string>> = {
  desktop: new Weighted([
    [`Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME}`, 36],
    [`Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME} Edg/126.0.2592.68`, 12],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0", 7],
    [`Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${CHROME}`, 14],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", 14],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", 3],
    [`Mozilla/5.0 (X11; Linux x86_64) ${CHROME}`, 5],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", 4],
  ]),
  mobile: new Weighted([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", 46],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1", 4],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36", 20],
    ["Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36", 20],
    ["Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", 10],
  ]),
  tablet: new Weighted([
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", 65],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Safari/537.36", 35],
  ]),
};
const DEVICE_MIX = new Weighted<DeviceClass>([["desktop", 52], ["mobile", 42], ["tablet", 6]]);
const SCREENS: Record<DeviceClass, Weighted<readonly [number, number]>> = {
  desktop: new Weighted([[[1920, 1080], 35], [[1536, 864], 12], [[1440, 900], 10], [[2560, 1440], 10], [[1366, 768], 10], [[1512, 982], 10], [[1680, 1050], 5], [[1280, 720], 5], [[3840, 2160], 3]]),
  mobile: new Weighted([[[390, 844], 25], [[393, 852], 15], [[430, 932], 10], [[375, 812], 10], [[412, 915], 20], [[360, 800], 15], [[384, 854], 5]]),
  tablet: new Weighted([[[820, 1180], 40], [[810, 1080], 25], [[1024, 1366], 15], [[800, 1280], 20]]),
};

type Consent = { analytics: boolean; marketing: boolean };
const CONSENT_MIX = new Weighted<Consent>([
  [{ analytics: true, marketing: true }, 70],
  [{ analytics: true, marketing: false }, 15],
  [{ analytics: false, marketing: false }, 15],
]);

/** Share of visitors who come back, and how many sessions they have then (mean ≈ 3.85, so ≈ 2 a visitor). */
const RETURNING = 0.35;
const RETURN_SESSIONS = new Weighted([[2, 15], [3, 20], [4, 30], [5, 35]]);
/** A returning visitor's sessions fall within a span this long. */
const RETURN_SPAN_MS = 21 * 86_400_000;

// ---------------------------------------------------------------------------------------------
// The site: about 40 pages, in sections that lead to each other.

type Section =
  | "home" | "pricing" | "features" | "blog" | "post" | "docs" | "shop" | "product" | "cart" | "checkout"
  | "thanks" | "signup" | "login" | "contact" | "demo" | "company" | "legal";

interface Page {
  path: string;
  title: string;
  section: Section;
  /** Long pages get scrolled. */
  long: boolean;
  price?: number;
}

const page = (path: string, title: string, section: Section, long = false, price?: number): Page => ({ path, title, section, long, price });
const PAGES: Page[] = [
  page("/", "Demo Shop — analytics you own", "home", true),
  page("/pricing", "Pricing — Demo Shop", "pricing", true),
  page("/features", "Features — Demo Shop", "features", true),
  page("/features/analytics", "Privacy-first analytics — Demo Shop", "features", true),
  page("/features/consent", "Consent management — Demo Shop", "features", true),
  page("/features/leads", "Lead capture — Demo Shop", "features", true),
  page("/integrations", "Integrations — Demo Shop", "features", true),
  page("/customers", "Customer stories — Demo Shop", "company", true),
  page("/about", "About us — Demo Shop", "company"),
  page("/careers", "Careers — Demo Shop", "company"),
  page("/changelog", "Changelog — Demo Shop", "company", true),
  page("/contact", "Contact — Demo Shop", "contact"),
  page("/demo", "Book a demo — Demo Shop", "demo"),
  page("/blog", "Blog — Demo Shop", "blog"),
  page("/blog/cookieless-analytics-explained", "Cookieless analytics, explained", "post", true),
  page("/blog/ga4-migration-checklist", "The GA4 migration checklist", "post", true),
  page("/blog/utm-parameters-guide", "A practical guide to UTM parameters", "post", true),
  page("/blog/consent-banner-best-practices", "Consent banners that people actually click", "post", true),
  page("/blog/funnel-analysis-101", "Funnel analysis 101", "post", true),
  page("/blog/web-vitals-and-conversions", "Do Web Vitals move conversions?", "post", true),
  page("/blog/self-hosting-on-a-budget", "Self-hosting analytics on a budget", "post", true),
  page("/blog/attribution-models-compared", "Attribution models compared", "post", true),
  page("/docs", "Documentation", "docs"),
  page("/docs/getting-started", "Getting started — Docs", "docs", true),
  page("/docs/install", "Install the script — Docs", "docs", true),
  page("/docs/tracking", "Tracking events — Docs", "docs", true),
  page("/docs/consent", "Consent modes — Docs", "docs", true),
  page("/docs/funnels", "Funnels — Docs", "docs", true),
  page("/docs/api", "Reporting API — Docs", "docs", true),
  page("/docs/faq", "FAQ — Docs", "docs", true),
  page("/shop", "Shop — Demo Shop", "shop", true),
  page("/shop/starter-kit", "Starter kit — Demo Shop", "product", true, 29),
  page("/shop/pro-licence", "Pro licence — Demo Shop", "product", true, 149),
  page("/shop/team-bundle", "Team bundle — Demo Shop", "product", true, 249),
  page("/shop/consent-addon", "Consent add-on — Demo Shop", "product", true, 49),
  page("/shop/support-plan", "Support plan — Demo Shop", "product", true, 99),
  page("/cart", "Your cart — Demo Shop", "cart"),
  page("/checkout", "Checkout — Demo Shop", "checkout"),
  page("/thank-you", "Thank you for your order — Demo Shop", "thanks"),
  page("/signup", "Create your account — Demo Shop", "signup"),
  page("/login", "Log in — Demo Shop", "login"),
  page("/privacy", "Privacy policy — Demo Shop", "legal", true),
  page("/terms", "Terms of service — Demo Shop", "legal", true),
];
export const DEMO_PATHS: readonly string[] = PAGES.map((p) => p.path);

/** Pages of a section, the first ones more popular (Zipf-like). */
const SECTION_PAGES = new Map<Section, Weighted<Page>>();
for (const section of new Set(PAGES.map((p) => p.section))) {
  SECTION_PAGES.set(section, new Weighted(PAGES.filter((p) => p.section === section).map((p, i) => [p, 1 / (i + 1)] as const)));
}

/** Sections with weights: where a page leads, where a channel lands. */
const sections = (entries: [Section, number][]) => new Weighted(entries);
const NEXT: Record<Section, Weighted<Section>> = {
  home: sections([["pricing", 25], ["features", 20], ["shop", 18], ["blog", 8], ["docs", 10], ["signup", 6], ["company", 6], ["login", 4], ["demo", 3]]),
  pricing: sections([["signup", 25], ["shop", 22], ["contact", 10], ["features", 15], ["home", 10], ["demo", 10], ["legal", 3], ["docs", 5]]),
  features: sections([["pricing", 35], ["features", 20], ["signup", 12], ["docs", 10], ["home", 10], ["demo", 8], ["company", 5]]),
  blog: sections([["post", 80], ["home", 20]]),
  post: sections([["post", 35], ["blog", 12], ["pricing", 18], ["home", 15], ["signup", 10], ["features", 10]]),
  docs: sections([["docs", 78], ["pricing", 8], ["signup", 8], ["home", 6]]),
  shop: sections([["product", 85], ["cart", 5], ["home", 10]]),
  product: sections([["cart", 40], ["product", 30], ["shop", 20], ["pricing", 10]]),
  cart: sections([["checkout", 60], ["shop", 25], ["product", 15]]),
  checkout: sections([["thanks", 70], ["cart", 30]]),
  thanks: sections([["home", 40], ["shop", 30], ["docs", 30]]),
  signup: sections([["docs", 45], ["login", 20], ["home", 20], ["pricing", 15]]),
  login: sections([["docs", 55], ["home", 25], ["shop", 20]]),
  contact: sections([["home", 50], ["pricing", 30], ["company", 20]]),
  demo: sections([["home", 40], ["pricing", 40], ["features", 20]]),
  company: sections([["home", 40], ["company", 20], ["pricing", 20], ["contact", 20]]),
  legal: sections([["home", 60], ["legal", 20], ["pricing", 20]]),
};

/** Pageviews a session: mostly one (bounces), up to 8 (mean ≈ 1.6). */
const PAGE_COUNT = new Weighted([[1, 72], [2, 13], [3, 6], [4, 4], [5, 2], [6, 1.5], [7, 1], [8, 0.5]]);

// ---------------------------------------------------------------------------------------------
// Where sessions come from: referrer, landing-page query (UTM, click ids), landing section.

type Utm = { utm_source?: string; utm_medium?: string; utm_campaign?: string; utm_term?: string; utm_content?: string };
interface Arrival {
  ref: string;
  utm?: Utm;
  /** Click ids on the landing URL (gclid=…). */
  click?: [string, string];
  landing: Weighted<Section>;
}

const LANDING = {
  direct: sections([["home", 55], ["pricing", 10], ["login", 15], ["docs", 10], ["shop", 10]]),
  search: sections([["post", 35], ["docs", 25], ["home", 20], ["features", 10], ["product", 10]]),
  ads: sections([["pricing", 35], ["home", 25], ["features", 20], ["product", 20]]),
  products: sections([["product", 100]]),
  social: sections([["post", 60], ["home", 25], ["features", 15]]),
  promotion: sections([["product", 40], ["pricing", 30], ["home", 30]]),
  newsletter: sections([["post", 40], ["product", 40], ["home", 20]]),
  referral: sections([["home", 40], ["docs", 30], ["post", 30]]),
  partner: sections([["pricing", 50], ["product", 50]]),
  banner: sections([["product", 60], ["home", 40]]),
  video: sections([["home", 50], ["features", 50]]),
};
const SEARCH_REFERRERS = new Weighted([["https://www.google.com/", 70], ["https://www.google.de/", 10], ["https://www.bing.com/", 8], ["https://duckduckgo.com/", 6], ["https://www.ecosia.org/", 3], ["https://search.yahoo.com/", 3]]);
const SOCIAL_REFERRERS = new Weighted([
  ["https://www.facebook.com/", 25], ["https://m.facebook.com/", 10], ["https://t.co/", 15], ["https://www.linkedin.com/", 20],
  ["https://www.reddit.com/r/analytics/", 12], ["https://www.instagram.com/", 8], ["https://news.ycombinator.com/", 10],
]);
const REFERRING_SITES = [
  "https://github.com/tidemark-demo/tracker", "https://www.producthunt.com/posts/demo-shop", "https://stackoverflow.com/questions/7262/consent-analytics",
  "https://dev.to/analytics/self-hosted-analytics", "https://www.heise.de/news/analytics.html", "https://alternativeto.net/software/google-analytics/",
  "https://blog.partner-agency.example/tools",
];
const CAMPAIGNS = ["spring_sale", "brand", "generic-analytics", "retargeting-q2", "product-launch", "black_friday", "webinar-consent"];

type ArrivalKind =
  | "direct" | "organic_search" | "paid_search" | "organic_social" | "paid_social" | "email" | "referral" | "affiliates" | "display" | "organic_video" | "paid_other";

/** Named after the channel each one should land in (lib/channels.ts decides, from what is sent). */
const ARRIVALS: Record<ArrivalKind, (r: Random) => Arrival> = {
  direct: () => ({ ref: "", landing: LANDING.direct }),
  organic_search: (r) => ({ ref: SEARCH_REFERRERS.pick(r), landing: LANDING.search }),
  paid_search: (r) => {
    const kind = r.next();
    if (kind < 0.65) return { ref: "https://www.google.com/", click: ["gclid", `Cj0KCQ${r.hex(18)}`], landing: LANDING.ads };
    if (kind < 0.8) return { ref: "https://www.bing.com/", click: ["msclkid", r.hex(32)], landing: LANDING.ads };
    const term = r.pick(["web analytics", "ga4 alternative", "cookie banner", "consent tool"]);
    if (kind < 0.9) return { ref: "https://www.google.com/", utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: r.pick(CAMPAIGNS), utm_term: term }, landing: LANDING.ads };
    // A shopping campaign (GA4 reads "shopping" in the campaign name as Paid Shopping).
    return { ref: "https://www.google.com/", utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "shopping-feed" }, landing: LANDING.products };
  },
  organic_social: (r) => ({ ref: SOCIAL_REFERRERS.pick(r), landing: LANDING.social }),
  paid_social: (r) => {
    const kind = r.next();
    if (kind < 0.5) return { ref: "https://l.facebook.com/", click: ["fbclid", `IwAR${r.hex(24)}`], landing: LANDING.promotion };
    const campaign = r.pick(CAMPAIGNS);
    if (kind < 0.8) return { ref: "https://www.instagram.com/", utm: { utm_source: "facebook", utm_medium: "paid_social", utm_campaign: campaign, utm_content: r.pick(["carousel", "video-15s", "static"]) }, landing: LANDING.promotion };
    return { ref: "https://www.linkedin.com/", utm: { utm_source: "linkedin", utm_medium: "paid_social", utm_campaign: campaign }, landing: LANDING.promotion };
  },
  email: (r) => ({
    ref: r.chance(0.3) ? "https://mail.google.com/" : "",
    utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: r.pick(["newsletter-weekly", "welcome-series", "spring_sale", "product-launch"]) },
    landing: LANDING.newsletter,
  }),
  referral: (r) => ({ ref: r.pick(REFERRING_SITES), landing: LANDING.referral }),
  affiliates: (r) => ({
    ref: r.pick(["https://www.bestanalyticstools.example/reviews", "https://couponbird.example/demo-shop"]),
    utm: { utm_source: r.pick(["awin", "partnerstack", "couponbird"]), utm_medium: "affiliate", utm_campaign: "partners" },
    landing: LANDING.partner,
  }),
  display: (r) => ({
    ref: "",
    utm: r.chance(0.6) ? { utm_source: "google", utm_medium: "display", utm_campaign: "retargeting-q2" } : { utm_source: "criteo", utm_medium: "cpm", utm_campaign: "prospecting" },
    landing: LANDING.banner,
  }),
  organic_video: () => ({ ref: "https://www.youtube.com/", landing: LANDING.video }),
  paid_other: () => ({ ref: "https://www.capterra.com/", utm: { utm_source: "capterra", utm_medium: "cpc", utm_campaign: "listing" }, landing: LANDING.ads }),
};

/** A visitor's first session; later ones come back more often directly or by e-mail. */
const FIRST_ARRIVAL = new Weighted<ArrivalKind>([
  ["direct", 22], ["organic_search", 30], ["paid_search", 9], ["organic_social", 8], ["paid_social", 5], ["email", 6],
  ["referral", 12], ["affiliates", 3], ["display", 2], ["organic_video", 1.5], ["paid_other", 1.5],
]);
const RETURN_ARRIVAL = new Weighted<ArrivalKind>([
  ["direct", 45], ["organic_search", 20], ["email", 12], ["paid_search", 6], ["organic_social", 6], ["paid_social", 3], ["referral", 6], ["affiliates", 1], ["display", 1],
]);

// ---------------------------------------------------------------------------------------------
// When: the hours of the window weighted by weekday, hour of day (site timezone), a slow
// growth and some day-to-day noise. Sampled by inverse CDF.

const WEEKDAY = [1.0, 1.08, 1.1, 1.05, 0.95, 0.62, 0.7]; // Monday … Sunday
const HOUR = [0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.25, 0.5, 0.8, 1, 1.05, 1.05, 1, 1, 1.05, 1.05, 1, 0.95, 0.9, 0.95, 1, 0.9, 0.7, 0.45];
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

class Rhythm {
  private readonly bounds: Float64Array;
  private readonly cumulative: Float64Array;

  constructor(start: number, end: number, timezone: string, seed: number) {
    const local = new Intl.DateTimeFormat("en-US", { timeZone: timezone, hour: "numeric", hourCycle: "h23", weekday: "short" });
    const noise = new Random(seed, 0xda15);
    const days = Array.from({ length: Math.ceil((end - start) / DAY_MS) + 1 }, () => 0.85 + 0.3 * noise.next());
    const bounds = [start];
    for (let t = (Math.floor(start / HOUR_MS) + 1) * HOUR_MS; t < end; t += HOUR_MS) bounds.push(t);
    bounds.push(end);
    this.bounds = Float64Array.from(bounds);
    this.cumulative = new Float64Array(bounds.length);
    for (let i = 0; i + 1 < bounds.length; i++) {
      const mid = (bounds[i] + bounds[i + 1]) / 2;
      const parts = local.formatToParts(mid);
      const hour = Number(parts.find((p) => p.type === "hour")!.value);
      const weekday = WEEKDAYS.indexOf(parts.find((p) => p.type === "weekday")!.value);
      const growth = 0.85 + (0.3 * (mid - start)) / (end - start);
      const weight = WEEKDAY[weekday] * HOUR[hour] * growth * days[Math.floor((mid - start) / DAY_MS)] * ((bounds[i + 1] - bounds[i]) / HOUR_MS);
      this.cumulative[i + 1] = this.cumulative[i] + weight;
    }
  }

  private bucketOf(t: number): number {
    let lo = 0;
    let hi = this.bounds.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.bounds[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private cdf(t: number): number {
    const i = this.bucketOf(t);
    const width = this.bounds[i + 1] - this.bounds[i];
    const into = Math.min(1, Math.max(0, (t - this.bounds[i]) / width));
    return this.cumulative[i] + into * (this.cumulative[i + 1] - this.cumulative[i]);
  }

  /** The instant at quantile `u` of the traffic between `from` and `to`. */
  at(u: number, from: number, to: number): number {
    const lo = this.cdf(from);
    const target = lo + u * (this.cdf(to) - lo);
    let a = 0;
    let b = this.cumulative.length - 2;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if (this.cumulative[mid] <= target) a = mid;
      else b = mid - 1;
    }
    const share = this.cumulative[a + 1] - this.cumulative[a];
    const into = share > 0 ? (target - this.cumulative[a]) / share : 0;
    return Math.min(to, Math.max(from, this.bounds[a] + into * (this.bounds[a + 1] - this.bounds[a])));
  }
}

// ---------------------------------------------------------------------------------------------
// One session, drafted on a clock relative to its start; the tracker's buffering is replayed
// (a batch 1 s after the first queued event, at once for conversions, clicks and forms, on
// page hide with the engagement and vitals).

/** An event before it has an absolute time; `u`/`ti` are the page it happened on. */
type DraftEvent = { at: number; id: string; url: string; title: string; fields: EventFields };
type EventFields =
  | { t: "pageview" }
  | { t: "engagement"; et: number }
  | { t: "event"; n: string; p?: Record<string, string | number | boolean | null> }
  | { t: "conversion"; n: string; val?: number; cur?: string; oid?: string }
  | { t: "identify"; uid: string }
  | { t: "scroll"; pct: 25 | 50 | 75 | 90 }
  | { t: "outbound"; href: string }
  | { t: "download"; href: string }
  | { t: "form_submit"; form: string }
  | { t: "vital"; n: "LCP" | "INP" | "CLS" | "FCP" | "TTFB"; val: number }
  | { t: "consent"; c: Consent }
  | { t: "inventory"; ck: string[]; st: string[]; hs: string[] };

interface DraftBatch {
  at: number;
  ref: string;
  utm: Utm;
  events: DraftEvent[];
}

/** The browser tab: location, the last referrer sent, and the script's event buffer. */
class Tab {
  readonly batches: DraftBatch[] = [];
  private buffer: DraftEvent[] = [];
  private due = Infinity;
  url = "";
  title = "";
  utm: Utm = {};
  private lastRef: string;

  constructor(
    private readonly random: Random,
    private readonly origin: string,
    referrer: string,
  ) {
    this.lastRef = referrer;
  }

  /**
   * A full page load (the new document's referrer is the previous page) or an SPA navigation;
   * `utm` is what the script reads from the URL's query.
   */
  open(path: string, title: string, query: string, utm: Utm, fullLoad: boolean): void {
    if (fullLoad && this.url) this.lastRef = this.url;
    this.url = `${this.origin}${path}${query}`;
    this.title = title;
    this.utm = utm;
  }

  push(at: number, fields: EventFields, now = false): void {
    this.tick(at);
    this.buffer.push({ at, id: this.random.uuid4(), url: this.url, title: this.title, fields });
    if (now || this.buffer.length >= 10) this.send(at);
    else if (this.due === Infinity) this.due = at + 1000;
  }

  /** The 1-second timer fires if it is due by `at`. */
  tick(at: number): void {
    if (this.due <= at) this.send(this.due);
  }

  send(at: number): void {
    this.due = Infinity;
    if (this.buffer.length === 0) return;
    this.batches.push({ at, ref: this.lastRef, utm: this.utm, events: this.buffer });
    this.buffer = [];
    this.lastRef = this.url;
  }
}

interface Profile {
  consent: Consent;
  device: DeviceClass;
  /** The visitor's own user id once they identify (a signup or a login). */
  userId: string | null;
  orderSeq: number;
  index: number;
  seed: number;
}

interface DraftSession {
  batches: DraftBatch[];
  /** Until the last batch has arrived. */
  duration: number;
  events: number;
}

const LATENCY = (r: Random) => Math.round(r.logNormal(120, 0.6));
const VITALS: { n: "LCP" | "INP" | "CLS" | "FCP" | "TTFB"; median: number; sigma: number; digits: number }[] = [
  { n: "TTFB", median: 280, sigma: 0.5, digits: 0 },
  { n: "FCP", median: 1100, sigma: 0.45, digits: 0 },
  { n: "LCP", median: 1900, sigma: 0.5, digits: 0 },
  { n: "CLS", median: 0.04, sigma: 1, digits: 3 },
  { n: "INP", median: 140, sigma: 0.6, digits: 0 },
];
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

interface SessionState {
  origin: string;
  currency: string;
  profile: Profile;
  /** Value of what was added to the cart so far. */
  cart: number;
}

type Happening = { fields: EventFields; now?: boolean };

/** What happens on a page while it is open: scrolls, clicks, forms, the checkout's conversion. */
function interactions(r: Random, p: Page, session: SessionState): Happening[] {
  const out: Happening[] = [];
  // Scroll depth: long pages get read further.
  if (r.chance(p.long ? 0.15 : 0.03)) {
    for (const pct of [25, 50, 75, 90] as const) {
      out.push({ fields: { t: "scroll", pct } });
      if (!r.chance(p.long ? 0.35 : 0.2)) break;
    }
  }
  const { profile, currency } = session;
  switch (p.section) {
    case "home":
      if (r.chance(0.05)) out.push({ fields: { t: "event", n: "cta_click", p: { location: r.pick(["hero", "footer", "nav"]) } } });
      if (r.chance(0.02)) out.push({ fields: { t: "event", n: "video_play", p: { video: "product-tour", seconds: 94 } } });
      if (r.chance(0.01)) out.push({ fields: { t: "form_submit", form: "newsletter" }, now: true });
      break;
    case "pricing":
      if (r.chance(0.08)) out.push({ fields: { t: "event", n: "plan_select", p: { plan: r.pick(["starter", "growth", "enterprise"]), billing: r.pick(["monthly", "yearly"]) } } });
      break;
    case "features":
      if (r.chance(0.02)) out.push({ fields: { t: "download", href: `${session.origin}/downloads/feature-overview.pdf` }, now: true });
      break;
    case "post":
      if (r.chance(0.03)) out.push({ fields: { t: "outbound", href: r.pick(["https://github.com/tidemark-demo/examples", "https://web.dev/articles/vitals", "https://gdpr.eu/cookies/"]) }, now: true });
      if (r.chance(0.015)) out.push({ fields: { t: "event", n: "share", p: { network: r.pick(["linkedin", "x", "reddit"]) } } });
      break;
    case "docs":
      if (r.chance(0.05)) out.push({ fields: { t: "event", n: "copy_code", p: { lang: r.pick(["html", "js", "bash"]) } } });
      if (r.chance(0.02)) out.push({ fields: { t: "event", n: "docs_search", p: { query: r.pick(["consent", "funnel", "api key", "utm", "spa"]) } } });
      if (r.chance(0.02)) out.push({ fields: { t: "outbound", href: "https://github.com/tidemark-demo/tracker" }, now: true });
      if (r.chance(0.015)) out.push({ fields: { t: "download", href: `${session.origin}/downloads/integration-guide.pdf` }, now: true });
      break;
    case "product":
      if (r.chance(0.45)) {
        session.cart += p.price ?? 0;
        out.push({ fields: { t: "event", n: "add_to_cart", p: { sku: p.path.slice("/shop/".length), price: p.price ?? 0, currency } } });
      }
      break;
    case "checkout":
      if (r.chance(0.8)) out.push({ fields: { t: "form_submit", form: "checkout" }, now: true });
      break;
    case "thanks": {
      const oid = `DEMO-${profile.seed}-${profile.index}-${++profile.orderSeq}`;
      const val = session.cart > 0 ? session.cart : r.pick([29, 49, 99, 149, 249]);
      out.push({ fields: { t: "conversion", n: "purchase", val, cur: currency, oid }, now: true });
      // The confirmation page's script fires twice now and then: the orderId keeps it counted once.
      if (r.chance(0.08)) out.push({ fields: { t: "conversion", n: "purchase", val, cur: currency, oid }, now: true });
      session.cart = 0;
      break;
    }
    case "signup":
      if (r.chance(0.35)) {
        out.push({ fields: { t: "form_submit", form: "signup" }, now: true });
        out.push({ fields: { t: "conversion", n: "signup" }, now: true });
        profile.userId ??= `usr_${r.hex(10)}`;
        if (r.chance(0.8)) out.push({ fields: { t: "identify", uid: profile.userId } });
      }
      break;
    case "login":
      if (r.chance(0.6)) out.push({ fields: { t: "identify", uid: (profile.userId ??= `usr_${r.hex(10)}`) } });
      break;
    case "contact":
      if (r.chance(0.25)) {
        out.push({ fields: { t: "form_submit", form: "contact" }, now: true });
        out.push({ fields: { t: "conversion", n: "lead" }, now: true });
      }
      break;
    case "demo":
      if (r.chance(0.3)) {
        out.push({ fields: { t: "form_submit", form: "demo-request" }, now: true });
        out.push({ fields: { t: "conversion", n: "demo_request" }, now: true });
      }
      break;
  }
  return out;
}

function draftSession(r: Random, site: DemoSite, profile: Profile, arrival: Arrival, firstVisit: boolean): DraftSession {
  const state: SessionState = { origin: `https://${site.host}`, currency: site.currency, profile, cart: 0 };
  const tab = new Tab(r, state.origin, arrival.ref);
  const count = PAGE_COUNT.pick(r);
  const pages: Page[] = [SECTION_PAGES.get(arrival.landing.pick(r))!.pick(r)];
  while (pages.length < count) pages.push(SECTION_PAGES.get(NEXT[pages[pages.length - 1].section].pick(r))!.pick(r));
  const query = [...Object.entries(arrival.utm ?? {}), ...(arrival.click ? [arrival.click] : [])].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
  // The docs are a single-page app: moving between them is a pushState, not a page load.
  const spa = (a: Page | undefined, b: Page | undefined) => a?.section === "docs" && b?.section === "docs";

  let t = 0;
  let vitalsDue = r.chance(0.04);
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i];
    tab.open(p.path, p.title, i === 0 && query ? `?${query}` : "", i === 0 ? (arrival.utm ?? {}) : {}, !spa(pages[i - 1], p));
    tab.push(t, { t: "pageview" });
    const dwell = Math.round(Math.min(15 * 60_000, Math.max(3000, r.logNormal(p.long ? 35_000 : 15_000, 1.1))));
    const timeline: { at: number; happening: Happening }[] = [];
    if (i === 0 && firstVisit && r.chance(0.3)) timeline.push({ at: t + Math.round(dwell * (0.1 + 0.4 * r.next())), happening: { fields: { t: "consent", c: profile.consent }, now: true } });
    if (i === 0 && r.chance(0.03)) {
      const fields: EventFields = { t: "inventory", ck: ["cart_id", "_hjSession"], st: profile.consent.analytics ? ["tm_consent", "tm_vid", "tm_sid"] : ["tm_consent"], hs: ["fonts.googleapis.com", "www.youtube-nocookie.com", "js.stripe.com"] };
      timeline.push({ at: t + Math.min(3000, dwell - 500), happening: { fields } });
    }
    const happenings = interactions(r, p, state);
    happenings.forEach((happening, k) => timeline.push({ at: t + 1000 + Math.round(((k + r.next()) / happenings.length) * (dwell - 2000)), happening }));
    timeline.sort((a, b) => a.at - b.at);
    for (const { at, happening } of timeline) tab.push(at, happening.fields, happening.now);

    const leave = t + dwell;
    // Engaged (foreground) time reaches the server when the page hides or navigates, if the
    // ping survives (mobile browsers often drop it).
    const engagement = r.chance(0.45) ? Math.round(dwell * (0.55 + 0.45 * r.next())) : 0;
    if (spa(p, pages[i + 1])) {
      if (engagement) tab.push(leave, { t: "engagement", et: engagement });
      t = leave;
      continue;
    }
    tab.tick(leave);
    if (engagement) tab.push(leave, { t: "engagement", et: engagement });
    if (vitalsDue) {
      for (const v of VITALS) if (v.n !== "INP" || r.chance(0.6)) tab.push(leave, { t: "vital", n: v.n, val: round(r.logNormal(v.median, v.sigma), v.digits) });
      vitalsDue = false;
    }
    tab.send(leave);
    t = leave + r.int(200, 1500);
  }
  // Arrival in the order sent: the first batch to arrive decides the session's channel.
  const batches = tab.batches;
  let arrived = 0;
  for (const b of batches) arrived = b.at = Math.max(arrived + 1, b.at + LATENCY(r));
  // A retried request: the same events again (same ids and times), stored once.
  if (r.chance(0.003)) {
    const again = batches[r.int(0, batches.length - 1)];
    batches.push({ ...again, at: again.at + r.int(1000, 5000) });
  }
  batches.sort((a, b) => a.at - b.at);
  return { batches, duration: batches[batches.length - 1].at, events: batches.reduce((n, b) => n + b.events.length, 0) };
}

// ---------------------------------------------------------------------------------------------

/** At least this much window, so even a one-day run right after midnight has room for sessions. */
const MIN_WINDOW_MS = 6 * HOUR_MS;
const SESSION_GAP_MS = 31 * 60_000;

export class TrafficModel {
  private readonly rhythm: Rhythm;
  private readonly start: number;

  constructor(private readonly options: TrafficOptions) {
    this.start = Math.min(options.start, options.end - MIN_WINDOW_MS);
    this.rhythm = new Rhythm(this.start, options.end, options.site.timezone, options.seed);
  }

  get visitors(): number {
    return this.options.visitors;
  }

  /**
   * No session of visitor `index` starts before this: its sessions lie around its share of the
   * window (a day more for the shift that keeps the last one before `end`). Grows with `index`.
   */
  earliestStart(index: number): number {
    return this.rhythm.at(index / this.options.visitors, this.start, this.options.end) - RETURN_SPAN_MS / 2 - DAY_MS;
  }

  /** Visitor number `index`: always the same for the same seed, site and window. */
  visitor(index: number): DemoVisitor {
    const { site, seed, end, addresses } = this.options;
    const r = new Random(seed, index);
    const country = COUNTRY_MIX.pick(r);
    const device = DEVICE_MIX.pick(r);
    const userAgent = AGENTS[device].pick(r);
    const [sw, sh] = SCREENS[device].pick(r);
    const lang = r.chance(0.12) ? "en-US" : r.pick(country.langs);
    const tz = r.pick(country.zones);
    const pool = addresses.get(country.code) ?? [];
    const ipOf = () => (pool.length > 0 ? r.pick(pool) : `203.0.113.${r.int(1, 254)}`); // TEST-NET: the timezone decides the country
    let ip = ipOf();
    const profile: Profile = { consent: CONSENT_MIX.pick(r), device, userId: null, orderSeq: 0, index, seed };
    const sessionCount = r.chance(RETURNING) ? RETURN_SESSIONS.pick(r) : 1;
    const quantiles = Array.from({ length: sessionCount === 1 ? 1 : sessionCount + 1 }, () => r.next());

    const drafts: DraftSession[] = [];
    const ips: string[] = [];
    for (let s = 0; s < sessionCount; s++) {
      const arrival = ARRIVALS[(s === 0 ? FIRST_ARRIVAL : RETURN_ARRIVAL).pick(r)](r);
      drafts.push(draftSession(r, site, profile, arrival, s === 0));
      // Phones and tablets change networks between visits.
      if (s > 0 && device !== "desktop" && r.chance(0.3)) ip = ipOf();
      ips.push(ip);
    }

    // Place the sessions: a returning visitor's within three weeks around a point of the window
    // (around, not after, so returns do not pile up at its end), each starting after the
    // previous one ended plus the 30-minute inactivity rule.
    const center = this.rhythm.at((index + quantiles[0]) / this.options.visitors, this.start, end);
    const [from, until] = [Math.max(this.start, center - RETURN_SPAN_MS / 2), Math.min(end, center + RETURN_SPAN_MS / 2)];
    const starts = sessionCount === 1 ? [center] : quantiles.slice(1).map((u) => this.rhythm.at(u, from, until)).sort((a, b) => a - b);
    for (let s = 1; s < sessionCount; s++) starts[s] = Math.max(starts[s], starts[s - 1] + drafts[s - 1].duration + SESSION_GAP_MS);
    const overflow = starts[sessionCount - 1] + drafts[sessionCount - 1].duration - end;
    if (overflow > 0) for (let s = 0; s < sessionCount; s++) starts[s] -= overflow;

    // Without analytics consent the script keeps its id for the tab only: a new visitor id each session.
    const persistent = profile.consent.analytics;
    let vid = r.uuid7(starts[0]);
    let events = 0;
    const sessions = drafts.map((draft, s) => {
      const start = Math.round(starts[s]);
      if (s > 0 && !persistent) vid = r.uuid7(start);
      const sid = r.uuid7(start);
      events += draft.events;
      return draft.batches.map(
        (b, k): DemoBatch => ({
          body: {
            v: 1,
            s: site.siteKey,
            vid,
            sid,
            nv: k === 0 && (s === 0 || !persistent),
            c: profile.consent,
            ctx: { ref: b.ref, lang, tz, sw, sh, utm: b.utm },
            e: b.events.map((e) => ({ id: e.id, ts: start + e.at, u: e.url, ti: e.title, ...e.fields }) as EventV1),
          },
          receivedAt: start + b.at,
          userAgent,
          ip: ips[s],
        }),
      );
    });
    return { sessions, events };
  }
}

/** One session of one visitor, by when it starts. */
export interface Slot {
  start: number;
  visitor: number;
  session: number;
  /** The visitor's last session. */
  last: boolean;
}

/**
 * Sessions of all visitors in the order they start, so hits arrive as the clock goes (as real
 * ones do: ingest prunes its recent-event ids by the time hits arrive) and the store's time
 * indexes grow at one end. Visitors are made as the clock nears them and only their sessions'
 * start times are kept; each is made again when its session is sent.
 */
export class SessionQueue {
  private readonly heap: Slot[] = [];
  private nextVisitor = 0;

  constructor(private readonly model: TrafficModel) {}

  next(): Slot | null {
    while (this.nextVisitor < this.model.visitors && (this.heap.length === 0 || this.model.earliestStart(this.nextVisitor) <= this.heap[0].start)) {
      const visitor = this.nextVisitor++;
      const sessions = this.model.visitor(visitor).sessions;
      sessions.forEach((batches, session) => this.push({ start: batches[0].body.e[0].ts, visitor, session, last: session === sessions.length - 1 }));
    }
    return this.pop();
  }

  private before(a: Slot, b: Slot): boolean {
    return a.start < b.start || (a.start === b.start && (a.visitor < b.visitor || (a.visitor === b.visitor && a.session < b.session)));
  }

  private push(slot: Slot): void {
    const heap = this.heap;
    let i = heap.push(slot) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
  }

  private pop(): Slot | null {
    const heap = this.heap;
    if (heap.length === 0) return null;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let least = i;
        if (l < heap.length && this.before(heap[l], heap[least])) least = l;
        if (r < heap.length && this.before(heap[r], heap[least])) least = r;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least], heap[i]];
        i = least;
      }
    }
    return top;
  }
}

/** Public IPv4 ranges only: no private, loopback, CGNAT, link-local or multicast addresses. */
function isPublic(a: number, b: number): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b < 128) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b < 32) return false;
  return !(a === 192 && b === 168);
}

/**
 * Real addresses per demo country, found by asking the geo database about random ones (a few
 * hundred thousand lookups at most). Countries it never places keep an empty list.
 */
export function addressBook(locate: (ip: string) => string | null, seed: number, perCountry = 64, maxProbes = 400_000): AddressBook {
  const r = new Random(seed, 0xad0e55);
  const book = new Map<string, string[]>(DEMO_COUNTRIES.map((c) => [c, []]));
  let missing = book.size;
  for (let probe = 0; probe < maxProbes && missing > 0; probe++) {
    const n = r.uint32();
    const a = n >>> 24;
    const b = (n >>> 16) & 255;
    if (!isPublic(a, b)) continue;
    const ip = `${a}.${b}.${(n >>> 8) & 255}.${n & 255}`;
    const list = book.get(locate(ip) ?? "");
    if (!list || list.length >= perCountry) continue;
    list.push(ip);
    if (list.length === perCountry) missing--;
  }
  return book;
}
