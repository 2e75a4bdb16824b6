import { byRowCount, type Arg, type Op, type Program, type RunResult } from "../db/statements.ts";
import { eventTypeCode } from "../db/event-types.ts";
import { INSERT_SESSION_SQL, SESSION_ATTRIBUTES, sessionValues, UPDATE_SESSION_SQL, type SessionAttrs, type SessionRowValues } from "../db/session-row.ts";
import { countsAsRevenue, isEngaged } from "../analytics/metrics.ts";
import { epochDayIn } from "../time.ts";
import { uuidBytes } from "../ids.ts";
import { MAX_EVENT_AGE_MS } from "./protocol.ts";
import { SeenOrders } from "./seen-orders.ts";
import { countPopupEvents, hasPopupEvents, type PopupAction } from "./popup-counts.ts";
import { KnownSamples, writeInventorySample, type InventorySample } from "./inventory.ts";

export type { SessionAttrs };

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
  inventory?: InventorySample;
  /** popup: what it counts for (lib/ingest/popup-counts.ts) */
  popup?: PopupAction;
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
  /** `tm_lc` of the hit's pageview: a short link's click id, not yet checked against the clicks. */
  linkClick?: string | null;
}

export interface HitResult {
  accepted: number;
  duplicates: number;
}

/**
 * What a write connection remembers between transactions: ids of strings and sessions it
 * already stored, so a hit costs no lookups for them. Only rows that exist are remembered, and
 * a failed transaction forgets everything (`forget`), so an id never outlives a rollback.
 */
export class RowRefs {
  strings = new Map<string, number>();
  sessions = new Map<string, { seq: number; visitor: number }>();
  /** When recent_events was last pruned, per site. */
  prunedAt = new Map<number, number>();
  /** Every order id counted so far (never trimmed: an order counts once, ever). */
  orders = new SeenOrders();
  /** The stored inventory samples (lib/ingest/inventory.ts): a repeated one costs no lookup. */
  samples = new KnownSamples();

  /**
   * The store's data generations (their sum) when the ids above were read: a deletion since (a
   * person's erasure, a retention purge; docs/data-lifecycle.md) may have removed a session or
   * overwritten a string they name. -1: not read yet.
   */
  generation = -1;

  /** Forgets the ids a deletion can invalidate (orders and inventory samples are never deleted by one). */
  forgetRows(): void {
    this.strings = new Map();
    this.sessions = new Map();
  }

  forget(): void {
    this.generation = -1;
    this.strings = new Map();
    this.sessions = new Map();
    this.prunedAt = new Map();
    this.orders = new SeenOrders();
    this.samples = new KnownSamples();
  }

  /** Bounded: a long-running writer keeps the recent ones (sessions last 30 minutes). */
  trim(): void {
    if (this.strings.size > 200_000) this.strings = new Map();
    if (this.sessions.size > 100_000) this.sessions = new Map();
  }
}

const run = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "run" });
/** run for a long list of values, handed over as it is. */
const runValues = (sql: string, args: Arg[]): Op => ({ sql, args, mode: "run" });
const get = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "get" });
const all = (sql: string, args: Arg[]): Op => ({ sql, args, mode: "all" });

const EVENT_COLUMNS = "(site, session, ts, type, name, path, title, href, value, currency, order_id, props)";
const EVENT_ROW = "(?,?,?,?,?,?,?,?,?,?,?,?)";
const RECENT_ROW = "(?,?,?,?,?,?)";
/** recent_events keeps this much: the protocol's 72-hour limit on an event's age, plus an hour. */
export const DEDUP_WINDOW_MS = MAX_EVENT_AGE_MS + 3_600_000;
const PRUNE_EVERY_MS = 60_000;

/** The dedup key of an event id: its 64-bit hash, as SQLite's signed integer. */
export const eventIdHash = (id: string): bigint => BigInt.asIntN(64, BigInt(Bun.hash(id)));

const insertEventsSql = byRowCount(`INSERT INTO event_rows ${EVENT_COLUMNS} VALUES`, EVENT_ROW);
const insertRecentSql = byRowCount("INSERT OR IGNORE INTO recent_events (site, ts, id_hash, session, type, path) VALUES", RECENT_ROW);

const UPSERT_VISITOR = `INSERT INTO visitor_rows (site, uid, first_seen_at, last_seen_at, sessions, consented) VALUES (?,?,?,?,?,?)
  ON CONFLICT (site, uid) DO UPDATE SET
    first_seen_at = min(first_seen_at, excluded.first_seen_at), last_seen_at = max(last_seen_at, excluded.last_seen_at),
    sessions = sessions + excluded.sessions, consented = max(consented, excluded.consented)
  RETURNING seq, sessions`;

/** Which events repeat the id of an earlier one in the batch (null: none does). */
function repeatedIds(events: StoredEvent[]): boolean[] | null {
  let repeated: boolean[] | null = null;
  // Batches are small: comparing ids costs less than hashing them into a set.
  if (events.length <= 32) {
    for (let i = 1; i < events.length; i++) {
      for (let j = 0; j < i; j++) {
        if (events[j].id === events[i].id) {
          (repeated ??= [])[i] = true;
          break;
        }
      }
    }
    return repeated;
  }
  const ids = new Set<string>();
  events.forEach((e, i) => {
    if (ids.has(e.id)) (repeated ??= [])[i] = true;
    ids.add(e.id);
  });
  return repeated;
}

/**
 * The connection's order ids, brought up to date with rows other connections (another process
 * writing the same file) added since; run inside the transaction, which holds the write lock.
 */
function* catchUpOrders(refs: RowRefs): Program<SeenOrders> {
  const orders = refs.orders;
  const rows = (yield all("SELECT rowid AS r, site_id AS s, order_id AS o FROM conversion_orders WHERE rowid > ? ORDER BY rowid", [orders.loadedUpTo])) as { r: number; s: string; o: string }[];
  for (const row of rows) orders.add(row.s, row.o);
  if (rows.length > 0) orders.loadedUpTo = rows[rows.length - 1].r;
  return orders;
}

/** Makes sure every value has a `strings` id in `refs` (stored on first sight). */
function* storeStrings(refs: RowRefs, values: (string | null)[]): Program<void> {
  for (const value of values) {
    if (value === null || refs.strings.has(value)) continue;
    const row = (yield get("SELECT id FROM strings WHERE value = ?", value)) as { id: number } | undefined;
    refs.strings.set(value, row ? row.id : ((yield run("INSERT INTO strings (value) VALUES (?)", value)) as RunResult).lastInsertRowid);
  }
}

/*
 * What applyHits computes between its statements lives in plain functions, and the values of
 * a multi-row insert go into an array of the right size handed to the statement as it is
 * (no push of twelve values at a time, no spreads): applyHits' own JS 7.8 → 6.3 us a hit.
 */

/** A value's `strings` id (storeStrings stored it first). */
const idOf = (refs: RowRefs, value: string | null): number | null => (value === null ? null : refs.strings.get(value)!);

/** The texts a hit's rows refer to. */
function textsOf(hit: Hit, events: StoredEvent[]): (string | null)[] {
  const texts: (string | null)[] = [hit.siteId];
  for (const k of SESSION_ATTRIBUTES) texts.push(hit.attrs[k]);
  for (const e of events) texts.push(e.name, e.path, e.title, e.href, e.currency);
  return texts;
}

function recentValues(refs: RowRefs, events: StoredEvent[], site: number, session: number): Arg[] {
  const values: Arg[] = new Array(events.length * 6);
  let at = 0;
  for (const e of events) {
    values[at++] = site;
    values[at++] = e.ts;
    values[at++] = eventIdHash(e.id);
    values[at++] = session;
    values[at++] = eventTypeCode(e.type);
    values[at++] = idOf(refs, e.path);
  }
  return values;
}

function eventValues(refs: RowRefs, events: StoredEvent[], site: number, session: number): Arg[] {
  const values: Arg[] = new Array(events.length * 12);
  let at = 0;
  for (const e of events) {
    values[at++] = site;
    values[at++] = session;
    values[at++] = e.ts;
    values[at++] = eventTypeCode(e.type);
    values[at++] = idOf(refs, e.name);
    values[at++] = idOf(refs, e.path);
    values[at++] = idOf(refs, e.title);
    values[at++] = idOf(refs, e.href);
    values[at++] = e.value;
    values[at++] = idOf(refs, e.currency);
    values[at++] = e.orderId;
    values[at++] = e.props;
  }
  return values;
}

/** The candidates the recent_events insert added (its rows hold the table's highest rowids, `inserted`). */
function insertedOf(candidates: StoredEvent[], inserted: { h: string }[]): StoredEvent[] {
  // As text: SQLite drivers hand 64-bit integers over as doubles, which loses bits.
  const hashes = new Set(inserted.map((r) => BigInt(r.h)));
  return candidates.filter((e) => hashes.has(eventIdHash(e.id)));
}

type SessionSumsOfHit = ReturnType<typeof sessionSums>;

/** What a hit's new events add to its session. */
function sessionSums(events: StoredEvent[], currency: string) {
  let minTs = Infinity;
  let maxTs = -Infinity;
  let pageviews = 0;
  let engagedMs = 0;
  let conversions = 0;
  let revenue = 0;
  let landing: { path: string; ts: number } | null = null;
  let exit: { path: string; ts: number } | null = null;
  for (const e of events) {
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
      if (countsAsRevenue(e.currency, currency)) revenue += e.value ?? 0;
    }
  }
  return { minTs, maxTs, pageviews, engagedMs, conversions, revenue, landing, exit };
}

/** A session's row values from one hit's new events (UPDATE_SESSION_SQL merges them into a stored one). */
function sessionRow(
  hit: Hit,
  refs: RowRefs,
  ids: Pick<SessionRowValues, "seq" | "site" | "uid" | "visitor" | "isNew">,
  sums: SessionSumsOfHit,
  events: number,
): SessionRowValues {
  const { minTs, maxTs, pageviews, engagedMs, conversions, revenue, landing, exit } = sums;
  const row = {
    ...ids,
    startedAt: minTs, lastAt: maxTs, day: epochDayIn(hit.timezone, minTs),
    landing: idOf(refs, landing?.path ?? null), landingAt: landing?.ts ?? null, exit: idOf(refs, exit?.path ?? null), exitAt: exit?.ts ?? null,
    pageviews, events, engagedMs, conversions, revenue, engaged: isEngaged(engagedMs, pageviews, conversions) ? 1 : 0,
    consented: hit.consent.analytics ? 1 : 0, consentMarketing: hit.consent.marketing ? 1 : 0,
  } as SessionRowValues;
  for (const k of SESSION_ATTRIBUTES) row[k] = idOf(refs, hit.attrs[k]);
  return row;
}

/**
 * Applies hits to the store: events deduplicated by id, conversions by orderId per site,
 * sessions and visitors kept up to date (late and out-of-order events included), the site's
 * hit counters. Runs inside one transaction (group commit); a few statements per hit.
 */
export function* applyHits(hits: Hit[], refs: RowRefs): Program<HitResult[]> {
  const results: HitResult[] = [];
  // One read of a tiny table per transaction: a remembered session of an erased person must not
  // take new events (nor its seq be handed out twice).
  const { g } = (yield get("SELECT coalesce(sum(generation), 0) AS g FROM data_generations")) as { g: number };
  if (g !== refs.generation) {
    refs.forgetRows();
    refs.generation = g;
  }
  const minuteHits = new Map<string, number>();
  const siteSpan = new Map<string, { first: number; last: number }>();
  /** Order ids taken in this transaction (two in one batch would both pass the lookup). */
  const ordersTaken = new Set<string>();
  /** Caught up on the first conversion with an order id. */
  let orders: SeenOrders | null = null;
  /** Sessions created in this transaction take seq values from here (the write lock is ours). */
  let nextSession: number | null = null;
  for (const hit of hits) {
    const result: HitResult = { accepted: 0, duplicates: 0 };
    results.push(result);
    const candidates: StoredEvent[] = [];
    const repeated = repeatedIds(hit.events);
    for (let i = 0; i < hit.events.length; i++) {
      const e = hit.events[i];
      // The same id twice in one batch is one event.
      if (repeated?.[i]) {
        result.duplicates++;
        continue;
      }
      if (e.type === "conversion" && e.orderId) {
        const key = `${hit.siteId}|${e.orderId}`;
        orders ??= yield* catchUpOrders(refs);
        if (ordersTaken.has(key) || orders.has(hit.siteId, e.orderId)) {
          result.duplicates++;
          continue;
        }
        ordersTaken.add(key);
      }
      candidates.push(e);
    }
    if (candidates.length === 0) continue;

    yield* storeStrings(refs, textsOf(hit, candidates));
    const ref = (value: string | null): number | null => idOf(refs, value);
    const site = ref(hit.siteId)!;
    const sessionKey = `${site}|${hit.sessionId}`;
    const sessionUid = uuidBytes(hit.sessionId);
    let known = refs.sessions.get(sessionKey);
    if (!known) {
      known = (yield get("SELECT seq, visitor FROM session_rows WHERE site = ? AND uid = ?", site, sessionUid)) as typeof known;
      if (known) refs.sessions.set(sessionKey, known);
    }
    if (!known && nextSession === null) nextSession = ((yield get("SELECT coalesce(max(seq), 0) + 1 AS next FROM session_rows")) as { next: number }).next;
    const sessionSeq = known ? known.seq : nextSession!;

    // Deduplicate against the last 73 hours of event ids; the rows this insert added hold the
    // table's highest rowids (SQLite gives a new row max + 1), so the duplicates are found
    // without RETURNING, and only when there are any.
    let fresh = candidates;
    const ran = (yield runValues(insertRecentSql(candidates.length), recentValues(refs, candidates, site, sessionSeq))) as RunResult;
    if (ran.changes < candidates.length) {
      const rows = ran.changes === 0 ? [] : ((yield all("SELECT CAST(id_hash AS TEXT) AS h FROM recent_events WHERE rowid > ?", [ran.lastInsertRowid - ran.changes])) as { h: string }[]);
      fresh = insertedOf(candidates, rows);
    }
    result.duplicates += candidates.length - fresh.length;
    result.accepted = fresh.length;
    if (fresh.length === 0) continue;
    yield runValues(insertEventsSql(fresh.length), eventValues(refs, fresh, site, sessionSeq));
    if (hit.receivedAt - (refs.prunedAt.get(site) ?? 0) >= PRUNE_EVERY_MS) {
      yield run("DELETE FROM recent_events WHERE site = ? AND ts < ?", site, hit.receivedAt - DEDUP_WINDOW_MS);
      refs.prunedAt.set(site, hit.receivedAt);
    }

    const sums = sessionSums(fresh, hit.currency);
    for (const e of fresh) {
      if (e.type !== "conversion" || !e.orderId) continue;
      const ran = (yield run("INSERT INTO conversion_orders (site_id, order_id, event_id, at) VALUES (?,?,?,?)", hit.siteId, e.orderId, e.id, e.ts)) as RunResult;
      orders!.add(hit.siteId, e.orderId);
      orders!.loadedUpTo = ran.lastInsertRowid;
    }

    const consentA = hit.consent.analytics ? 1 : 0;
    const visitor = (yield get(UPSERT_VISITOR, site, uuidBytes(hit.visitorId), sums.minTs, sums.maxTs, known ? 0 : 1, consentA)) as { seq: number; sessions: number };
    const row = sessionRow(hit, refs, { seq: sessionSeq, site, uid: sessionUid, visitor: visitor.seq, isNew: visitor.sessions === 1 ? 1 : 0 }, sums, fresh.length);
    // A session already stored takes the batch's values by the contract's merge rules (late events welcome).
    yield runValues(known ? UPDATE_SESSION_SQL : INSERT_SESSION_SQL, sessionValues(row));
    if (!known) {
      refs.sessions.set(sessionKey, { seq: sessionSeq, visitor: visitor.seq });
      nextSession!++;
    }

    for (const e of fresh) {
      if (e.userId) {
        const user = ref(e.userId)!;
        yield run("INSERT OR IGNORE INTO identity_rows (site, user, visitor, first_at) VALUES (?,?,?,?)", site, user, visitor.seq, e.ts);
        yield run("UPDATE visitor_rows SET user = ? WHERE seq = ?", user, visitor.seq);
      }
      if (e.consent) {
        yield run(
          "INSERT INTO consent_rows (site, at, visitor, session, analytics, marketing, path) VALUES (?,?,?,?,?,?,?)",
          site, e.ts, visitor.seq, sessionSeq, e.consent.analytics ? 1 : 0, e.consent.marketing ? 1 : 0, ref(e.path),
        );
      }
      if (e.inventory) yield* writeInventorySample(hit.siteId, e.ts, e.inventory, refs.samples, visitor.seq);
    }

    // The session a short link's click landed in, once per click; only a human or QR click of
    // this site's own links ties (a forged or another site's id matches no row).
    if (hit.linkClick) {
      yield run(
        `INSERT OR IGNORE INTO short_link_sessions (click_id, site_id, link_id, session_seq, visitor_seq, at)
         SELECT id, site_id, link_id, ?, ?, ? FROM short_link_clicks WHERE id = ? AND site_id = ? AND class IN ('human', 'qr')`,
        sessionSeq, visitor.seq, sums.landing?.ts ?? sums.minTs, hit.linkClick, hit.siteId,
      );
    }

    if (hasPopupEvents(fresh)) yield* countPopupEvents(hit.siteId, hit.timezone, visitor.seq, fresh);

    const minute = `${hit.siteId}|${Math.floor(hit.receivedAt / 60_000)}`;
    minuteHits.set(minute, (minuteHits.get(minute) ?? 0) + fresh.length);
    const span = siteSpan.get(hit.siteId);
    siteSpan.set(hit.siteId, { first: Math.min(span?.first ?? Infinity, hit.receivedAt), last: Math.max(span?.last ?? -Infinity, hit.receivedAt) });
  }
  yield* refs.samples.writeMoves();
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
  refs.trim();
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
