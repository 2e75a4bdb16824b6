import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, CHROME_UA, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";
import { verify } from "@octokit/webhooks-methods";
import { EngagementRows, popupDef, slice, wheelDef } from "../helpers/engagement.ts";
import { ENGAGE_SCRIPT } from "../../services/ingest/page-scripts.ts";
import { assignVariant } from "../../lib/engagement/assign.ts";

/**
 * The public side of popups (docs/engagement.md "The page"): popup events through /v1/collect,
 * lead submission, the site config and the visitor context, against a real server.
 */

let s: TestStack;
let rows: EngagementRows;
let boot: NonNullable<TestStack["bootstrap"]>;
/** A site in New York time, verified for https://pop.test. */
let site: { id: string; siteKey: string };
const ORIGIN = "https://pop.test";
const TZ = "America/New_York";

/** Days since 1970-01-01 of an instant's calendar date in New York (the oracle: Intl, not lib/time). */
const nyDay = (ms: number) => {
  const [m, d, y] = new Date(ms).toLocaleDateString("en-US", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).split("/");
  return Date.UTC(Number(y), Number(m) - 1, Number(d)) / 86_400_000;
};

const collect = (events: Record<string, unknown>[], vid: string, sid = uuid()) =>
  post(s.url, batch(site.siteKey, events, { vid, sid }), { origin: ORIGIN });

beforeAll(async () => {
  // TRUST_PROXY: the visitor context is asked from addresses of several countries (X-Forwarded-For).
  s = await startStack({ env: { WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_TIMEOUT_MS: "1000", TRUST_PROXY: "1" } });
  boot = s.bootstrap!;
  rows = new EngagementRows(s.dataDir, boot.orgId);
  site = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Pop", "--domain", "pop.test", "--timezone", TZ));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "pop.test", "--force"));
});

afterAll(async () => {
  await s.close();
});

describe("popup events through /v1/collect", () => {
  /** 02:00 UTC of the latest day it has passed: 21:00 or 22:00 of the day before in New York. */
  const lateEvening = () => {
    const now = s.clock.ms;
    let at = Math.floor(now / 86_400_000) * 86_400_000 + 2 * 3_600_000;
    if (at > now - 60_000) at -= 86_400_000;
    return at;
  };
  const exposure = (popupId: string, vid: string) =>
    rows.all(
      `SELECT e.variant, e.first_at AS firstAt, e.views, e.closes, e.lead_at AS leadAt FROM popup_exposures e JOIN visitor_rows v ON v.seq = e.visitor
       WHERE e.popup_id = ? AND lower(hex(v.uid)) = ?`,
      popupId, vid.replaceAll("-", ""),
    )[0];
  const days = (popupId: string) => rows.all("SELECT day, variant, views, closes, submits FROM popup_days WHERE popup_id = ? ORDER BY day, variant", popupId);
  const popupEv = (ts: number, popupId: string, a: string, v?: string) => ev("popup", ts, { n: popupId, a, ...(v === undefined ? {} : { p: { v } }) });

  test("views, closes and submits per visitor and per New York day and variant; holdout counted as exposure only", async () => {
    const popupId = rows.popup(site.id, popupDef());
    const at = lateEvening();
    const [v1, v2, v3] = [uuid(), uuid(), uuid()];
    const first = [ev("pageview", at - 1000), popupEv(at, popupId, "view", "a"), popupEv(at + 5000, popupId, "close", "a")];
    expect((await collect(first, v1)).status).toBe(202);
    // Resent (a retried batch): nothing counts twice.
    const again = await collect(first, v1);
    expect(((await again.json()) as any).duplicates).toBe(3);
    expect((await collect([popupEv(at + 60_000, popupId, "view", "a"), popupEv(at + 61_000, popupId, "submit", "a")], v1)).status).toBe(202);
    expect((await collect([ev("pageview", at), popupEv(at + 1000, popupId, "holdout")], v2)).status).toBe(202);
    // A view without a test's variant; an unknown action is stored as an event and counts nothing.
    expect((await collect([ev("pageview", at), popupEv(at + 2000, popupId, "view"), popupEv(at + 3000, popupId, "wiggle", "a")], v3)).status).toBe(202);

    expect(exposure(popupId, v1)).toEqual({ variant: "a", firstAt: at, views: 2, closes: 1, leadAt: null });
    expect(exposure(popupId, v2)).toEqual({ variant: "holdout", firstAt: at + 1000, views: 0, closes: 0, leadAt: null });
    expect(exposure(popupId, v3)).toEqual({ variant: "-", firstAt: at + 2000, views: 1, closes: 0, leadAt: null });
    const day = nyDay(at);
    expect(day).toBe(Math.floor(at / 86_400_000) - 1);
    expect(days(popupId)).toEqual([
      { day, variant: "-", views: 1, closes: 0, submits: 0 },
      { day, variant: "a", views: 2, closes: 1, submits: 1 },
    ]);
    expect(rows.count("SELECT count(*) AS n FROM events WHERE site_id = ? AND type = 'popup' AND name = ?", site.id, popupId)).toBe(7);
  });

  test("ids that are not a popup of the site count nothing; the events are still stored", async () => {
    const other = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Other", "--domain", "other.test"));
    const foreign = rows.popup(other.id, popupDef());
    const vid = uuid();
    const made = uuid();
    const res = await collect([ev("pageview", s.clock.ms), popupEv(s.clock.ms, foreign, "view", "a"), popupEv(s.clock.ms, made, "view", "a")], vid);
    expect(((await res.json()) as any).accepted).toBe(3);
    expect(rows.count("SELECT count(*) AS n FROM popup_exposures WHERE popup_id IN (?, ?)", foreign, made)).toBe(0);
    expect(rows.count("SELECT count(*) AS n FROM popup_days WHERE popup_id IN (?, ?)", foreign, made)).toBe(0);
  });
});

/** A customer's webhook endpoint: what it received, each signature checked with @octokit/webhooks-methods. */
class Receiver {
  readonly received: { body: any; signatureValid: boolean; headers: Headers }[] = [];
  secret = "";
  private server: ReturnType<typeof Bun.serve> | null = null;

  start(): string {
    this.server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: async (request) => {
        const raw = await request.text();
        const signatureValid = await verify(this.secret, `${request.headers.get("x-svc-timestamp")}.${raw}`, request.headers.get("x-svc-signature") ?? "").catch(() => false);
        this.received.push({ body: JSON.parse(raw), signatureValid, headers: request.headers });
        return new Response("ok");
      },
    });
    return `http://127.0.0.1:${this.server.port}/hook`;
  }

  /** Waits (up to 5 s) until a lead.created for `leadId` arrived. */
  async delivery(leadId: string) {
    for (let i = 0; i < 100; i++) {
      const found = this.received.find((r) => r.body.id === leadId);
      if (found) return found;
      await Bun.sleep(50);
    }
    throw new Error(`no delivery of lead ${leadId}`);
  }

  stop() {
    this.server?.stop(true);
  }
}

const receiver = new Receiver();
afterAll(() => receiver.stop());

const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", origin: ORIGIN, "user-agent": CHROME_UA, ...headers },
  });

/** The rate limiter's window is the clock's minute: each group of submissions starts a fresh one. */
const nextMinute = () => s.clock.advance(60_000);

const leadBody = (popupId: string, vid: string, rest: Record<string, unknown> = {}) => ({
  v: 1,
  s: site.siteKey,
  id: uuid(),
  vid,
  sid: uuid(),
  source: "popup",
  ref: popupId,
  variant: "b",
  fields: { email: " Ada@Example.COM ", name: "Ada Lovelace" },
  consent: { given: true, text: "I agree to receive e-mails." },
  hp: "",
  path: "/pricing",
  ...rest,
});

const leadsOfSite = () => rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", site.id);
const deliveriesOfSite = () => rows.count("SELECT count(*) AS n FROM deliveries d JOIN leads l ON l.id = d.lead_id WHERE l.site_id = ?", site.id);
const leadRow = (id: string) => {
  const row = rows.all("SELECT * FROM leads WHERE id = ?", id)[0];
  return { ...row, extra: JSON.parse(row.extra) };
};

describe("POST /v1/leads", () => {
  let popupId: string;
  let signingSecret: string;

  beforeAll(() => {
    const url = receiver.start();
    const outbound = must(s.admin("integration", "create", "--site", site.id, "--kind", "webhook_out", "--url", url));
    signingSecret = outbound.signingSecret;
    receiver.secret = signingSecret;
    popupId = rows.popup(site.id, popupDef());
  });

  test("preflight: 204 with CORS for any origin", async () => {
    const res = await fetch(`${s.url}/v1/leads`, { method: "OPTIONS", headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("content-type");
  });

  test("a popup's lead: source popup, the definition's consent text, the exposure's leadAt, a signed lead.created; the same id again is the same lead", async () => {
    nextMinute();
    const vid = uuid();
    const seen = s.clock.ms - 10_000;
    await collect([ev("pageview", seen - 1000, { u: "https://pop.test/pricing" }), ev("popup", seen, { n: popupId, a: "view", p: { v: "b" } })], vid);
    const body = leadBody(popupId, vid, { consent: { given: true, text: "a text the page made up" } });
    const res = await send("/v1/leads", body);
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const { ok, leadId } = (await res.json()) as any;
    expect(ok).toBe(true);

    const at = s.clock.ms;
    const visitor = rows.all("SELECT seq FROM visitor_rows WHERE lower(hex(uid)) = ?", vid.replaceAll("-", ""))[0].seq;
    const lead = leadRow(leadId);
    expect(lead).toMatchObject({
      site_id: site.id, source: "popup", source_name: "Spring newsletter", external_id: `page:${body.id}`, email: "ada@example.com", name: "Ada Lovelace",
      phone: null, visitor, path: "/pricing", created_at: at,
    });
    expect(lead.extra).toEqual({ consent: { given: true, text: "I agree to receive e-mails.", at: new Date(at).toISOString() }, popupId, variant: "b" });
    expect(rows.all("SELECT variant, first_at AS firstAt, views, lead_at AS leadAt FROM popup_exposures WHERE popup_id = ? AND visitor = ?", popupId, visitor)).toEqual([
      { variant: "b", firstAt: seen, views: 1, leadAt: at },
    ]);

    const delivered = await receiver.delivery(leadId);
    expect(delivered.signatureValid).toBe(true);
    expect(delivered.body).toMatchObject({
      event: "lead.created", id: leadId, source: "popup", sourceName: "Spring newsletter", page: "/pricing",
      site: { id: site.id }, lead: { email: "ada@example.com", name: "Ada Lovelace", extra: { popupId, variant: "b" } },
    });

    const [leads, deliveries] = [leadsOfSite(), deliveriesOfSite()];
    const again = await send("/v1/leads", body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, leadId });
    expect([leadsOfSite(), deliveriesOfSite()]).toEqual([leads, deliveries]);
  });

  test("a lead before its view event: the exposure is made with the lead's variant, and the late view adds to it", async () => {
    nextMinute();
    const vid = uuid();
    await collect([ev("pageview", s.clock.ms - 5000)], vid);
    const res = await send("/v1/leads", leadBody(popupId, vid, { variant: "a" }));
    expect(res.status).toBe(201);
    const visitor = rows.all("SELECT seq FROM visitor_rows WHERE lower(hex(uid)) = ?", vid.replaceAll("-", ""))[0].seq;
    const at = s.clock.ms;
    const exposure = () => rows.all("SELECT variant, first_at AS firstAt, views, lead_at AS leadAt FROM popup_exposures WHERE popup_id = ? AND visitor = ?", popupId, visitor)[0];
    expect(exposure()).toEqual({ variant: "a", firstAt: at, views: 0, leadAt: at });
    await collect([ev("popup", at - 2000, { n: popupId, a: "view", p: { v: "a" } })], vid);
    expect(exposure()).toEqual({ variant: "a", firstAt: at - 2000, views: 1, leadAt: at });
  });

  test("a variant the popup does not have: the visitor's sticky assignment is counted", async () => {
    nextMinute();
    const vid = uuid();
    const res = await send("/v1/leads", leadBody(popupId, vid, { variant: "zzz" }));
    const lead = leadRow(((await res.json()) as any).leadId);
    const def = popupDef();
    const expected = assignVariant(vid, popupId, def.variants, def.holdout);
    expect(lead.extra.variant).toBe(expected === "holdout" ? "-" : expected!);
  });

  test("newsletter and form leads: source, sourceName the form's ref, the page's own consent text", async () => {
    nextMinute();
    const base = { v: 1, s: site.siteKey, vid: uuid(), path: "/blog/post" };
    const news = await send("/v1/leads", { ...base, id: uuid(), source: "newsletter", ref: "footer-signup", fields: { email: "grace@example.org" }, consent: { given: true, text: "Send me the letter" } });
    expect(news.status).toBe(201);
    const newsLead = leadRow(((await news.json()) as any).leadId);
    expect(newsLead).toMatchObject({ source: "newsletter", source_name: "footer-signup", email: "grace@example.org", path: "/blog/post" });
    expect(newsLead.extra).toEqual({ consent: { given: true, text: "Send me the letter", at: new Date(s.clock.ms).toISOString() } });

    const form = await send("/v1/leads", { ...base, id: uuid(), source: "form", ref: "contact", fields: { name: "Grace Hopper", phone: "+1 555 0100", message: "Call me" } });
    expect(form.status).toBe(201);
    const formLead = leadRow(((await form.json()) as any).leadId);
    expect(formLead).toMatchObject({ source: "form", source_name: "contact", email: null, name: "Grace Hopper", phone: "+1 555 0100", message: "Call me" });
    expect(formLead.extra).toEqual({});
    expect(rows.count("SELECT count(*) AS n FROM deliveries WHERE lead_id IN (?, ?)", newsLead.id, formLead.id)).toBe(2);

    // A form with no name, id or action (the chunk sends an empty ref) is named by its page.
    const unnamed = await send("/v1/leads", { ...base, id: uuid(), source: "form", ref: "", fields: { email: "x@example.org" } });
    expect(leadRow(((await unnamed.json()) as any).leadId)).toMatchObject({ source: "form", source_name: "/blog/post" });
  });

  describe("refused submissions store nothing", () => {
    let strict: string;
    let paused: string;
    let foreign: string;
    beforeAll(() => {
      strict = rows.popup(site.id, popupDef({ name: "Strict", form: { ...popupDef().form!, fields: ["email", "name", "phone"], required: ["email", "name"] } }));
      paused = rows.popup(site.id, popupDef({ name: "Paused" }), "paused");
      const other = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Elsewhere", "--domain", "elsewhere.test"));
      foreign = rows.popup(other.id, popupDef({ name: "Foreign" }));
    });

    const cases: [string, () => unknown, number, string, string, string?, Record<string, string>?][] = [
      ["malformed JSON", () => "{\"v\":1,", 400, "BAD_REQUEST", "body"],
      ["an empty body", () => "", 400, "BAD_REQUEST", "body", "is empty: send the JSON object"],
      ["a field the model does not have", () => leadBody(strict, uuid(), { prize: "all of it" }), 422, "VALIDATION_FAILED", "prize"],
      ["a field the form model does not have", () => leadBody(strict, uuid(), { fields: { email: "a@example.com", name: "A", coupon: "FREE" } }), 422, "VALIDATION_FAILED", "fields.coupon"],
      ["a bad e-mail address", () => leadBody(strict, uuid(), { fields: { email: "ada@", name: "A" } }), 422, "VALIDATION_FAILED", "fields.email", "is not an e-mail address"],
      ["a disposable e-mail address", () => leadBody(strict, uuid(), { fields: { email: "someone@mailinator.com", name: "A" } }), 422, "VALIDATION_FAILED", "fields.email", "is a disposable address: use a permanent one"],
      ["a filled honeypot", () => leadBody(strict, uuid(), { hp: "https://spam.example" }), 422, "VALIDATION_FAILED", "hp", "must be empty"],
      ["a required field missing", () => leadBody(strict, uuid(), { fields: { email: "ada@example.com", name: "  " } }), 422, "VALIDATION_FAILED", "fields.name", "is required"],
      ["no e-mail address", () => leadBody(strict, uuid(), { fields: { name: "Ada" } }), 422, "VALIDATION_FAILED", "fields.email", "is required"],
      ["required consent not given", () => leadBody(strict, uuid(), { consent: { given: false } }), 422, "VALIDATION_FAILED", "consent.given", "is required: the visitor must tick the consent box"],
      ["required consent absent", () => leadBody(strict, uuid(), { consent: undefined }), 422, "VALIDATION_FAILED", "consent.given", "is required: the visitor must tick the consent box"],
      ["a newsletter without an e-mail address", () => ({ v: 1, s: site.siteKey, id: uuid(), vid: uuid(), source: "newsletter", ref: "f", fields: { name: "A" } }), 422, "VALIDATION_FAILED", "fields.email", "is required"],
      ["a form with no way to reach the person", () => ({ v: 1, s: site.siteKey, id: uuid(), vid: uuid(), source: "form", ref: "f", fields: { company: "ACME" } }), 422, "VALIDATION_FAILED", "fields", "a lead needs an email, phone or name"],
      ["an unknown source", () => leadBody(strict, uuid(), { source: "api" }), 422, "VALIDATION_FAILED", "source"],
      ["a wrong Origin", () => leadBody(strict, uuid()), 403, "FORBIDDEN", "origin", "evil.test", { origin: "https://evil.test" }],
      ["no Origin", () => leadBody(strict, uuid()), 403, "FORBIDDEN", "origin", "missing Origin header", { origin: "" }],
      ["an unknown site key", () => ({ ...leadBody(strict, uuid()), s: "nope" }), 404, "NOT_FOUND", "s"],
      ["an unknown popup", () => leadBody(uuid(), uuid()), 404, "NOT_FOUND", "ref", "no active popup of this site has this id"],
      ["a paused popup", () => leadBody(paused, uuid()), 404, "NOT_FOUND", "ref", "no active popup of this site has this id"],
      ["another site's popup", () => leadBody(foreign, uuid()), 404, "NOT_FOUND", "ref", "no active popup of this site has this id"],
    ];

    for (const [what, body, status, code, path, message, headers] of cases) {
      test(`${what} → ${status} ${code} at ${path}`, async () => {
        nextMinute();
        const before = [leadsOfSite(), deliveriesOfSite(), rows.count("SELECT count(*) AS n FROM popup_exposures WHERE lead_at IS NOT NULL")];
        const res = await send("/v1/leads", body(), headers);
        expect(res.status).toBe(status);
        expect(res.headers.get("access-control-allow-origin")).toBe(headers?.origin === "" ? "*" : (headers?.origin ?? ORIGIN));
        const { error } = (await res.json()) as any;
        expect(error.code).toBe(code);
        expect(error.details[0].path).toBe(path);
        if (message) expect(error.details[0].message).toBe(message);
        expect([leadsOfSite(), deliveriesOfSite(), rows.count("SELECT count(*) AS n FROM popup_exposures WHERE lead_at IS NOT NULL")]).toEqual(before);
      });
    }

    test("the 21st submission of a minute from one address → 429 with Retry-After; the next minute is allowed again", async () => {
      nextMinute();
      const before = leadsOfSite();
      // Refused submissions count too: 19 bad ones and a good one use up the minute.
      for (let i = 0; i < 19; i++) expect((await send("/v1/leads", leadBody(strict, uuid(), { hp: "x" }))).status).toBe(422);
      expect((await send("/v1/leads", leadBody(popupId, uuid()))).status).toBe(201);
      const limited = await send("/v1/leads", leadBody(popupId, uuid()));
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as any).error.code).toBe("RATE_LIMITED");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(limited.headers.get("access-control-allow-origin")).toBe(ORIGIN);
      expect(leadsOfSite()).toBe(before + 1);
      nextMinute();
      expect((await send("/v1/leads", leadBody(popupId, uuid()))).status).toBe(201);
    });
  });
});

describe("GET /v1/sites/{siteKey}/config", () => {
  let shop: { id: string; siteKey: string };
  const config = async (key = shop.siteKey) => {
    const res = await fetch(`${s.url}/v1/sites/${key}/config`);
    expect(res.status).toBe(200);
    return { res, body: (await res.json()) as any, text: "" };
  };
  /** Past the server's memory of a site's popups and wheels (CONFIG_STALENESS_MS). */
  const afterStaleness = () => s.clock.advance(30_000);

  beforeAll(() => {
    shop = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Config shop", "--domain", "config.test"));
  });

  test("a site without popups or wheels: empty lists, the default cap, no chunk; cacheable for a minute by anyone", async () => {
    const { res, body } = await config();
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(body).toMatchObject({ siteKey: shop.siteKey, popups: [], wheels: [], popupsPerSession: 1, engage: null });
  });

  test("only active popups and wheels inside their schedule, as public views: a wheel's weights, stock and codes never reach the page", async () => {
    const now = s.clock.ms;
    const hour = 3_600_000;
    const updated = 1_780_000_000_000;
    const live = popupDef({ name: "Live", endAt: new Date(now + 48 * hour).toISOString() });
    const liveId = rows.popup(shop.id, live, "active", updated);
    rows.popup(shop.id, popupDef({ name: "Paused" }), "paused");
    rows.popup(shop.id, popupDef({ name: "Draft" }), "draft");
    rows.popup(shop.id, popupDef({ name: "Archived" }), "archived");
    rows.popup(shop.id, popupDef({ name: "Ended", startAt: new Date(now - 48 * hour).toISOString(), endAt: new Date(now - hour).toISOString() }));
    const laterId = rows.popup(shop.id, popupDef({ name: "Later", variants: [], holdout: 0, startAt: new Date(now + 10 * 60_000).toISOString() }), "active", updated + 1);
    const wheel = wheelDef(
      [
        slice("20 % off", 7, { prize: "coupon_pool", codes: ["SECRET-CODE-1", "SECRET-CODE-2"], stock: 2, color: "#00aa00" }),
        slice("Free shipping", 13, { prize: "static_code", code: "STATIC-SECRET", stock: 40, color: "#0000aa" }),
        slice("Nothing", 80, { color: "#aaaaaa" }),
      ],
      { couponDays: 7 },
    );
    const wheelId = rows.wheel(shop.id, wheel, "active", updated);
    rows.wheel(shop.id, wheelDef([slice("A", 1), slice("B", 1)]), "paused");
    afterStaleness();

    const { body } = await config();
    expect(body.popups).toEqual([
      {
        id: liveId, layout: "modal", content: live.content, form: live.form, triggers: live.triggers, targeting: live.targeting, frequency: live.frequency,
        endAt: live.endAt, variants: live.variants, holdout: 10, updatedAt: new Date(updated).toISOString(),
      },
    ]);
    expect(body.wheels).toEqual([
      {
        id: wheelId, title: "Spin to win", text: "One spin per person.",
        slices: [{ label: "20 % off", color: "#00aa00" }, { label: "Free shipping", color: "#0000aa" }, { label: "Nothing", color: "#aaaaaa" }],
        form: wheel.form, triggers: wheel.triggers, targeting: wheel.targeting, colors: wheel.colors, endAt: null, updatedAt: new Date(updated).toISOString(),
      },
    ]);
    const wheelText = JSON.stringify(body.wheels);
    for (const secret of ["weight", "stock", "codes", "SECRET-CODE", "STATIC-SECRET", "prize", "couponDays"]) expect(wheelText).not.toContain(secret);
    // The URL the chunk's route serves as immutable (the chunk's content hash).
    expect(body.engage).toBe(`/v1/engage.js?v=${ENGAGE_SCRIPT.version}`);
    const chunk = await fetch(`${s.url}${body.engage}`);
    expect([chunk.status, chunk.headers.get("cache-control")]).toEqual([200, "public, max-age=31536000, immutable"]);

    // The scheduled one starts on time, without waiting for the server to read the store again.
    s.clock.advance(10 * 60_000 - 30_000);
    expect((await config()).body.popups.map((p: any) => p.id)).toEqual([liveId, laterId]);
  });

  test("a change made by another process (the CLI) shows within the staleness; the site's own cap", async () => {
    const before = (await config()).body;
    const [first] = before.popups;
    rows.setPopupStatus(first.id, "paused");
    rows.with((db) => db.query("INSERT INTO engagement_settings (site_id, popups_per_session) VALUES (?, 3)").run(shop.id));
    s.clock.advance(29_000);
    expect((await config()).body.popups.map((p: any) => p.id)).toEqual(before.popups.map((p: any) => p.id));
    s.clock.advance(1_000);
    const after = (await config()).body;
    expect(after.popups.map((p: any) => p.id)).toEqual(before.popups.slice(1).map((p: any) => p.id));
    expect(after.popupsPerSession).toBe(3);
  });

  test("a paused site shows nothing (its popup events would not be counted)", async () => {
    must(s.admin("site", "pause", "--site", shop.id));
    try {
      expect((await config()).body).toMatchObject({ popups: [], wheels: [], engage: null });
    } finally {
      must(s.admin("site", "resume", "--site", shop.id));
    }
    expect((await config()).body.wheels).toHaveLength(1);
  });

  test("an unknown site key → 404", async () => {
    const res = await fetch(`${s.url}/v1/sites/tm_nope/config`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.details).toEqual([{ path: "siteKey", message: "no site has this key" }]);
  });
});

describe("GET /v1/sites/{siteKey}/visitor-context", () => {
  const context = (query: Record<string, string>, headers: Record<string, string> = {}, key = site.siteKey) =>
    fetch(`${s.url}/v1/sites/${key}/visitor-context?${new URLSearchParams(query)}`, { headers: { origin: ORIGIN, "user-agent": CHROME_UA, "x-forwarded-for": "81.2.69.142", ...headers } });
  const answer = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await context(query, headers);
    expect(res.status).toBe(200);
    return res.json();
  };
  const stored = () => [
    rows.count("SELECT count(*) AS n FROM event_rows"),
    rows.count("SELECT count(*) AS n FROM visitor_rows"),
    rows.count("SELECT count(*) AS n FROM session_rows"),
  ];

  test("country of the address, device of the User-Agent, channel and campaign as ingest gives a session; never cached; nothing stored", async () => {
    const before = stored();
    const res = await context({ ref: "https://www.google.com/" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(await res.json()).toEqual({ country: "GB", channel: "organic_search", campaign: null, device: "desktop" });
    expect(await answer({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring-sale" }, { "user-agent": IPHONE_UA, "x-forwarded-for": "8.8.8.8" })).toEqual({
      country: "US", channel: "email", campaign: "spring-sale", device: "mobile",
    });
    expect(await answer({ url: "https://pop.test/landing?gclid=abc123" }, { "x-forwarded-for": "2001:4860:4860::8888" })).toEqual({ country: "CA", channel: "paid_search", campaign: null, device: "desktop" });
    expect(await answer({ ref: "https://www.facebook.com/", utm_term: "ignored" }, { "x-forwarded-for": "203.0.113.5" })).toEqual({ country: null, channel: "organic_social", campaign: null, device: "desktop" });
    // The site's own pages are not a source: direct.
    expect(await answer({ ref: "https://pop.test/blog" })).toMatchObject({ channel: "direct" });
    expect(await answer({})).toMatchObject({ channel: "direct", campaign: null });
    expect(stored()).toEqual(before);
  });

  test("a foreign Origin → 403, an unknown site key → 404 at siteKey, a value past its limit → 422 naming it", async () => {
    const foreign = await context({}, { origin: "https://evil.test" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBe("https://evil.test");
    expect(((await foreign.json()) as any).error.details).toEqual([{ path: "origin", message: "evil.test" }]);
    const unknown = await context({}, {}, "tm_nope");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.details).toEqual([{ path: "siteKey", message: "no site has this key" }]);
    // A site key that is not UTF-8 names no site: 404 before any lookup (never a 500).
    const garbled = await context({}, {}, "%E0%A4");
    expect([garbled.status, ((await garbled.json()) as any).error.details[0].path]).toEqual([404, "siteKey"]);
    const long = await context({ ref: `https://example.com/${"a".repeat(2048)}` });
    expect(long.status).toBe(422);
    expect(((await long.json()) as any).error.details[0].path).toBe("ref");
  });
});

describe("an org whose plan lacks popups or spin wheels", () => {
  test("the config leaves them out; a popup's lead and a spin → 403 FEATURE_UNAVAILABLE, nothing stored; page forms still work", async () => {
    const shop = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Plain", "--domain", "plain.test"));
    must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "plain.test", "--force"));
    const popupId = rows.popup(shop.id, popupDef());
    const wheelId = rows.wheel(shop.id, wheelDef([slice("A", 1), slice("B", 1)]));
    const headers = { "content-type": "application/json", origin: "https://plain.test" };
    const lead = (rest: Record<string, unknown>) =>
      fetch(`${s.url}/v1/leads`, { method: "POST", headers, body: JSON.stringify({ v: 1, s: shop.siteKey, id: uuid(), vid: uuid(), fields: { email: "ada@example.com" }, consent: { given: true }, ...rest }) });
    must(s.admin("org", "feature", "--org", boot.orgId, "--disable", "popups"));
    must(s.admin("org", "feature", "--org", boot.orgId, "--disable", "spinwheel"));
    try {
      nextMinute();
      const config = (await (await fetch(`${s.url}/v1/sites/${shop.siteKey}/config`)).json()) as any;
      expect(config).toMatchObject({ popups: [], wheels: [], engage: null });
      const before = rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", shop.id);
      const refused = await lead({ source: "popup", ref: popupId });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as any).error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "popups" }] });
      const spin = await fetch(`${s.url}/v1/spins`, { method: "POST", headers, body: JSON.stringify({ v: 1, s: shop.siteKey, id: uuid(), vid: uuid(), wheel: wheelId, fields: { email: "ada@example.com" } }) });
      expect(spin.status).toBe(403);
      expect(((await spin.json()) as any).error.details).toEqual([{ message: "spinwheel" }]);
      expect(rows.count("SELECT count(*) AS n FROM leads WHERE site_id = ?", shop.id)).toBe(before);
      expect((await lead({ source: "newsletter", ref: "footer" })).status).toBe(201);
    } finally {
      must(s.admin("org", "feature", "--org", boot.orgId, "--enable", "popups"));
      must(s.admin("org", "feature", "--org", boot.orgId, "--enable", "spinwheel"));
    }
    s.clock.advance(30_000);
    const config = (await (await fetch(`${s.url}/v1/sites/${shop.siteKey}/config`)).json()) as any;
    expect([config.popups.length, config.wheels.length]).toEqual([1, 1]);
  });
});
