/**
 * GET /l/{slug} through the router (docs/campaigns.md "The redirect"): the target with the
 * link's UTM and the visitor's query, the click id for people only, exact click rows per class,
 * the dead-link answers, HEAD, the per-IP limit; and a click tied to its landing session.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, openTenant, post, uuid } from "../helpers/hits.ts";
import { createShortLink, updateShortLink } from "../helpers/short-links.ts";

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
const SLACK_UA = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let ipCounter = 0;
/** Each test from its own address, so the per-IP limit (20 here) is the 429 test's alone. */
const nextIp = () => `81.2.69.${142 + (ipCounter++ % 50)}`;

const follow = (slug: string, init: { query?: string; ua?: string; method?: string; ip?: string; referer?: string } = {}) =>
  fetch(`${s.url}/l/${slug}${init.query ?? ""}`, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: { "user-agent": init.ua ?? CHROME_UA, "x-forwarded-for": init.ip ?? nextIp(), ...(init.referer ? { referer: init.referer } : {}) },
  });

type ClickRow = { id: string; link_id: string; site_id: string; at: number; class: string; country: string | null; device: string | null; referrer_host: string | null };
function clicksOf(linkId: string): ClickRow[] {
  const db = openTenant(s.dataDir, boot.orgId);
  try {
    return db.query("SELECT * FROM short_link_clicks WHERE link_id = ? ORDER BY id").all(linkId) as ClickRow[];
  } finally {
    db.close();
  }
}
function countedOf(linkId: string): number {
  const db = openTenant(s.dataDir, boot.orgId);
  try {
    return (db.query("SELECT clicks FROM short_links WHERE id = ?").get(linkId) as { clicks: number }).clicks;
  } finally {
    db.close();
  }
}
const link = (slug: string, more: Parameters<typeof createShortLink>[2] extends infer L ? Partial<L> : never = {}) =>
  createShortLink(s.dataDir, { siteId: boot.siteId }, { slug, url: "https://shop.example/spring?ref=site&utm_source=old", ...more });

beforeAll(async () => {
  s = await startStack({ env: { TRUST_PROXY: "1", REDIRECT_RATE_PER_IP: "20", PUBLIC_URL: "https://go.example" } });
  boot = s.bootstrap!;
});
afterAll(() => s.close());

describe("the redirect", () => {
  test("302 to the target with the link's UTM winning over the visitor's, the visitor's query added, tm_lc = the human click's id; the click row as the contract says", async () => {
    const id = link("Spring-Sale", { utm: { source: "newsletter", medium: "email", campaign: "spring" } });
    const res = await follow("spring-SALE", { query: "?utm_source=visitor&utm_term=shoes&color=red", ip: "81.2.69.142", referer: "https://News.Example.com/today?x=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const to = new URL(res.headers.get("location")!);
    const clicks = clicksOf(id);
    expect(clicks).toHaveLength(1);
    expect(`${to.origin}${to.pathname}`).toBe("https://shop.example/spring");
    expect([...to.searchParams]).toEqual([
      ["ref", "site"],
      ["utm_source", "newsletter"],
      ["utm_term", "shoes"],
      ["color", "red"],
      ["utm_medium", "email"],
      ["utm_campaign", "spring"],
      ["tm_lc", clicks[0].id],
    ]);
    expect(clicks[0]).toEqual({ id: clicks[0].id, link_id: id, site_id: boot.siteId, at: s.clock.ms, class: "human", country: "GB", device: "desktop", referrer_host: "news.example.com" });
    expect(countedOf(id)).toBe(1);
  });

  test("a bot, a Slack preview and a HEAD are not human: no tm_lc, exact rows, nothing counted; an iPhone is a mobile human", async () => {
    const id = link("classes");
    const bot = await follow("classes", { ua: GOOGLEBOT_UA });
    const slack = await follow("classes", { ua: SLACK_UA });
    const head = await follow("classes", { method: "HEAD" });
    for (const res of [bot, slack, head]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("https://shop.example/spring?ref=site&utm_source=old");
    }
    expect(clicksOf(id).map((c) => [c.class, c.device])).toEqual([
      ["bot", "desktop"],
      ["preview", "desktop"],
    ]);
    expect(countedOf(id)).toBe(0);
    const phone = await follow("classes", { ua: IPHONE_UA, ip: "8.8.8.8" });
    expect(new URL(phone.headers.get("location")!).searchParams.get("tm_lc")).toBe(clicksOf(id)[2].id);
    expect(clicksOf(id)[2]).toMatchObject({ class: "human", device: "mobile", country: "US", referrer_host: null });
    expect(countedOf(id)).toBe(1);
  });

  test("qr=1 is a QR click: counted, tm_lc, and qr is not forwarded", async () => {
    const id = link("poster");
    const res = await follow("poster", { query: "?qr=1" });
    const clicks = clicksOf(id);
    expect(clicks.map((c) => c.class)).toEqual(["qr"]);
    expect(res.headers.get("location")).toBe(`https://shop.example/spring?ref=site&utm_source=old&tm_lc=${clicks[0].id}`);
    expect(countedOf(id)).toBe(1);
  });

  test("expired → the fallback (no tm_lc, nothing recorded); inactive without fallback → the 404 page; unknown slug → the 404 page", async () => {
    const expired = link("old-offer", { expiresAt: s.clock.ms + 60_000, fallbackUrl: "https://shop.example/offers" });
    expect((await follow("old-offer")).headers.get("location")).toStartWith("https://shop.example/spring?");
    s.clock.advance(60_000);
    const res = await follow("old-offer");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://shop.example/offers");
    expect(clicksOf(expired)).toHaveLength(1);

    const off = link("paused", { active: false });
    const page = await follow("paused");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("This link does not exist or is no longer active");
    expect(clicksOf(off)).toHaveLength(0);
    updateShortLink(s.dataDir, off, { active: true });
    expect((await follow("paused")).status).toBe(302);

    for (const slug of ["no-such-link", "ab", "%E0%A4%A", "a/b/c"]) {
      const unknown = await follow(slug);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("This link does not exist");
    }
    const headUnknown = await follow("no-such-link", { method: "HEAD" });
    expect(headUnknown.status).toBe(404);
  });

  test("maxClicks: after two human clicks the link behaves as expired; bots before it do not use it up", async () => {
    const id = link("limited", { maxClicks: 2, fallbackUrl: "https://shop.example/sold-out" });
    await follow("limited", { ua: GOOGLEBOT_UA });
    expect(new URL((await follow("limited")).headers.get("location")!).searchParams.has("tm_lc")).toBe(true);
    expect(new URL((await follow("limited")).headers.get("location")!).searchParams.has("tm_lc")).toBe(true);
    expect((await follow("limited")).headers.get("location")).toBe("https://shop.example/sold-out");
    expect((await follow("limited", { method: "HEAD" })).headers.get("location")).toBe("https://shop.example/sold-out");
    expect(clicksOf(id).map((c) => c.class)).toEqual(["bot", "human", "human"]);
    expect(countedOf(id)).toBe(2);
  });

  test("past REDIRECT_RATE_PER_IP a minute from one address → 429 with Retry-After; another address is served", async () => {
    link("busy");
    const ip = "198.51.100.7";
    for (let i = 0; i < 20; i++) expect((await follow("busy", { ip, ua: GOOGLEBOT_UA })).status).toBe(302);
    const refused = await follow("busy", { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe("RATE_LIMITED");
    expect((await follow("busy", { ip: "198.51.100.8" })).status).toBe(302);
  });
});

describe("a click to its session", () => {
  const landing = async (url: string, o: { consent?: { analytics: boolean; marketing: boolean }; key?: string } = {}) => {
    const sid = uuid();
    const res = await post(s.url, batch(o.key ?? boot.siteKey, [ev("pageview", s.clock.ms - 1000, { u: url })], { sid, consent: o.consent }));
    expect(res.status).toBe(202);
    return sid;
  };
  const tiedOf = (clickId: string) => {
    const db = openTenant(s.dataDir, boot.orgId);
    try {
      return db.query("SELECT l.*, lower(hex(s.uid)) AS sid FROM short_link_sessions l JOIN session_rows s ON s.seq = l.session_seq WHERE l.click_id = ?").all(clickId) as { link_id: string; sid: string; at: number }[];
    } finally {
      db.close();
    }
  };

  test("the landing pageview's tm_lc ties the session once; a forged id, a bot's click, another site's click and a pageview without marketing consent do not", async () => {
    const id = link("tie");
    const human = new URL((await follow("tie")).headers.get("location")!).searchParams.get("tm_lc")!;
    const sid = await landing(`http://localhost/spring?tm_lc=${human}`);
    await landing(`http://localhost/spring?tm_lc=${human}`);
    const tied = tiedOf(human);
    expect(tied).toEqual([{ ...tied[0], link_id: id, sid: sid.replaceAll("-", ""), at: s.clock.ms - 1000 }]);

    await follow("tie", { ua: GOOGLEBOT_UA });
    const botClick = clicksOf(id).find((c) => c.class === "bot")!.id;
    await landing(`http://localhost/?tm_lc=${botClick}`);
    expect(tiedOf(botClick)).toEqual([]);
    const forged = "0123456789abcdef01234567";
    await landing(`http://localhost/?tm_lc=${forged}`);
    expect(tiedOf(forged)).toEqual([]);

    // A human click of another site's link (same org) does not tie a session of this site.
    const elsewhere = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Elsewhere", "--domain", "elsewhere.test"));
    createShortLink(s.dataDir, { siteId: elsewhere.id }, { slug: "elsewhere", url: "https://elsewhere.test/" });
    const foreign = new URL((await follow("elsewhere")).headers.get("location")!).searchParams.get("tm_lc")!;
    await landing(`http://localhost/?tm_lc=${foreign}`);
    expect(tiedOf(foreign)).toEqual([]);

    const second = new URL((await follow("tie")).headers.get("location")!).searchParams.get("tm_lc")!;
    await landing(`http://localhost/?tm_lc=${second}`, { consent: { analytics: true, marketing: false } });
    expect(tiedOf(second)).toEqual([]);
  });
});

describe("GET …/shortlinks/{id}: the link's stats", () => {
  const statsOf = async (id: string, query = "", key = boot.key, siteId = boot.siteId, orgId = boot.orgId) => {
    const res = await s.api(`/api/v1/orgs/${orgId}/sites/${siteId}/shortlinks/${id}${query}`, key);
    return { status: res.status, body: (await res.json()) as any };
  };
  const lc = async (res: Promise<Response>) => new URL((await res).headers.get("location")!).searchParams.get("tm_lc");

  test("clicks by class and day, where people came from, and the sessions, lead, conversion and revenue they became", async () => {
    s.clock.advance(60_000);
    const at = s.clock.ms;
    const id = link("stats", { title: "Spring", tags: ["spring"], utm: { source: "newsletter" } });
    const first = (await lc(follow("stats", { ip: "81.2.69.142", referer: "https://news.example.com/a" })))!;
    const second = (await lc(follow("stats", { ip: "8.8.8.8", ua: IPHONE_UA })))!;
    await lc(follow("stats", { ip: "81.2.69.142", query: "?qr=1" }));
    await follow("stats", { ua: GOOGLEBOT_UA });
    await follow("stats", { ua: SLACK_UA });
    await follow("stats", { method: "HEAD" });

    // The first click: an engaged session with a purchase, then a newsletter lead; the second: one short pageview.
    s.clock.advance(10_000);
    const vid = uuid();
    const sid = uuid();
    const purchase = [
      ev("pageview", at + 1000, { u: `http://localhost/spring?utm_source=newsletter&tm_lc=${first}` }),
      ev("conversion", at + 5000, { n: "purchase", val: 49.9, cur: "USD", oid: `o-${uuid()}` }),
    ];
    expect((await post(s.url, batch(boot.siteKey, purchase, { vid, sid }))).status).toBe(202);
    const lead = { v: 1, s: boot.siteKey, id: uuid(), vid, sid, source: "newsletter", ref: "footer", fields: { email: "ada@shop.example" }, hp: "", path: "/spring" };
    expect((await fetch(`${s.url}/v1/leads`, { method: "POST", body: JSON.stringify(lead), headers: { "content-type": "application/json", origin: "http://localhost", "user-agent": CHROME_UA } })).status).toBe(201);
    expect((await post(s.url, batch(boot.siteKey, [ev("pageview", at + 2000, { u: `http://localhost/?tm_lc=${second}` })]))).status).toBe(202);

    const { status, body } = await statsOf(id);
    expect(status).toBe(200);
    const today = new Date(at).toISOString().slice(0, 10);
    expect(body.link).toEqual({
      id, slug: "stats", url: "https://shop.example/spring?ref=site&utm_source=old",
      utm: { source: "newsletter", medium: null, campaign: null, term: null, content: null },
      title: "Spring", tags: ["spring"], expiresAt: null, maxClicks: null, fallbackUrl: null, active: true,
      createdAt: body.link.createdAt, updatedAt: body.link.createdAt, clicks: 3, shortUrl: "https://go.example/l/stats",
    });
    expect(body.period).toEqual({ from: body.days[0].date, to: today, tz: "UTC" });
    expect(body.clicks).toEqual({ human: 2, bot: 1, preview: 1, qr: 1 });
    expect(body.days).toHaveLength(28);
    expect(body.days.at(-1)).toEqual({ date: today, human: 2, bot: 1, preview: 1, qr: 1 });
    expect(body.days.slice(0, -1).every((d: any) => d.human + d.bot + d.preview + d.qr === 0)).toBe(true);
    expect(body.countries).toEqual([{ country: "GB", clicks: 2 }, { country: "US", clicks: 1 }]);
    expect(body.devices).toEqual([{ device: "desktop", clicks: 2 }, { device: "mobile", clicks: 1 }]);
    expect(body.referrers).toEqual([{ host: "(direct)", clicks: 2 }, { host: "news.example.com", clicks: 1 }]);
    expect(body.outcomes).toEqual({ sessions: 2, engagedSessions: 1, leads: 1, conversions: 1, revenue: 49.9, currency: "USD" });

    // A period before the clicks: nothing.
    const before = await statsOf(id, `?from=2020-01-01&to=2020-01-31`);
    expect(before.body.clicks).toEqual({ human: 0, bot: 0, preview: 0, qr: 0 });
    expect(before.body.outcomes).toEqual({ sessions: 0, engagedSessions: 0, leads: 0, conversions: 0, revenue: 0, currency: "USD" });
    expect((await statsOf(id, "?from=2020-02-30")).body.error.details).toEqual([{ path: "from", message: expect.any(String) }]);
  });

  test("days are the site's calendar days: clicks either side of New York's midnight fall on two dates", async () => {
    const ny = must(s.admin("site", "create", "--org", boot.orgId, "--name", "New York", "--domain", "ny.test", "--timezone", "America/New_York"));
    const id = createShortLink(s.dataDir, { siteId: ny.id }, { slug: "ny-days", url: "https://ny.test/" });
    const saved = s.clock.ms;
    try {
      s.clock.ms = Date.parse("2026-03-08T04:59:59.000Z"); // 23:59:59 on 7 March in New York (EST)
      await follow("ny-days");
      s.clock.ms = Date.parse("2026-03-08T05:00:00.000Z"); // midnight, 8 March
      await follow("ny-days", { ua: GOOGLEBOT_UA });
      s.clock.ms = Date.parse("2026-03-09T03:59:00.000Z"); // 23:59 on 8 March (EDT since 2 a.m.)
      await follow("ny-days", { query: "?qr=1" });
      const { body } = await statsOf(id, "?from=2026-03-07&to=2026-03-09", boot.key, ny.id);
      expect(body.period).toEqual({ from: "2026-03-07", to: "2026-03-09", tz: "America/New_York" });
      expect(body.days).toEqual([
        { date: "2026-03-07", human: 1, bot: 0, preview: 0, qr: 0 },
        { date: "2026-03-08", human: 0, bot: 1, preview: 0, qr: 1 },
        { date: "2026-03-09", human: 0, bot: 0, preview: 0, qr: 0 },
      ]);
    } finally {
      s.clock.ms = saved;
    }
  });

  test("BOLA: another org's link id is 404 from this org's site, and this org's key finds nothing under the other org", async () => {
    const other = must(s.admin("org", "create", "--name", "Other"));
    const theirs = must(s.admin("site", "create", "--org", other.id, "--name", "Theirs", "--domain", "theirs.test"));
    const theirLink = createShortLink(s.dataDir, { siteId: theirs.id }, { slug: "theirs", url: "https://theirs.test/" });
    const mine = await statsOf(theirLink);
    expect(mine.status).toBe(404);
    expect(mine.body.error.code).toBe("NOT_FOUND");
    const otherOrg = await statsOf(theirLink, "", boot.key, theirs.id, other.id);
    expect([otherOrg.status, otherOrg.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect((await statsOf("0".repeat(24))).status).toBe(404);
    // Another site of the same org does not show this site's link either.
    const second = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Second", "--domain", "second.test"));
    const onFirst = link("first-site-only");
    expect((await statsOf(onFirst, "", boot.key, second.id)).status).toBe(404);
  });
});
