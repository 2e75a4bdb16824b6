import { expect, test } from "bun:test";
import type { Hit, StoredEvent } from "../../lib/ingest/apply.ts";
import { attributedConversions } from "../../lib/analytics/attribution.ts";
import { epochDayOf } from "../../lib/time.ts";
import { siteDataOf } from "../helpers/site-data.ts";

const SITE = "0123456789abcdef01234567";
const VISITOR = "0190a1b2-c3d4-7e5f-8a9b-000000000001";
const attrs = (channel: string) => ({ source: null, medium: null, campaign: null, term: null, content: null, channel, referrerHost: null, browser: "Chrome", os: "Linux", device: "desktop", country: "DE", region: null, city: null, language: null, screen: null });
let n = 0;
/** One session of the visitor: a pageview, and a conversion when revenue is given. */
function session(channel: string, iso: string, revenue?: number): Hit {
  const ts = Date.parse(iso);
  n++;
  const id = (k: number) => `0190a1b2-c3d4-7e5f-8a9b-${String(n * 10 + k).padStart(12, "0")}`;
  const events: StoredEvent[] = [{ id: id(1), ts, type: "pageview", name: null, path: "/", title: null, value: null, currency: null, orderId: null, href: null, props: null }];
  if (revenue !== undefined) events.push({ id: id(2), ts: ts + 1000, type: "conversion", name: "buy", path: "/", title: null, value: revenue, currency: "EUR", orderId: null, href: null, props: null });
  return { siteId: SITE, timezone: "UTC", currency: "EUR", visitorId: VISITOR, sessionId: id(0), consent: { analytics: true, marketing: true }, attrs: attrs(channel), events, receivedAt: ts };
}

test("first, last, last non-direct and linear credit over the visitor's touches within 90 days", async () => {
  const data = await siteDataOf(SITE, [
    session("paid_search", "2026-01-01T10:00:00Z"), // 99 days before the conversion: outside the lookback
    session("organic_search", "2026-04-01T10:00:00Z"),
    session("direct", "2026-04-02T10:00:00Z"),
    session("email", "2026-04-03T10:00:00Z"),
    session("direct", "2026-04-10T09:00:00Z", 60),
  ]);
  const { rows, totals } = attributedConversions(data, epochDayOf("2026-04-10"), epochDayOf("2026-04-10"));
  expect(totals).toEqual({ conversions: 1, revenue: 60 });
  const none = { conversions: 0, revenue: 0 };
  expect(rows).toEqual([
    { key: "direct", firstTouch: none, lastTouch: { conversions: 1, revenue: 60 }, lastNonDirect: none, linear: { conversions: 0.5, revenue: 30 } },
    { key: "email", firstTouch: none, lastTouch: none, lastNonDirect: { conversions: 1, revenue: 60 }, linear: { conversions: 0.25, revenue: 15 } },
    { key: "organic_search", firstTouch: { conversions: 1, revenue: 60 }, lastTouch: none, lastNonDirect: none, linear: { conversions: 0.25, revenue: 15 } },
  ]);
  // A range without the converting session credits nothing.
  expect(attributedConversions(data, epochDayOf("2026-04-01"), epochDayOf("2026-04-09")).rows).toEqual([]);
});
