import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { createPopup, createWheel } from "../../lib/engagement/manage.ts";
import { checkPopupDef } from "../../lib/engagement/popup-definition.ts";
import { checkWheelDef } from "../../lib/engagement/wheel-definition.ts";
import { epochDayOf } from "../../lib/time.ts";

/**
 * The engagement read API on a hand-built fixture. Site: the bootstrap site (UTC, USD); "now"
 * 2026-11-20 12:00 UTC; period 2026-11-10 … 2026-11-19 = [11-10 00:00Z, 11-20 00:00Z).
 *
 * Popup P: variants a, b (50/50) and a 20 % holdout → shares holdout 20, a 40, b 40.
 * popup_exposures with first_at in the period (bulk visitors have seqs with no sessions):
 *
 * | arm     | n   | leads (lead_at < 11-20) | of which real visitors | converted after first_at |
 * |---------|-----|-------------------------|------------------------|--------------------------|
 * | holdout | 100 | 0 (it sees no popup)    | V3, V5                 | 1 (V3)                   |
 * | a       | 200 | 20                      | V1, V4                 | 2 (V1, V4)               |
 * | b       | 200 | 40                      | V2, V6                 | 1 (V6)                   |
 *
 * plus, not counted: 7 exposures of a with first_at 11-09, one of b with first_at 11-20 01:00,
 * and, among a's 200, 3 whose lead_at is 11-20 01:00 (after the period: not its leads).
 *
 * popup_days: 11-12 a 300 views / 100 closes, b 280 / 90; 11-19 b 20 / 5; 11-09 a 999 / 999
 * (outside). → views 600, closes 195.
 * visitors = 400 (a + b), leads 60, conversionRate 0.15.
 *
 * Lead-rate test (the variants only, control a): b vs a z = 2.80056, p = 0.0051014 (one
 * comparison: pAdjusted the same). Wilson: a [0.065670, 0.149406], b [0.150452, 0.260855].
 * Both ≥ 100 and pooled 60/400 = 0.15 → 30 expected leads each: verdict winner b.
 * SRM over holdout, a, b: observed = expected (20 / 40 / 40) → p 1.
 *
 * Holdout test (converted visitors): holdout 1/100, a 2/200, b 1/200. a vs holdout: same rate,
 * z 0, p 1, uplift 0; b vs holdout: z = −0.50168, p = 0.61590, uplift −0.5; Holm: b
 * min(1, 2 × 0.6159) = 1, a 1. Wilson: holdout [0.0017674, 0.0544862], a [0.0027467,
 * 0.0357218], b [0.00088317, 0.0277737]. Pooled 4/500: 0.8 expected for the holdout < 5 →
 * collecting.
 *
 * Downstream (sessions via /v1/collect):
 * - V1 (a, first view 11-12 10:02): session 11-12 10:00 with conversions at 10:01 (30, before
 *   the view: not counted) and 10:05 (50); session 11-15 09:00 conversion 20. → 2 conversions, 70.
 * - V2 (b, first view 11-13 08:00): session 11-13 07:00 conversion 40 (ended before the view);
 *   session 11-20 09:00 conversion 100 (after the period). → nothing.
 * - V3 (holdout, 11-12): session 11-14 conversion 80 → held out: not downstream; converted
 *   for the holdout test.
 * - V4 (a, first view 11-14 08:00): session 11-16 conversion 70 EUR (not the site currency:
 *   a conversion without revenue). → 1 conversion, 0.
 * - V5 (holdout, held out 11-13 12:00): session 11-13 11:00 conversion 11:30, before → not
 *   converted.
 * - V6 (b, first view 11-17 10:00): session 11-17 09:50 conversion 10:10 (25, after the view in
 *   the view's own session). → 1 conversion, 25.
 * downstream = { visitors 3, conversions 4, revenue 95, currency USD }.
 *
 * Popup H: no variants, a 10 % holdout. Exposures: shown (recorded `-`) 9 bulk (2 leads) and
 * V1 (11-12 10:02, converted); held out 1 bulk and V3 (11-12 08:00, converted). No lead-rate
 * test; SRM 2 / 10 against 10 / 90: χ² = 0.59259, p = 0.44142. Holdout test: holdout 1/2,
 * shown 1/10: uplift −0.8, z = −1.38564, p = 0.16586; Wilson [0.094531, 0.905469],
 * [0.017876, 0.404150]; collecting (2 < 100).
 */

let s: TestStack;
let base: string;
let popupId: string;
let plainId: string;
let heldId: string;
let wheelId: string;
let otherPopup: string;
let viewerKey: string;
let noPopupsKey: string;
const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-20T12:00:00Z");
const RANGE = "?from=2026-11-10&to=2026-11-19";
const V = { V1: uuid(), V2: uuid(), V3: uuid(), V4: uuid(), V5: uuid(), V6: uuid() };
const page = (path: string, iso: string) => ev("pageview", at(iso), { u: `http://localhost${path}`, ti: path });
const buy = (iso: string, val: number, cur?: string) => ev("conversion", at(iso), { u: "http://localhost/thanks", ti: "Thanks", n: "buy", val, ...(cur ? { cur } : {}), oid: uuid() });

const popupDef = {
  name: "Spring",
  content: { title: "Get 10 % off" },
  form: { fields: ["email", "name"] },
  triggers: [{ kind: "exit_intent" }, { kind: "scroll", percent: 50 }],
  variants: [{ key: "a", name: "Discount" }, { key: "b", name: "Guide" }],
  holdout: 20,
};

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const send = async (vid: string, events: Record<string, unknown>[]) => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    const res = await post(s.url, batch(boot.siteKey, events, { vid, sid: uuid() }));
    expect(res.status).toBe(202);
  };
  await send(V.V1, [page("/", "2026-11-12T10:00:00Z"), buy("2026-11-12T10:01:00Z", 30), buy("2026-11-12T10:05:00Z", 50)]);
  await send(V.V2, [page("/", "2026-11-13T07:00:00Z"), buy("2026-11-13T07:30:00Z", 40)]);
  await send(V.V3, [page("/", "2026-11-12T09:00:00Z")]);
  await send(V.V3, [page("/", "2026-11-14T09:00:00Z"), buy("2026-11-14T09:01:00Z", 80)]);
  await send(V.V1, [page("/", "2026-11-15T09:00:00Z"), buy("2026-11-15T09:01:00Z", 20)]);
  await send(V.V4, [page("/", "2026-11-14T07:59:00Z")]);
  await send(V.V4, [page("/", "2026-11-16T10:00:00Z"), buy("2026-11-16T10:01:00Z", 70, "EUR")]);
  await send(V.V2, [page("/", "2026-11-20T09:00:00Z"), buy("2026-11-20T09:01:00Z", 100)]);
  await send(V.V5, [page("/", "2026-11-13T11:00:00Z"), buy("2026-11-13T11:30:00Z", 60)]);
  await send(V.V6, [page("/", "2026-11-17T09:50:00Z"), buy("2026-11-17T10:10:00Z", 25)]);
  s.clock.ms = NOW;

  // Popups and a wheel made through the lib (the CLI's own tests cover the commands).
  const store = await s.platform.tenants.get({ id: boot.orgId, dbUrl: null });
  popupId = await createPopup(store, boot.siteId, checkPopupDef(popupDef, ""), "active", at("2026-11-01T00:00:00Z"));
  plainId = await createPopup(store, boot.siteId, checkPopupDef({ name: "Plain", content: { title: "Hello" }, form: null, triggers: [{ kind: "immediately" }] }, ""), "paused", at("2026-11-02T00:00:00Z"));
  heldId = await createPopup(store, boot.siteId, checkPopupDef({ name: "Held", content: { title: "Hi" }, triggers: [{ kind: "immediately" }], holdout: 10 }, ""), "active", at("2026-10-31T00:00:00Z"));
  wheelId = await createWheel(
    store,
    boot.siteId,
    checkWheelDef({
      name: "Wheel", title: "Spin", triggers: [{ kind: "immediately" }],
      slices: [
        { label: "10 %", prize: "coupon_pool", codes: ["C1", "C2", "C3"], stock: 5, weight: 2 },
        { label: "Ship", prize: "static_code", code: "SHIP" },
        { label: "None", prize: "none", weight: 3 },
      ],
    }, ""),
    "active",
    at("2026-11-03T00:00:00Z"),
  );

  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`));
  const seq = (vid: string) => (db.query("SELECT seq FROM visitor_rows WHERE uid = ?").get(Buffer.from(vid.replaceAll("-", ""), "hex")) as { seq: number }).seq;
  const exposure = db.query("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?, ?, ?, ?, 1, 0, ?)");
  let bulk = 10_000_000;
  const rows = (variant: string, count: number, leads: number, firstAt = at("2026-11-15T12:00:00Z"), leadAt = at("2026-11-15T12:05:00Z")) => {
    for (let i = 0; i < count; i++) exposure.run(popupId, bulk++, variant, firstAt, i < leads ? leadAt : null);
  };
  rows("holdout", 98, 0);
  exposure.run(popupId, seq(V.V3), "holdout", at("2026-11-12T08:00:00Z"), null);
  exposure.run(popupId, seq(V.V5), "holdout", at("2026-11-13T12:00:00Z"), null);
  rows("a", 195, 20);
  rows("a", 3, 0, at("2026-11-15T12:00:00Z"));
  for (let i = 0; i < 3; i++) db.query("UPDATE popup_exposures SET lead_at = ? WHERE visitor = ?").run(at("2026-11-20T01:00:00Z"), bulk - 1 - i);
  exposure.run(popupId, seq(V.V1), "a", at("2026-11-12T10:02:00Z"), null);
  exposure.run(popupId, seq(V.V4), "a", at("2026-11-14T08:00:00Z"), null);
  rows("b", 198, 40);
  exposure.run(popupId, seq(V.V2), "b", at("2026-11-13T08:00:00Z"), null);
  exposure.run(popupId, seq(V.V6), "b", at("2026-11-17T10:00:00Z"), null);
  rows("a", 7, 7, at("2026-11-09T12:00:00Z"), at("2026-11-09T12:05:00Z"));
  rows("b", 1, 1, at("2026-11-20T01:00:00Z"), at("2026-11-20T01:05:00Z"));
  for (let i = 0; i < 9; i++) exposure.run(heldId, bulk++, "-", at("2026-11-15T12:00:00Z"), i < 2 ? at("2026-11-15T12:05:00Z") : null);
  exposure.run(heldId, seq(V.V1), "-", at("2026-11-12T10:02:00Z"), null);
  exposure.run(heldId, bulk++, "holdout", at("2026-11-15T12:00:00Z"), null);
  exposure.run(heldId, seq(V.V3), "holdout", at("2026-11-12T08:00:00Z"), null);
  const day = db.query("INSERT INTO popup_days (popup_id, day, variant, views, closes, submits) VALUES (?, ?, ?, ?, ?, 0)");
  day.run(popupId, epochDayOf("2026-11-12"), "a", 300, 100);
  day.run(popupId, epochDayOf("2026-11-12"), "b", 280, 90);
  day.run(popupId, epochDayOf("2026-11-19"), "b", 20, 5);
  day.run(popupId, epochDayOf("2026-11-09"), "a", 999, 999);
  // The last 28 days (10-24 … 11-20) for the list: also 11-20 b 4 views.
  day.run(popupId, epochDayOf("2026-11-20"), "b", 4, 0);

  // Spins as the public endpoint stores them: in the period slice 0 (code C1, a lead), slice 2 (a lead), slice 1 (no lead); one before it.
  const spin = db.query("INSERT INTO spins (id, wheel_id, client_id, created_at, visitor_uid, email, slice, code, expires_at, lead_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)");
  spin.run("s1", wheelId, "c1", at("2026-11-12T10:00:00Z"), "v1", "a@x.test", 0, "C1", "lead1");
  spin.run("s2", wheelId, "c2", at("2026-11-13T10:00:00Z"), "v2", "b@x.test", 2, null, "lead2");
  spin.run("s3", wheelId, "c3", at("2026-11-19T23:59:00Z"), "v3", "c@x.test", 1, "SHIP", null);
  spin.run("s0", wheelId, "c0", at("2026-11-09T23:59:00Z"), "v0", "d@x.test", 0, "C2", "lead0");
  db.query("UPDATE coupon_codes SET spin_id = 's1' WHERE wheel_id = ? AND code = 'C1'").run(wheelId);
  db.query("UPDATE coupon_codes SET spin_id = 's0' WHERE wheel_id = ? AND code = 'C2'").run(wheelId);
  db.query("UPDATE spin_slices SET awarded = 2, stock_left = 3 WHERE wheel_id = ? AND slice = 0").run(wheelId);
  db.close();

  // Another org's popup; a viewer's key with popups.read; a key without it.
  const other = must(s.admin("org", "create", "--name", "Other"));
  const otherSite = must(s.admin("site", "create", "--org", other.id, "--name", "O", "--domain", "other.test"));
  const otherStore = await s.platform.tenants.get({ id: other.id, dbUrl: null });
  otherPopup = await createPopup(otherStore, otherSite.id, checkPopupDef({ name: "Theirs", content: { title: "T" }, triggers: [{ kind: "immediately" }] }, ""), "active", NOW);
  const viewer = must(s.admin("user", "create", "--org", boot.orgId, "--name", "Vi", "--email", "vi@read.test", "--role", "viewer"));
  viewerKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "popups.read,spinwheel.read")).key;
  noPopupsKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "analytics.read")).key;
}, 60_000);

afterAll(() => s.close());

const get = async (path: string, key = s.bootstrap!.key, init: RequestInit = {}) => {
  const res = await s.api(`${base}${path}`, key, init);
  return { status: res.status, body: (await res.json()) as any };
};

describe("popups", () => {
  test("detail: the period's views, visitors, leads, rate, downstream and the A/B test, exactly", async () => {
    const { status, body } = await get(`/popups/${popupId}${RANGE}`);
    expect(status).toBe(200);
    expect(body.popup).toMatchObject({ id: popupId, name: "Spring", status: "active", createdAt: "2026-11-01T00:00:00.000Z" });
    expect(body.popup.definition).toEqual(checkPopupDef(popupDef, ""));
    expect(body).toMatchObject({ from: "2026-11-10", to: "2026-11-19", views: 600, closes: 195, visitors: 400, leads: 60, conversionRate: 0.15 });
    expect(body.downstream).toEqual({ visitors: 3, conversions: 4, revenue: 95, currency: "USD" });
    const close = (x: number, y: number, digits = 5) => expect(x).toBeCloseTo(y, digits);
    const t = body.test;
    expect(Object.keys(t)).toEqual(["control", "minSample", "variants", "srm", "verdict", "winner", "holdout"]);
    // The lead-rate test: the variants only, a the control.
    expect(t).toMatchObject({ control: "a", minSample: 100, verdict: "winner", winner: "b" });
    expect(t.srm.mismatch).toBe(false);
    close(t.srm.pValue, 1, 10);
    expect(t.variants.length).toBe(2);
    const [a, b] = t.variants;
    expect([a.key, a.name, a.weight, a.n, a.leads, a.rate, a.uplift, a.pValue, a.pAdjusted]).toEqual(["a", "Discount", 40, 200, 20, 0.1, null, null, null]);
    expect([b.key, b.name, b.weight, b.n, b.leads, b.rate]).toEqual(["b", "Guide", 40, 200, 40, 0.2]);
    close(a.ci[0], 0.0656704), close(a.ci[1], 0.1494058);
    close(b.ci[0], 0.150452), close(b.ci[1], 0.2608552);
    close(b.uplift, 1, 10);
    close(b.pValue, 0.0051014, 7), close(b.pAdjusted, 0.0051014, 7);
    // The holdout test: converted visitors from their first assignment on.
    const ho = t.holdout;
    expect(ho).toMatchObject({ verdict: "collecting", winner: null });
    const [hh, ha, hb] = ho.arms;
    expect(ho.arms.map((x: any) => [x.key, x.name, x.n, x.converted, x.rate])).toEqual([
      ["holdout", "Holdout (shown nothing)", 100, 1, 0.01],
      ["a", "Discount", 200, 2, 0.01],
      ["b", "Guide", 200, 1, 0.005],
    ]);
    expect([hh.uplift, hh.pValue, hh.pAdjusted]).toEqual([null, null, null]);
    expect([ha.uplift, ha.pValue, ha.pAdjusted]).toEqual([0, 1, 1]);
    close(hb.uplift, -0.5, 10), close(hb.pValue, 0.6158961, 6), expect(hb.pAdjusted).toBe(1);
    close(hh.ci[0], 0.0017674, 6), close(hh.ci[1], 0.0544862, 6);
    close(ha.ci[0], 0.0027467, 6), close(ha.ci[1], 0.0357218, 6);
    close(hb.ci[0], 0.00088317, 7), close(hb.ci[1], 0.0277737, 6);
  });

  test("a holdout without variants: no lead-rate test, the popup as shown against the holdout", async () => {
    const { status, body } = await get(`/popups/${heldId}${RANGE}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ visitors: 10, leads: 2, conversionRate: 0.2, downstream: { visitors: 1, conversions: 2, revenue: 70, currency: "USD" } });
    const t = body.test;
    expect(t).toMatchObject({ control: null, minSample: 100, variants: [], verdict: null, winner: null, srm: { mismatch: false } });
    expect(t.srm.pValue).toBeCloseTo(0.4414183, 6);
    expect(t.holdout).toMatchObject({ verdict: "collecting", winner: null });
    const [h, shown] = t.holdout.arms;
    expect([h.key, h.name, h.n, h.converted, h.rate, h.uplift, h.pValue, h.pAdjusted]).toEqual(["holdout", "Holdout (shown nothing)", 2, 1, 0.5, null, null, null]);
    expect([shown.key, shown.name, shown.n, shown.converted, shown.rate]).toEqual(["shown", "Popup shown", 10, 1, 0.1]);
    expect(shown.uplift).toBeCloseTo(-0.8, 10);
    expect(shown.pValue).toBeCloseTo(0.1658567, 6);
    expect(shown.pAdjusted).toBe(shown.pValue);
    expect(h.ci[0]).toBeCloseTo(0.0945312, 6), expect(h.ci[1]).toBeCloseTo(0.9054688, 6);
    expect(shown.ci[0]).toBeCloseTo(0.0178762, 6), expect(shown.ci[1]).toBeCloseTo(0.4041500, 6);
  });

  test("the default period is the 28 days to today; a popup without a test has test null", async () => {
    const { body } = await get(`/popups/${popupId}`);
    expect([body.from, body.to]).toEqual(["2026-10-24", "2026-11-20"]);
    // 11-09's 7 visitors and 11-20's one join; the 3 leads of 11-20 01:00 now count.
    expect(body).toMatchObject({ views: 1603, visitors: 408, leads: 71 });
    const plain = await get(`/popups/${plainId}`);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ views: 0, visitors: 0, leads: 0, conversionRate: 0, test: null, downstream: { visitors: 0, conversions: 0, revenue: 0 } });
    expect(plain.body.popup.definition.form).toBeNull();
  });

  test("list: newest first, spec 2.13's fields, the last 28 days; canManage false for a key, true for an owner's session", async () => {
    const { status, body } = await get("/popups");
    expect(status).toBe(200);
    expect(body.canManage).toBe(false);
    expect(body.items).toEqual([
      { id: plainId, name: "Plain", status: "paused", layout: "modal", trigger: "immediately", leadForm: false, updatedAt: "2026-11-02T00:00:00.000Z", views: 0, leads: 0 },
      { id: popupId, name: "Spring", status: "active", layout: "modal", trigger: "exit_intent", leadForm: true, updatedAt: "2026-11-01T00:00:00.000Z", views: 1603, leads: 71 },
      { id: heldId, name: "Held", status: "active", layout: "modal", trigger: "immediately", leadForm: true, updatedAt: "2026-10-31T00:00:00.000Z", views: 0, leads: 2 },
    ]);
    const origin = new URL(s.platform.settings.publicUrl).origin;
    const signIn = await fetch(`${s.url}/api/v1/session`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: s.bootstrap!.ownerEmail, password: s.bootstrap!.ownerPassword }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    const asOwner = await fetch(`${s.url}${base}/popups`, { headers: { cookie } });
    expect(asOwner.status).toBe(200);
    expect(((await asOwner.json()) as any).canManage).toBe(true);
  });

  test("permissions, other orgs' popups, bad ids and dates", async () => {
    expect((await get("/popups", viewerKey)).status).toBe(200);
    expect((await get(`/popups/${popupId}${RANGE}`, viewerKey)).body.leads).toBe(60);
    const refused = await get("/popups", noPopupsKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const theirs = await get(`/popups/${otherPopup}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");
    expect((await get(`/popups/${"0".repeat(24)}`)).status).toBe(404);
    const malformed = await get("/popups/nope");
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.details[0].path).toBe("id");
    // A wheel's id is no popup's.
    expect((await get(`/popups/${wheelId}`)).status).toBe(404);
    for (const [query, path] of [["?from=2026-13-01", "from"], ["?to=2026-02-30", "to"], ["?from=2026-11-19&to=2026-11-10", "from"], ["?from=yesterday", "from"]]) {
      const bad = await get(`/popups/${popupId}${query}`);
      expect([query, bad.status, bad.body.error.code, bad.body.error.details[0].path]).toEqual([query, 422, "VALIDATION_FAILED", path]);
    }
  });

  test("the figures follow what is written after a read: new exposures, a lead set, a lead before its view", async () => {
    const before = await get(`/popups/${heldId}${RANGE}`);
    expect(before.body).toMatchObject({ visitors: 10, leads: 2, downstream: { visitors: 1, conversions: 2, revenue: 70 } });
    const boot = s.bootstrap!;
    const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`));
    const v6 = (db.query("SELECT seq FROM visitor_rows WHERE uid = ?").get(Buffer.from(V.V6.replaceAll("-", ""), "hex")) as { seq: number }).seq;
    // As the lead endpoint and ingest write them (lib/engagement/submit-lead.ts, lib/ingest/popup-counts.ts).
    const lead = (visitor: number, iso: string) =>
      db.query(`INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?,?,'-',?,0,0,?)
        ON CONFLICT (popup_id, visitor) DO UPDATE SET lead_at = coalesce(lead_at, excluded.lead_at)`).run(heldId, visitor, at(iso), at(iso));
    const view = (visitor: number, iso: string) =>
      db.query(`INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes) VALUES (?,?,'-',?,1,0)
        ON CONFLICT (popup_id, visitor) DO UPDATE SET first_at = min(first_at, excluded.first_at), views = views + excluded.views, closes = closes + excluded.closes`).run(heldId, visitor, at(iso));
    const bulkWithoutLead = (db.query("SELECT visitor FROM popup_exposures WHERE popup_id = ? AND variant = '-' AND lead_at IS NULL AND visitor >= 10000000 ORDER BY visitor LIMIT 1").get(heldId) as { visitor: number }).visitor;
    // A shown visitor becomes a lead; a new one sees it and becomes a lead; V6's lead comes before its view (first view = the lead, after its 10:10 conversion).
    lead(bulkWithoutLead, "2026-11-18T09:00:00Z");
    view(20_000_000, "2026-11-19T08:00:00Z"), lead(20_000_000, "2026-11-19T08:01:00Z");
    lead(v6, "2026-11-17T10:20:00Z");
    const after = await get(`/popups/${heldId}${RANGE}`);
    expect(after.body).toMatchObject({ visitors: 12, leads: 5, conversionRate: 5 / 12, downstream: { visitors: 1, conversions: 2, revenue: 70 } });
    // V6's view of 10:00 arrives: its 10:10 conversion (25) is now after its first view.
    view(v6, "2026-11-17T10:00:00Z");
    db.close();
    const viewed = await get(`/popups/${heldId}${RANGE}`);
    expect(viewed.body).toMatchObject({ visitors: 12, leads: 5, downstream: { visitors: 2, conversions: 3, revenue: 95 } });
    expect(viewed.body.test.holdout.arms.map((x: any) => [x.key, x.n, x.converted])).toEqual([["holdout", 2, 1], ["shown", 12, 2]]);
  });
});

describe("spin wheels", () => {
  test("detail: spins and leads of the period, prizes per slice, definition without codes", async () => {
    const { status, body } = await get(`/spins/${wheelId}${RANGE}`);
    expect(status).toBe(200);
    expect(body.wheel).toMatchObject({ id: wheelId, name: "Wheel", status: "active" });
    expect(body.wheel.definition.slices.map((x: any) => "codes" in x)).toEqual([false, false, false]);
    expect(body).toMatchObject({ from: "2026-11-10", to: "2026-11-19", spins: 3, leads: 2 });
    expect(body.prizes).toEqual([
      { slice: 0, label: "10 %", prize: "coupon_pool", weight: 2, awarded: 1, stockLeft: 3, codesLeft: 1 },
      { slice: 1, label: "Ship", prize: "static_code", weight: 1, awarded: 1, stockLeft: null, codesLeft: null },
      { slice: 2, label: "None", prize: "none", weight: 3, awarded: 1, stockLeft: null, codesLeft: null },
    ]);
  });

  test("list, permissions and bad input", async () => {
    const { body } = await get("/spins");
    expect(body).toEqual({ canManage: false, items: [{ id: wheelId, name: "Wheel", status: "active", slices: 3, updatedAt: "2026-11-03T00:00:00.000Z", spins: 4, leads: 3 }] });
    expect((await get("/spins", viewerKey)).status).toBe(200);
    expect((await get("/spins", noPopupsKey)).status).toBe(403);
    expect((await get(`/spins/${popupId}`)).status).toBe(404);
    expect((await get("/spins/xyz")).status).toBe(404);
    expect((await get(`/spins/${wheelId}?from=2026-11-20&to=2026-11-19`)).status).toBe(422);
  });

  test("the starter plan has popups but not spin wheels", async () => {
    const org = must(s.admin("org", "create", "--name", "Starter", "--plan", "starter"));
    const site = must(s.admin("site", "create", "--org", org.id, "--name", "S", "--domain", "starter.test"));
    const user = must(s.admin("user", "create", "--org", org.id, "--name", "O", "--email", "o@starter.test", "--role", "owner"));
    const key = must(s.admin("key", "create", "--org", org.id, "--user", user.id, "--perms", "all")).key;
    const at = `/api/v1/orgs/${org.id}/sites/${site.id}`;
    const popups = await s.api(`${at}/popups`, key);
    expect(popups.status).toBe(200);
    expect(await popups.json()).toEqual({ canManage: false, items: [] });
    const spins = await s.api(`${at}/spins`, key);
    expect(spins.status).toBe(403);
    expect(((await spins.json()) as any).error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "spinwheel" }] });
  });
});

test("the OpenAPI document lists the four routes with their models", async () => {
  const doc = (await (await fetch(`${s.url}/api/v1/openapi.json`)).json()) as any;
  const ref = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema);
  const op = (path: string) => doc.paths[`/api/v1/orgs/{orgId}/sites/{siteId}${path}`].get;
  const props = (path: string) => Object.keys(ref(op(path).responses["200"].content["application/json"].schema).properties);
  expect(props("/popups")).toEqual(["canManage", "items"]);
  expect(props("/popups/{id}")).toEqual(["popup", "from", "to", "views", "closes", "leads", "visitors", "conversionRate", "downstream", "test"]);
  expect(props("/spins")).toEqual(["canManage", "items"]);
  expect(props("/spins/{id}")).toEqual(["wheel", "from", "to", "spins", "leads", "prizes"]);
  expect(op("/popups")["x-permission"]).toBe("popups.read");
  expect(op("/spins/{id}")["x-permission"]).toBe("spinwheel.read");
  expect(op("/popups/{id}").parameters.filter((p: any) => p.in === "query").map((p: any) => p.name).sort()).toEqual(["from", "to"]);
  const detail = JSON.stringify(op("/popups/{id}").responses["200"]);
  for (const part of ["pAdjusted", "srm", "verdict", "triggers", "holdout"]) expect(detail).toContain(part);
});
