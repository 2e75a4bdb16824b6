import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { must, ownerSession, startStack, type TestStack } from "../helpers/stack.ts";
import { benchmarkResults, orgs, users } from "../../lib/db/control-schema.ts";
import { auditLog, recommendationRuns, recommendations } from "../../lib/db/tenant-schema.ts";
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
    // Another org's site under this org's path: not found.
    const theirs = await get(`/api/v1/orgs/${boot.orgId}/sites/${site.id}/recommendations`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");
  });
});

describe("status changes", () => {
  // The CLI runs in its own process on the real clock: its days are counted from the real today (the site is in UTC).
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const audits = async () =>
    (await store.db.select().from(auditLog).where(eq(auditLog.action, "recommendation.status_changed")).orderBy(auditLog.at, auditLog.id)).map((a) => ({ actor: a.actorType, label: a.label, meta: JSON.parse(a.meta) }));
  const stored = (ruleKey: string) => store.db.select().from(recommendations).where(eq(recommendations.ruleKey, ruleKey)).get();

  test("admin recommendations status: snooze through a day in the site's timezone, audited", async () => {
    const boot = s.bootstrap!;
    const snoozed = must(s.admin("recommendations", "status", "--site", boot.siteId, "--rule", "slow_lcp", "--status", "snoozed", "--until", day(2)));
    expect(snoozed).toEqual({
      ruleKey: "slow_lcp", status: "snoozed", score: 900, severity: "high", title: "T slow_lcp", body: "B slow_lcp", action: "A slow_lcp",
      evidence: { pages: ["/"], value: 900 }, snoozedUntil: `${day(3)}T00:00:00.000Z`,
    });
    const row = await stored("slow_lcp");
    expect(row).toMatchObject({ status: "snoozed", snoozedUntil: at(`${day(3)}T00:00:00Z`), statusEvidence: JSON.stringify({ pages: ["/"], value: 900 }) });
    expect(await audits()).toEqual([{ actor: "operator", label: expect.stringMatching(/^Recommendation "T slow_lcp" on .+ set snoozed until \d{4}-\d{2}-\d{2}$/), meta: { ruleKey: "slow_lcp", from: "open", to: "snoozed", until: day(2) } }]);
    // Back to open: the snooze ends.
    expect(must(s.admin("recommendations", "status", "--site", boot.siteId, "--rule", "slow_lcp", "--status", "open")).snoozedUntil).toBeNull();
    expect(await stored("slow_lcp")).toMatchObject({ status: "open", snoozedUntil: null });
  });

  test("the CLI refuses bad input precisely and changes nothing", async () => {
    const boot = s.bootstrap!;
    const before = await stored("no_conversions");
    const refused = (args: string[]) => {
      const r = s.admin("recommendations", "status", "--site", boot.siteId, ...args);
      expect(r.code).toBe(2);
      return JSON.parse(r.stderr).error;
    };
    expect(refused(["--rule", "no_conversions", "--status", "closed"]).details).toEqual([{ path: "--status", message: "must be one of open, dismissed, snoozed, done" }]);
    expect(refused(["--rule", "no_conversions", "--status", "snoozed"]).details).toEqual([{ path: "--until", message: "a snooze needs its end date (YYYY-MM-DD)" }]);
    expect(refused(["--rule", "no_conversions", "--status", "snoozed", "--until", day(-1)]).details).toEqual([{ path: "--until", message: "must be today or later" }]);
    expect(refused(["--rule", "no_conversions", "--status", "snoozed", "--until", "2026-02-30"]).details).toEqual([{ path: "--until", message: "must be a calendar date YYYY-MM-DD" }]);
    expect(refused(["--rule", "no_conversions", "--status", "snoozed", "--until", day(366)]).details).toEqual([{ path: "--until", message: "must be at most 365 days ahead" }]);
    expect(refused(["--rule", "no_conversions", "--status", "done", "--until", day(5)]).details).toEqual([{ path: "--until", message: "only a snooze has an end date" }]);
    const inactive = refused(["--rule", "webhook_failing", "--status", "done"]);
    expect(inactive.code).toBe("NOT_FOUND");
    expect(inactive.details).toEqual([{ path: "--rule", message: "not found" }]);
    expect(await stored("no_conversions")).toEqual(before);
  });

  test("the dashboard's session route: owners and admins, Origin-checked, audited as the user", async () => {
    const boot = s.bootstrap!;
    const { cookie, origin } = await ownerSession(s);
    const put = (ruleKey: string, body: unknown, headers: Record<string, string> = { cookie, origin }) =>
      fetch(`${s.url}${base}/recommendations/${ruleKey}/status`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const done = await put("no_conversions", { status: "done" });
    expect(done.status).toBe(200);
    expect(((await done.json()) as any)).toMatchObject({ ruleKey: "no_conversions", status: "done", snoozedUntil: null });
    expect(await stored("no_conversions")).toMatchObject({ status: "done", statusChangedAt: NOW, statusEvidence: JSON.stringify({ pages: ["/"], value: 120 }) });
    const last = (await audits()).find((a) => a.actor === "user");
    expect(last).toMatchObject({ actor: "user", meta: { ruleKey: "no_conversions", from: "dismissed", to: "done", until: null } });
    expect((await get(`${base}/recommendations`)).body.items.find((i: any) => i.ruleKey === "no_conversions").status).toBe("done");

    const bad = await put("no_conversions", { status: "snoozed", until: "26-11-30" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as any).error.details[0].path).toBe("until");
    const malformed = await put("Not-A-Rule", { status: "done" });
    expect(malformed.status).toBe(404);
    expect(((await malformed.json()) as any).error.details[0].path).toBe("ruleKey");
    const noStatus = await put("slow_lcp", { until: "2026-11-30" });
    expect(noStatus.status).toBe(422);
    expect(((await noStatus.json()) as any).error.details[0].path).toBe("status");
    const unknown = await put("not_a_rule", { status: "done" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.details).toEqual([{ path: "ruleKey", message: "not found" }]);
    // No Origin: refused before anything changes.
    expect((await put("slow_lcp", { status: "dismissed" }, { cookie })).status).toBe(403);
    expect((await stored("slow_lcp"))!.status).toBe("open");

    must(s.admin("user", "create", "--org", boot.orgId, "--name", "Viewer", "--email", "viewer@rec.test", "--role", "viewer"));
    must(s.admin("user", "set-password", "--email", "viewer@rec.test", "--password", "correct horse battery staple 9"));
    s.platform.control.write((db) => db.update(users).set({ emailVerifiedAt: NOW }).where(eq(users.email, "viewer@rec.test")).run());
    const viewer = await ownerSession(s, { email: "viewer@rec.test", password: "correct horse battery staple 9" });
    const forbidden = await put("slow_lcp", { status: "dismissed" }, viewer);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as any).error.code).toBe("FORBIDDEN");
    expect((await stored("slow_lcp"))!.status).toBe("open");
  });
});

describe("Workspace → Settings, industry benchmarks (dashboard session route)", () => {
  test("owners change the industry and the opt-out; the read follows at once; bad input and other roles are refused; audited", async () => {
    const boot = s.bootstrap!;
    const { cookie, origin } = await ownerSession(s);
    const path = `${s.url}/api/v1/orgs/${boot.orgId}/settings/benchmarks`;
    const patch = (body: unknown, headers: Record<string, string> = { cookie, origin }) =>
      fetch(path, { method: "PATCH", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    const stored = () => s.platform.control.db.select({ industry: orgs.industry, optOut: orgs.benchmarkOptOut }).from(orgs).where(eq(orgs.id, boot.orgId)).get();

    expect(await (await fetch(path, { headers: { cookie } })).json()).toEqual({ orgId: boot.orgId, industry: "general", optOut: false });
    for (const [body, at, message] of [
      [{ industry: "" }, "industry", undefined],
      [{ industry: "   " }, "industry", undefined],
      [{ industry: "x".repeat(61) }, "industry", undefined],
      [{ optOut: "yes" }, "optOut", "must be true or false"],
    ] as const) {
      const res = await patch(body);
      expect(res.status).toBe(422);
      const error = ((await res.json()) as any).error;
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details[0].path).toBe(at);
      if (message) expect(error.details[0].message).toBe(message);
    }
    expect((await patch({ optOut: true }, { cookie })).status).toBe(403);
    expect(stored()).toEqual({ industry: "general", optOut: false });

    const changed = await patch({ industry: "  Travel " });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ orgId: boot.orgId, industry: "travel", optOut: false });
    // The peer group is travel's at once: no results published for it yet.
    const travel = (await get(`${base}/recommendations`)).body;
    expect(travel.industry).toBe("travel");
    expect(travel.benchmarks).toMatchObject({ orgs: 0, eligible: false, reason: "no_data" });

    expect(await (await patch({ optOut: true })).json()).toEqual({ orgId: boot.orgId, industry: "travel", optOut: true });
    expect((await get(`${base}/recommendations`)).body.benchmarks.reason).toBe("opted_out");
    // The same values again change nothing and write no audit entry.
    expect((await patch({ industry: "travel", optOut: true })).status).toBe(200);

    const entries = (await store.db.select().from(auditLog).where(eq(auditLog.action, "org.benchmarks"))).map((a) => [a.actorType, a.label, JSON.parse(a.meta!)]);
    expect(entries).toEqual([
      ["user", "Industry set to travel", { before: { industry: "general", optOut: false }, after: { industry: "travel", optOut: false }, inputsRemoved: 0 }],
      ["user", "Opted out of industry benchmarks", { before: { industry: "travel", optOut: false }, after: { industry: "travel", optOut: true }, inputsRemoved: 0 }],
    ]);

    must(s.admin("user", "create", "--org", boot.orgId, "--name", "Analyst", "--email", "analyst@rec.test", "--role", "analyst"));
    must(s.admin("user", "set-password", "--email", "analyst@rec.test", "--password", "correct horse battery staple 9"));
    s.platform.control.write((db) => db.update(users).set({ emailVerifiedAt: NOW }).where(eq(users.email, "analyst@rec.test")).run());
    const analyst = await ownerSession(s, { email: "analyst@rec.test", password: "correct horse battery staple 9" });
    const forbidden = await patch({ optOut: false }, analyst);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as any).error.code).toBe("FORBIDDEN");
    expect((await fetch(path, { headers: { cookie: analyst.cookie } })).status).toBe(403);
    expect(stored()).toEqual({ industry: "travel", optOut: true });
  });
});
