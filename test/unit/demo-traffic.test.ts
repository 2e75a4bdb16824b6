import { expect, test } from "bun:test";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { addressBook, DEMO_COUNTRIES, DEMO_PATHS, SessionQueue, TrafficModel, type AddressBook, type TrafficOptions } from "../../lib/demo/traffic.ts";
import { checkEvent, CollectBody } from "../../lib/ingest/protocol.ts";
import { trafficOf } from "../../lib/channels.ts";
import { deviceOf } from "../../lib/ingest/device.ts";

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uuid7Time = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);
const HOST = "shop.demo.test";
const END = Date.UTC(2026, 2, 20, 15, 42);
const DAY = 86_400_000;

/** A stand-in geo database: one made-up address per country. */
const addresses: AddressBook = new Map(DEMO_COUNTRIES.map((c, i) => [c, [`198.51.${i}.7`]]));
const options = (o: Partial<TrafficOptions> = {}): TrafficOptions => ({
  site: { siteKey: "tm_demo", host: HOST, timezone: "Europe/Berlin", currency: "EUR" },
  seed: 7,
  visitors: 4000,
  start: END - 14 * DAY,
  end: END,
  addresses,
  ...o,
});
const bodyCheck = TypeCompiler.Compile(CollectBody);

test("the same seed gives the same visitors; another seed other ones", () => {
  const a = new TrafficModel(options());
  const b = new TrafficModel(options());
  for (let i = 0; i < 300; i++) expect(a.visitor(i)).toEqual(b.visitor(i));
  // Visitors stand alone: made out of order, they are the same.
  expect(new TrafficModel(options()).visitor(123)).toEqual(a.visitor(123));
  expect(new TrafficModel(options({ seed: 8 })).visitor(0)).not.toEqual(a.visitor(0));
  // The window moves the sessions in time, never the counts.
  const later = new TrafficModel(options({ start: END - 30 * DAY, end: END + 5 * DAY }));
  for (let i = 0; i < 300; i++) {
    const [x, y] = [a.visitor(i), later.visitor(i)];
    expect(y.events).toBe(x.events);
    expect(y.sessions.map((s) => s.length)).toEqual(x.sessions.map((s) => s.length));
  }
});

test("every batch is a valid protocol-v1 body whose events all pass checkEvent", () => {
  const model = new TrafficModel(options());
  const types = new Set<string>();
  for (let i = 0; i < 1500; i++) {
    const visitor = model.visitor(i);
    let counted = 0;
    let previousEnd = -Infinity;
    const persistent = visitor.sessions[0][0].body.c!.analytics;
    const vids = new Set<string>();
    for (const [s, session] of visitor.sessions.entries()) {
      const { vid, sid } = session[0].body;
      expect(sid).toMatch(UUID7);
      expect(vid).toMatch(UUID7);
      vids.add(vid);
      let last = -Infinity;
      for (const [k, batch] of session.entries()) {
        const { body } = batch;
        expect(bodyCheck.Check(body)).toBe(true);
        expect(body.e.length).toBeGreaterThan(0);
        // One session, one visitor id; the script says "new" on a new id's first batch only.
        expect([body.vid, body.sid]).toEqual([vid, sid]);
        expect(body.nv).toBe(k === 0 && (s === 0 || !persistent));
        expect(batch.userAgent).toBe(session[0].userAgent);
        for (const e of body.e) {
          const check = checkEvent(e, batch.receivedAt);
          if (!check.ok) throw new Error(`${check.path}: ${check.message} in ${JSON.stringify(e)}`);
          expect(e.id).toMatch(UUID4);
          expect(new URL(e.u).host).toBe(HOST);
          expect(DEMO_PATHS).toContain(new URL(e.u).pathname);
          expect(e.ts).toBeLessThanOrEqual(batch.receivedAt);
          expect(e.ts).toBeGreaterThanOrEqual(END - 14 * DAY);
          expect(batch.receivedAt).toBeLessThanOrEqual(END);
          types.add(e.t);
          counted++;
        }
        const times = body.e.map((e) => e.ts);
        // The 30-minute inactivity rule holds inside a session, and sessions keep it between them.
        if (k > 0) expect(Math.min(...times) - last).toBeLessThan(30 * 60_000);
        last = Math.max(last, ...times);
        if (k === 0) {
          expect(body.e[0].t).toBe("pageview");
          expect(Math.min(...times) - previousEnd).toBeGreaterThan(30 * 60_000);
          expect(uuid7Time(sid)).toBe(Math.min(...times));
        }
      }
      previousEnd = last;
    }
    // Without analytics consent the id lives for one tab: a new one every session.
    expect(vids.size).toBe(persistent ? 1 : visitor.sessions.length);
    expect(counted).toBe(visitor.events);
  }
  for (const t of ["pageview", "engagement", "scroll", "event", "conversion", "identify", "outbound", "download", "form_submit", "vital", "consent", "inventory"]) expect(types).toContain(t);
});

test("the mix: about 2 sessions a visitor and 3.3 events a session, channels, devices, consent", () => {
  const model = new TrafficModel(options());
  const visitors = 4000;
  let sessions = 0;
  let events = 0;
  let returning = 0;
  const channels = new Map<string, number>();
  const devices = new Set<string>();
  const consents = new Set<string>();
  const orders = new Map<string, number>();
  for (let i = 0; i < visitors; i++) {
    const v = model.visitor(i);
    sessions += v.sessions.length;
    events += v.events;
    if (v.sessions.length > 1) returning++;
    for (const session of v.sessions) {
      const first = session[0];
      const landing = first.body.e.find((e) => e.t === "pageview")!.u;
      const { channel } = trafficOf({ utm: first.body.ctx?.utm, params: new URL(landing).searchParams, referrer: first.body.ctx?.ref, ownHosts: (h) => h === HOST });
      channels.set(channel, (channels.get(channel) ?? 0) + 1);
      devices.add(deviceOf(first.userAgent).device);
      consents.add(JSON.stringify(first.body.c));
      for (const e of session.flatMap((b) => b.body.e)) if (e.t === "conversion" && e.oid) orders.set(e.oid, (orders.get(e.oid) ?? 0) + 1);
    }
  }
  expect(sessions / visitors).toBeGreaterThan(1.85);
  expect(sessions / visitors).toBeLessThan(2.15);
  expect(events / sessions).toBeGreaterThan(3.1);
  expect(events / sessions).toBeLessThan(3.5);
  expect(returning / visitors).toBeGreaterThan(0.25);
  expect(returning / visitors).toBeLessThan(0.4);
  for (const c of ["direct", "organic_search", "paid_search", "organic_social", "paid_social", "email", "referral", "affiliates", "display"]) expect(channels.get(c) ?? 0).toBeGreaterThan(0);
  expect(channels.get("unassigned") ?? 0).toBe(0);
  expect([...devices].sort()).toEqual(["desktop", "mobile", "tablet"]);
  expect(consents.size).toBe(3);
  // Purchases carry order ids; a few are sent twice, for ingest to count once.
  expect(orders.size).toBeGreaterThan(10);
  expect([...orders.values()].some((n) => n > 1)).toBe(true);
});

test("sessions come out of the queue in the order they start, every one once", () => {
  const model = new TrafficModel(options({ visitors: 2000 }));
  let sessions = 0;
  for (let i = 0; i < 2000; i++) {
    const v = model.visitor(i);
    sessions += v.sessions.length;
    // The queue's look-ahead rests on this bound.
    for (const s of v.sessions) expect(s[0].body.e[0].ts).toBeGreaterThanOrEqual(model.earliestStart(i));
    if (i > 0) expect(model.earliestStart(i)).toBeGreaterThanOrEqual(model.earliestStart(i - 1));
  }
  const queue = new SessionQueue(model);
  const seen = new Set<string>();
  const lastOf = new Map<number, number>();
  let previous = -Infinity;
  for (let slot = queue.next(); slot; slot = queue.next()) {
    expect(slot.start).toBeGreaterThanOrEqual(previous);
    previous = slot.start;
    expect(slot.session).toBe((lastOf.get(slot.visitor) ?? -1) + 1);
    lastOf.set(slot.visitor, slot.session);
    expect(slot.last).toBe(slot.session === model.visitor(slot.visitor).sessions.length - 1);
    seen.add(`${slot.visitor}/${slot.session}`);
  }
  expect(seen.size).toBe(sessions);
});

test("a one-day window right after midnight still fits every session", () => {
  const midnight = Date.UTC(2026, 2, 20, 23, 0); // 00:00 in Berlin
  const model = new TrafficModel(options({ start: midnight, end: midnight + 5 * 60_000 }));
  for (let i = 0; i < 200; i++) {
    for (const batch of model.visitor(i).sessions.flat()) {
      expect(batch.receivedAt).toBeLessThanOrEqual(midnight + 5 * 60_000);
      for (const e of batch.body.e) expect(checkEvent(e, batch.receivedAt).ok).toBe(true);
    }
  }
});

test("the address book keeps addresses the locator places in the demo countries, the same for a seed", () => {
  // A made-up locator: the first octet decides the country.
  const locate = (ip: string) => DEMO_COUNTRIES[Number(ip.split(".")[0]) % 40] ?? null;
  const book = addressBook(locate, 3, 4);
  expect(addressBook(locate, 3, 4)).toEqual(book);
  for (const [country, ips] of book) {
    expect(ips.length).toBe(4);
    for (const ip of ips) {
      expect(locate(ip)).toBe(country);
      expect(ip).not.toMatch(/^(10|127|0)\.|^192\.168\.|^169\.254\./);
    }
  }
  // Countries the database never places are left empty (their visitors fall back to the timezone).
  expect([...addressBook(() => "US", 3, 4).values()].filter((ips) => ips.length > 0).length).toBe(1);
});
