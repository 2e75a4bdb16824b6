import type { Op, Program, RunResult } from "../db/statements.ts";
import { dayIn } from "../time.ts";
import { newId } from "../ids.ts";

/** What ingest decided about a session from the batch that carried it. */
export interface SessionAttrs {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  channel: string;
  referrerHost: string | null;
  browser: string;
  os: string;
  device: string;
  country: string | null;
  region: string | null;
  city: string | null;
  language: string | null;
  screen: string | null;
}

export interface StoredEvent {
  id: string;
  ts: number;
  type: string;
  name: string | null;
  path: string | null;
  title: string | null;
  value: number | null;
  currency: string | null;
  orderId: string | null;
  href: string | null;
  props: string | null;
  /** identify */
  userId?: string;
  /** consent */
  consent?: { analytics: boolean; marketing: boolean };
  /** inventory */
  inventory?: { kind: "cookie" | "storage" | "host"; name: string }[];
}

/** One accepted request: events of one visitor's session. */
export interface Hit {
  siteId: string;
  timezone: string;
  currency: string;
  visitorId: string;
  sessionId: string;
  consent: { analytics: boolean; marketing: boolean };
  attrs: SessionAttrs;
  events: StoredEvent[];
  receivedAt: number;
}

/**
 * Hits cross to the write thread as one JSON string with events as arrays: far less to
 * serialise than objects with repeated keys.
 */
export function packHits(hits: Hit[]): string {
  return JSON.stringify(
    hits.map((h) => [
      h.siteId, h.timezone, h.currency, h.visitorId, h.sessionId, h.consent.analytics, h.consent.marketing, h.attrs, h.receivedAt,
      h.events.map((e) => [e.id, e.ts, e.type, e.name, e.path, e.title, e.value, e.currency, e.orderId, e.href, e.props, e.userId ?? null, e.consent ?? null, e.inventory ?? null]),
    ]),
  );
}

export function unpackHits(packed: string): Hit[] {
  return (JSON.parse(packed) as unknown[][]).map((h) => ({
    siteId: h[0] as string,
    timezone: h[1] as string,
    currency: h[2] as string,
    visitorId: h[3] as string,
    sessionId: h[4] as string,
    consent: { analytics: h[5] as boolean, marketing: h[6] as boolean },
    attrs: h[7] as SessionAttrs,
    receivedAt: h[8] as number,
    events: (h[9] as unknown[][]).map((e) => ({
      id: e[0] as string, ts: e[1] as number, type: e[2] as string, name: e[3] as string | null, path: e[4] as string | null, title: e[5] as string | null,
      value: e[6] as number | null, currency: e[7] as string | null, orderId: e[8] as string | null, href: e[9] as string | null, props: e[10] as string | null,
      ...(e[11] !== null ? { userId: e[11] as string } : {}),
      ...(e[12] !== null ? { consent: e[12] as StoredEvent["consent"] } : {}),
      ...(e[13] !== null ? { inventory: e[13] as StoredEvent["inventory"] } : {}),
    })),
  }));
}

export interface HitResult {
  accepted: number;
  duplicates: number;
}

const ENGAGED_MS = 10_000;
type Arg = string | number | bigint | null;
const run = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "run" });
const get = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "get" });
const all = (sql: string, args: Arg[]): Op => ({ sql, args, mode: "all" });

const EVENT_COLUMNS = "(id, id_hash, site_id, session_id, visitor_id, ts, type, name, path, title, value, currency, order_id, href, props)";
const EVENT_ROW = "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

/** The dedup key of an event id: its 64-bit hash, as SQLite's signed integer. */
export const eventIdHash = (id: string): bigint => BigInt.asIntN(64, BigInt(Bun.hash(id)));
/** Multi-row insert texts by row count (each a cached prepared statement). */
const insertEventsSql = (n: number) => `INSERT OR IGNORE INTO events ${EVENT_COLUMNS} VALUES ${Array(n).fill(EVENT_ROW).join(",")}`;

const UPSERT_SESSION = `INSERT INTO sessions (id, site_id, visitor_id, started_at, last_at, day, landing_path, landing_at, exit_path, exit_at,
    pageviews, events, engaged_ms, conversions, revenue, engaged, channel, source, medium, campaign, referrer_host,
    browser, os, device, country, region, city, language, screen, is_new, consent_analytics, consent_marketing)
  VALUES (?,?,?,?,?,?,?,?,?,?, ?,?,?,?,?,?,?,?,?,?,?, ?,?,?,?,?,?,?,?, (SELECT count(*) = 0 FROM visitors WHERE site_id = ? AND id = ?), ?,?)
  ON CONFLICT (id) DO UPDATE SET
    last_at = max(last_at, excluded.last_at),
    landing_path = CASE WHEN excluded.landing_at IS NOT NULL AND (landing_at IS NULL OR excluded.landing_at < landing_at) THEN excluded.landing_path ELSE landing_path END,
    landing_at = CASE WHEN excluded.landing_at IS NOT NULL AND (landing_at IS NULL OR excluded.landing_at < landing_at) THEN excluded.landing_at ELSE landing_at END,
    exit_path = CASE WHEN excluded.exit_at IS NOT NULL AND (exit_at IS NULL OR excluded.exit_at >= exit_at) THEN excluded.exit_path ELSE exit_path END,
    exit_at = CASE WHEN excluded.exit_at IS NOT NULL AND (exit_at IS NULL OR excluded.exit_at >= exit_at) THEN excluded.exit_at ELSE exit_at END,
    pageviews = pageviews + excluded.pageviews, events = events + excluded.events, engaged_ms = engaged_ms + excluded.engaged_ms,
    conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue,
    engaged = CASE WHEN engaged_ms + excluded.engaged_ms >= ${ENGAGED_MS} OR pageviews + excluded.pageviews >= 2 OR conversions + excluded.conversions >= 1 THEN 1 ELSE 0 END,
    consent_analytics = max(consent_analytics, excluded.consent_analytics), consent_marketing = max(consent_marketing, excluded.consent_marketing)
  RETURNING events, started_at`;

/**
 * A late event from before the session's first one moves its start (and maybe its day). Kept
 * out of the upsert above: assigning indexed columns there would rewrite two indexes on every hit.
 */
const MOVE_SESSION_START = "UPDATE sessions SET started_at = ?, day = ? WHERE id = ? AND started_at > ?";

/** last_touch_at carries the session's start: it decides first and last touch. */
const UPSERT_VISITOR = `INSERT INTO visitors (site_id, id, first_seen_at, last_seen_at, sessions, pageviews, conversions, revenue,
    first_channel, first_source, first_campaign, last_channel, last_source, last_campaign, last_touch_at, country, device, consented)
  VALUES (?,?,?,?,?,?,?,?, ?,?,?,?,?,?,?,?,?,?)
  ON CONFLICT (site_id, id) DO UPDATE SET
    first_channel = CASE WHEN excluded.last_touch_at < first_seen_at THEN excluded.first_channel ELSE first_channel END,
    first_source = CASE WHEN excluded.last_touch_at < first_seen_at THEN excluded.first_source ELSE first_source END,
    first_campaign = CASE WHEN excluded.last_touch_at < first_seen_at THEN excluded.first_campaign ELSE first_campaign END,
    last_channel = CASE WHEN excluded.last_touch_at >= last_touch_at THEN excluded.last_channel ELSE last_channel END,
    last_source = CASE WHEN excluded.last_touch_at >= last_touch_at THEN excluded.last_source ELSE last_source END,
    last_campaign = CASE WHEN excluded.last_touch_at >= last_touch_at THEN excluded.last_campaign ELSE last_campaign END,
    last_touch_at = max(last_touch_at, excluded.last_touch_at),
    first_seen_at = min(first_seen_at, excluded.first_seen_at), last_seen_at = max(last_seen_at, excluded.last_seen_at),
    sessions = sessions + excluded.sessions, pageviews = pageviews + excluded.pageviews,
    conversions = conversions + excluded.conversions, revenue = revenue + excluded.revenue,
    country = coalesce(excluded.country, country), device = excluded.device, consented = max(consented, excluded.consented)`;

/**
 * Applies hits to the store: events deduplicated by id, conversions by orderId per site,
 * sessions and visitors kept up to date (late and out-of-order events included), the site's
 * hit counters. Runs inside one transaction (group commit); a few statements per hit.
 */
export function* applyHits(hits: Hit[]): Program<HitResult[]> {
  const results: HitResult[] = [];
  const minuteHits = new Map<string, number>();
  const siteSpan = new Map<string, { first: number; last: number }>();
  /** Order ids taken in this transaction (two in one batch would both pass the lookup). */
  const ordersTaken = new Set<string>();
  for (const hit of hits) {
    const result: HitResult = { accepted: 0, duplicates: 0 };
    results.push(result);
    const candidates: StoredEvent[] = [];
    const ids = new Set<string>();
    for (const e of hit.events) {
      // The same id twice in one batch is one event.
      if (ids.has(e.id)) {
        result.duplicates++;
        continue;
      }
      ids.add(e.id);
      if (e.type === "conversion" && e.orderId) {
        const key = `${hit.siteId}|${e.orderId}`;
        const seen = ordersTaken.has(key) || (yield get("SELECT 1 AS x FROM conversion_orders WHERE site_id = ? AND order_id = ?", hit.siteId, e.orderId));
        if (seen) {
          result.duplicates++;
          continue;
        }
        ordersTaken.add(key);
      }
      candidates.push(e);
    }
    if (candidates.length === 0) continue;
    const args: Arg[] = [];
    for (const e of candidates) {
      args.push(e.id, eventIdHash(e.id), hit.siteId, hit.sessionId, hit.visitorId, e.ts, e.type, e.name, e.path, e.title, e.value, e.currency, e.orderId, e.href, e.props);
    }
    let fresh = candidates;
    const ran = (yield run(insertEventsSql(candidates.length), ...args)) as RunResult;
    if (ran.changes < candidates.length) {
      // Some were stored before. The rows this insert added hold the table's highest rowids
      // (SQLite gives a new row max(rowid) + 1), so they are found without RETURNING, which
      // costs a fifth of the write thread on every batch.
      const rows = ran.changes === 0 ? [] : ((yield all("SELECT id FROM events WHERE rowid > ?", [ran.lastInsertRowid - ran.changes])) as { id: string }[]);
      const inserted = new Set(rows.map((r) => r.id));
      fresh = candidates.filter((e) => inserted.has(e.id));
    }
    result.duplicates += candidates.length - fresh.length;
    result.accepted = fresh.length;
    if (fresh.length === 0) continue;

    let minTs = Infinity;
    let maxTs = -Infinity;
    let pageviews = 0;
    let engagedMs = 0;
    let conversions = 0;
    let revenue = 0;
    let landing: { path: string; ts: number } | null = null;
    let exit: { path: string; ts: number } | null = null;
    for (const e of fresh) {
      minTs = Math.min(minTs, e.ts);
      maxTs = Math.max(maxTs, e.ts);
      if (e.type === "pageview" && e.path !== null) {
        pageviews++;
        if (!landing || e.ts < landing.ts) landing = { path: e.path, ts: e.ts };
        if (!exit || e.ts >= exit.ts) exit = { path: e.path, ts: e.ts };
      } else if (e.type === "engagement") {
        engagedMs += e.value ?? 0;
      } else if (e.type === "conversion") {
        conversions++;
        if (e.orderId) yield run("INSERT INTO conversion_orders (site_id, order_id, event_id, at) VALUES (?,?,?,?)", hit.siteId, e.orderId, e.id, e.ts);
        // Conversions in another currency are kept with their currency and left out of revenue.
        if ((e.currency ?? hit.currency) === hit.currency) revenue += e.value ?? 0;
      }
    }

    const a = hit.attrs;
    const consentA = hit.consent.analytics ? 1 : 0;
    const session = (yield get(
      UPSERT_SESSION,
      hit.sessionId, hit.siteId, hit.visitorId, minTs, maxTs, dayIn(hit.timezone, minTs), landing?.path ?? null, landing?.ts ?? null, exit?.path ?? null, exit?.ts ?? null,
      pageviews, fresh.length, engagedMs, conversions, revenue, engagedMs >= ENGAGED_MS || pageviews >= 2 || conversions >= 1 ? 1 : 0,
      a.channel, a.source, a.medium, a.campaign, a.referrerHost,
      a.browser, a.os, a.device, a.country, a.region, a.city, a.language, a.screen, hit.siteId, hit.visitorId, consentA, hit.consent.marketing ? 1 : 0,
    )) as { events: number; started_at: number };
    const newSession = session.events === fresh.length;
    if (!newSession && minTs < session.started_at) {
      yield run(MOVE_SESSION_START, minTs, dayIn(hit.timezone, minTs), hit.sessionId, minTs);
      session.started_at = minTs;
    }
    yield run(
      UPSERT_VISITOR,
      hit.siteId, hit.visitorId, minTs, maxTs, newSession ? 1 : 0, pageviews, conversions, revenue,
      a.channel, a.source, a.campaign, a.channel, a.source, a.campaign, session.started_at, a.country, a.device, consentA,
    );

    for (const e of fresh) {
      if (e.userId) {
        yield run("INSERT OR IGNORE INTO identities (site_id, user_id, visitor_id, first_at) VALUES (?,?,?,?)", hit.siteId, e.userId, hit.visitorId, e.ts);
        yield run("UPDATE visitors SET user_id = ? WHERE site_id = ? AND id = ?", e.userId, hit.siteId, hit.visitorId);
      }
      if (e.consent) {
        yield run(
          "INSERT INTO consent_log (id, site_id, visitor_id, session_id, at, analytics, marketing, path) VALUES (?,?,?,?,?,?,?,?)",
          newId(), hit.siteId, hit.visitorId, hit.sessionId, e.ts, e.consent.analytics ? 1 : 0, e.consent.marketing ? 1 : 0, e.path,
        );
      }
      for (const item of e.inventory ?? []) {
        yield run(
          `INSERT INTO inventory (site_id, kind, name, first_seen_at, last_seen_at, before_consent, last_path) VALUES (?,?,?,?,?,?,?)
           ON CONFLICT (site_id, kind, name) DO UPDATE SET last_seen_at = max(last_seen_at, excluded.last_seen_at),
             before_consent = max(before_consent, excluded.before_consent), last_path = excluded.last_path`,
          hit.siteId, item.kind, item.name, e.ts, e.ts, hit.consent.analytics && hit.consent.marketing ? 0 : 1, e.path,
        );
      }
    }

    const minute = `${hit.siteId}|${Math.floor(hit.receivedAt / 60_000)}`;
    minuteHits.set(minute, (minuteHits.get(minute) ?? 0) + fresh.length);
    const span = siteSpan.get(hit.siteId);
    siteSpan.set(hit.siteId, { first: Math.min(span?.first ?? Infinity, hit.receivedAt), last: Math.max(span?.last ?? -Infinity, hit.receivedAt) });
  }
  for (const [key, hitsInMinute] of minuteHits) {
    const [siteId, minute] = key.split("|");
    yield run(
      "INSERT INTO site_hit_minutes (site_id, minute, hits) VALUES (?,?,?) ON CONFLICT (site_id, minute) DO UPDATE SET hits = hits + excluded.hits",
      siteId, Number(minute), hitsInMinute,
    );
  }
  for (const [siteId, span] of siteSpan) {
    yield run(
      `INSERT INTO site_hits (site_id, first_hit_at, last_hit_at) VALUES (?,?,?)
       ON CONFLICT (site_id) DO UPDATE SET first_hit_at = min(first_hit_at, excluded.first_hit_at), last_hit_at = max(last_hit_at, excluded.last_hit_at)`,
      siteId, span.first, span.last,
    );
  }
  return results;
}

/** A refused hit's host, counted for the status endpoint. */
export function* recordRejectedHost(siteId: string, host: string, at: number): Program<void> {
  yield run(
    `INSERT INTO rejected_hosts (site_id, host, hits, first_seen_at, last_seen_at) VALUES (?,?,1,?,?)
     ON CONFLICT (site_id, host) DO UPDATE SET hits = hits + 1, last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
    siteId, host, at, at,
  );
}
