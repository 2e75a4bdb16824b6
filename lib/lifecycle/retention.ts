import { Temporal } from "temporal-polyfill";
import type { TenantStore } from "../db/tenants.ts";
import { allOp, readRows, runOp, runProgram, type Op, type Program, type RunResult } from "../db/statements.ts";
import { MAX_EVENT_AGE_MS, MAX_EVENT_FUTURE_MS } from "../ingest/protocol.ts";
import { bumpDataGenerationOp } from "./generation.ts";

/**
 * The retention purge of one organization's store (docs/data-lifecycle.md "Retention"): raw
 * analytics older than the org's months, per site from midnight in the site's timezone, and
 * the bodies of finished webhook deliveries older than its days. Each step is a short
 * transaction of at most `batchRows` rows with a pause after it, so ingest's writer and report
 * reads wait at most one batch; each batch that deletes analytics rows bumps the site's data
 * generation in the same transaction.
 */

export interface PurgeSite {
  id: string;
  timezone: string;
}

export interface PurgeOptions {
  /** Rows deleted (or emptied) per transaction at most. */
  batchRows: number;
  /** The pause after each batch (ms). */
  pauseMs: number;
  /** Asked before each batch: a stopping worker ends the purge between batches. */
  stopped?: () => boolean;
}

export const DEFAULT_PURGE: PurgeOptions = { batchRows: 2_000, pauseMs: 25 };

/** What a purge removed, per table, and in how many transactions. */
export interface PurgeCounts {
  batches: number;
  events: number;
  recentEvents: number;
  sessions: number;
  visitors: number;
  identities: number;
  consents: number;
  inventorySamples: number;
  deliveryBodies: number;
  attemptAnswers: number;
}

export const noPurge = (): PurgeCounts => ({ batches: 0, events: 0, recentEvents: 0, sessions: 0, visitors: 0, identities: 0, consents: 0, inventorySamples: 0, deliveryBodies: 0, attemptAnswers: 0 });

const HOUR = 3_600_000;
/**
 * Ingest refuses events more than 72 hours old (or 10 minutes ahead), so an event stored after
 * the first one dated this long past the cut-off cannot belong to a session that ended before
 * it: the event scan stops there (event_rows is in arrival order, without an index by time or
 * session). A day more covers the demo seeder, which sends days out of order by up to two.
 */
const LATEST_ARRIVAL = MAX_EVENT_AGE_MS + MAX_EVENT_FUTURE_MS + 24 * HOUR;

/**
 * The first instant of the day `months` calendar months before today in the timezone (a day
 * past the month's end becomes its last day: 31 March − 1 month → 28/29 February).
 */
export function retentionCutoff(timezone: string, now: number, months: number): number {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timezone).toPlainDate();
  return today.subtract({ months }).toZonedDateTime({ timeZone: timezone }).epochMilliseconds;
}

const changes = (r: unknown) => (r as RunResult).changes;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `batch` until it reports nothing done (or the purge is stopped), pausing after each one. */
async function inBatches(store: TenantStore, counts: PurgeCounts, o: PurgeOptions, batch: () => Program<number>): Promise<void> {
  while (!o.stopped?.()) {
    const done = await runProgram(store, batch());
    if (done === 0) return;
    counts.batches++;
    await pause(o.pauseMs);
  }
}

/** Event seqs read per statement when looking for the first event of a time: about 10 ms each. */
const SCAN_WINDOW = 100_000;

/**
 * The seq of the first event stored dated at or after `ts` (none: past the last), read a window
 * of seqs at a time with the purge's pause between, so the scan (event_rows has no index by
 * time) never holds the store or, in one process, the event loop for long.
 */
async function firstEventFrom(store: TenantStore, ts: number, o: PurgeOptions): Promise<number> {
  const last = (await readRows(store, "SELECT coalesce(max(seq), 0) FROM event_rows", []))[0][0] as number;
  for (let from = 0; from < last && !o.stopped?.(); from += SCAN_WINDOW) {
    const found = (await readRows(store, "SELECT seq FROM event_rows WHERE seq > ? AND seq <= ? AND ts >= ? ORDER BY seq LIMIT 1", [from, from + SCAN_WINDOW, ts]))[0];
    if (found) return found[0] as number;
    await pause(o.pauseMs);
  }
  return Number.MAX_SAFE_INTEGER;
}

/**
 * Deletes a table's rows by seq in batches: `pick` lists a batch's seqs (those after `after`, in
 * order), `alongside` deletes what hangs off them first; each batch bumps the site's generation.
 */
async function deleteByKeyset(
  store: TenantStore,
  counts: PurgeCounts,
  o: PurgeOptions,
  bump: { siteId: string; now: number },
  table: "event_rows" | "session_rows" | "visitor_rows",
  pick: (after: number) => Op,
  alongside?: (seqs: string) => Program<void>,
): Promise<number> {
  let after = 0;
  let total = 0;
  await inBatches(store, counts, o, function* () {
    const rows = (yield pick(after)) as { seq: number }[];
    if (rows.length === 0) return 0;
    after = rows[rows.length - 1].seq;
    const seqs = rows.map((r) => r.seq).join(",");
    if (alongside) yield* alongside(seqs);
    const deleted = changes(yield runOp(`DELETE FROM ${table} WHERE seq IN (${seqs})`));
    total += deleted;
    yield bumpDataGenerationOp(bump.siteId, bump.now);
    return deleted;
  });
  return total;
}

/** Deletes one site's raw analytics that ended before the cut-off. */
export async function purgeSiteAnalytics(store: TenantStore, site: PurgeSite, cutoff: number, now: number, o: PurgeOptions, counts: PurgeCounts): Promise<void> {
  const ref = (await readRows(store, "SELECT id FROM strings WHERE value = ?", [site.id]))[0]?.[0] as number | undefined;
  if (ref === undefined) return; // no hit ever stored
  const n = o.batchRows;

  // Events of sessions that ended before the cut-off, in arrival order up to the last one such a session can have.
  const stopAt = await firstEventFrom(store, cutoff + LATEST_ARRIVAL, o);
  const bump = { siteId: site.id, now };
  counts.events += await deleteByKeyset(store, counts, o, bump, "event_rows", (after) =>
    allOp(`SELECT e.seq FROM event_rows e JOIN session_rows s ON s.seq = e.session WHERE e.seq > ? AND e.seq < ? AND e.site = ? AND s.last_at < ? ORDER BY e.seq LIMIT ${n}`, after, stopAt, ref, cutoff),
  );

  // Ingest prunes these after 73 hours; a cut-off that recent (tests, a clock moved) finds some.
  await inBatches(store, counts, o, function* () {
    const deleted = changes(yield runOp(`DELETE FROM recent_events WHERE rowid IN (SELECT rowid FROM recent_events WHERE site = ? AND ts < ? LIMIT ${n})`, ref, cutoff));
    counts.recentEvents += deleted;
    return deleted;
  });

  counts.sessions += await deleteByKeyset(store, counts, o, bump, "session_rows", (after) =>
    allOp(`SELECT seq FROM session_rows WHERE seq > ? AND site = ? AND last_at < ? ORDER BY seq LIMIT ${n}`, after, ref, cutoff),
  );

  // A visitor last seen before the cut-off has no session left (each ended by then): it goes with its identity links.
  counts.visitors += await deleteByKeyset(
    store, counts, o, bump, "visitor_rows",
    (after) => allOp(`SELECT seq FROM visitor_rows WHERE seq > ? AND site = ? AND last_seen_at < ? ORDER BY seq LIMIT ${n}`, after, ref, cutoff),
    function* (seqs) {
      counts.identities += changes(yield runOp(`DELETE FROM identity_rows WHERE site = ? AND visitor IN (${seqs})`, ref));
    },
  );

  await inBatches(store, counts, o, function* () {
    const deleted = changes(yield runOp(`DELETE FROM consent_rows WHERE seq IN (SELECT seq FROM consent_rows WHERE site = ? AND at < ? LIMIT ${n})`, ref, cutoff));
    counts.consents += deleted;
    return deleted;
  });

  // Cookie inventory samples last taken before the cut-off, with their items (the inventory and its first sightings stay: docs/consent.md).
  await inBatches(store, counts, o, function* () {
    const rows = (yield allOp(`SELECT page_key, state FROM inventory_samples WHERE site_id = ? AND last_at < ? LIMIT ${n}`, site.id, cutoff)) as { page_key: string; state: number }[];
    for (const r of rows) {
      yield runOp("DELETE FROM inventory_sample_items WHERE site_id = ? AND page_key = ? AND state = ?", site.id, r.page_key, r.state);
      yield runOp("DELETE FROM inventory_samples WHERE site_id = ? AND page_key = ? AND state = ?", site.id, r.page_key, r.state);
    }
    counts.inventorySamples += rows.length;
    return rows.length;
  });
}

/**
 * Empties the bodies of webhook deliveries finished (delivered, failed, refused) before the
 * cut-off, and cuts the receiver's answer out of their attempts' errors ("HTTP 500: …" →
 * "HTTP 500"); the delivery and attempt records stay.
 */
export async function emptyDeliveryBodies(store: TenantStore, cutoff: number, o: PurgeOptions, counts: PurgeCounts): Promise<void> {
  const n = o.batchRows;
  await inBatches(store, counts, o, function* () {
    const rows = (yield allOp(
      `SELECT id FROM deliveries WHERE status != 'pending' AND body != '' AND coalesce(delivered_at, last_attempt_at, created_at) < ? LIMIT ${n}`,
      cutoff,
    )) as { id: string }[];
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    const marks = ids.map(() => "?").join(",");
    counts.attemptAnswers += changes(yield runOp(`UPDATE delivery_attempts SET error = 'HTTP ' || status WHERE delivery_id IN (${marks}) AND status IS NOT NULL AND error LIKE 'HTTP %: %'`, ...ids));
    const emptied = changes(yield runOp(`UPDATE deliveries SET body = '' WHERE id IN (${marks})`, ...ids));
    counts.deliveryBodies += emptied;
    return emptied;
  });
}

/** The whole purge of a store: every site's analytics, then the webhook bodies; which sites lost analytics rows. */
export async function purgeStore(
  store: TenantStore,
  sites: PurgeSite[],
  settings: { eventsMonths: number; deliveryDays: number },
  now: number,
  o: PurgeOptions = DEFAULT_PURGE,
): Promise<PurgeCounts & { cutoffs: Record<string, string>; sitesPurged: string[] }> {
  const counts = noPurge();
  const cutoffs: Record<string, string> = {};
  const sitesPurged: string[] = [];
  for (const site of sites) {
    if (o.stopped?.()) break;
    const cutoff = retentionCutoff(site.timezone, now, settings.eventsMonths);
    cutoffs[site.id] = new Date(cutoff).toISOString();
    const before = analyticsRows(counts);
    await purgeSiteAnalytics(store, site, cutoff, now, o, counts);
    if (analyticsRows(counts) > before) sitesPurged.push(site.id);
  }
  if (!o.stopped?.()) await emptyDeliveryBodies(store, now - settings.deliveryDays * 24 * HOUR, o, counts);
  return { ...counts, cutoffs, sitesPurged };
}

/** Analytics rows a purge removed so far (webhook bodies aside). */
const analyticsRows = (c: PurgeCounts) => c.events + c.recentEvents + c.sessions + c.visitors + c.identities + c.consents + c.inventorySamples;

