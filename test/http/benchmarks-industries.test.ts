import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, runAdminAsync, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { dateOfEpochDay } from "../../lib/time.ts";
import { parseArgs } from "../../scripts/admin.ts";

/**
 * Industry benchmarks end to end: organizations made with the admin CLI, hits through /v1/collect,
 * the job run once with `admin recommendations compute`, each site's answer read with its own
 * organization's API key. Settings: k = BENCHMARK_MIN_ORGS 3, BENCHMARK_MIN_SESSIONS 2,
 * BENCHMARK_MAX_SHARE 0.5. Every site in UTC; every session on D-3 (D = today, UTC), inside the
 * window D-28 … D-1 whatever the hour. Three kinds of session (DESIGN section 5: engaged = ≥ 10 s
 * engaged, a conversion, or ≥ 2 pageviews):
 *   bounce — one pageview                       (not engaged, 1 page,  0 s)
 *   read   — one pageview, 12 s engaged          (engaged,     1 page, 12 s)
 *   browse — two pageviews                       (engaged,     2 pages, 0 s)
 *
 * | org | industry | site | sessions | kinds                       | engagement | pages/session | engaged s |
 * |-----|----------|------|----------|-----------------------------|------------|---------------|-----------|
 * | R1  | retail   | R1a  | 4        | read, browse, bounce ×2     | 0.5        | 1.25          | 3         |
 * | R1  | retail   | R1b  | 2        | bounce ×2                   | 0          | 1             | 0         |
 * | R2  | retail   | R2   | 2        | browse, bounce              | 0.5        | 1.5           | 0         |
 * | R3  | retail   | R3   | 4        | browse, read ×2, bounce     | 0.75       | 1.25          | 6         |
 * | R4  | retail   | R4   | 3        | browse ×3                   | 1          | 2             | 0         |
 * | R5  | retail   | R5   | 1        | bounce (under minSessions)  | 0          | 1             | 0         |
 * | T1  | travel   | T1   | 2        | browse, bounce              | 0.5        | 1.5           | 0         |
 * | T2  | travel   | T2   | 2        | read ×2                     | 1          | 1             | 12        |
 * | F1  | finance  | F1   | 2        | bounce ×2                   | 0          | 1             | 0         |
 * | F2  | finance  | F2   | 2        | browse ×2                   | 1          | 2             | 0         |
 * | F3  | finance  | F3   | 4        | read ×2, browse, bounce     | 0.75       | 1.25          | 6         |
 * F3 opts out (`admin org benchmarks --opt-out`). No conversions, leads or mobile sessions anywhere.
 *
 * Retail: R1 counts once, its sites weighted by sessions: engagement (0.5·4 + 0·2)/6 = 1/3,
 * pages (1.25·4 + 1·2)/6 = 7/6, engaged s (3·4 + 0·2)/6 = 2. R5 does not contribute (1 < 2).
 * Four organizations (n = 4, h = 3p: p25 at h 0.75, p50 at 1.5, p75 at 2.25):
 *
 * | metric        | R1     | R2  | R3   | R4 | sorted                   | p25                        | p50               | p75                        |
 * |---------------|--------|-----|------|----|--------------------------|----------------------------|-------------------|----------------------------|
 * | engagement    | 0.3333 | 0.5 | 0.75 | 1  | 1/3, 0.5, 0.75, 1        | 1/3 + .75·(1/6) = 0.4583   | .5 + .5·.25 = .625 | .75 + .25·.25 = 0.8125     |
 * | bounce        | 0.6667 | 0.5 | 0.25 | 0  | 0, 0.25, 0.5, 2/3        | 0 + .75·.25 = 0.1875       | .25 + .5·.25 = .375 | .5 + .25·(1/6) = 0.5417   |
 * | pages/session | 1.1667 | 1.5 | 1.25 | 2  | 7/6, 1.25, 1.5, 2        | 7/6 + .75·(1/12) = 1.2292  | 1.25 + .5·.25 = 1.375 | 1.5 + .25·.5 = 1.625   |
 * | engaged s     | 2      | 0   | 6    | 0  | 0, 0, 2, 6               | 0                          | 0 + .5·2 = 1      | 2 + .25·4 = 3              |
 * | conversion, mobile share, leads/1000: 0 everywhere → 0, 0, 0                                                                                     |
 *
 * Had R5 counted (5 orgs, h = 4p) engagement would be 1/3, 0.5, 0.75; had R1 been the plain mean
 * of its sites (0.25) its p25 would be 0.4375; had R1's sites been two organizations, 5 again.
 * Dominance: R1 holds 6 of 15 sessions, 0.4 ≤ 0.5. Size band over the 5 contributing sites'
 * sessions 2, 2, 3, 4, 4 (h = 4p): p25 2, p75 4.
 * Travel: T1, T2 contribute — 2 = k − 1 organizations: withheld, `too_few_orgs`; the size band
 * (2–2, the two sites' own counts) withheld by the same rule: null.
 * Finance: F1, F2 contribute, F3 opted out (with it there would be k = 3 and a size band 2–3):
 * withheld, `too_few_orgs`, orgs 2, size band null; F3 sees its own values, `opted_out`, orgs 0.
 *
 * Items: every site's last hit is over 24 h old → `site_stale` (high: sessions × 1 × 3); every
 * site with ≥ minSessions sessions and no conversion → `no_conversions` (high: sessions × 1 × 3);
 * equal scores in rule-key order.
 */

const ENV = { BENCHMARK_MIN_ORGS: "3", BENCHMARK_MIN_SESSIONS: "2", BENCHMARK_MAX_SHARE: "0.5" };
const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const SESSION_DAY = TODAY - 3 * DAY;

type Kind = "bounce" | "read" | "browse";
interface SiteSpec {
  name: string;
  sessions: Kind[];
}
interface OrgSpec {
  name: string;
  industry: string;
  sites: SiteSpec[];
}

const ORGS: OrgSpec[] = [
  { name: "R1", industry: "retail", sites: [{ name: "R1a", sessions: ["read", "browse", "bounce", "bounce"] }, { name: "R1b", sessions: ["bounce", "bounce"] }] },
  { name: "R2", industry: "retail", sites: [{ name: "R2", sessions: ["browse", "bounce"] }] },
  { name: "R3", industry: "retail", sites: [{ name: "R3", sessions: ["browse", "read", "read", "bounce"] }] },
  { name: "R4", industry: "retail", sites: [{ name: "R4", sessions: ["browse", "browse", "browse"] }] },
  { name: "R5", industry: "retail", sites: [{ name: "R5", sessions: ["bounce"] }] },
  { name: "T1", industry: "travel", sites: [{ name: "T1", sessions: ["browse", "bounce"] }] },
  { name: "T2", industry: "travel", sites: [{ name: "T2", sessions: ["read", "read"] }] },
  { name: "F1", industry: "finance", sites: [{ name: "F1", sessions: ["bounce", "bounce"] }] },
  { name: "F2", industry: "finance", sites: [{ name: "F2", sessions: ["browse", "browse"] }] },
  { name: "F3", industry: "finance", sites: [{ name: "F3", sessions: ["read", "read", "browse", "bounce"] }] },
];

/** The site's own values, worked out in the header's first table. */
const OWN: Record<string, { engagementRate: number; pagesPerSession: number; avgEngagedSeconds: number }> = {
  R1a: { engagementRate: 0.5, pagesPerSession: 1.25, avgEngagedSeconds: 3 },
  R1b: { engagementRate: 0, pagesPerSession: 1, avgEngagedSeconds: 0 },
  R2: { engagementRate: 0.5, pagesPerSession: 1.5, avgEngagedSeconds: 0 },
  R3: { engagementRate: 0.75, pagesPerSession: 1.25, avgEngagedSeconds: 6 },
  R4: { engagementRate: 1, pagesPerSession: 2, avgEngagedSeconds: 0 },
  R5: { engagementRate: 0, pagesPerSession: 1, avgEngagedSeconds: 0 },
  T1: { engagementRate: 0.5, pagesPerSession: 1.5, avgEngagedSeconds: 0 },
  T2: { engagementRate: 1, pagesPerSession: 1, avgEngagedSeconds: 12 },
  F1: { engagementRate: 0, pagesPerSession: 1, avgEngagedSeconds: 0 },
  F2: { engagementRate: 1, pagesPerSession: 2, avgEngagedSeconds: 0 },
  F3: { engagementRate: 0.75, pagesPerSession: 1.25, avgEngagedSeconds: 6 },
};

/** Retail's published percentiles, the header's second table. */
const RETAIL: Record<string, [number, number, number]> = {
  engagementRate: [0.4583, 0.625, 0.8125],
  bounceRate: [0.1875, 0.375, 0.5417],
  conversionRate: [0, 0, 0],
  pagesPerSession: [1.2292, 1.375, 1.625],
  avgEngagedSeconds: [0, 1, 3],
  mobileShare: [0, 0, 0],
  leadRate: [0, 0, 0],
};

const LABELS: [string, string][] = [
  ["engagementRate", "Engagement rate"],
  ["bounceRate", "Bounce rate"],
  ["conversionRate", "Session conversion rate"],
  ["pagesPerSession", "Pages per session"],
  ["avgEngagedSeconds", "Average engaged time per session"],
  ["mobileShare", "Mobile share of sessions"],
  ["leadRate", "Leads per 1 000 sessions"],
  ["lcpP75", "LCP p75 (ms)"],
  ["inpP75", "INP p75 (ms)"],
  ["clsP75", "CLS p75"],
  ["popupConversionRate", "Popup lead rate"],
  ["shortLinkHumanShare", "Short-link human click share"],
];

/** The twelve rows of a site: its own values, with the peers' percentiles where they are published. */
function rowsOf(site: string, peers: Record<string, [number, number, number]> = {}) {
  const own = OWN[site];
  const values: Record<string, number> = { ...own, bounceRate: 1 - own.engagementRate, conversionRate: 0, mobileShare: 0, leadRate: 0 };
  return LABELS.map(([metric, label]) => {
    const p = peers[metric];
    return { metric, label, value: values[metric] ?? null, p25: p?.[0] ?? null, p50: p?.[1] ?? null, p75: p?.[2] ?? null, source: p ? "peers" : "site" };
  });
}

interface Made {
  orgId: string;
  key: string;
  sites: Map<string, { id: string; siteKey: string; host: string }>;
}

let s: TestStack;
const made = new Map<string, Made>();
let computedBetween: [number, number];
/** The admin CLI as a process: the benchmark commands an operator runs. */
const cli = async (...args: string[]) => must(await runAdminAsync(s.dataDir, args, ENV));
/**
 * The admin CLI's own parsing and command, run in this process on the stack's platform: the
 * fixture's forty-odd setup commands as processes would take most of the test's time.
 */
async function setup(...args: string[]): Promise<any> {
  const { command, flags } = parseArgs(args);
  if (!("run" in command)) throw new Error(`${args.join(" ")} is not a platform command`);
  return command.run(s.platform, flags);
}

/** An organization as an operator makes one: org, owner, sites with their domain verified, a read key. */
async function makeOrg(spec: OrgSpec): Promise<Made> {
  const slug = spec.name.toLowerCase();
  const org = await setup("org", "create", "--name", `Org ${spec.name}`, "--industry", spec.industry);
  const user = await setup("user", "create", "--org", org.id, "--name", spec.name, "--email", `owner@${slug}.bench.test`, "--role", "owner");
  const sites = new Map<string, { id: string; siteKey: string; host: string }>();
  for (const site of spec.sites) {
    const host = `${site.name.toLowerCase()}.bench.test`;
    const created = await setup("site", "create", "--org", org.id, "--name", site.name, "--domain", host, "--timezone", "UTC");
    await setup("domain", "verify", "--site", created.id, "--hostname", host, "--force");
    sites.set(site.name, { id: created.id, siteKey: created.siteKey, host });
  }
  const key = await setup("key", "create", "--org", org.id, "--user", user.id, "--perms", "recommendations.read");
  return { orgId: org.id, key: key.key, sites };
}

const EVENTS: Record<Kind, (t: number, u: (path: string) => string) => Record<string, unknown>[]> = {
  bounce: (t, u) => [ev("pageview", t, { u: u("/") })],
  read: (t, u) => [ev("pageview", t, { u: u("/") }), ev("engagement", t + 12_000, { u: u("/"), et: 12_000 })],
  browse: (t, u) => [ev("pageview", t, { u: u("/") }), ev("pageview", t + 5_000, { u: u("/more"), ti: "More" })],
};

beforeAll(async () => {
  s = await startStack({ env: ENV });
  for (const spec of ORGS) made.set(spec.name, await makeOrg(spec));

  // Every session on D-3 from 10:00 UTC, one batch each, received at 12:00.
  s.clock.ms = SESSION_DAY + 12 * 3_600_000;
  const sends: Promise<void>[] = [];
  for (const spec of ORGS) {
    for (const site of spec.sites) {
      const { siteKey, host } = made.get(spec.name)!.sites.get(site.name)!;
      site.sessions.forEach((kind, i) => {
        const t = SESSION_DAY + 10 * 3_600_000 + i * 60_000;
        const events = EVENTS[kind](t, (path) => `https://${host}${path}`);
        sends.push(
          post(s.url, batch(siteKey, events, { tz: "UTC" }), { origin: `https://${host}` }).then(async (res) => {
            if (res.status !== 202) throw new Error(`${site.name}: ${res.status} ${await res.text()}`);
          }),
        );
      });
    }
  }
  await Promise.all(sends);

  const f3 = made.get("F3")!.orgId;
  expect(await cli("org", "benchmarks", "--org", f3, "--opt-out")).toEqual({ orgId: f3, industry: "finance", optOut: true, inputsRemoved: 0 });
  s.clock.ms = Date.now();
  const before = Date.now();
  // Sites: the 11 above and the bootstrap site (no hits). Contributing: all but R5 (1 session) and F3 (opted out).
  // Industries: general (the bootstrap org), retail, travel, finance (F1, F2 have not opted out).
  // Findings: no_conversions on the 10 sites with ≥ 2 sessions, site_stale on the 11 with hits.
  expect(await cli("recommendations", "compute")).toEqual({ day: dateOfEpochDay(TODAY / DAY), sites: 12, contributed: 9, industries: 4, findings: 21, failed: 0 });
  computedBetween = [before, Date.now()];
}, 60_000);

afterAll(() => s?.close());

async function answerOf(org: string, site: string) {
  const m = made.get(org)!;
  const res = await s.api(`/api/v1/orgs/${m.orgId}/sites/${m.sites.get(site)!.id}/recommendations`, m.key);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

const WINDOW = { from: dateOfEpochDay(TODAY / DAY - 28), to: dateOfEpochDay(TODAY / DAY - 1) };

/** The items every site gets: stale (and no conversions when it has at least minSessions sessions). */
function itemsOf(sessions: number) {
  const score = sessions * 3;
  const stale = { ruleKey: "site_stale", status: "open", score, severity: "high" };
  return sessions >= 2 ? [{ ruleKey: "no_conversions", status: "open", score, severity: "high" }, stale] : [stale];
}

async function expectAnswer(org: string, site: string, benchmarks: Record<string, unknown>) {
  const body = await answerOf(org, site);
  const industry = ORGS.find((o) => o.name === org)!.industry;
  const sessions = ORGS.find((o) => o.name === org)!.sites.find((x) => x.name === site)!.sessions.length;
  expect(Date.parse(body.computedAt)).toBeGreaterThanOrEqual(computedBetween[0]);
  expect(Date.parse(body.computedAt)).toBeLessThanOrEqual(computedBetween[1]);
  expect(Object.keys(body)).toEqual(["industry", "computedAt", "benchmarks", "canManage", "items"]);
  expect(body.industry).toBe(industry);
  expect(body.canManage).toBe(false);
  expect(body.benchmarks).toEqual({ minSessions: 2, window: WINDOW, ...benchmarks });
  expect(body.items.map((i: Record<string, unknown>) => ({ ruleKey: i.ruleKey, status: i.status, score: i.score, severity: i.severity }))).toEqual(itemsOf(sessions));
}

test("retail: four organizations publish p25/p50/p75, R1's two sites weighted by sessions; R5 under minSessions does not count", async () => {
  for (const [org, site] of [["R1", "R1a"], ["R1", "R1b"], ["R2", "R2"], ["R3", "R3"], ["R4", "R4"]]) {
    await expectAnswer(org, site, { orgs: 4, eligible: true, reason: null, sizeBand: { p25: 2, p75: 4 }, rows: rowsOf(site, RETAIL) });
  }
});

test("a site under minSessions sees its own values only, below_min_sessions, with the group it would join", async () => {
  await expectAnswer("R5", "R5", { orgs: 4, eligible: false, reason: "below_min_sessions", sizeBand: { p25: 2, p75: 4 }, rows: rowsOf("R5") });
});

test("travel: k − 1 = 2 contributing organizations → rows withheld, eligible false, too_few_orgs", async () => {
  for (const org of ["T1", "T2"]) {
    await expectAnswer(org, org, { orgs: 2, eligible: false, reason: "too_few_orgs", sizeBand: null, rows: rowsOf(org) });
  }
});

test("finance: the opted-out organization is in no group (2 of 3 contribute → withheld) and gets no peer rows", async () => {
  for (const org of ["F1", "F2"]) {
    await expectAnswer(org, org, { orgs: 2, eligible: false, reason: "too_few_orgs", sizeBand: null, rows: rowsOf(org) });
  }
  await expectAnswer("F3", "F3", { orgs: 0, eligible: false, reason: "opted_out", sizeBand: null, rows: rowsOf("F3") });
});

test("the control store holds aggregates only: one input per contributing site, the industries' results as worked out", () => {
  const control = s.platform.control.db.$client;
  const siteName = new Map<string, string>();
  for (const m of made.values()) for (const [name, site] of m.sites) siteName.set(site.id, name);
  const inputs = control.query("SELECT site_id AS siteId, industry, sessions FROM benchmark_inputs").all() as { siteId: string; industry: string; sessions: number }[];
  expect(inputs.map((r) => `${siteName.get(r.siteId)} ${r.industry} ${r.sessions}`).sort()).toEqual(
    ["R1a retail 4", "R1b retail 2", "R2 retail 2", "R3 retail 4", "R4 retail 3", "T1 travel 2", "T2 travel 2", "F1 finance 2", "F2 finance 2"].sort(),
  );
  const results = control
    .query(
      `SELECT industry, metric, orgs, eligible, reason, p25, p50, p75, size_p25 AS sizeP25, size_p75 AS sizeP75 FROM benchmark_results
       WHERE day = ? AND metric IN ('engagementRate', 'pagesPerSession', 'lcpP75') ORDER BY industry, metric`,
    )
    .all(dateOfEpochDay(TODAY / DAY));
  const withheld = (industry: string, metric: string, orgs: number, reason: string) => ({ industry, metric, orgs, eligible: 0, reason, p25: null, p50: null, p75: null });
  expect(results).toEqual([
    { ...withheld("finance", "engagementRate", 2, "too_few_orgs"), sizeP25: null, sizeP75: null },
    { ...withheld("finance", "lcpP75", 0, "no_data"), sizeP25: null, sizeP75: null },
    { ...withheld("finance", "pagesPerSession", 2, "too_few_orgs"), sizeP25: null, sizeP75: null },
    { ...withheld("general", "engagementRate", 0, "no_data"), sizeP25: null, sizeP75: null },
    { ...withheld("general", "lcpP75", 0, "no_data"), sizeP25: null, sizeP75: null },
    { ...withheld("general", "pagesPerSession", 0, "no_data"), sizeP25: null, sizeP75: null },
    { industry: "retail", metric: "engagementRate", orgs: 4, eligible: 1, reason: null, p25: 0.4583, p50: 0.625, p75: 0.8125, sizeP25: 2, sizeP75: 4 },
    { ...withheld("retail", "lcpP75", 0, "no_data"), sizeP25: 2, sizeP75: 4 },
    { industry: "retail", metric: "pagesPerSession", orgs: 4, eligible: 1, reason: null, p25: 1.2292, p50: 1.375, p75: 1.625, sizeP25: 2, sizeP75: 4 },
    { ...withheld("travel", "engagementRate", 2, "too_few_orgs"), sizeP25: null, sizeP75: null },
    { ...withheld("travel", "lcpP75", 0, "no_data"), sizeP25: null, sizeP75: null },
    { ...withheld("travel", "pagesPerSession", 2, "too_few_orgs"), sizeP25: null, sizeP75: null },
  ]);
});
