import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ControlStore } from "../../lib/db/control.ts";
import { eq } from "drizzle-orm";
import { benchmarkInputs, benchmarkResults, orgs, sites } from "../../lib/db/control-schema.ts";
import { benchmarkGroup, peerRowsForSite, writeBenchmarkInput, writeIndustryResults, type BenchmarkInput } from "../../lib/recommendations/benchmarks.ts";

const settings = { benchmarkMinSessions: 100, benchmarkMinOrgs: 3, benchmarkMaxShare: 0.5 };
const site = (orgId: string, sessions: number, engagementRate: number, extra: Record<string, number> = {}): BenchmarkInput => ({ orgId, sessions, metrics: { engagementRate, ...extra } });

test("retail: organizations weighted by their sites' sessions, p25/p50/p75 interpolated, the size band over sites", () => {
  const group = benchmarkGroup(
    [
      // Org A counts once: (100 × 0.1 + 300 × 0.5) / 400 = 0.4.
      site("A", 100, 0.1),
      site("A", 300, 0.5),
      site("B", 200, 0.2),
      site("C", 300, 0.6),
      site("D", 300, 0.8),
      // Under minSessions: would be a fifth organization and move the median to 0.6.
      site("E", 99, 0.99),
    ],
    settings,
  );
  // Organizations' values sorted [0.2, 0.4, 0.6, 0.8]: h = 3p.
  expect(group.metrics.engagementRate).toEqual({ orgs: 4, eligible: true, reason: null, p25: 0.35, p50: 0.5, p75: 0.65 });
  // Sites' sessions [100, 200, 300, 300, 300]: h = 4p → 200 and 300.
  expect(group.sizeBand).toEqual({ p25: 200, p75: 300 });
});

test("travel: three organizations, odd count", () => {
  const group = benchmarkGroup([site("T1", 100, 0, { lcpP75: 40 }), site("T2", 100, 0, { lcpP75: 10 }), site("T3", 100, 0, { lcpP75: 20 })], settings);
  expect(group.metrics.lcpP75).toEqual({ orgs: 3, eligible: true, reason: null, p25: 15, p50: 20, p75: 30 });
  // A metric no site has is no_data, not zero.
  expect(group.metrics.popupConversionRate).toEqual({ orgs: 0, eligible: false, reason: "no_data", p25: null, p50: null, p75: null });
});

test("finance: k − 1 organizations → withheld, too_few_orgs", () => {
  const group = benchmarkGroup([site("F1", 500, 0.3), site("F2", 500, 0.5), site("F2", 500, 0.7)], settings);
  expect(group.metrics.engagementRate).toEqual({ orgs: 2, eligible: false, reason: "too_few_orgs", p25: null, p50: null, p75: null });
  // Nor the size band: over two organizations it would tell each the other's sessions.
  expect(group.sizeBand).toBeNull();
});

test("an organization with more than the maximum share of the sessions → dominant_org", () => {
  const group = benchmarkGroup([site("M1", 100, 0.3), site("M2", 100, 0.5), site("M3", 1000, 0.7)], settings);
  expect(group.metrics.engagementRate).toEqual({ orgs: 3, eligible: false, reason: "dominant_org", p25: null, p50: null, p75: null });
  expect(group.sizeBand).toBeNull();
  // Exactly half is allowed.
  const half = benchmarkGroup([site("M1", 100, 0.3), site("M2", 100, 0.5), site("M3", 200, 0.7)], settings);
  expect(half.metrics.engagementRate.eligible).toBe(true);
  expect(half.sizeBand).toEqual({ p25: 100, p75: 150 });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("control store: an opted-out organization is in no group and gets no peer rows; a site under minSessions is told so", () => {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-bench-"));
  dirs.push(dir);
  const control = new ControlStore(dir);
  const org = (id: string, optOut = false) => control.write((db) => db.insert(orgs).values({ id, name: id, industry: "retail", benchmarkOptOut: optOut, createdAt: 1 }).run());
  for (const id of ["R1", "R2", "R3", "OUT"]) org(id, id === "OUT");
  const input = (siteId: string, orgId: string, sessions: number, engagementRate: number, windowTo = "2026-11-26") => {
    control.write((db) => db.insert(sites).values({ id: siteId, orgId, name: siteId, siteKey: `key-${siteId}`, domain: `${siteId}.test`, createdAt: 1 }).onConflictDoNothing().run());
    writeBenchmarkInput(control, { siteId, orgId, industry: "retail", windowTo, sessions, metrics: { engagementRate } }, 5);
  };
  // s1's earlier window is replaced by its latest: one input per site.
  input("s1", "R1", 300, 0.9, "2026-11-25");
  input("s1", "R1", 100, 0.2);
  input("s2", "R2", 100, 0.4);
  input("s3", "R3", 100, 0.6);
  // Written by mistake: an opted-out organization's row never enters its industry's group.
  input("s4", "OUT", 100, 0.99);
  // An input left behind by a deleted site counts no more.
  writeBenchmarkInput(control, { siteId: "gone", orgId: "R1", industry: "retail", windowTo: "2026-11-26", sessions: 100, metrics: { engagementRate: 0.01 } }, 5);
  expect(control.db.select({ siteId: benchmarkInputs.siteId, windowTo: benchmarkInputs.windowTo }).from(benchmarkInputs).where(eq(benchmarkInputs.siteId, "s1")).all()).toEqual([{ siteId: "s1", windowTo: "2026-11-26" }]);
  const group = writeIndustryResults(control, "retail", "2026-11-27", settings, 10);
  expect(group.metrics.engagementRate).toEqual({ orgs: 3, eligible: true, reason: null, p25: 0.3, p50: 0.4, p75: 0.5 });
  expect(control.db.select().from(benchmarkResults).where(eq(benchmarkResults.metric, "engagementRate")).all()).toEqual([
    { industry: "retail", day: "2026-11-27", metric: "engagementRate", orgs: 3, eligible: true, reason: null, p25: 0.3, p50: 0.4, p75: 0.5, sizeP25: 100, sizeP75: 100, computedAt: 10 },
  ]);
  // Every other metric is stored as no_data, so the day's results stand for the whole group.
  const others = control.db.select({ metric: benchmarkResults.metric, orgs: benchmarkResults.orgs, reason: benchmarkResults.reason }).from(benchmarkResults).all().filter((r) => r.metric !== "engagementRate");
  expect(others).toHaveLength(11);
  expect(others.every((r) => r.orgs === 0 && r.reason === "no_data")).toBe(true);

  const optedOut = peerRowsForSite(control.db, { industry: "retail", optOut: true }, { sessions: 100, metrics: { engagementRate: 0.99 } }, settings);
  expect(optedOut.reason).toBe("opted_out");
  expect(optedOut.eligible).toBe(false);
  expect(optedOut.rows.find((r) => r.metric === "engagementRate")).toEqual({ metric: "engagementRate", label: "Engagement rate", value: 0.99, p25: null, p50: null, p75: null, source: "site" });
  expect(optedOut.rows.every((r) => r.source === "site" && r.p50 === null)).toBe(true);

  const peer = peerRowsForSite(control.db, { industry: "retail", optOut: false }, { sessions: 100, metrics: { engagementRate: 0.2 } }, settings);
  expect(peer).toMatchObject({ industry: "retail", orgs: 3, eligible: true, reason: null, sizeBand: { p25: 100, p75: 100 } });
  expect(peer.rows.find((r) => r.metric === "engagementRate")).toEqual({ metric: "engagementRate", label: "Engagement rate", value: 0.2, p25: 0.3, p50: 0.4, p75: 0.5, source: "peers" });
  // No site has LCP: the row carries nothing, from the site alone.
  expect(peer.rows.find((r) => r.metric === "lcpP75")).toEqual({ metric: "lcpP75", label: "LCP p75 (ms)", value: null, p25: null, p50: null, p75: null, source: "site" });

  const small = peerRowsForSite(control.db, { industry: "retail", optOut: false }, { sessions: 40, metrics: { engagementRate: 0.7 } }, settings);
  // Its own values only: too few sessions to rank against its peers; the group is still described.
  expect(small).toMatchObject({ orgs: 3, eligible: false, reason: "below_min_sessions", sizeBand: { p25: 100, p75: 100 } });
  expect(small.rows.find((r) => r.metric === "engagementRate")).toEqual({ metric: "engagementRate", label: "Engagement rate", value: 0.7, p25: null, p50: null, p75: null, source: "site" });
  control.close();
});
