import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post, uuid } from "../helpers/hits.ts";
import { analyticsSite } from "../../lib/analytics/site-cache.ts";
import { overviewReport } from "../../lib/analytics/reports/overview.ts";
import { reportPeriod } from "../../lib/analytics/period.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { RetentionWorker } from "../../lib/lifecycle/retention-worker.ts";
import { retentionCutoff } from "../../lib/lifecycle/retention.ts";

/**
 * The daily purge (docs/data-lifecycle.md "Retention") on a known fixture, site in UTC:
 * - 20 old sessions in January 2026 (visitors V0…V9, two each, one a day from 01-05): each a
 *   pageview, a `signup_click` and a consent choice; V2's first also identifies as `u-2` and
 *   V1's first reports a cookie inventory (`_ga`);
 * - 3 kept sessions on 2026-11-02 (V0 again, V10, V11), a pageview each;
 * - 4 webhook deliveries: delivered and failed 40 days ago, pending 40 days ago, delivered 5 days ago.
 * Then the clock is 2026-11-27 12:00 UTC, retention 6 months (cut-off 2026-05-27 00:00 UTC) and
 * 30 days of bodies; the purge runs in batches of 5 rows while hits keep coming in.
 */

let s: TestStack;
let orgId: string;
let site: { id: string; siteKey: string };
const others: Platform[] = [];
const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-27T12:00:00Z");
const DAY = 86_400_000;
const vids = Array.from({ length: 12 }, () => uuid());

async function send(visitor: number, events: Record<string, unknown>[]) {
  s.clock.ms = Math.max(...events.map((e) => e.ts as number)) + 60_000;
  const res = await post(s.url, batch(site.siteKey, events, { vid: vids[visitor], tz: "UTC" }));
  if (res.status !== 202) throw new Error(`${res.status} ${await res.text()}`);
}

function tenant(): Database {
  return new Database(join(s.dataDir, `${orgId}.sqlite`));
}

function tableCounts() {
  const db = tenant();
  try {
    const n = (sql: string) => (db.query(sql).get() as { n: number }).n;
    return {
      events: n("SELECT count(*) AS n FROM event_rows"),
      sessions: n("SELECT count(*) AS n FROM session_rows"),
      visitors: n("SELECT count(*) AS n FROM visitor_rows"),
      identities: n("SELECT count(*) AS n FROM identity_rows"),
      consents: n("SELECT count(*) AS n FROM consent_rows"),
      inventorySamples: n("SELECT count(*) AS n FROM inventory_samples"),
    };
  } finally {
    db.close();
  }
}

async function overview(from: string, to: string) {
  const a = await analyticsSite(s.platform, orgId, site.id);
  return overviewReport(a, reportPeriod({ from, to }, "UTC", s.clock.ms));
}

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  site = must(s.admin("site", "create", "--org", orgId, "--name", "Retention", "--domain", "localhost", "--timezone", "UTC", "--currency", "EUR"));
  must(s.admin("domain", "verify", "--site", site.id, "--hostname", "localhost", "--force"));
  for (let i = 0; i < 20; i++) {
    const ts = at("2026-01-05T10:00:00Z") + i * DAY;
    const v = i % 10;
    const events = [ev("pageview", ts), ev("event", ts + 1_000, { n: "signup_click" }), ev("consent", ts + 2_000, { c: { analytics: true, marketing: false } })];
    if (i === 2) events.push(ev("identify", ts + 3_000, { uid: "u-2" }));
    if (i === 1) events.push(ev("inventory", ts + 3_000, { ck: ["_ga"] }));
    await send(v, events);
  }
  for (const [v, hour] of [[0, "09"], [10, "10"], [11, "11"]] as const) await send(v, [ev("pageview", at(`2026-11-02T${hour}:00:00Z`))]);
  const db = tenant();
  const delivery = db.prepare(
    "INSERT INTO deliveries (id, integration_id, lead_id, event, body, status, attempts, last_attempt_at, last_status, created_at, delivered_at) VALUES (?, 'int', 'lead', 'lead.created', ?, ?, 1, ?, ?, ?, ?)",
  );
  const attempt = db.prepare("INSERT INTO delivery_attempts (delivery_id, attempt, at, status, error, ms) VALUES (?, 1, ?, ?, ?, 12)");
  const old = NOW - 40 * DAY;
  const recent = NOW - 5 * DAY;
  for (const [id, status, when, answer] of [["d-old-delivered", "delivered", old, 200], ["d-old-failed", "failed", old, 500], ["d-old-pending", "pending", old, 503], ["d-recent", "delivered", recent, 200]] as const) {
    delivery.run(id, JSON.stringify({ email: `${id}@example.com` }), status, when, answer, when, status === "delivered" ? when : null);
    attempt.run(id, when, answer, answer >= 400 ? `HTTP ${answer}: {"error":"no such list for ${id}@example.com"}` : null);
  }
  db.close();
  // Every hit stored before the purge is looked at.
  for (let i = 0; i < 100 && tableCounts().sessions < 23; i++) await Bun.sleep(50);
  s.clock.ms = NOW;
}, 120_000);

afterAll(async () => {
  for (const p of others) closePlatform(p);
  await s.close();
});

describe("settings", () => {
  test("admin org retention prints the settings, changes those given (audited), and names a bad flag", () => {
    expect(must(s.admin("org", "retention", "--org", orgId))).toEqual({ orgId, eventsMonths: 25, deliveryDays: 30 });
    for (const [flag, value, message] of [
      ["--events-months", "0", "must be from 1 to 120"],
      ["--events-months", "121", "must be from 1 to 120"],
      ["--events-months", "six", "must be a whole number"],
      ["--delivery-days", "3651", "must be from 1 to 3650"],
      ["--delivery-days", "1.5", "must be a whole number"],
    ]) {
      const r = s.admin("org", "retention", "--org", orgId, flag, value);
      expect(r.code).toBe(2);
      expect(r.json.error.code).toBe("VALIDATION_FAILED");
      expect(r.json.error.details).toEqual([{ path: flag, message }]);
    }
    const unknown = s.admin("org", "retention", "--org", orgId, "--months", "6");
    expect(unknown.json.error.details).toEqual([{ path: "--months", message: "unknown flag" }]);
    const noOrg = s.admin("org", "retention", "--org", "0123456789abcdef01234567");
    expect(noOrg.json.error.details).toEqual([{ path: "--org", message: "not found" }]);
    // Nothing changed by the refused ones.
    expect(must(s.admin("org", "retention", "--org", orgId))).toEqual({ orgId, eventsMonths: 25, deliveryDays: 30 });

    expect(must(s.admin("org", "retention", "--org", orgId, "--events-months", "6"))).toEqual({ orgId, eventsMonths: 6, deliveryDays: 30 });
    const db = tenant();
    const audits = db.query("SELECT actor_type, label, meta FROM audit_log WHERE action = 'org.retention_changed'").all() as { actor_type: string; label: string; meta: string }[];
    db.close();
    expect(audits.length).toBe(1);
    expect(audits[0].actor_type).toBe("operator");
    expect(JSON.parse(audits[0].meta)).toEqual({ before: { eventsMonths: 25, deliveryDays: 30 }, after: { eventsMonths: 6, deliveryDays: 30 } });
  });
});

describe("the purge", () => {
  test("the cut-off is midnight N calendar months back in the site's timezone", () => {
    expect(new Date(retentionCutoff("UTC", NOW, 6)).toISOString()).toBe("2026-05-27T00:00:00.000Z");
    // New York on 2026-11-27 is UTC−5; 2026-05-27 there is EDT (UTC−4).
    expect(new Date(retentionCutoff("America/New_York", NOW, 6)).toISOString()).toBe("2026-05-27T04:00:00.000Z");
    // 31 March − 1 month: the last of February.
    expect(new Date(retentionCutoff("UTC", at("2026-03-31T08:00:00Z"), 1)).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  test("rows past the window go in batches (engine and reports follow), ingest keeps taking hits, bodies are emptied, one process purges", async () => {
    const before = tableCounts();
    expect(before).toEqual({ events: 65, sessions: 23, visitors: 12, identities: 1, consents: 20, inventorySamples: 1 });
    const keptBefore = await overview("2026-11-01", "2026-11-26");
    expect(keptBefore.current.sessions).toBe(3);
    expect((await overview("2026-01-01", "2026-01-31")).current.sessions).toBe(20);

    // Two processes' workers at once: the day's claim lets one purge.
    const elsewhere = openPlatform(s.platform.settings, { now: s.clock.now });
    others.push(elsewhere);
    const here = new RetentionWorker(s.platform, { batchRows: 5, pauseMs: 10 });
    const there = new RetentionWorker(elsewhere, { batchRows: 5, pauseMs: 10 });
    let purging = true;
    let accepted = 0;
    const hits = (async () => {
      const started = performance.now();
      while (purging) {
        const res = await post(s.url, batch(site.siteKey, [ev("pageview", s.clock.ms - 1_000)], { tz: "UTC" }));
        if (res.status === 202) accepted++;
      }
      return performance.now() - started;
    })();
    const [a, b] = await Promise.all([here.kick(), there.kick()]);
    purging = false;
    const ms = await hits;
    console.log(`ingest during the purge: ${accepted} hits accepted in ${Math.round(ms)} ms (${Math.round((accepted / ms) * 1000)}/s, one connection, one process)`);
    expect(accepted).toBeGreaterThan(0);
    expect(a.purged + b.purged).toBe(1);
    const counts = a.counts[orgId] ?? b.counts[orgId];

    // 20 old sessions × 3 events, + identify + inventory = 62 events; their 10 visitors less V0 (seen in November).
    expect({ ...counts, batches: undefined, recentEvents: undefined }).toEqual({
      batches: undefined, recentEvents: undefined,
      events: 62, sessions: 20, visitors: 9, identities: 1, consents: 20, inventorySamples: 1, deliveryBodies: 2, attemptAnswers: 1,
    });
    // Batches of at most 5 rows: 13 of events, the recent events', 4 of sessions, 2 of visitors, 4 of consents, 1 of samples, 1 of bodies.
    expect(counts.batches).toBe(13 + Math.ceil(counts.recentEvents / 5) + 4 + 2 + 4 + 1 + 1);
    const after = tableCounts();
    expect(after).toEqual({ events: 3 + accepted, sessions: 3 + accepted, visitors: 3 + accepted, identities: 0, consents: 0, inventorySamples: 0 });

    // Reports: the kept range as before (the hits during the purge are of 11-27), January empty: the loaded site followed the deletions.
    expect(await overview("2026-11-01", "2026-11-26")).toEqual(keptBefore);
    expect((await overview("2026-01-01", "2026-01-31")).current.sessions).toBe(0);

    const db = tenant();
    const deliveries = db.query("SELECT id, body, status FROM deliveries ORDER BY id").all();
    const attempts = db.query("SELECT delivery_id, status, error FROM delivery_attempts ORDER BY delivery_id").all();
    const audit = db.query("SELECT action, meta FROM audit_log WHERE action LIKE 'retention.%' ORDER BY at, action DESC").all() as { action: string; meta: string }[];
    db.close();
    expect(deliveries).toEqual([
      { id: "d-old-delivered", body: "", status: "delivered" },
      { id: "d-old-failed", body: "", status: "failed" },
      { id: "d-old-pending", body: JSON.stringify({ email: "d-old-pending@example.com" }), status: "pending" },
      { id: "d-recent", body: JSON.stringify({ email: "d-recent@example.com" }), status: "delivered" },
    ]);
    expect(attempts).toEqual([
      { delivery_id: "d-old-delivered", status: 200, error: null },
      { delivery_id: "d-old-failed", status: 500, error: "HTTP 500" },
      { delivery_id: "d-old-pending", status: 503, error: 'HTTP 503: {"error":"no such list for d-old-pending@example.com"}' },
      { delivery_id: "d-recent", status: 200, error: null },
    ]);
    expect(audit.map((r) => r.action)).toEqual(["retention.started", "retention.applied"]);
    expect(JSON.parse(audit[1].meta)).toMatchObject({ eventsMonths: 6, deliveryDays: 30, events: 62, sessions: 20, cutoffs: { [site.id]: "2026-05-27T00:00:00.000Z" }, stopped: false });

    // The same day again: claimed already.
    expect((await here.kick()).purged).toBe(0);

    // Ingest remembered V1's purged inventory sample as unchanged: its next sighting finds no row
    // and forgets it, and the one after writes it again.
    for (let i = 0; i < 2; i++) await send(1, [ev("inventory", NOW - 60_000 + i, { ck: ["_ga"] })]);
    for (let i = 0; i < 100 && tableCounts().inventorySamples === 0; i++) await Bun.sleep(50);
    expect(tableCounts().inventorySamples).toBe(1);
  }, 120_000);
});
