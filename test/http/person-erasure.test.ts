import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, IPHONE_UA, post, uuid } from "../helpers/hits.ts";

/**
 * A person's export and erasure (docs/data-lifecycle.md "A person"), on a hand-built site (UTC),
 * "now" = 2026-11-20 12:00 UTC, reports over 11-01 … 11-20:
 *
 * | visitor | person | sessions                                                         | linked by                          |
 * |---------|--------|------------------------------------------------------------------|------------------------------------|
 * | P3      | Pat    | 11-12 /blog                                                       | lead L4 with Pat's e-mail (upper): |
 * |         |        |                                                                   | found by that e-mail only          |
 * | P1      | Pat    | 11-15 /pricing, identify pat-7781, conversion buy 50              | user id pat-7781                   |
 * | P2 mob. | Pat    | 11-18 /contact, identify pat-7781; 11-19 /                        | user id; lead L1 Pat's e-mail      |
 * | O1      | Olga   | 11-16 /, identify olga-1; 11-19 /blog                             | lead L3 olga@example.net           |
 * | O2      | —      | 11-17 /docs                                                       |                                    |
 *
 * Pat also has lead L2 (a connector's, no visitor, same e-mail in other case), a delivered
 * webhook of L1 with one attempt, a popup exposure and a short-link session tie of P1, and a
 * spin of P2. From P1 the links run user id → P2 (and its lead L1); an e-mail links no visitor, so
 * P3 and L2 are Pat's only for an export or erasure by Pat's e-mail. Pat holds 3 of the 5
 * users, 4 of the 7 sessions and the only conversion.
 */
let s: TestStack;
let base: string;
let boot: NonNullable<TestStack["bootstrap"]>;
let maskedKey: string;
const NOW = Date.parse("2026-11-20T12:00:00Z");
const RANGE = "from=2026-11-01&to=2026-11-20";
const V = { P1: uuid(), P2: uuid(), P3: uuid(), O1: uuid(), O2: uuid() };
const S = { P1a: uuid(), P2a: uuid(), P2b: uuid(), P3a: uuid(), O1a: uuid(), O1b: uuid(), O2a: uuid() };
const PAT = { email: "Pat.Sample@Example.org", name: "Pat Sample", phone: "+44 20 7946 0001", company: "Sample & Daughters", userId: "pat-7781" };
const LEADS = { L1: "00000000000000000000a001", L2: "00000000000000000000a002", L3: "00000000000000000000b003", L4: "00000000000000000000a004" };
const at = (iso: string) => Date.parse(iso);
const page = (path: string, iso: string) => ev("pageview", at(iso), { u: `http://localhost${path}`, ti: path });
const hex = (id: string) => id.replaceAll("-", "").toLowerCase();
let pat: { visitors: number[]; sessions: number[] };

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  const send = async (vid: string, sid: string, events: Record<string, unknown>[], mobile = false) => {
    s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
    const res = await post(s.url, batch(boot.siteKey, events, { vid, sid }), mobile ? { "user-agent": IPHONE_UA } : {});
    expect(res.status).toBe(202);
  };
  await send(V.P3, S.P3a, [page("/blog", "2026-11-12T10:00:00Z")]);
  await send(V.P1, S.P1a, [page("/pricing", "2026-11-15T10:00:00Z"), ev("identify", at("2026-11-15T10:00:10Z"), { uid: PAT.userId }), ev("conversion", at("2026-11-15T10:01:00Z"), { n: "buy", val: 50 })]);
  await send(V.O1, S.O1a, [page("/", "2026-11-16T10:00:00Z"), ev("identify", at("2026-11-16T10:00:10Z"), { uid: "olga-1" })]);
  await send(V.O2, S.O2a, [page("/docs", "2026-11-17T10:00:00Z")]);
  await send(V.P2, S.P2a, [page("/contact", "2026-11-18T09:00:00Z"), ev("identify", at("2026-11-18T09:00:10Z"), { uid: PAT.userId })], true);
  await send(V.P2, S.P2b, [page("/", "2026-11-19T09:00:00Z")], true);
  await send(V.O1, S.O1b, [page("/blog", "2026-11-19T10:00:00Z")]);
  s.clock.ms = NOW;

  // Leads, a delivery, a popup exposure, a spin and a short-link tie as their own writers store
  // them (their tests cover how they arrive): here they only have to be found and erased.
  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`));
  const seq = (table: string, id: string) => (db.query(`SELECT seq FROM ${table} WHERE uid = ?`).get(Buffer.from(hex(id), "hex")) as { seq: number }).seq;
  const lead = db.query(`INSERT INTO leads (id, site_id, created_at, source, source_name, name, email, phone, company, message, visitor, path, country, channel)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'GB', 'direct')`);
  lead.run(LEADS.L1, boot.siteId, at("2026-11-18T09:05:00Z"), "form", "Contact form", PAT.name, PAT.email, PAT.phone, PAT.company, "Call me about pricing", seq("visitor_rows", V.P2), "/contact");
  lead.run(LEADS.L2, boot.siteId, at("2026-11-19T08:00:00Z"), "connector", "Typeform abc", PAT.name, PAT.email.toLowerCase(), null, null, null, null, null);
  lead.run(LEADS.L4, boot.siteId, at("2026-11-12T10:02:00Z"), "popup", "Welcome", null, PAT.email.toUpperCase(), null, null, null, seq("visitor_rows", V.P3), "/blog");
  lead.run(LEADS.L3, boot.siteId, at("2026-11-19T10:05:00Z"), "newsletter", "Footer", "Olga Other", "olga@example.net", null, null, null, seq("visitor_rows", V.O1), "/blog");
  db.run(`INSERT INTO deliveries (id, integration_id, lead_id, event, body, status, attempts, created_at, delivered_at) VALUES ('d0000000000000000000pat1', 'i0000000000000000000hook', ?, 'lead.created', ?, 'delivered', 1, ?, ?)`, [
    LEADS.L1, JSON.stringify({ event: "lead.created", lead: { id: LEADS.L1, email: PAT.email, name: PAT.name, phone: PAT.phone } }), at("2026-11-18T09:05:00Z"), at("2026-11-18T09:05:01Z"),
  ]);
  db.run("INSERT INTO delivery_attempts (delivery_id, attempt, at, status, ms) VALUES ('d0000000000000000000pat1', 1, ?, 200, 120)", [at("2026-11-18T09:05:01Z")]);
  db.run("INSERT INTO popups (id, site_id, name, status, definition, created_at, updated_at) VALUES ('p00000000000000000000001', ?, 'Welcome', 'paused', '{}', 0, 0)", [boot.siteId]);
  db.run("INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views) VALUES ('p00000000000000000000001', ?, 'a', ?, 2)", [seq("visitor_rows", V.P1), at("2026-11-15T10:00:30Z")]);
  db.run("INSERT INTO spin_wheels (id, site_id, name, status, definition, created_at, updated_at) VALUES ('w00000000000000000000001', ?, 'Wheel', 'paused', '{}', 0, 0)", [boot.siteId]);
  db.run("INSERT INTO spins (id, wheel_id, client_id, created_at, visitor_uid, email, slice, code, lead_id) VALUES ('s00000000000000000000001', 'w00000000000000000000001', 'c1', ?, ?, ?, 2, 'SAVE10', ?)", [
    at("2026-11-18T09:04:00Z"), hex(V.P2), PAT.email.toLowerCase(), LEADS.L1,
  ]);
  db.run("INSERT INTO short_link_sessions (click_id, site_id, link_id, session_seq, visitor_seq, at) VALUES ('k00000000000000000000001', ?, 'l00000000000000000000001', ?, ?, ?)", [
    boot.siteId, seq("session_rows", S.P1a), seq("visitor_rows", V.P1), at("2026-11-15T10:00:00Z"),
  ]);
  pat = { visitors: [V.P1, V.P2, V.P3].map((id) => seq("visitor_rows", id)), sessions: [S.P1a, S.P2a, S.P2b, S.P3a].map((id) => seq("session_rows", id)) };
  db.close();

  const owner = (new Database(join(s.dataDir, "control.sqlite"), { readonly: true }).query("SELECT user_id FROM memberships WHERE org_id = ?").get(boot.orgId) as { user_id: string }).user_id;
  maskedKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", owner, "--perms", "analytics.read,leads.read")).key;
});

afterAll(() => s.close());

const get = async (path: string, key = boot.key) => {
  const res = await s.api(`${base}${path}`, key);
  return { status: res.status, body: (await res.json()) as any };
};

/** Every table and column of the store holding any of the values (checked table by table), as "table.column". */
function holdersOf(needles: { texts: string[]; blobs: Buffer[]; visitorSeqs: number[]; sessionSeqs: number[] }): string[] {
  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const found: string[] = [];
  const tables = (db.query("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
  expect(tables).toContain("event_rows");
  for (const table of tables) {
    for (const { name } of db.query(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]) {
      const col = `"${name}"`;
      const hit = (where: string, args: (string | number | Buffer)[]) => (db.query(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`).get(...args) as { n: number }).n > 0;
      const holds =
        needles.texts.some((t) => hit(`instr(lower(CAST(${col} AS TEXT)), ?) > 0`, [t.toLowerCase()])) ||
        needles.blobs.some((b) => hit(`${col} = ?`, [b])) ||
        // Seqs only where the column refers to a visitor or a session (other integers are counts and times).
        (/^(visitor|visitor_seq)$/.test(name) || (table === "visitor_rows" && name === "seq") ? needles.visitorSeqs.some((v) => hit(`${col} = ?`, [v])) : false) ||
        (/^(session|session_seq)$/.test(name) || (table === "session_rows" && name === "seq") ? needles.sessionSeqs.some((v) => hit(`${col} = ?`, [v])) : false);
      if (holds) found.push(`${table}.${name}`);
    }
  }
  db.close();
  return found;
}

/** Rows per table of the store (the audit log included: a refused call writes none). */
function rowCounts(): Record<string, number> {
  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const tables = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
  const counts = Object.fromEntries(tables.map((t) => [t, (db.query(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]));
  db.close();
  return counts;
}

const patNeedles = () => ({
  texts: [PAT.email, PAT.name, PAT.phone, PAT.company, PAT.userId, ...[S.P1a, S.P2a, S.P2b, S.P3a, V.P1, V.P2, V.P3].flatMap((id) => [id, hex(id)]), LEADS.L1, LEADS.L2, LEADS.L4],
  blobs: [V.P1, V.P2, V.P3, S.P1a, S.P2a, S.P2b, S.P3a].map((id) => Buffer.from(hex(id), "hex")),
  visitorSeqs: pat.visitors,
  sessionSeqs: pat.sessions,
});

describe("contact search needs analytics.pii.read", () => {
  test("without it, q matches visitor-id prefixes only: an existing e-mail or name finds nobody", async () => {
    for (const q of ["olga@example.net", "olga", "Pat Sample", "example.org"]) {
      expect((await get(`/visitors?${RANGE}&q=${encodeURIComponent(q)}`, maskedKey)).body.total).toBe(0);
      expect((await get(`/leads?${RANGE}&q=${encodeURIComponent(q)}`, maskedKey)).body.total).toBe(0);
    }
    const byPrefix = (await get(`/visitors?${RANGE}&q=${V.O1.slice(0, 8)}`, maskedKey)).body;
    expect(byPrefix.total).toBe(1);
    expect(byPrefix.items[0]).toMatchObject({ visitorId: V.O1, email: "o***" });
    const leadsByPrefix = (await get(`/leads?${RANGE}&q=${V.O1.slice(0, 8)}`, maskedKey)).body;
    expect(leadsByPrefix.items.map((l: any) => l.id)).toEqual([LEADS.L3]);
  });

  test("with it, q matches names and e-mails as before", async () => {
    const olga = (await get(`/visitors?${RANGE}&q=OLGA@example.net`)).body;
    expect(olga.items.map((i: any) => i.visitorId)).toEqual([V.O1]);
    expect((await get(`/leads?${RANGE}&q=pat.sample`)).body.items.map((l: any) => l.id)).toEqual([LEADS.L2, LEADS.L1, LEADS.L4]);
    expect((await get(`/leads?${RANGE}&q=${V.P2.slice(0, 8)}`)).body.items.map((l: any) => l.id)).toEqual([LEADS.L1]);
  });
});

describe("person export and erase (admin CLI)", () => {
  test("bad flags answer the envelope naming the flag, and change nothing", () => {
    const before = rowCounts();
    const cases: [string[], string][] = [
      [["--site", boot.siteId], "--visitor"],
      [["--site", boot.siteId, "--visitor", V.P1, "--email", PAT.email], "--email"],
      [["--site", boot.siteId, "--visitor", "not-a-uuid"], "--visitor"],
      [["--site", boot.siteId, "--email", "no-at-sign"], "--email"],
      [["--site", "000000000000000000000000", "--visitor", V.P1], "--site"],
      [["--site", boot.siteId, "--colour", "red"], "--colour"],
    ];
    for (const [args, path] of cases) {
      const r = s.admin("person", "erase", ...args);
      expect(r.code).toBe(2);
      expect(r.json.error.code).toMatch(/VALIDATION_FAILED|NOT_FOUND/);
      expect(r.json.error.details[0].path).toBe(path);
    }
    for (const [flag, value] of [["--email", "nobody@example.com"], ["--user-id", "olga-2"], ["--visitor", uuid()]]) {
      const unknown = s.admin("person", "erase", "--site", boot.siteId, flag, value);
      expect(unknown.code).toBe(2);
      expect(unknown.json.error).toMatchObject({ code: "NOT_FOUND", details: [{ path: flag, message: "no visitor or lead of this site matches it" }] });
    }
    expect(rowCounts()).toEqual(before);
  });

  test("export lists everything held about the person, found from any of their ids", async () => {
    const byUser = must(s.admin("person", "export", "--site", boot.siteId, "--user-id", PAT.userId));
    const byMail = must(s.admin("person", "export", "--site", boot.siteId, "--email", PAT.email.toUpperCase()));
    const byVisitor = must(s.admin("person", "export", "--site", boot.siteId, "--visitor", V.P2));
    // The user id and P2 find the same person: P1 and P2, linked by identify(), and P2's lead L1.
    expect({ ...byVisitor, exportedAt: null }).toEqual({ ...byUser, exportedAt: null });
    expect(byUser.person).toEqual({ visitorIds: [V.P1, V.P2], userIds: [PAT.userId], emails: [PAT.email.toLowerCase()] });
    expect(byUser.counts).toEqual({
      events: 6, recentEvents: 3, consentRecords: 0, identityLinks: 2, shortLinkSessions: 1, popupExposures: 1,
      deliveryAttempts: 1, deliveries: 1, spins: 1, leads: 1, sessions: 3, visitors: 2,
    });
    expect(byUser.rows.leads.map((l: any) => l.id)).toEqual([LEADS.L1]);
    // The e-mail the operator names also takes every lead carrying it, and the visitors who left them (P3 by L4).
    const x = byMail;
    expect(x.person).toEqual({ visitorIds: [V.P3, V.P1, V.P2], userIds: [PAT.userId], emails: [PAT.email.toLowerCase()] });
    // 7 events: P3 pageview; P1 pageview, identify, conversion; P2 pageview, identify; pageview. The dedup window
    // (recent_events, 73 hours before the last ingest at 11-19 10:01) still holds P2's 3.
    expect(x.counts).toEqual({
      events: 7, recentEvents: 3, consentRecords: 0, identityLinks: 2, shortLinkSessions: 1, popupExposures: 1,
      deliveryAttempts: 1, deliveries: 1, spins: 1, leads: 3, sessions: 4, visitors: 3,
    });
    expect(x.rows.events.map((e: any) => [e.sessionId, e.type, e.type === "pageview" ? e.path : e.name])).toEqual([
      [S.P3a, "pageview", "/blog"], [S.P1a, "pageview", "/pricing"], [S.P1a, "identify", PAT.userId], [S.P1a, "conversion", "buy"],
      [S.P2a, "pageview", "/contact"], [S.P2a, "identify", PAT.userId], [S.P2b, "pageview", "/"],
    ]);
    expect(x.rows.events[3]).toMatchObject({ ts: "2026-11-15T10:01:00.000Z", value: 50 });
    expect(x.rows.sessions.map((r: any) => [r.sessionId, r.visitorId, r.pageviews, r.device])).toEqual([
      [S.P3a, V.P3, 1, "desktop"], [S.P1a, V.P1, 1, "desktop"], [S.P2a, V.P2, 1, "mobile"], [S.P2b, V.P2, 1, "mobile"],
    ]);
    expect(x.rows.visitors.map((r: any) => [r.visitorId, r.sessions, r.userId])).toEqual([[V.P3, 1, null], [V.P1, 1, PAT.userId], [V.P2, 2, PAT.userId]]);
    expect(x.rows.leads.map((l: any) => [l.id, l.email, l.phone, l.visitorId])).toEqual([[LEADS.L4, PAT.email.toUpperCase(), null, V.P3], [LEADS.L1, PAT.email, PAT.phone, V.P2], [LEADS.L2, PAT.email.toLowerCase(), null, null]]);
    expect(x.rows.deliveries[0].body).toContain(PAT.phone);
    expect(x.rows.spins[0]).toMatchObject({ visitorUid: V.P2, code: "SAVE10", leadId: LEADS.L1 });
    expect(x.rows.popupExposures[0]).toMatchObject({ visitorId: V.P1, views: 2 });
    expect(x.rows.shortLinkSessions[0]).toMatchObject({ sessionId: S.P1a, visitorId: V.P1 });

    const file = join(s.dataDir, "pat.json");
    expect(must(s.admin("person", "export", "--site", boot.siteId, "--visitor", V.P1, "--out", file))).toEqual({ file, visitors: 2, counts: byUser.counts });
    expect(JSON.parse(readFileSync(file, "utf8")).counts).toEqual(byUser.counts);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = s.admin("person", "export", "--site", boot.siteId, "--visitor", V.P1, "--out", file);
    expect(again.json.error.details[0]).toEqual({ path: "--out", message: "already exists (an export is never written over a file)" });
  });

  test("erase deletes every row of theirs in every table; reports drop by exactly their share; Olga is intact", async () => {
    const before = (await get(`/analytics/overview?${RANGE}`)).body.current;
    expect(before).toMatchObject({ users: 5, sessions: 7, pageviews: 7, conversions: 1, revenue: 50 });
    expect((await get(`/visitors?${RANGE}`)).body.total).toBe(5);
    expect(holdersOf(patNeedles()).length).toBeGreaterThan(5);
    const olgaBefore = must(s.admin("person", "export", "--site", boot.siteId, "--email", "olga@example.net"));

    const erased = must(s.admin("person", "erase", "--site", boot.siteId, "--email", PAT.email));
    expect(erased).toEqual({
      visitors: 3,
      userIdsErased: 1,
      counts: { events: 7, recentEvents: 3, consentRecords: 0, identityLinks: 2, shortLinkSessions: 1, popupExposures: 1, deliveryAttempts: 1, deliveries: 1, spins: 1, leads: 3, sessions: 4, visitors: 3 },
    });
    expect(holdersOf(patNeedles())).toEqual([]);

    const after = (await get(`/analytics/overview?${RANGE}`)).body.current;
    expect(after).toMatchObject({ users: 2, sessions: 3, pageviews: 3, conversions: 0, revenue: 0 });
    const list = (await get(`/visitors?${RANGE}`)).body;
    expect(list.total).toBe(2);
    expect(new Set(list.items.map((i: any) => i.visitorId))).toEqual(new Set([V.O1, V.O2]));
    expect((await get(`/leads?${RANGE}`)).body.items.map((l: any) => l.id)).toEqual([LEADS.L3]);
    expect((await get(`/visitors/${V.P1}`)).status).toBe(404);
    const olgaAfter = must(s.admin("person", "export", "--site", boot.siteId, "--email", "olga@example.net"));
    expect({ ...olgaAfter, exportedAt: null }).toEqual({ ...olgaBefore, exportedAt: null });

    const gone = s.admin("person", "export", "--site", boot.siteId, "--visitor", V.P1);
    expect(gone.json.error.code).toBe("NOT_FOUND");
  });

  test("both are audited with counts and the kind of selector, never the contact details or ids", () => {
    const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
    const rows = db.query("SELECT action, label, meta, actor_type FROM audit_log WHERE action LIKE 'person.%' ORDER BY at, rowid").all() as { action: string; label: string; meta: string; actor_type: string }[];
    db.close();
    expect(rows.map((r) => r.action)).toEqual(["person.exported", "person.exported", "person.exported", "person.exported", "person.exported", "person.erased", "person.exported"]);
    const erased = rows.find((r) => r.action === "person.erased")!;
    expect(erased.actor_type).toBe("operator");
    expect(erased.label).toBe("A person's data erased (3 visitor ids, 7 events, 3 recentEvents, 2 identityLinks, 1 shortLinkSessions, 1 popupExposures, 1 deliveryAttempts, 1 deliveries, 1 spins, 3 leads, 4 sessions)");
    expect(JSON.parse(erased.meta)).toMatchObject({ siteId: boot.siteId, by: "email", visitors: 3, counts: { events: 7, leads: 3 } });
    // The generic scan above already covered audit_log; said once more here for the reader.
    for (const r of rows) for (const secret of [PAT.email.toLowerCase(), PAT.userId, hex(V.P1), V.P1]) expect(`${r.label}${r.meta}`.toLowerCase()).not.toContain(secret);
  });
});

test("a browser of the erased person still sending hits comes back as a new visitor: ingest forgets the session and user id it remembered", async () => {
  // The same visitor and session ids as P2's last session, which the running ingest writer remembers.
  s.clock.ms = NOW + 60_000;
  const res = await post(s.url, batch(boot.siteKey, [page("/pricing", "2026-11-20T12:00:30Z"), ev("identify", at("2026-11-20T12:00:40Z"), { uid: PAT.userId })], { vid: V.P2, sid: S.P2b }));
  expect(res.status).toBe(202);
  const db = new Database(join(s.dataDir, `${boot.orgId}.sqlite`), { readonly: true });
  const orphans = db.query("SELECT count(*) AS n FROM event_rows e WHERE NOT EXISTS (SELECT 1 FROM session_rows s WHERE s.seq = e.session)").get() as { n: number };
  const sessions = db.query("SELECT count(*) AS n FROM session_rows s JOIN visitor_rows v ON v.seq = s.visitor WHERE v.uid = ?").get(Buffer.from(hex(V.P2), "hex")) as { n: number };
  db.close();
  expect(orphans.n).toBe(0);
  expect(sessions.n).toBe(1);
  const profile = (await get(`/visitors/${V.P2}`)).body;
  expect(profile).toMatchObject({ visitorIds: [V.P2], userId: PAT.userId, totals: { sessions: 1, pageviews: 1, conversions: 0 } });
  expect((await get(`/analytics/overview?from=2026-11-01&to=2026-11-20`)).body.current).toMatchObject({ users: 3, sessions: 4 });
});
