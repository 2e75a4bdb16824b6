import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import controlJournal from "../../lib/db/migrations/control/meta/_journal.json";
import tenantJournal from "../../lib/db/migrations/tenant/meta/_journal.json";
import { controlMigrations, migrateSqlite, tenantMigrations } from "../../lib/db/migrate.ts";

// drizzle's migrator silently skips an entry whose `when` is not above the last applied one.
test.each([
  ["control", controlJournal],
  ["tenant", tenantJournal],
])("%s journal: `when` strictly increases", (_name, journal) => {
  const whens = journal.entries.map((e) => e.when);
  for (let i = 1; i < whens.length; i++) expect(whens[i]).toBeGreaterThan(whens[i - 1]);
});

test("every journal entry is embedded and applies once, idempotently", () => {
  for (const migrations of [controlMigrations, tenantMigrations]) {
    const db = new Database(":memory:");
    migrateSqlite(db, migrations);
    migrateSqlite(db, migrations);
    const rows = db.query<{ n: number }, []>("select count(*) as n from __drizzle_migrations").get()!;
    expect(rows.n).toBe(migrations.length);
    db.close();
  }
});

test("text rows from before the compact layout move into it unchanged", () => {
  const db = new Database(":memory:");
  migrateSqlite(db, tenantMigrations.slice(0, 2));
  const vid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
  const sid = "0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa";
  db.run(`INSERT INTO visitors (site_id, id, first_seen_at, last_seen_at, sessions, pageviews, conversions, revenue, first_channel, first_source, first_campaign,
    last_channel, last_source, last_campaign, last_touch_at, country, device, user_id, consented)
    VALUES ('s1', ?, 1000, 2000, 1, 2, 1, 9.5, 'email', 'news', 'may', 'email', 'news', 'may', 1000, 'DE', 'desktop', 'u-1', 1)`, [vid]);
  db.run(`INSERT INTO sessions (id, site_id, visitor_id, started_at, last_at, day, landing_path, landing_at, exit_path, exit_at, pageviews, events, engaged_ms,
    conversions, revenue, engaged, source, medium, campaign, channel, referrer_host, browser, os, device, country, region, city, language, screen, is_new,
    consent_analytics, consent_marketing)
    VALUES (?, 's1', ?, 1000, 2000, '2026-03-29', '/', 1000, '/buy', 2000, 2, 3, 12000, 1, 9.5, 1, 'news', 'email', 'may', 'email', NULL,
    'Chrome', 'Windows', 'desktop', 'DE', 'BE', 'Berlin', 'de-DE', '1920x1080', 1, 1, 1)`, [sid, vid]);
  db.run(`INSERT INTO events (id, id_hash, site_id, session_id, visitor_id, ts, type, name, path, title, value, currency, order_id, href, props)
    VALUES ('e1', 42, 's1', ?, ?, 1000, 'pageview', NULL, '/', 'Home', NULL, NULL, NULL, NULL, NULL),
           ('e2', 43, 's1', ?, ?, 2000, 'conversion', 'buy', '/buy', NULL, 9.5, 'EUR', 'O-1', NULL, NULL)`, [sid, vid, sid, vid]);
  const before = {
    visitors: db.query("SELECT * FROM visitors").all() as unknown[],
    sessions: db.query("SELECT * FROM sessions").all() as unknown[],
    events: db.query("SELECT site_id, session_id, visitor_id, ts, type, name, path, title, value, currency, order_id, href, props FROM events").all(),
  };
  migrateSqlite(db, tenantMigrations.slice(0, 5));
  const strip = (rows: unknown[]): unknown[] => rows.map((r) => Object.fromEntries(Object.entries(r as object).filter(([k]) => k !== "seq")));
  expect(strip(db.query("SELECT * FROM visitors").all())).toEqual(before.visitors);
  expect(strip(db.query("SELECT * FROM sessions").all())).toEqual(before.sessions);
  expect(db.query("SELECT site_id, session_id, visitor_id, ts, type, name, path, title, value, currency, order_id, href, props FROM events").all()).toEqual(before.events);
  db.close();
});

test("slim rows: visitors keep what sessions cannot tell; consent log and identify links move to numbered rows", () => {
  const db = new Database(":memory:");
  migrateSqlite(db, tenantMigrations.slice(0, 5));
  const vid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
  const sid = "0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa";
  db.run("INSERT INTO strings (id, value) VALUES (1, 's1'), (2, 'email'), (3, '/')");
  db.run(`INSERT INTO visitor_rows (seq, site, uid, first_seen_at, last_seen_at, sessions, pageviews, conversions, revenue, first_channel, last_channel, last_touch_at, user_id, consented)
    VALUES (7, 1, unhex(replace(?, '-', '')), 1000, 2000, 2, 3, 0, 0, 2, 2, 1000, 'u-1', 1)`, [vid]);
  db.run(`INSERT INTO session_rows (seq, site, uid, visitor, started_at, last_at, day, pageviews, events, engaged_ms, conversions, revenue, engaged, channel, is_new, consent_analytics, consent_marketing)
    VALUES (9, 1, unhex(replace(?, '-', '')), 7, 1000, 2000, 20000, 2, 2, 0, 0, 0, 1, 2, 1, 1, 0)`, [sid]);
  db.run("INSERT INTO consent_log (id, site_id, visitor_id, session_id, at, analytics, marketing, path) VALUES ('c1', 's1', ?, ?, 1500, 1, 0, '/')", [vid, sid]);
  db.run("INSERT INTO identities (site_id, user_id, visitor_id, first_at) VALUES ('s1', 'u-1', ?, 1600)", [vid]);
  migrateSqlite(db, tenantMigrations);
  expect(db.query("SELECT * FROM visitors").all()).toEqual([{ seq: 7, site_id: "s1", id: vid, first_seen_at: 1000, last_seen_at: 2000, sessions: 2, user_id: "u-1", consented: 1 }]);
  expect(db.query("SELECT site_id, visitor_id, session_id, at, analytics, marketing, path FROM consent_log").all()).toEqual([
    { site_id: "s1", visitor_id: vid, session_id: sid, at: 1500, analytics: 1, marketing: 0, path: "/" },
  ]);
  expect(db.query("SELECT * FROM identities").all()).toEqual([{ site_id: "s1", user_id: "u-1", visitor_id: vid, first_at: 1600 }]);
  expect(db.query("SELECT id, visitor_id, channel FROM sessions").all()).toEqual([{ id: sid, visitor_id: vid, channel: "email" }]);
  db.close();
});
