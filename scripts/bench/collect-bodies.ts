/** Tracking batches for the load generator, shared by the ingest and query benchmarks. */

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
/** Load generator flags: a browser on an allowed origin. */
export const COLLECT_HEADERS = ["--header", "origin: http://localhost", "--header", `user-agent: ${UA}`, "--header", "content-type: application/json"];

/** Names a shop's pages set, as the inventory sampling reports them (docs/consent.md "Visits"). */
const COOKIES = ["_ga", "_ga_X1Y2Z3", "_gid", "_gcl_au", "_fbp", "_fbc", "_hjSessionUser_1234", "_hjSession_1234", "_pk_id.1.abcd", "_pk_ses.1.abcd", "__stripe_mid", "__stripe_sid", "cart_id", "session", "csrftoken", "lang", "currency", "cookie_notice", "ab_test", "_uetsid", "_uetvid", "_clck", "_clsk", "IDE", "test_cookie"];
const STORAGE = ["tm_vid", "tm_sid", "tm_inv", "cart", "wishlist", "recently_viewed", "_hjTLDTest", "ajs_anonymous_id", "theme", "intercom.intercom-state"];
const HOSTS = ["www.googletagmanager.com", "www.google-analytics.com", "connect.facebook.net", "static.hotjar.com", "js.stripe.com", "fonts.googleapis.com", "fonts.gstatic.com", "cdn.jsdelivr.net", "bat.bing.com", "www.clarity.ms", "widget.intercom.io", "cdn.shopify.com"];
const PAGE_TYPES = ["", "blog", "shop", "cart", "account", "docs", "pricing", "about"];

/**
 * An inventory event as the script sends it: its page type picks one of 8, the batch's consent
 * one of 4 states; the sample of each (type, state) is a fixed 10–40 names, so most events
 * repeat their sample's digest, and 1 in 10 adds a name (the sample changes, and back again).
 */
function inventoryEvent(base: Record<string, unknown>, n: number, c: { analytics: boolean; marketing: boolean }) {
  const type = n % PAGE_TYPES.length;
  const state = (c.analytics ? 1 : 0) + (c.marketing ? 2 : 0);
  const size = 10 + ((type * 7 + state * 11) % 31);
  const pick = (pool: string[], k: number) => Array.from({ length: Math.min(k, pool.length) }, (_, i) => pool[(type + i) % pool.length]);
  const ck = pick(COOKIES, Math.ceil(size * 0.5));
  if (n % 10 === 3) ck.push(`exp_variant_${n % 7}`);
  // Sorted, as the script sends them.
  const st = pick(STORAGE, Math.ceil(size * 0.2)).sort();
  const hs = pick(HOSTS, size - Math.ceil(size * 0.5) - Math.ceil(size * 0.2)).sort();
  return { ...base, u: `http://localhost/${PAGE_TYPES[type]}${type ? `/item-${n % 50}` : ""}`, c, ck: ck.sort(), st, hs };
}

export /**
 * Realistic batches: a pageview with referrer/UTMs, then a mix of the script's event types;
 * with `inventoryEvery` N, 1 event in N is an inventory event (never a batch's first, its pageview).
 */
function makeBodies(siteKey: string, count: number, inventoryEvery = 0): { bodies: string[]; events: number; inventory: number } {
  const refs = ["", "https://www.google.com/", "https://t.co/x", "https://news.ycombinator.com/", "https://www.bing.com/"];
  const kinds = ["pageview", "engagement", "scroll", "event", "vital", "outbound", "conversion"];
  let events = 0;
  let inventory = 0;
  /** An inventory event is due (its turn fell on a pageview, which stays first). */
  let due = false;
  const bodies = Array.from({ length: count }, (_, i) => {
    const n = 1 + ((i * 7) % 20);
    const c = { analytics: i % 3 !== 0, marketing: i % 2 === 0 };
    const e = Array.from({ length: n }, (_, j) => {
      events++;
      if (inventoryEvery > 0 && events % inventoryEvery === 0) due = true;
      const t = j === 0 ? "pageview" : due ? "inventory" : kinds[(i + j) % kinds.length];
      if (t === "inventory") due = false;
      const base = { id: "__UUID__", t, ts: "__NOW__", u: `http://localhost/p/${(i + j) % 50}?x=${j}`, ti: `Page ${(i + j) % 50}` };
      switch (t) {
        case "inventory": return inventoryEvent(base, inventory++, c);
        case "engagement": return { ...base, et: 1000 + j * 100 };
        case "scroll": return { ...base, pct: [25, 50, 75, 90][j % 4] };
        case "event": return { ...base, n: "cta_click", p: { variant: j % 2 ? "a" : "b" } };
        case "vital": return { ...base, n: "LCP", val: 1200 + j };
        case "outbound": return { ...base, href: "https://partner.example/" };
        case "conversion": return { ...base, n: "purchase", val: 20, oid: "__UUID__" };
        default: return base;
      }
    });
    return JSON.stringify({
      v: 1, s: siteKey, vid: "__VID__", sid: "__SID__", nv: true, c,
      ctx: { ref: refs[i % refs.length], lang: "en-US", tz: "Europe/Berlin", sw: 1920, sh: 1080, utm: i % 4 === 0 ? { utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov" } : {} },
      e,
    });
  });
  return { bodies, events, inventory };
}
