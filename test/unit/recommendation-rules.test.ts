import { describe, expect, test } from "bun:test";
import type { SiteFacts } from "../../lib/recommendations/facts.ts";
import { RULES, rulesFor } from "../../lib/recommendations/rules/index.ts";
import { materiallySame, nextStatus } from "../../lib/recommendations/status.ts";

const NOW = Date.UTC(2026, 10, 27, 4, 0, 0);

/** A healthy site: no rule fires on it. */
function quiet(): SiteFacts {
  return {
    siteId: "site_1",
    siteName: "shop.example",
    window: { from: "2026-10-30", to: "2026-11-26" },
    now: NOW,
    minSessions: 500,
    sessions: 1000,
    conversions: 20,
    leads: 12,
    metrics: { bounceRate: 0.4, conversionRate: 0.02, popupConversionRate: 0.05 },
    peers: { bounceRate: { p25: 0.3, p50: 0.4, p75: 0.5 }, popupConversionRate: { p25: 0.03, p50: 0.05, p75: 0.08 } },
    landingPages: [
      { path: "/", sessions: 500, lcpP75: 2000, inpP75: 150, clsP75: 0.05 },
      { path: "/pricing", sessions: 200, lcpP75: 2500, inpP75: 200, clsP75: 0.1 },
      { path: "/blog", sessions: 50, lcpP75: null, inpP75: null, clsP75: null },
    ],
    paidChannels: [{ channel: "paid_search", sessions: 150, bounceRate: 0.45 }],
    paid: { sessions: 150, untagged: 0 },
    consentViolations: { count: 0, names: [] },
    devices: { mobile: { sessions: 400, conversions: 6, conversionRate: 0.015 }, desktop: { sessions: 600, conversions: 14, conversionRate: 14 / 600 } },
    popups: [{ popupId: "pop_1", name: "Newsletter", views: 500, visitors: 400, leads: 20, conversionRate: 0.05, ab: { finished: false, winner: null, loser: null, winnerRate: null, loserRate: null, loserVisitors: 0 } }],
    referrers: [{ host: "news.example", sessions: 300, conversions: 4 }, { host: "forum.example", sessions: 150, conversions: 0 }],
    webhooks: [{ webhookId: "wh_1", name: "CRM", url: "https://crm.example/hook", enabled: true, failingSince: NOW - 30 * 60_000 }],
    siteStatus: "active",
    rejectedHosts: [{ host: "old.example", hits: 0 }],
  };
}

const tripped: Record<string, (f: SiteFacts) => void> = {
  slow_lcp: (f) => { f.landingPages[1]!.lcpP75 = 3000; },
  poor_inp: (f) => { f.landingPages[0]!.inpP75 = 600; },
  poor_cls: (f) => { f.landingPages[0]!.clsP75 = 0.15; },
  paid_bounce_high: (f) => { f.paidChannels[0]!.bounceRate = 0.6; },
  paid_untagged: (f) => { f.paid.untagged = 40; },
  no_conversions: (f) => { f.conversions = 0; },
  consent_violations: (f) => { f.consentViolations = { count: 2, names: ["_fbp", "_ga"] }; },
  mobile_conversion_gap: (f) => { f.devices.mobile = { sessions: 400, conversions: 2, conversionRate: 0.005 }; f.devices.desktop = { sessions: 600, conversions: 24, conversionRate: 0.04 }; },
  popup_ab_loser: (f) => { f.popups[0]!.ab = { finished: true, winner: "B", loser: "A", winnerRate: 0.06, loserRate: 0.03, loserVisitors: 250 }; },
  popup_below_peers: (f) => { f.popups[0] = { ...f.popups[0]!, leads: 8, conversionRate: 0.02 }; },
  referrer_never_converts: (f) => { f.referrers[1]!.sessions = 200; },
  webhook_failing: (f) => { f.webhooks[0]!.failingSince = NOW - 3 * 3_600_000; },
  site_stale: (f) => { f.siteStatus = "stale"; },
  unverified_domain_hits: (f) => { f.rejectedHosts = [{ host: "copy.example", hits: 50 }]; },
};

describe("each rule", () => {
  test("the table has fourteen rules and every one has a fixture", () => {
    expect(Object.keys(RULES).sort()).toEqual(Object.keys(tripped).sort());
    expect(Object.keys(RULES)).toHaveLength(14);
  });
  test("stays quiet on a healthy site (thresholds themselves are not breaches)", () => {
    expect(rulesFor(quiet())).toEqual([]);
  });
  for (const [key, trip] of Object.entries(tripped)) {
    test(`${key} fires on a site built to trip it, and only it`, () => {
      const facts = quiet();
      trip(facts);
      const found = rulesFor(facts);
      expect(found.map((f) => f.ruleKey)).toEqual([key]);
      const finding = found[0]!;
      expect(finding.score).toBeGreaterThan(0);
      for (const text of [finding.title, finding.body, finding.action]) expect(text).not.toMatch(/undefined|NaN|null/);
    });
  }
  test("peer rules stay quiet without an eligible peer group", () => {
    const facts = quiet();
    tripped.paid_bounce_high!(facts);
    tripped.popup_below_peers!(facts);
    facts.peers = {};
    expect(rulesFor(facts)).toEqual([]);
  });
  test("no_conversions needs minSessions sessions; mobile gap needs 200 sessions on each side", () => {
    const few = quiet();
    few.conversions = 0;
    few.sessions = 499;
    expect(RULES.no_conversions!(few)).toBeNull();
    const small = quiet();
    tripped.mobile_conversion_gap!(small);
    small.devices.mobile.sessions = 199;
    expect(RULES.mobile_conversion_gap!(small)).toBeNull();
  });
  test("a disabled webhook fires at once; one failing for under an hour does not", () => {
    const facts = quiet();
    expect(RULES.webhook_failing!(facts)).toBeNull();
    facts.webhooks[0] = { ...facts.webhooks[0]!, enabled: false, failingSince: null };
    expect(RULES.webhook_failing!(facts)?.title).toBe("Lead delivery is broken: CRM is disabled");
    facts.webhooks.push({ webhookId: "wh_2", name: "Mailer", url: "https://mail.example/in", enabled: true, failingSince: NOW - 3 * 3_600_000 });
    const finding = RULES.webhook_failing!(facts)!;
    // 12 leads × 1 × 3
    expect(finding).toMatchObject({ severity: "high", score: 36, title: "Lead delivery is broken: CRM is disabled and Mailer has failed for 3 hours" });
    expect(finding.evidence).toEqual({ webhooks: [
      { webhookId: "wh_1", name: "CRM", enabled: false, failingSince: null },
      { webhookId: "wh_2", name: "Mailer", enabled: true, failingSince: "2026-11-27T01:00:00.000Z" },
    ] });
  });
});

describe("exact findings", () => {
  test("slow_lcp: medium on a page needing improvement, high with a poor one; score sums each page's distance", () => {
    const facts = quiet();
    facts.landingPages[1]!.lcpP75 = 3000;
    const medium = RULES.slow_lcp!(facts)!;
    // 200 sessions × (3000 − 2500) / 2500 × 2
    expect(medium).toMatchObject({ severity: "medium", score: 80, title: "Slow loading (LCP) on 1 top landing page: worst 3,000 ms on /pricing" });
    facts.landingPages[0]!.lcpP75 = 5000;
    const high = RULES.slow_lcp!(facts)!;
    // (500 × 1 + 200 × 0.2) × 3
    expect(high).toMatchObject({ severity: "high", score: 1620, title: "Slow loading (LCP) on 2 top landing pages: worst 5,000 ms on /" });
    expect(high.evidence).toEqual({ threshold: 2500, pages: [{ path: "/", sessions: 500, p75: 5000 }, { path: "/pricing", sessions: 200, p75: 3000 }] });
  });
  test("mobile_conversion_gap, paid_bounce_high, consent_violations, popup_ab_loser", () => {
    const facts = quiet();
    for (const key of ["mobile_conversion_gap", "paid_bounce_high", "consent_violations", "popup_ab_loser"]) tripped[key]!(facts);
    // 400 × (0.02 − 0.005) / 0.02 × 2
    expect(RULES.mobile_conversion_gap!(facts)).toMatchObject({ score: 600, title: "Mobile converts at 0.5 %, desktop at 4.0 %" });
    // 150 × (0.6 − 0.5) / 0.5 × 2
    expect(RULES.paid_bounce_high!(facts)).toMatchObject({ score: 60, title: "Paid traffic bounces more than most of your industry: paid search 60.0 %" });
    expect(RULES.consent_violations!(facts)).toMatchObject({ score: 3000, title: "2 cookies set before consent" });
    // 250 × (0.06 − 0.03) / 0.06 × 2
    expect(RULES.popup_ab_loser!(facts)).toMatchObject({ score: 250, title: "A/B test over, but the losing variant still shows: Newsletter" });
  });
  test("popup_below_peers: weighted by the popup's visitors, its rate leads ÷ visitors", () => {
    const facts = quiet();
    tripped.popup_below_peers!(facts);
    const finding = RULES.popup_below_peers!(facts)!;
    // 400 visitors × (0.03 − 0.02) / 0.03 × 1
    expect(finding).toMatchObject({ severity: "low", score: 133.33, title: '"Newsletter" converts below most of your industry' });
    expect(finding.body).toBe('"Newsletter" turned 400 visitors into 8 leads (2.0 %); three in four popups in your industry do better than 3.0 %.');
    expect(finding.evidence).toEqual({ peerP25: 0.03, popups: [{ popupId: "pop_1", name: "Newsletter", visitors: 400, leads: 8, conversionRate: 0.02 }] });
  });
  test("rulesFor orders by score, highest first, ties by ruleKey", () => {
    const facts = quiet();
    for (const key of ["no_conversions", "mobile_conversion_gap", "slow_lcp", "referrer_never_converts", "unverified_domain_hits", "paid_untagged", "site_stale"]) tripped[key]!(facts);
    facts.devices.mobile.conversions = 0; // keep the gap's numbers with no conversions overall
    const found = rulesFor(facts);
    expect(found.map((f) => [f.ruleKey, f.score])).toEqual([
      ["no_conversions", 3000], // 1000 × 1 × 3
      ["site_stale", 3000],
      ["mobile_conversion_gap", 600],
      ["referrer_never_converts", 200], // 200 × 1 × 1
      ["unverified_domain_hits", 100], // 50 × 1 × 2
      ["paid_untagged", 80], // 40 × 1 × 2
      ["slow_lcp", 80],
    ]);
  });
});

describe("status across runs", () => {
  const before = { threshold: 2500, pages: [{ path: "/", sessions: 500, p75: 5000 }, { path: "/pricing", sessions: 200, p75: 3000 }] };
  test("materiallySame: same identity and numbers within 20 % (order does not matter)", () => {
    expect(materiallySame(before, { threshold: 2500, pages: [{ path: "/pricing", sessions: 230, p75: 2600 }, { path: "/", sessions: 450, p75: 5500 }] })).toBe(true);
    expect(materiallySame(before, { threshold: 2500, pages: [{ path: "/", sessions: 500, p75: 6000 }, { path: "/pricing", sessions: 200, p75: 3000 }] })).toBe(false); // +20 %
    expect(materiallySame(before, { threshold: 2500, pages: [{ path: "/", sessions: 500, p75: 5000 }, { path: "/about", sessions: 200, p75: 3000 }] })).toBe(false);
    expect(materiallySame(before, { threshold: 2500, pages: [{ path: "/", sessions: 500, p75: 5000 }] })).toBe(false);
    expect(materiallySame({ count: 2, names: ["_fbp", "_ga"] }, { count: 2, names: ["_fbp", "_gid"] })).toBe(false);
    expect(materiallySame({ sessions: 0 }, { sessions: 1 })).toBe(false);
  });
  test("dismissed and done hold while the evidence is the same and reopen on a material change", () => {
    const same = { threshold: 2500, pages: [{ path: "/", sessions: 520, p75: 5100 }, { path: "/pricing", sessions: 190, p75: 3100 }] };
    const changed = { threshold: 2500, pages: [{ path: "/", sessions: 520, p75: 7000 }, { path: "/pricing", sessions: 190, p75: 3100 }] };
    for (const status of ["dismissed", "done"] as const) {
      expect(nextStatus({ status, snoozedUntil: null }, before, same, NOW)).toBe(status);
      expect(nextStatus({ status, snoozedUntil: null }, before, changed, NOW)).toBe("open");
    }
    expect(nextStatus({ status: "open", snoozedUntil: null }, null, changed, NOW)).toBe("open");
  });
  test("snoozed reopens once its date has come, whatever the evidence", () => {
    expect(nextStatus({ status: "snoozed", snoozedUntil: NOW + 1 }, before, before, NOW)).toBe("snoozed");
    expect(nextStatus({ status: "snoozed", snoozedUntil: NOW }, before, before, NOW)).toBe("open");
  });
});
