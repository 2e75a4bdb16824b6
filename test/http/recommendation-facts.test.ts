import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { batch, CHROME_UA, ev, IPHONE_UA, openTenant, post, uuid } from "../helpers/hits.ts";
import { ConsentRows } from "../helpers/consent-inventory.ts";
import { createPopup } from "../../lib/engagement/manage.ts";
import { checkPopupDef } from "../../lib/engagement/popup-definition.ts";
import { epochDayOf } from "../../lib/time.ts";
import { analyticsSite } from "../../lib/analytics/site-cache.ts";
import { resolveRange } from "../../lib/date-range.ts";
import { gatherFacts, peerBenchmarksOf } from "../../lib/recommendations/gather-facts.ts";
import { rulesFor } from "../../lib/recommendations/rules/index.ts";

/**
 * gatherFacts on a small site (timezone UTC) whose hits go through ingest, read for the window
 * 2026-11-02 … 2026-11-05 on 2026-11-08 (three days after the last hit: the site is stale):
 *
 * | s  | v  | device  | traffic                          | channel     | landing  | events                                  |
 * |----|----|---------|----------------------------------|-------------|----------|-----------------------------------------|
 * | S1 | V1 | desktop | utm google / cpc / spring        | paid_search | /        | LCP 3000 on /, a conversion → engaged   |
 * | S2 | V2 | desktop | ?gclid, no UTM                   | paid_search | /landing | nothing else → bounced                  |
 * | S3 | V3 | mobile  | referrer example.org             | referral    | /        | INP 600 on /                            |
 * | S4 | V4 | desktop | direct                           | direct      | /pricing | 15 s engaged                            |
 * | –  | –  | –       | Origin copy.example (unverified) | –           | –        | refused: a rejected host with 1 hit     |
 *
 * Plus one lead (V1, through the inbound webhook) and one outbound webhook, active, whose
 * delivery of that lead failed at 10:30 (failing for days by the time of reading).
 *
 * Popup "Spring" with an A/B test a / b (50/50), exposures first seen on 11-03: a 200 visitors,
 * 20 leads (0.1); b 200, 40 leads (0.2) → verdict winner b; a, the loser, was still shown to
 * 200 visitors. popup_days 11-03: a 300 views, b 300 → 600 views; 400 visitors, 60 leads, lead
 * rate 60 / 400 = 0.15 (leads per visitor, as the popup page shows it).
 * Exposures of 11-01 (before the window) are not counted.
 *
 * Cookie inventory (visits' samples): _ga (analytics) and _fbp (marketing) seen on a visit
 * without consent → two violations; PHPSESSID (necessary) is none; _gcl_au seen only with full
 * consent is none.
 */

let s: TestStack;
let orgId: string;
let site: { id: string; siteKey: string };
let webhookId: string;
let popupId: string;

const at = (iso: string) => Date.parse(iso);
const page = (path: string, ts: string) => ev("pageview", at(ts), { u: `http://localhost${path}`, ti: path });

async function send(vid: string, events: Record<string, unknown>[], o: { ref?: string; utm?: Record<string, string>; mobile?: boolean; origin?: string } = {}) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(site.siteKey, events, { vid, ref: o.ref, utm: o.utm }), { "user-agent": o.mobile ? IPHONE_UA : CHROME_UA, ...(o.origin ? { origin: o.origin } : {}) });
  return res.status;
}

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Facts shop", "--domain", "localhost", "--timezone", "UTC"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  const hookSecret = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_in")).secret;
  webhookId = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", "https://93.184.215.14/hook")).id;
  const v1 = uuid();
  expect(await send(v1, [
    page("/", "2026-11-02T10:00:00Z"),
    ev("vital", at("2026-11-02T10:00:05Z"), { u: "http://localhost/", n: "LCP", val: 3000 }),
    ev("conversion", at("2026-11-02T10:00:30Z"), { u: "http://localhost/", n: "purchase", val: 10, oid: "o1" }),
  ], { utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" } })).toBe(202);
  s.clock.ms = at("2026-11-02T10:30:00Z");
  const leadRes = await fetch(`${s.url}/v1/hooks/webhook_in/${site.siteKey}`, {
    method: "POST",
    body: JSON.stringify({ email: "ann@example.com", vid: v1 }),
    headers: { "content-type": "application/json", "x-svc-secret": hookSecret },
  });
  expect(leadRes.status).toBeLessThan(300);
  // The lead's delivery to the outbound webhook fails (nothing listens there): wait for it while
  // the clock still reads 10:30, so the webhook is failing since then.
  const tenant = openTenant(s.dataDir, orgId);
  const failingSince = () => (tenant.query("SELECT failing_since AS f FROM integrations WHERE id = ?").get(webhookId) as { f: number | null }).f;
  for (let i = 0; i < 100 && failingSince() === null; i++) await Bun.sleep(100);
  tenant.close();
  expect(await send(uuid(), [page("/landing?gclid=Cj0KCQ", "2026-11-03T09:00:00Z")])).toBe(202);
  expect(await send(uuid(), [page("/", "2026-11-04T09:00:00Z"), ev("vital", at("2026-11-04T09:00:05Z"), { u: "http://localhost/", n: "INP", val: 600 })], { ref: "https://example.org/post", mobile: true })).toBe(202);
  expect(await send(uuid(), [page("/pricing", "2026-11-05T09:00:00Z"), ev("engagement", at("2026-11-05T09:00:15Z"), { u: "http://localhost/pricing", et: 15_000 })])).toBe(202);
  expect(await send(uuid(), [page("/", "2026-11-05T10:00:00Z")], { origin: "http://copy.example" })).toBe(403);
  popupId = await createPopup(await s.platform.tenants.get({ id: orgId, dbUrl: null }), site.id, checkPopupDef({
    name: "Spring", content: { title: "Get 10 % off" }, form: { fields: ["email"] }, triggers: [{ kind: "immediately" }],
    variants: [{ key: "a", name: "Discount" }, { key: "b", name: "Guide" }],
  }, ""), "active", at("2026-11-01T00:00:00Z"));
  const db = new Database(join(s.dataDir, `${orgId}.sqlite`));
  const exposure = db.query("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?, ?, ?, ?, 1, 0, ?)");
  let visitor = 10_000_000;
  const exposures = (variant: string, n: number, leads: number, firstAt = at("2026-11-03T12:00:00Z")) => {
    for (let i = 0; i < n; i++) exposure.run(popupId, visitor++, variant, firstAt, i < leads ? firstAt + 60_000 : null);
  };
  exposures("a", 200, 20);
  exposures("b", 200, 40);
  exposures("a", 50, 0, at("2026-11-01T12:00:00Z"));
  const day = db.query("INSERT INTO popup_days (popup_id, day, variant, views, closes, submits) VALUES (?, ?, ?, ?, 0, 0)");
  day.run(popupId, epochDayOf("2026-11-03"), "a", 300);
  day.run(popupId, epochDayOf("2026-11-03"), "b", 300);
  day.run(popupId, epochDayOf("2026-11-01"), "a", 999);
  db.close();
  const consent = new ConsentRows(s.dataDir, orgId);
  consent.visit(site.id, { url: "http://localhost/", state: 0, at: at("2026-11-03T10:00:00Z"), cookies: ["_ga", "_fbp", "PHPSESSID"] });
  consent.visit(site.id, { url: "http://localhost/pricing", state: 3, at: at("2026-11-04T10:00:00Z"), cookies: ["_gcl_au", "PHPSESSID"] });
  s.clock.ms = at("2026-11-08T04:00:00Z");
}, 60_000);

afterAll(() => s.close());

test("gatherFacts gives the site's facts over the window, exactly (the peers' percentiles added as the job adds them)", async () => {
  const platform = s.platform;
  const window = resolveRange({ from: "2026-11-02", to: "2026-11-05" }, "UTC", s.clock.ms);
  const peers = peerBenchmarksOf([
    { metric: "bounceRate", p25: 0.2, p50: 0.3, p75: 0.4, source: "peers" },
    { metric: "lcpP75", p25: null, p50: null, p75: null, source: "site" },
  ]);
  const own = await gatherFacts(platform, orgId, await analyticsSite(platform, orgId, site.id), window, { sessions: 4, metrics: { conversionRate: 0.25 } });
  const facts = { ...own, peers };
  expect(facts).toEqual({
    siteId: site.id,
    siteName: "Facts shop",
    window: { from: "2026-11-02", to: "2026-11-05" },
    now: at("2026-11-08T04:00:00Z"),
    minSessions: 500,
    sessions: 4,
    conversions: 1,
    leads: 1,
    metrics: { conversionRate: 0.25 },
    peers: { bounceRate: { p25: 0.2, p50: 0.3, p75: 0.4 } },
    landingPages: [
      { path: "/", sessions: 2, lcpP75: 3000, inpP75: 600, clsP75: null },
      { path: "/landing", sessions: 1, lcpP75: null, inpP75: null, clsP75: null },
      { path: "/pricing", sessions: 1, lcpP75: null, inpP75: null, clsP75: null },
    ],
    paidChannels: [{ channel: "paid_search", sessions: 2, bounceRate: 0.5 }],
    paid: { sessions: 2, untagged: 1 },
    consentViolations: { count: 2, names: ["_fbp", "_ga"] },
    devices: { mobile: { sessions: 1, conversions: 0, conversionRate: 0 }, desktop: { sessions: 3, conversions: 1, conversionRate: 0.3333 } },
    popups: [{ popupId, name: "Spring", views: 600, visitors: 400, leads: 60, conversionRate: 0.15, ab: { finished: true, winner: "b", loser: "a", winnerRate: 0.2, loserRate: 0.1, loserVisitors: 200 } }],
    referrers: [{ host: "example.org", sessions: 1, conversions: 0 }],
    webhooks: [{ webhookId, name: "93.184.215.14", url: "https://93.184.215.14/hook", enabled: true, failingSince: at("2026-11-02T10:30:00Z") }],
    siteStatus: "stale",
    rejectedHosts: [{ host: "copy.example", hits: 1 }],
  });
  // And the rules on them, by score: the A/B loser still shown (200 × (0.2 − 0.1) / 0.2 × 2);
  // consent violations and the stale site (4 sessions × 3) and / 's INP (2 × (600 − 200) / 200
  // × 3), ties by ruleKey; the failing webhook (1 lead × 3); the untagged click and the rejected
  // host (1 × 2); the paid bounce against the peers' p75 (2 × (0.5 − 0.4) / 0.4 × 2); / 's LCP
  // (2 × 0.2 × 2).
  const findings = rulesFor(facts);
  expect(findings[0]).toMatchObject({
    severity: "medium",
    title: "A/B test over, but the losing variant still shows: Spring",
    body: '"Spring": variant a (10.0 % lead rate) lost to b (20.0 %) yet was shown to 200 visitors in the window. 200 visitors saw a variant known to convert worse.',
  });
  expect(findings.map((f) => [f.ruleKey, f.score])).toEqual([
    ["popup_ab_loser", 200],
    ["consent_violations", 12],
    ["poor_inp", 12],
    ["site_stale", 12],
    ["webhook_failing", 3],
    ["paid_untagged", 2],
    ["unverified_domain_hits", 2],
    ["paid_bounce_high", 1],
    ["slow_lcp", 0.8],
  ]);
});
