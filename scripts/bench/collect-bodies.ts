/** Tracking batches for the load generator, shared by the ingest and query benchmarks. */

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
/** Load generator flags: a browser on an allowed origin. */
export const COLLECT_HEADERS = ["--header", "origin: http://localhost", "--header", `user-agent: ${UA}`, "--header", "content-type: application/json"];

export /** Realistic batches: a pageview with referrer/UTMs, then a mix of the script's event types. */
function makeBodies(siteKey: string, count: number): { bodies: string[]; events: number } {
  const refs = ["", "https://www.google.com/", "https://t.co/x", "https://news.ycombinator.com/", "https://www.bing.com/"];
  const kinds = ["pageview", "engagement", "scroll", "event", "vital", "outbound", "conversion"];
  let events = 0;
  const bodies = Array.from({ length: count }, (_, i) => {
    const n = 1 + ((i * 7) % 20);
    events += n;
    const e = Array.from({ length: n }, (_, j) => {
      const t = j === 0 ? "pageview" : kinds[(i + j) % kinds.length];
      const base = { id: "__UUID__", t, ts: "__NOW__", u: `http://localhost/p/${(i + j) % 50}?x=${j}`, ti: `Page ${(i + j) % 50}` };
      switch (t) {
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
      v: 1, s: siteKey, vid: "__VID__", sid: "__SID__", nv: true, c: { analytics: i % 3 !== 0, marketing: i % 2 === 0 },
      ctx: { ref: refs[i % refs.length], lang: "en-US", tz: "Europe/Berlin", sw: 1920, sh: 1080, utm: i % 4 === 0 ? { utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov" } : {} },
      e,
    });
  });
  return { bodies, events };
}
