import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { must, ownerSession, startStack, type TestStack } from "../helpers/stack.ts";
import { benchmarkResults, orgs } from "../../lib/db/control-schema.ts";
import { recommendationRuns, recommendations } from "../../lib/db/tenant-schema.ts";
import type { TenantStore } from "../../lib/db/tenants.ts";

/**
 * The recommendations endpoint on rows inserted directly (the nightly job is built apart).
 * "now" 2026-11-20 12:00 UTC. The bootstrap org's industry `general`; benchmark_results for it
 * on 11-19 (latest: 12 orgs, size band 800–5 000; engagementRate and bounceRate published,
 * lcpP75 withheld as no_data) and on 11-18 (older: ignored). The site's run: window 10-22 …
 * 11-18, 1 200 sessions (≥ minSessions 500).
 *
 * Items: slow_lcp (score 900, open), paid_untagged (300, snoozed until 11-25: still snoozed),
 * site_stale (450, snoozed until 11-19: its date passed → open), no_conversions (120,
 * dismissed), webhook_failing inactive (not shown). Order by score: slow_lcp, site_stale,
 * paid_untagged, no_conversions.
 */

let s: TestStack;
let base: string;
let store: TenantStore;
const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-20T12:00:00Z");
const COMPUTED = at("2026-11-20T03:04:05Z");

const result = (day: string, metric: string, eligible: boolean, p: [number, number, number] | null, reason: string | null = null) => ({
  industry: "general", day, metric, orgs: day === "2026-11-19" ? 12 : 9, eligible, reason,
  p25: p?.[0] ?? null, p50: p?.[1] ?? null, p75: p?.[2] ?? null, sizeP25: 800, sizeP75: 5000, computedAt: COMPUTED,
});

const item = (ruleKey: string, score: number, status: string, extra: Partial<typeof recommendations.$inferInsert> = {}) => ({
  siteId: s.bootstrap!.siteId, ruleKey, status, score, severity: "high", title: `T ${ruleKey}`, body: `B ${ruleKey}`, action: `A ${ruleKey}`,
  evidence: JSON.stringify({ pages: ["/"], value: score }), computedAt: COMPUTED, active: 1, ...extra,
});

beforeAll(async () => {
  s = await startStack();
  s.clock.ms = NOW;
  const boot = s.bootstrap!;
  base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  s.platform.control.write((db) =>
    db.insert(benchmarkResults).values([
      result("2026-11-19", "engagementRate", true, [0.5, 0.6, 0.7]),
      result("2026-11-19", "bounceRate", true, [0.3, 0.4, 0.5]),
      result("2026-11-19", "lcpP75", false, null, "no_data"),
      result("2026-11-18", "engagementRate", true, [0.1, 0.2, 0.3]),
      result("2026-11-18", "pagesPerSession", true, [1, 2, 3]),
    ]).run(),
  );
  store = await s.platform.tenants.get({ id: boot.orgId, dbUrl: null });
  await store.db.insert(recommendationRuns).values({
    siteId: boot.siteId, computedAt: COMPUTED, windowFrom: "2026-10-22", windowTo: "2026-11-18", sessions: 1200,
    metrics: JSON.stringify({ engagementRate: 0.55, bounceRate: 0.45, pagesPerSession: 2.5, lcpP75: 3100 }),
  });
  await store.db.insert(recommendations).values([
    item("slow_lcp", 900, "open"),
    item("paid_untagged", 300, "snoozed", { severity: "medium", snoozedUntil: at("2026-11-25T00:00:00Z") }),
    item("site_stale", 450, "snoozed", { snoozedUntil: at("2026-11-19T00:00:00Z") }),
    item("no_conversions", 120, "dismissed", { severity: "low" }),
    item("webhook_failing", 2000, "open", { active: 0 }),
  ]);
}, 60_000);

afterAll(() => s.close());

const get = async (path: string, key = s.bootstrap!.key) => {
  const res = await s.api(path, key);
  return { status: res.status, body: (await res.json()) as any };
};

const siteRow = (metric: string, label: string, value: number | null) => ({ metric, label, value, p25: null, p50: null, p75: null, source: "site" });
const SITE_ROWS = [
  siteRow("engagementRate", "Engagement rate", 0.55),
  siteRow("bounceRate", "Bounce rate", 0.45),
  siteRow("conversionRate", "Session conversion rate", null),
  siteRow("pagesPerSession", "Pages per session", 2.5),
  siteRow("avgEngagedSeconds", "Average engaged time per session", null),
  siteRow("mobileShare", "Mobile share of sessions", null),
  siteRow("leadRate", "Leads per 1 000 sessions", null),
  siteRow("lcpP75", "LCP p75 (ms)", 3100),
  siteRow("inpP75", "INP p75 (ms)", null),
  siteRow("clsP75", "CLS p75", null),
  siteRow("popupConversionRate", "Popup lead rate", null),
  siteRow("shortLinkHumanShare", "Short-link human click share", null),
];

describe("GET …/recommendations", () => {
  test("the site's items and its industry's latest benchmarks, exactly", async () => {
    const { status, body } = await get(`${base}/recommendations`);
    expect(status).toBe(200);
    const rows = SITE_ROWS.map((r) => ({ ...r }));
    Object.assign(rows[0], { p25: 0.5, p50: 0.6, p75: 0.7, source: "peers" });
    Object.assign(rows[1], { p25: 0.3, p50: 0.4, p75: 0.5, source: "peers" });
    const evidence = (value: number) => ({ pages: ["/"], value });
    expect(body).toEqual({
      industry: "general",
      computedAt: "2026-11-20T03:04:05.000Z",
      benchmarks: { orgs: 12, eligible: true, minSessions: 500, rows, reason: null, sizeBand: { p25: 800, p75: 5000 }, window: { from: "2026-10-22", to: "2026-11-18" } },
      canManage: false,
      items: [
        { ruleKey: "slow_lcp", status: "open", score: 900, severity: "high", title: "T slow_lcp", body: "B slow_lcp", action: "A slow_lcp", evidence: evidence(900), snoozedUntil: null },
        { ruleKey: "site_stale", status: "open", score: 450, severity: "high", title: "T site_stale", body: "B site_stale", action: "A site_stale", evidence: evidence(450), snoozedUntil: null },
        { ruleKey: "paid_untagged", status: "snoozed", score: 300, severity: "medium", title: "T paid_untagged", body: "B paid_untagged", action: "A paid_untagged", evidence: evidence(300), snoozedUntil: "2026-11-25T00:00:00.000Z" },
        { ruleKey: "no_conversions", status: "dismissed", score: 120, severity: "low", title: "T no_conversions", body: "B no_conversions", action: "A no_conversions", evidence: evidence(120), snoozedUntil: null },
      ],
    });
  });

  test("an opted-out organization sees its own values only", async () => {
    const boot = s.bootstrap!;
    s.platform.control.write((db) => db.update(orgs).set({ benchmarkOptOut: true }).where(eq(orgs.id, boot.orgId)).run());
    try {
      const { body } = await get(`${base}/recommendations`);
      expect(body.benchmarks).toEqual({ orgs: 0, eligible: false, minSessions: 500, rows: SITE_ROWS, reason: "opted_out", sizeBand: null, window: { from: "2026-10-22", to: "2026-11-18" } });
      expect(body.items).toHaveLength(4);
    } finally {
      s.platform.control.write((db) => db.update(orgs).set({ benchmarkOptOut: false }).where(eq(orgs.id, boot.orgId)).run());
    }
  });

  test("a site under the contribution threshold sees its own values, reason below_min_sessions", async () => {
    const boot = s.bootstrap!;
    await store.db.update(recommendationRuns).set({ sessions: 499 }).where(eq(recommendationRuns.siteId, boot.siteId));
    try {
      const { body } = await get(`${base}/recommendations`);
      expect(body.benchmarks).toEqual({ orgs: 12, eligible: false, minSessions: 500, rows: SITE_ROWS, reason: "below_min_sessions", sizeBand: { p25: 800, p75: 5000 }, window: { from: "2026-10-22", to: "2026-11-18" } });
    } finally {
      await store.db.update(recommendationRuns).set({ sessions: 1200 }).where(eq(recommendationRuns.siteId, boot.siteId));
    }
  });

  test("before the nightly job has run: nothing computed, no_data", async () => {
    const boot = s.bootstrap!;
    const site = must(s.admin("site", "create", "--org", boot.orgId, "--name", "New", "--domain", "new.test"));
    const { status, body } = await get(`/api/v1/orgs/${boot.orgId}/sites/${site.id}/recommendations`);
    expect(status).toBe(200);
    expect(body).toEqual({
      industry: "general",
      computedAt: null,
      benchmarks: { orgs: 0, eligible: false, minSessions: 500, rows: [], reason: "no_data", sizeBand: null, window: null },
      canManage: false,
      items: [],
    });
  });

  test("canManage for an owner's dashboard session", async () => {
    const { cookie } = await ownerSession(s);
    const res = await fetch(`${s.url}${base}/recommendations`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).canManage).toBe(true);
  });

  test("403 without recommendations.read; FEATURE_UNAVAILABLE on the starter plan", async () => {
    const boot = s.bootstrap!;
    const viewer = must(s.admin("user", "create", "--org", boot.orgId, "--name", "Vi", "--email", "vi@rec.test", "--role", "viewer"));
    const reader = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "recommendations.read")).key;
    const other = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "analytics.read")).key;
    expect((await get(`${base}/recommendations`, reader)).body.items).toHaveLength(4);
    const refused = await get(`${base}/recommendations`, other);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");

    const org = must(s.admin("org", "create", "--name", "Starter", "--plan", "starter"));
    const site = must(s.admin("site", "create", "--org", org.id, "--name", "S", "--domain", "starter.test"));
    const user = must(s.admin("user", "create", "--org", org.id, "--name", "O", "--email", "o@starter.test", "--role", "owner"));
    const key = must(s.admin("key", "create", "--org", org.id, "--user", user.id, "--perms", "all")).key;
    const blocked = await get(`/api/v1/orgs/${org.id}/sites/${site.id}/recommendations`, key);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "recommendations" }] });
  });
});
