import { expect, test } from "bun:test";
import { intentOf, leadScore, scoreOf, stageOf, tierOf, type ScoreFacts } from "../../lib/people/scoring.ts";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const facts = (over: Partial<ScoreFacts>): ScoreFacts => ({ lastSeenAt: NOW, sessions: 1, pageviews: 1, engagedMs: 0, intent: 0, conversions: 0, revenue: 0, leads: 0, engaged: false, ...over });

test("intent pages are found as path segments, in any case", () => {
  expect(intentOf("/pricing")).toBe(0b0001);
  expect(intentOf("/en/Pricing-plans")).toBe(0b0001);
  expect(intentOf("/book-a-demo")).toBe(0b0010);
  expect(intentOf("/contact/sales")).toBe(0b0100);
  expect(intentOf("/checkout/step-2")).toBe(0b1000);
  expect(intentOf("/blog/why-pricing-matters/demo")).toBe(0b0011);
  expect(intentOf("/")).toBe(0);
  expect(intentOf("/docs")).toBe(0);
});

test("each factor's points, from the documented thresholds", () => {
  // A first visit today, nothing else: recency only.
  expect(leadScore(facts({}), NOW)).toEqual({ score: 20, reasons: [{ factor: "recency", points: 20, detail: "last seen today" }] });
  // Recency cools: 1 day 20, 7 days 15, 14 days 10, 30 days 5, 90 days 2, older 0.
  expect([1, 2, 7, 8, 14, 15, 30, 31, 90, 91].map((d) => scoreOf(facts({ lastSeenAt: NOW - d * DAY }), NOW))).toEqual([20, 15, 15, 10, 10, 5, 5, 2, 2, 0]);
  // Frequency 2/3/5/10 sessions; depth 3/6/15/30 pageviews; engaged 0.5/2/5/15 minutes.
  expect([1, 2, 3, 5, 10].map((n) => scoreOf(facts({ sessions: n, lastSeenAt: 0 }), NOW))).toEqual([0, 4, 8, 12, 15]);
  expect([2, 3, 6, 15, 30].map((n) => scoreOf(facts({ pageviews: n, lastSeenAt: 0 }), NOW))).toEqual([0, 2, 4, 7, 10]);
  expect([0.4, 0.5, 2, 5, 15].map((m) => scoreOf(facts({ engagedMs: m * 60_000, lastSeenAt: 0 }), NOW))).toEqual([0, 2, 4, 7, 10]);
  // Intent: pricing 6, demo 8, contact 8, checkout 10, at most 20 together.
  expect([0b0001, 0b0010, 0b0100, 0b1000, 0b0011, 0b1111].map((i) => scoreOf(facts({ intent: i, lastSeenAt: 0 }), NOW))).toEqual([6, 8, 8, 10, 14, 20]);
  // A conversion 10, with value 15; a lead 10 however many.
  expect(scoreOf(facts({ conversions: 2, lastSeenAt: 0 }), NOW)).toBe(10);
  expect(scoreOf(facts({ conversions: 1, revenue: 49, lastSeenAt: 0 }), NOW)).toBe(15);
  expect(scoreOf(facts({ leads: 3, lastSeenAt: 0 }), NOW)).toBe(10);
});

test("a busy customer scores at most 100, and the reasons add up to the score", () => {
  const f = facts({ sessions: 12, pageviews: 40, engagedMs: 20 * 60_000, intent: 0b1111, conversions: 3, revenue: 300, leads: 1 });
  const { score, reasons } = leadScore(f, NOW);
  expect(score).toBe(100); // 20 + 15 + 10 + 10 + 20 + 15 + 10 = 100
  expect(reasons.reduce((n, r) => n + r.points, 0)).toBe(100);
  expect(reasons.map((r) => r.detail)).toEqual(["last seen today", "12 sessions", "40 pageviews", "20 engaged minutes", "visited pricing, demo, contact, checkout", "3 conversions with value", "1 lead"]);
  // A hot visitor who stopped coming cools down with time alone.
  expect(scoreOf({ ...f, lastSeenAt: NOW - 100 * DAY }, NOW)).toBe(80);
});

test("tiers: cold < 25 ≤ warm < 50 ≤ hot < 75 ≤ very_hot", () => {
  expect([0, 24, 25, 49, 50, 74, 75, 100].map(tierOf)).toEqual(["cold", "cold", "warm", "warm", "hot", "hot", "very_hot", "very_hot"]);
});

test("stages: customer (a conversion with value) › lead › engaged › anonymous", () => {
  expect(stageOf({ revenue: 10, leads: 1, engaged: true })).toBe("customer");
  expect(stageOf({ revenue: 0, leads: 1, engaged: true })).toBe("lead");
  expect(stageOf({ revenue: 0, leads: 0, engaged: true })).toBe("engaged");
  expect(stageOf({ revenue: 0, leads: 0, engaged: false })).toBe("anonymous");
});
