import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

/**
 * Visitors, profiles and leads on a hand-built site (UTC), "now" = 2026-11-20 12:00 UTC, the
 * default range 10-24 … 11-20. Scores by docs/leads.md (recency + frequency + depth +
 * engagement + intent + conversions + leads):
 *
 * | visitor | consent | sessions (day: pages, events)                                              | leads                    | score                         | tier | stage    |
 * |---------|---------|----------------------------------------------------------------------------|--------------------------|-------------------------------|------|----------|
 * | A       | yes     | 11-01 /pricing + 6 min engaged; 11-15 /, /demo, buy 120; 11-19 /checkout, /thank-you | —                   | 20+8+2+7+20+15+0 = 72         | hot  | customer |
 * | B (mob.)| yes     | 11-18 09:00 /contact, identify u-42                                        | 11-18 09:05 api Bea      | 15+0+0+0+8+0+10 = 33          | warm | lead     |
 * | C       | yes     | 11-20 08:00 /docs, identify u-42 (linked to B)                             | —                        | 20 = 20                       | cold | anonymous|
 * | D       | yes     | 11-10 /, /blog (2 pageviews: engaged), email campaign "fall"                | 11-10 connector, same e-mail as B (not linked) | 10+0+0+0+0+0+10 = 20 | cold | lead |
 * | E       | no      | 11-19 /pricing                                                             | —                        | not listed                    |      |          |
 * | F       | yes     | 10-01 / (before the range)                                                 | —                        | not listed by default         |      |          |
 */
let s: TestStack;
let base: string;
let limitedKey: string;
const NOW = Date.parse("2026-11-20T12:00:00Z");
const V = { A: uuid(), B: uuid(), C: uuid(), D: uuid(), E: uuid(), F: uuid() };
const at = (iso: string) => Date.parse(iso);
const page = (path: string, iso: string) => ev("pageview", at(iso), { u: `http://localhost${path}`, ti: path });

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const send = async (vid: string, events: Record<string, unknown>[], o: { consent?: boolean; mobile?: boolean; utm?: Record<string, string> } = {}) => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    const body = batch(boot.siteKey, events, { vid, sid: uuid(), consent: { analytics: o.consent ?? true, marketing: true }, utm: o.utm });
    const res = await post(s.url, body, o.mobile ? { "user-agent": IPHONE_UA } : {});
    expect(res.status).toBe(202);
  };
  await send(V.F, [page("/", "2026-10-01T10:00:00Z")]);
  await send(V.A, [page("/pricing", "2026-11-01T10:00:00Z"), ev("engagement", at("2026-11-01T10:06:00Z"), { u: "http://localhost/pricing", et: 360_000 })]);
  await send(V.D, [page("/", "2026-11-10T10:00:00Z"), page("/blog", "2026-11-10T10:01:00Z")], { utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "fall" } });
  await send(V.A, [page("/", "2026-11-15T10:00:00Z"), page("/demo", "2026-11-15T10:01:00Z"), ev("conversion", at("2026-11-15T10:02:00Z"), { n: "buy", val: 120 })]);
  await send(V.B, [page("/contact", "2026-11-18T09:00:00Z"), ev("identify", at("2026-11-18T09:00:10Z"), { uid: "u-42" })], { mobile: true });
  await send(V.A, [page("/checkout", "2026-11-19T10:00:00Z"), page("/thank-you", "2026-11-19T10:00:30Z")]);
  await send(V.E, [page("/pricing", "2026-11-19T11:00:00Z")], { consent: false });
  await send(V.C, [page("/docs", "2026-11-20T08:00:00Z"), ev("identify", at("2026-11-20T08:00:05Z"), { uid: "u-42" })]);
  s.clock.ms = NOW;

  // Leads as the inbound webhook stores them (its own tests cover how they arrive).
  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`));
  const seq = (vid: string) => (db.query("SELECT seq FROM visitor_rows WHERE uid = ?").get(Buffer.from(vid.replaceAll("-", ""), "hex")) as { seq: number }).seq;
  const lead = db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, visitor, path, country, channel, campaign, source_medium)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  lead.run("0000000000000000000000d1", boot.siteId, at("2026-11-10T10:10:00Z"), "connector", "Typeform abc", "Bea S.", "bea@example.com", null, null, null, seq(V.D), "/blog", "GB", "email", "fall", "newsletter / email");
  lead.run("0000000000000000000000b1", boot.siteId, at("2026-11-18T09:05:00Z"), "api", "Webhook", "Bea Smith", "bea@example.com", "+1 555 0100", "Acme", "Call me", seq(V.B), "/contact", "GB", "direct", null, "(direct) / (none)");
  db.close();

  // A key without analytics.pii.read (and leads.read) sees contact details masked.
  const owner = (new Database(join(s.dataDir, "control.sqlite"), { readonly: true }).query("SELECT user_id FROM memberships WHERE org_id = ?").get(boot.orgId) as { user_id: string }).user_id;
  limitedKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", owner, "--perms", "analytics.read,leads.read")).key;
});

afterAll(() => s.close());

const get = async (path: string, key = s.bootstrap!.key) => {
  const res = await s.api(`${base}${path}`, key);
  return { status: res.status, body: (await res.json()) as any };
};
const ids = (body: any) => body.items.map((i: any) => Object.entries(V).find(([, id]) => id === i.visitorId)?.[0]);

describe("visitor list", () => {
  test("consenting visitors of the range, latest activity first, scored, with facets", async () => {
    const { status, body } = await get("/visitors");
    expect(status).toBe(200);
    expect(ids(body)).toEqual(["C", "A", "B", "D"]);
    expect(body).toMatchObject({ total: 4, page: 1, pages: 1, currency: "USD", canExport: false });
    expect(body.tiers).toEqual({ cold: 2, warm: 1, hot: 1, very_hot: 0 });
    expect(body.stages).toEqual({ anonymous: 1, engaged: 0, lead: 2, customer: 1 });
    const [c, a, b, d] = body.items;
    expect(a).toEqual({
      visitorId: V.A, name: null, email: null, leadScore: 72, tier: "hot", stage: "customer", sessions: 3, pageviews: 5, conversions: 1, revenue: 120,
      country: "GB", device: "desktop", firstSeenAt: "2026-11-01T10:00:00.000Z", lastSeenAt: "2026-11-19T10:00:30.000Z",
      firstTouch: { channel: "direct", source: "(direct)", campaign: "(not set)" }, lastTouch: { channel: "direct", source: "(direct)", campaign: "(not set)" },
    });
    expect(b).toMatchObject({ name: "Bea Smith", email: "bea@example.com", leadScore: 33, tier: "warm", stage: "lead", device: "mobile" });
    expect(c).toMatchObject({ leadScore: 20, tier: "cold", stage: "anonymous" });
    expect(d).toMatchObject({ name: "Bea S.", leadScore: 20, tier: "cold", stage: "lead", firstTouch: { channel: "email", source: "newsletter", campaign: "fall" } });
  });

  test("views, filters and search", async () => {
    expect(ids((await get("/visitors?view=hot")).body)).toEqual(["A"]);
    expect(ids((await get("/visitors?view=identified")).body)).toEqual(["C", "B", "D"]);
    expect(ids((await get("/visitors?view=customers")).body)).toEqual(["A"]);
    const cold = (await get("/visitors?tier=cold")).body;
    expect(ids(cold)).toEqual(["C", "D"]);
    // Facets count the list filtered by everything but themselves.
    expect(cold.tiers).toEqual({ cold: 2, warm: 1, hot: 1, very_hot: 0 });
    expect(cold.stages).toEqual({ anonymous: 1, engaged: 0, lead: 1, customer: 0 });
    expect(ids((await get("/visitors?stage=lead")).body)).toEqual(["B", "D"]);
    expect(ids((await get("/visitors?minScore=30")).body)).toEqual(["A", "B"]);
    expect(ids((await get("/visitors?channel=email")).body)).toEqual(["D"]);
    expect(ids((await get("/visitors?campaign=fall")).body)).toEqual(["D"]);
    expect(ids((await get("/visitors?channel=paid_search")).body)).toEqual([]);
    expect(ids((await get("/visitors?q=BEA@")).body)).toEqual(["B", "D"]);
    expect(ids((await get(`/visitors?q=${V.A.slice(0, 8)}`)).body)).toEqual(["A"]);
    expect(ids((await get("/visitors?from=2026-10-01&to=2026-10-01")).body)).toEqual(["F"]);
  });

  test("contact details are masked without analytics.pii.read", async () => {
    const { body } = await get("/visitors?view=identified", limitedKey);
    expect(body.items.map((i: any) => [i.name, i.email])).toEqual([[null, null], ["B***", "b***"], ["B***", "b***"]]);
  });

  test("bad values answer 422 naming the field", async () => {
    for (const [query, path] of [["view=all", "view"], ["tier=warmish", "tier"], ["stage=vip", "stage"], ["minScore=101", "minScore"], ["page=0", "page"], ["from=2026-13-01", "from"]]) {
      const { status, body } = await get(`/visitors?${query}`);
      expect(status).toBe(422);
      expect(body.error.details[0].path).toBe(path);
    }
  });
});

describe("visitor profile", () => {
  test("the person behind B: linked ids, sessions, leads, score with reasons and history", async () => {
    const { status, body } = await get(`/visitors/${V.B}`);
    expect(status).toBe(200);
    // C shares B's user id. D left a lead with B's e-mail, which links nobody (a typed value proves nothing).
    expect(body.visitorIds).toEqual([V.B, V.C]);
    expect(body).toMatchObject({ visitorId: V.B, userId: "u-42", name: "Bea Smith", email: "bea@example.com", leadScore: 42, tier: "warm", stage: "lead", pii: true });
    // 2 sessions 4, 2 pageviews 0, /contact 8, B's lead 10, seen today 20 = 42.
    expect(body.reasons).toEqual([
      { factor: "recency", points: 20, detail: "last seen today" },
      { factor: "frequency", points: 4, detail: "2 sessions" },
      { factor: "intent", points: 8, detail: "visited contact" },
      { factor: "leads", points: 10, detail: "1 lead" },
    ]);
    // As each session ended: B's (its lead 5 minutes later) 20+8 = 28; C's 42.
    expect(body.scoreHistory).toEqual([
      { at: "2026-11-18T09:00:10.000Z", score: 28, tier: "warm" },
      { at: "2026-11-20T08:00:05.000Z", score: 42, tier: "warm" },
    ]);
    expect(body.totals).toEqual({ sessions: 2, pageviews: 2, engagedSeconds: 0, conversions: 0, revenue: 0 });
    expect(body.sessions.map((x: any) => [x.visitorId, x.pages.map((p: any) => p.path)])).toEqual([[V.C, ["/docs"]], [V.B, ["/contact"]]]);
    expect(body.campaigns).toEqual([]);
    expect(body.leads.map((l: any) => [l.id, l.name, l.phone, l.message])).toEqual([["0000000000000000000000b1", "Bea Smith", "+1 555 0100", "Call me"]]);
    // D is its own person: its lead with the same address, none of B's contact details or sessions.
    const d = (await get(`/visitors/${V.D}`)).body;
    expect(d).toMatchObject({ visitorIds: [V.D], userId: null, name: "Bea S.", email: "bea@example.com", totals: { sessions: 1, pageviews: 2 } });
    expect(d.leads.map((l: any) => [l.id, l.phone, l.message])).toEqual([["0000000000000000000000d1", null, null]]);
  });

  test("A: conversions with their session; masked without analytics.pii.read", async () => {
    const { body } = await get(`/visitors/${V.A}`);
    expect(body.conversions).toEqual([{ name: "buy", value: 120, currency: "USD", at: "2026-11-15T10:02:00.000Z", sessionId: body.sessions[1].id }]);
    expect(body).toMatchObject({ leadScore: 72, tier: "hot", stage: "customer", visitorIds: [V.A], userId: null, name: null, email: null, pii: false });
    const masked = (await get(`/visitors/${V.B}`, limitedKey)).body;
    expect(masked).toMatchObject({ name: "B***", email: "b***", pii: false });
    expect(masked.leads[0]).toMatchObject({ name: "B***", email: "b***", phone: "+***", company: "A***", message: "[hidden]" });
  });

  test("unknown, non-consenting and malformed ids", async () => {
    expect((await get(`/visitors/${uuid()}`)).status).toBe(404);
    expect((await get(`/visitors/${V.E}`)).status).toBe(404);
    const bad = await get("/visitors/not-a-uuid");
    expect([bad.status, bad.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect(bad.body.error.details).toEqual([{ path: "visitorId", message: "must be a UUID" }]);
  });
});

describe("leads", () => {
  test("newest first, with sources, unmasked for a key with analytics.pii.read", async () => {
    const { status, body } = await get("/leads");
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 2, page: 1, pages: 1, bySource: { api: 1, connector: 1 }, pii: true, canExport: false });
    expect(body.items[0]).toEqual({
      id: "0000000000000000000000b1", createdAt: "2026-11-18T09:05:00.000Z", source: "api", sourceName: "Webhook", name: "Bea Smith", email: "bea@example.com", phone: "+1 555 0100",
      company: "Acme", message: "Call me", path: "/contact", country: "GB", channel: "direct", campaign: null, sourceMedium: "(direct) / (none)",
    });
  });

  test("every contact field masked without analytics.pii.read", async () => {
    const { body } = await get("/leads", limitedKey);
    expect(body.pii).toBe(false);
    expect(body.items.map((l: any) => [l.name, l.email, l.phone, l.company, l.message])).toEqual([["B***", "b***", "+***", "A***", "[hidden]"], ["B***", "b***", null, null, null]]);
  });

  test("filters, facets, CSV refused, bad values", async () => {
    const api = (await get("/leads?source=api")).body;
    expect(api.items.map((l: any) => l.id)).toEqual(["0000000000000000000000b1"]);
    expect(api.bySource).toEqual({ api: 1, connector: 1 });
    expect((await get("/leads?campaign=fall")).body.items.map((l: any) => l.id)).toEqual(["0000000000000000000000d1"]);
    expect((await get("/leads?from=2026-11-11&to=2026-11-20")).body.total).toBe(1);
    const csv = await get("/leads?format=csv");
    expect(csv.status).toBe(403);
    expect(csv.body.error.message).toContain("two-factor");
    const bad = await get("/leads?source=fax");
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].path).toBe("source");
  });

  test("leads need leads.read", async () => {
    const boot = s.bootstrap!;
    const owner = (new Database(join(s.dataDir, "control.sqlite"), { readonly: true }).query("SELECT user_id FROM memberships WHERE org_id = ?").get(boot.orgId) as { user_id: string }).user_id;
    const key = must(s.admin("key", "create", "--org", boot.orgId, "--user", owner, "--perms", "analytics.read")).key;
    expect((await get("/leads", key)).status).toBe(403);
  });
});
