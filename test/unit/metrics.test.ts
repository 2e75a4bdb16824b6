import { expect, test } from "bun:test";
import { asMoney, asRate, asSeconds, kpisOf, METRICS, metricOf, type SessionSums } from "../../lib/analytics/metrics.ts";

// 7 sessions by 5 visitors (2 new): 4 engaged, 93.5 s engaged in all, 12 pageviews,
// 3 conversions in 2 sessions worth 59.97 + 10.005 + 0.
const week: SessionSums = { sessions: 7, engagedSessions: 4, engagedMs: 93_500, pageviews: 12, conversions: 3, convertingSessions: 2, revenue: 59.97 + 10.005, users: 5, newUsers: 2 };
const empty: SessionSums = { sessions: 0, engagedSessions: 0, engagedMs: 0, pageviews: 0, conversions: 0, convertingSessions: 0, revenue: 0, users: 0, newUsers: 0 };

test("every metric of a known group, rounded as DESIGN section 5 says", () => {
  expect(Object.fromEntries(METRICS.map((m) => [m, metricOf(m, week)]))).toEqual({
    users: 5,
    newUsers: 2,
    sessions: 7,
    pageviews: 12,
    engagementRate: 0.5714, // 4 / 7
    bounceRate: 0.4286, // 1 − 4 / 7
    avgEngagedSeconds: 13.4, // 93.5 s / 7
    pagesPerSession: 1.71, // 12 / 7
    conversions: 3,
    conversionRate: 0.2857, // 2 / 7
    revenue: 69.98, // 69.975 → 69.98
  });
});

test("an empty group has zeros, never NaN", () => {
  for (const m of METRICS) expect(metricOf(m, empty)).toBe(0);
});

test("engagement and bounce rates add up to 1", () => {
  for (let engaged = 0; engaged <= 9; engaged++) {
    const s = { ...empty, sessions: 9, engagedSessions: engaged };
    expect(metricOf("engagementRate", s) + metricOf("bounceRate", s)).toBeCloseTo(1, 10);
  }
});

test("rounding: halves go up, even where binary floats store them just below", () => {
  expect(asMoney(1.005)).toBe(1.01);
  expect(asMoney(10.075)).toBe(10.08);
  expect(asMoney(0.1 + 0.2)).toBe(0.3);
  expect(asRate(1, 3)).toBe(0.3333);
  expect(asRate(2, 3)).toBe(0.6667);
  expect(asRate(1, 0)).toBe(0);
  expect(asSeconds(12_345)).toBe(12.3);
  expect(asSeconds(12_350)).toBe(12.4);
});

test("the KPI object of spec 2.6", () => {
  expect(kpisOf(week)).toEqual({ sessions: 7, users: 5, newUsers: 2, pageviews: 12, engagementRate: 0.5714, avgEngagedSeconds: 13.4, pagesPerSession: 1.71, conversions: 3, revenue: 69.98 });
});
