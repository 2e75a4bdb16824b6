import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, openTenant, post, uuid } from "../helpers/hits.ts";
import { eventIdHash } from "../../lib/ingest/apply.ts";
import { setPaused } from "../../lib/admin/sites.ts";
import { defaultConsentSettings } from "../../lib/consent/settings.ts";

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let shop: { id: string; siteKey: string };
let paused: { id: string; siteKey: string };

const count = (sql: string, ...args: (string | number | bigint)[]) => {
  const db = openTenant(s.dataDir, boot.orgId);
  try {
    return (db.query(sql).get(...args) as { n: number }).n;
  } finally {
    db.close();
  }
};
const rows = (sql: string, ...args: (string | number)[]) => {
  const db = openTenant(s.dataDir, boot.orgId);
  try {
    return db.query(sql).all(...args) as Record<string, any>[];
  } finally {
    db.close();
  }
};
const status = async (siteId: string) => (await (await s.api(`/api/v1/orgs/${boot.orgId}/sites/${siteId}/status`, boot.key)).json()) as any;

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  shop = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Shop", "--domain", "shop.test", "--timezone", "America/New_York", "--currency", "EUR"));
  must(s.admin("domain", "add", "--site", shop.id, "--hostname", "brand.test", "--include-subdomains"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "shop.test", "--force"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "brand.test", "--force"));
  paused = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Paused", "--domain", "localhost"));
  must(s.admin("domain", "verify", "--site", paused.id, "--hostname", "localhost", "--force"));
  must(s.admin("site", "pause", "--site", paused.id));
});

afterAll(async () => {
  await s.close();
});

describe("CORS and the Origin check", () => {
  test("preflight answers 204 for any origin", async () => {
    const res = await fetch(`${s.url}/v1/collect`, { method: "OPTIONS", headers: { origin: "https://shop.test", "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://shop.test");
    expect(res.headers.get("access-control-allow-headers")).toBe("content-type");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
  });

  test("a verified domain (any port), and subdomains only where included", async () => {
    const now = s.clock.ms;
    expect((await post(s.url, batch(boot.siteKey, [ev("pageview", now)]), { origin: "http://localhost:5173" })).status).toBe(202);
    const sub = await post(s.url, batch(shop.siteKey, [ev("pageview", now, { u: "https://blog.brand.test/" })]), { origin: "https://blog.brand.test" });
    expect(sub.status).toBe(202);
    expect(sub.headers.get("access-control-allow-origin")).toBe("https://blog.brand.test");
    const notIncluded = await post(s.url, batch(shop.siteKey, [ev("pageview", now)]), { origin: "https://www.shop.test" });
    expect(notIncluded.status).toBe(403);
  });

  test("a foreign origin stores nothing and is counted in rejectedHosts", async () => {
    const before = count("SELECT count(*) AS n FROM events WHERE site_id = ?", shop.id);
    for (let i = 0; i < 3; i++) {
      const res = await post(s.url, batch(shop.siteKey, [ev("pageview", s.clock.ms)]), { origin: "https://evil.test" });
      expect(res.status).toBe(403);
      expect(((await res.json()) as any).error).toMatchObject({ code: "FORBIDDEN", details: [{ path: "origin", message: "evil.test" }] });
    }
    expect((await post(s.url, batch(shop.siteKey, [ev("pageview", s.clock.ms)]), { origin: "" })).status).toBe(403);
    expect(count("SELECT count(*) AS n FROM events WHERE site_id = ?", shop.id)).toBe(before);
    const st = await status(shop.id);
    expect(st.rejectedHosts.find((h: any) => h.host === "evil.test").hits).toBe(3);
    expect(st.rejectedHosts.find((h: any) => h.host === "www.shop.test").hits).toBe(1);
    expect(st.rejectedHosts.find((h: any) => h.host === "(no origin)").hits).toBe(1);
  });

  test("a site paused and resumed by this process applies to the very next hit (the collect thread follows)", async () => {
    const hit = async () => ((await (await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms)]))).json()) as any).accepted;
    // Warm the collect thread's cache of the site first: the change must reach it anyway.
    expect(await hit()).toBe(1);
    await setPaused(s.platform, { site: boot.siteId }, true);
    expect(await hit()).toBe(0);
    await setPaused(s.platform, { site: boot.siteId }, false);
    expect(await hit()).toBe(1);
  });

  test("unknown site key is 404; a paused site and bots are accepted and dropped", async () => {
    const unknown = await post(s.url, batch("tm_nope", [ev("pageview", s.clock.ms)]));
    expect(unknown.status).toBe(404);
    const p = await post(s.url, batch(paused.siteKey, [ev("pageview", s.clock.ms)]));
    expect(p.status).toBe(202);
    expect(((await p.json()) as any).accepted).toBe(0);
    expect(count("SELECT count(*) AS n FROM events WHERE site_id = ?", paused.id)).toBe(0);
    expect((await status(paused.id)).status).toBe("paused");
    const bot = batch(boot.siteKey, [ev("pageview", s.clock.ms)]);
    for (const ua of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", ""]) {
      const res = await post(s.url, bot, { "user-agent": ua });
      expect(res.status).toBe(202);
      expect(((await res.json()) as any).accepted).toBe(0);
    }
    expect(count("SELECT count(*) AS n FROM recent_events WHERE id_hash = ?", eventIdHash(bot.e[0].id as string))).toBe(0);
  });
});

describe("validation", () => {
  test("malformed JSON is 400, a wrong body 422 with paths, a body over 256 KB 400", async () => {
    const bad = await post(s.url, '{"v":1,');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe("BAD_REQUEST");
    const wrong = await post(s.url, { v: 1, s: boot.siteKey, vid: "x", sid: uuid(), e: [] });
    expect(wrong.status).toBe(422);
    const paths = ((await wrong.json()) as any).error.details.map((d: any) => d.path);
    expect(paths).toContain("vid");
    expect(paths).toContain("e");
    const huge = await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms, { ti: "x".repeat(300_000) })]));
    expect(huge.status).toBe(400);
  });

  test("one bad event does not drop its batch; a batch of only bad events is 422", async () => {
    const good = ev("pageview", s.clock.ms);
    const res = await post(s.url, batch(boot.siteKey, [ev("warp", s.clock.ms), good, ev("scroll", s.clock.ms, { pct: 33 }), ev("pageview", s.clock.ms + 3_600_000)]));
    expect(res.status).toBe(202);
    const body = (await res.json()) as any;
    expect(body.accepted).toBe(1);
    expect(body.rejected).toEqual([
      { index: 0, path: "t", message: 'unknown event type "warp"' },
      { index: 2, path: "pct", message: expect.any(String) },
      { index: 3, path: "ts", message: "is in the future" },
    ]);
    const none = await post(s.url, batch(boot.siteKey, [ev("warp", s.clock.ms), { t: "pageview" }]));
    expect(none.status).toBe(422);
    expect(((await none.json()) as any).error.details.map((d: any) => d.path)).toEqual(["e.0.t", "e.1.id"]);
  });

  test("identify refuses e-mail addresses and phone numbers", async () => {
    const res = await post(s.url, batch(boot.siteKey, [ev("identify", s.clock.ms, { uid: "ann@example.com" }), ev("identify", s.clock.ms, { uid: "+44 20 7946 0958" }), ev("identify", s.clock.ms, { uid: "cust_42" })]));
    const body = (await res.json()) as any;
    expect(body.accepted).toBe(1);
    expect(body.rejected.map((r: any) => r.path)).toEqual(["uid", "uid"]);
  });

  test("a JSON body sent as text/plain (sendBeacon) is accepted", async () => {
    const res = await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms)]), { "content-type": "text/plain;charset=UTF-8" });
    expect(res.status).toBe(202);
  });
});

describe("storage, dedup and sessionization", () => {
  test("events are deduplicated by id, conversions by orderId per site", async () => {
    const vid = uuid();
    const sid = uuid();
    const pv = ev("pageview", s.clock.ms, { u: "https://shop.test/checkout" });
    const c1 = ev("conversion", s.clock.ms + 1, { u: "https://shop.test/thanks", n: "purchase", val: 80, oid: "ORD-1" });
    const first = (await (await post(s.url, batch(shop.siteKey, [pv, c1], { vid, sid }), { origin: "https://shop.test" })).json()) as any;
    expect(first).toMatchObject({ accepted: 2, duplicates: 0 });
    // The same batch again (a retry), and the same order under a new event id.
    const again = (await (await post(s.url, batch(shop.siteKey, [pv, c1], { vid, sid }), { origin: "https://shop.test" })).json()) as any;
    expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
    const c2 = ev("conversion", s.clock.ms + 2, { n: "purchase", val: 80, oid: "ORD-1" });
    expect(((await (await post(s.url, batch(shop.siteKey, [c2], { vid, sid }), { origin: "https://shop.test" })).json()) as any).duplicates).toBe(1);
    // Another site may use the same order id.
    const other = ev("conversion", s.clock.ms + 3, { n: "purchase", val: 5, oid: "ORD-1" });
    expect(((await (await post(s.url, batch(boot.siteKey, [other])) ).json()) as any).accepted).toBe(1);
    const [session] = rows("SELECT * FROM sessions WHERE id = ?", sid);
    expect(session).toMatchObject({ pageviews: 1, conversions: 1, revenue: 80, events: 2, engaged: 1, landing_path: "/checkout", exit_path: "/checkout" });
    expect(count("SELECT count(*) AS n FROM conversion_orders WHERE order_id = 'ORD-1'")).toBe(2);
  });

  test("sessions: landing, exit and engagement from out-of-order events; day in the site's timezone", async () => {
    const vid = uuid();
    const sid = uuid();
    // 2026-03-08 04:30 UTC is 23:30 on 2026-03-07 in New York (the night of the DST change).
    const t0 = s.clock.ms;
    const opts = { vid, sid, ref: "https://www.google.com/" };
    const late = [ev("pageview", t0 + 60_000, { u: "https://shop.test/b?utm=no" }), ev("engagement", t0 + 61_000, { et: 4000 })];
    await post(s.url, batch(shop.siteKey, late, opts), { origin: "https://shop.test", "user-agent": IPHONE_UA });
    const early = [ev("pageview", t0, { u: "https://shop.test/a" }), ev("engagement", t0 + 5_000, { et: 7000 })];
    await post(s.url, batch(shop.siteKey, early, opts), { origin: "https://shop.test", "user-agent": IPHONE_UA });
    const [x] = rows("SELECT * FROM sessions WHERE id = ?", sid);
    expect(x).toMatchObject({
      landing_path: "/a",
      exit_path: "/b",
      pageviews: 2,
      engaged_ms: 11000,
      engaged: 1,
      started_at: t0,
      last_at: t0 + 61_000,
      source: "google",
      medium: "organic",
      channel: "organic_search",
      referrer_host: "google.com",
      browser: "Mobile Safari",
      os: "iOS",
      device: "mobile",
      country: "GB",
      language: "en-GB",
      screen: "1440x900",
      is_new: 1,
    });
    expect(x.day).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(t0));
    // A second session of the same visitor is not new; the visitor has two sessions.
    const sid2 = uuid();
    await post(s.url, batch(shop.siteKey, [ev("pageview", t0 + 120_000, { u: "https://shop.test/c" })], { vid, sid: sid2, utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "may" } }), { origin: "https://shop.test" });
    expect(rows("SELECT is_new, channel, campaign FROM sessions WHERE id = ?", sid2)[0]).toEqual({ is_new: 0, channel: "email", campaign: "may" });
    expect(rows("SELECT sessions, consented FROM visitors WHERE id = ?", vid)[0]).toEqual({ sessions: 2, consented: 1 });
    // First and last touch are the visitor's first and latest sessions.
    expect(rows("SELECT channel, campaign, pageviews FROM sessions WHERE visitor_id = ? ORDER BY started_at", vid)).toEqual([
      { channel: "organic_search", campaign: "(not set)", pageviews: 2 },
      { channel: "email", campaign: "may", pageviews: 1 },
    ]);
  });

  test("a single pageview with 9 s engaged is not an engaged session", async () => {
    const sid = uuid();
    await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms), ev("engagement", s.clock.ms + 9000, { et: 9000 })], { sid }));
    expect(rows("SELECT engaged, engaged_ms FROM sessions WHERE id = ?", sid)[0]).toEqual({ engaged: 0, engaged_ms: 9000 });
  });

  test("consent: no marketing consent keeps only the channel; no analytics consent marks the visitor", async () => {
    const vid = uuid();
    const sid = uuid();
    await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms)], { vid, sid, consent: { analytics: false, marketing: false }, utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "x" } }));
    expect(rows("SELECT source, medium, campaign, referrer_host, channel, consent_analytics FROM sessions WHERE id = ?", sid)[0]).toEqual({
      source: null,
      medium: null,
      campaign: null,
      referrer_host: null,
      channel: "paid_search",
      consent_analytics: 0,
    });
    expect(rows("SELECT consented FROM visitors WHERE id = ?", vid)[0].consented).toBe(0);
  });

  test("site status follows real hits: receiving, hitsLast30Min, stale after 24 h", async () => {
    const fresh = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Fresh", "--domain", "fresh.test"));
    must(s.admin("domain", "verify", "--site", fresh.id, "--hostname", "fresh.test", "--force"));
    expect((await status(fresh.id)).status).toBe("not_installed");
    const t0 = s.clock.ms;
    await post(s.url, batch(fresh.siteKey, [ev("pageview", t0), ev("scroll", t0, { pct: 50 }), ev("outbound", t0, { href: "https://elsewhere.test/" })]), { origin: "https://fresh.test" });
    const st = await status(fresh.id);
    expect(st).toMatchObject({ status: "receiving", hitsLast30Min: 3, firstHitAt: new Date(t0).toISOString(), lastHitAt: new Date(t0).toISOString() });
    s.clock.advance(31 * 60_000);
    expect((await status(fresh.id)).hitsLast30Min).toBe(0);
    s.clock.advance(24 * 3600_000);
    try {
      expect((await status(fresh.id)).status).toBe("stale");
      const list = (await (await s.api(`/api/v1/orgs/${boot.orgId}/sites`, boot.key)).json()) as any;
      expect(list.data.find((x: any) => x.id === fresh.id).status).toBe("stale");
    } finally {
      s.clock.advance(-(24 * 3600_000 + 31 * 60_000));
    }
  });

  test("every event type is stored with its fields", async () => {
    const sid = uuid();
    const t = s.clock.ms;
    const res = await post(
      s.url,
      batch(
        boot.siteKey,
        [
          ev("pageview", t, { u: "http://localhost/docs?q=1", ti: "Docs" }),
          ev("event", t + 1, { n: "signup_click", p: { plan: "pro", n: 2 } }),
          ev("download", t + 2, { href: "http://localhost/files/guide.pdf" }),
          ev("form_submit", t + 3, { form: "contact" }),
          ev("vital", t + 4, { n: "LCP", val: 1234.5 }),
          ev("consent", t + 5, { c: { analytics: true, marketing: false } }),
          ev("inventory", t + 6, { ck: ["_ga"], st: ["cart"], hs: ["cdn.example.net"] }),
          ev("conversion", t + 7, { n: "upgrade", val: 10, cur: "usd" }),
        ],
        { sid },
      ),
    );
    expect(((await res.json()) as any).accepted).toBe(8);
    const stored = rows("SELECT type, name, path, value, currency, href, props FROM events WHERE session_id = ? ORDER BY ts", sid);
    expect(stored).toEqual([
      { type: "pageview", name: null, path: "/docs", value: null, currency: null, href: null, props: null },
      { type: "event", name: "signup_click", path: "/", value: null, currency: null, href: null, props: '{"plan":"pro","n":2}' },
      { type: "download", name: null, path: "/", value: null, currency: null, href: "http://localhost/files/guide.pdf", props: null },
      { type: "form_submit", name: "contact", path: "/", value: null, currency: null, href: null, props: null },
      { type: "vital", name: "LCP", path: "/", value: 1234.5, currency: null, href: null, props: null },
      { type: "consent", name: null, path: "/", value: null, currency: null, href: null, props: '{"analytics":true,"marketing":false}' },
      { type: "inventory", name: null, path: "/", value: null, currency: null, href: null, props: '{"cookies":1,"storage":1,"hosts":1}' },
      { type: "conversion", name: "upgrade", path: "/", value: 10, currency: "USD", href: null, props: null },
    ]);
    expect(rows("SELECT kind, name FROM inventory WHERE site_id = ? ORDER BY kind", boot.siteId)).toEqual([
      { kind: "cookie", name: "_ga" },
      { kind: "host", name: "cdn.example.net" },
      { kind: "storage", name: "cart" },
    ]);
    expect(count("SELECT count(*) AS n FROM consent_log WHERE session_id = ?", sid)).toBe(1);
  });
});

describe("the script and its config", () => {
  test("script.js: JavaScript with ETag, 304 on revalidation, ≤ 6 KB gzip", async () => {
    const res = await fetch(`${s.url}/v1/script.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toContain("max-age=");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await res.text()).length).toBeGreaterThan(1000);
    const raw = await fetch(`${s.url}/v1/script.js`, { headers: { "accept-encoding": "identity" } });
    const gz = Bun.gzipSync(new Uint8Array(await raw.arrayBuffer()), { level: 9 });
    expect(gz.length).toBeLessThanOrEqual(6 * 1024);
    const again = await fetch(`${s.url}/v1/script.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  test("the committed build is the current source", () => {
    const check = Bun.spawnSync([process.execPath, "scripts/build-tracker.ts", "--check"], { cwd: `${import.meta.dir}/../..` });
    expect(check.stderr.toString()).toBe("");
    expect(check.exitCode).toBe(0);
  });

  test("engage.js: the chunk with ETag, gzip and 304; immutable at its current ?v=, ≤ 12 KB gzip", async () => {
    const res = await fetch(`${s.url}/v1/engage.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600, stale-while-revalidate=86400");
    const etag = res.headers.get("etag")!;
    const body = await res.text();
    expect(body).toContain("data-tidemark-lead");
    expect(Bun.gzipSync(new TextEncoder().encode(body), { level: 9 }).length).toBeLessThanOrEqual(12 * 1024);
    expect((await fetch(`${s.url}/v1/engage.js`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const pinned = await fetch(`${s.url}/v1/engage.js?v=${etag.slice(1, -1)}`);
    expect(pinned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${s.url}/v1/engage.js?v=old`)).headers.get("cache-control")).toContain("max-age=3600");
  });

  test("config carries the consent settings; unknown key 404", async () => {
    const res = await fetch(`${s.url}/v1/sites/${boot.siteKey}/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toContain("public");
    const body = (await res.json()) as any;
    const { defaultUrl: _scannerOnly, ...defaults } = defaultConsentSettings();
    expect(body).toMatchObject({ siteKey: boot.siteKey, consent: defaults, popups: [], wheels: [] });
    expect(Object.keys(body.consent).sort()).toEqual(["categories", "defaultLanguage", "dnt", "gpc", "mode", "policyUrl", "texts"]);
    expect((await fetch(`${s.url}/v1/sites/tm_unknown/config`)).status).toBe(404);
    must(s.admin("site", "consent", "--site", shop.id, "--mode", "opt-out", "--text", "We count visits.", "--default-url", "https://www.brand.test/start"));
    const changed = (await (await fetch(`${s.url}/v1/sites/${shop.siteKey}/config`)).json()) as any;
    // Where the scanner starts is not the page's business: the public config leaves it out.
    expect(changed.consent).toEqual({ ...defaults, mode: "opt-out", texts: { en: { ...defaults.texts.en, text: "We count visits." } } });
  });
});

test("a flood from one address is limited (429) without touching other addresses", async () => {
  const f = await startStack({ env: { INGEST_RATE_PER_IP: "5", TRUST_PROXY: "1" } });
  try {
    const key = f.bootstrap!.siteKey;
    const send = (ip: string) => post(f.url, batch(key, [ev("pageview", f.clock.ms)]), { "x-forwarded-for": ip, "user-agent": CHROME_UA });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send("198.51.100.1")).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await send("198.51.100.2")).status).toBe(202);
  } finally {
    await f.close();
  }
});

test("the same event id twice in one batch is stored once", async () => {
  const sid = uuid();
  const one = ev("pageview", s.clock.ms);
  const res = (await (await post(s.url, batch(boot.siteKey, [one, one, ev("conversion", s.clock.ms, { n: "buy", val: 3, oid: "SAME" }), ev("conversion", s.clock.ms, { n: "buy", val: 3, oid: "SAME" })], { sid }))).json()) as any;
  expect(res).toMatchObject({ accepted: 2, duplicates: 2 });
  expect(rows("SELECT pageviews, conversions, revenue, events FROM sessions WHERE id = ?", sid)[0]).toEqual({ pageviews: 1, conversions: 1, revenue: 3, events: 2 });
});

test("a resent batch with one new event stores only the new one and counts it once", async () => {
  const sid = uuid();
  const first = [ev("pageview", s.clock.ms), ev("engagement", s.clock.ms + 1, { et: 4000 })];
  expect(((await (await post(s.url, batch(boot.siteKey, first, { sid }))).json()) as any)).toMatchObject({ accepted: 2, duplicates: 0 });
  const later = ev("pageview", s.clock.ms + 2, { u: "http://localhost/second" });
  const res = (await (await post(s.url, batch(boot.siteKey, [first[0], later, first[1]], { sid }))).json()) as any;
  expect(res).toMatchObject({ accepted: 1, duplicates: 2 });
  expect(rows("SELECT pageviews, events, engaged_ms, exit_path FROM sessions WHERE id = ?", sid)[0]).toEqual({ pageviews: 2, events: 3, engaged_ms: 4000, exit_path: "/second" });
  expect(rows("SELECT count(*) AS n FROM events WHERE session_id = ?", sid)[0]).toEqual({ n: 3 });
});

test("an event resent 71 hours later is still a duplicate; after 73 hours its id is pruned and the event stays", async () => {
  const sid = uuid();
  const start = s.clock.ms;
  const first = ev("pageview", start, { u: "http://localhost/late" });
  const body = batch(boot.siteKey, [first], { sid });
  expect(((await (await post(s.url, body)).json()) as any)).toMatchObject({ accepted: 1, duplicates: 0 });
  s.clock.advance(71 * 3600_000);
  expect(((await (await post(s.url, body)).json()) as any)).toMatchObject({ accepted: 0, duplicates: 1 });
  s.clock.advance(3 * 3600_000);
  await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.ms)]));
  expect(count("SELECT count(*) AS n FROM recent_events WHERE id_hash = ?", eventIdHash(first.id as string))).toBe(0);
  expect(rows("SELECT count(*) AS n FROM events WHERE session_id = ?", sid)[0]).toEqual({ n: 1 });
  // And it can no longer be sent: the protocol refuses events more than 72 hours old.
  expect((await post(s.url, body)).status).toBe(422);
  s.clock.ms = start;
});

test("an org's own database receives its hits; an unreachable one answers 503 BYO_DB_UNREACHABLE", async () => {
  const { tempDir } = await import("../helpers/stack.ts");
  const { Database } = await import("bun:sqlite");
  const file = `${tempDir("tidemark-byo-ingest-")}/own.sqlite`;
  for (const [db, expected] of [
    [`file:${file}`, 202],
    ["http://127.0.0.1:9/db", 503],
  ] as const) {
    const org = must(s.admin("org", "create", "--name", `Own ${expected}`, "--db", db)).id;
    const host = `own${expected}.test`;
    const site = must(s.admin("site", "create", "--org", org, "--name", "Own", "--domain", host));
    must(s.admin("domain", "verify", "--site", site.id, "--hostname", host, "--force"));
    const pv = ev("pageview", s.clock.ms, { u: `https://${host}/` });
    const res = await post(s.url, batch(site.siteKey, [pv]), { origin: `https://${host}` });
    expect(res.status).toBe(expected);
    if (expected === 503) {
      expect(((await res.json()) as any).error.code).toBe("BYO_DB_UNREACHABLE");
    } else {
      const own = new Database(file, { readonly: true });
      expect((own.query("SELECT CAST(id_hash AS TEXT) AS h FROM recent_events").all() as any[]).map((r) => BigInt(r.h))).toEqual([eventIdHash(pv.id as string)]);
      own.close();
    }
  }
});
