/**
 * `demo seed`: realistic traffic for a site, sent as POST /v1/collect requests through the
 * collect thread, so demo data is stored, enriched and deduplicated exactly as real hits.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { writeSync } from "node:fs";
import { isatty } from "node:tty";
import { Temporal } from "temporal-polyfill";
import { domains, orgs, sites } from "../db/control-schema.ts";
import { ApiError } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { resolveRange } from "../date-range.ts";
import { dayIn } from "../time.ts";
import { CollectThread } from "../ingest/collect-thread.ts";
import { GeoLocator } from "../ingest/geo.ts";
import { createOrg } from "../admin/orgs.ts";
import { createSite } from "../admin/sites.ts";
import { addDomain, verifyDomain } from "../admin/domains.ts";
import { idFlag, integer, siteById } from "../admin/validate.ts";
import { addressBook, SessionQueue, TrafficModel, type Slot } from "./traffic.ts";

export const DEMO_ORG = "Demo";
export const DEMO_SITE = { name: "Demo shop", domain: "demo.tidemark.test", timezone: "Europe/Berlin", currency: "EUR" };
export const MAX_VISITORS = 5_000_000;
export const MAX_DAYS = 400;
/** How far ahead of the oldest session being sent a new one may start (ingest dedups the last 73 hours by arrival time). */
const MAX_LAG_MS = 48 * 3_600_000;

export interface SeedOptions {
  visitors: number;
  days: number;
  seed?: number;
  /** A site of any org; without it, the "Demo" org's "Demo shop" (created when missing). */
  siteId?: string;
  /** Sessions in flight at once (default 512), each sending its batches together: the collect thread commits whatever is queued in one transaction, so larger groups cost less a hit. */
  concurrency?: number;
  progress?: (p: SeedProgress) => void;
  /** Reuse a process's collect thread instead of starting one; its flood limit must allow the run. */
  thread?: CollectThread;
}

export interface SeedProgress {
  visitors: number;
  visitorsDone: number;
  events: number;
  elapsedMs: number;
  done: boolean;
}

export interface SeedResult {
  site: string;
  org: string;
  visitors: number;
  sessions: number;
  /** Events sent; each ends up accepted or a duplicate (a re-sent batch or orderId). */
  events: number;
  accepted: number;
  duplicates: number;
  days: number;
  from: string;
  to: string;
  seconds: number;
  /** Present only if collect refused events, which the model should never cause. */
  rejected?: number;
}

interface SeedSite {
  id: string;
  orgId: string;
  siteKey: string;
  timezone: string;
  currency: string;
  host: string;
}

/** The site's first verified domain (the primary one first): hits need it as their Origin. */
function verifiedHost(platform: Platform, siteId: string): string | null {
  const row = platform.control.db
    .select({ hostname: domains.hostname })
    .from(domains)
    .where(and(eq(domains.siteId, siteId), eq(domains.status, "verified")))
    .orderBy(desc(domains.isPrimary), asc(domains.createdAt))
    .get();
  return row?.hostname ?? null;
}

/** The "Demo" org and its "Demo shop" with a verified domain, made with the admin functions when missing. */
async function demoSite(platform: Platform): Promise<string> {
  const db = platform.control.db;
  const org = db.select({ id: orgs.id }).from(orgs).where(eq(orgs.name, DEMO_ORG)).orderBy(asc(orgs.createdAt)).get() ?? (await createOrg(platform, { name: DEMO_ORG, industry: "retail" }));
  const site =
    db.select({ id: sites.id }).from(sites).where(and(eq(sites.orgId, org.id), eq(sites.name, DEMO_SITE.name))).orderBy(asc(sites.createdAt)).get() ??
    (await createSite(platform, { org: org.id, ...DEMO_SITE }));
  const domain = db.select({ status: domains.status }).from(domains).where(and(eq(domains.siteId, site.id), eq(domains.hostname, DEMO_SITE.domain))).get();
  if (!domain) await addDomain(platform, { site: site.id, hostname: DEMO_SITE.domain });
  if (domain?.status !== "verified") await verifyDomain(platform, { site: site.id, hostname: DEMO_SITE.domain, force: true });
  return site.id;
}

async function seedSite(platform: Platform, siteId: string | undefined): Promise<SeedSite> {
  const site = siteById(platform.control.db, siteId ?? (await demoSite(platform)));
  const host = verifiedHost(platform, site.id);
  if (!host) throw new ApiError("VALIDATION_FAILED", `Site ${site.id} has no verified domain to send demo hits from`, [{ path: "--site", message: "has no verified domain" }]);
  return { id: site.id, orgId: site.orgId, siteKey: site.siteKey, timezone: site.timezone, currency: site.currency, host };
}

/**
 * Seeds `visitors` visitors over the `days` days ending today (site timezone). The same seed
 * gives the same visitors, sessions and events; only their times follow the clock.
 */
export async function seedDemo(platform: Platform, options: SeedOptions): Promise<SeedResult> {
  const began = performance.now();
  const seed = options.seed ?? 1;
  const site = await seedSite(platform, options.siteId);
  const now = platform.now();
  const to = dayIn(site.timezone, now);
  const range = resolveRange({ from: Temporal.PlainDate.from(to).subtract({ days: options.days - 1 }).toString(), to }, site.timezone, now);
  const thread = options.thread ?? new CollectThread(platform, { floodLimit: Number.MAX_SAFE_INTEGER });
  try {
    await thread.ready();
    // Here only to spread the addresses over countries; the collect thread places each hit itself.
    const geo = await GeoLocator.open(platform.settings.geoipDb);
    const model = new TrafficModel({
      site: { siteKey: site.siteKey, host: site.host, timezone: site.timezone, currency: site.currency },
      seed,
      start: range.start,
      end: now,
      addresses: addressBook((ip) => geo.locate(ip).country, seed),
      visitors: options.visitors,
    });

    const origin = `https://${site.host}`;
    const totals = { visitorsDone: 0, sessions: 0, events: 0, accepted: 0, duplicates: 0, rejected: 0 };
    const report = (done: boolean) => options.progress?.({ visitors: options.visitors, visitorsDone: totals.visitorsDone, events: totals.events, elapsedMs: performance.now() - began, done });
    const queue = new SessionQueue(model);
    const failures: unknown[] = [];
    /** The session of each visitor being sent: the visitor's next one waits for it. */
    const sending = new Map<number, Promise<void>>();
    const send = async (slot: Slot) => {
      const session = model.visitor(slot.visitor).sessions[slot.session];
      // Like the script, a session's batches go one after another without waiting for answers:
      // the thread applies them in the order they were sent (the first decides the channel),
      // and the session takes one group commit, not one per batch, so the clock stays together.
      const outcomes = await Promise.all(session.map((batch) => thread.collect({ body: JSON.stringify(batch.body), receivedAt: batch.receivedAt, origin, userAgent: batch.userAgent, ip: batch.ip })));
      outcomes.forEach((outcome, i) => {
        totals.events += session[i].body.e.length;
        totals.accepted += outcome.accepted;
        totals.duplicates += outcome.duplicates;
        totals.rejected += outcome.rejected.length;
      });
    };
    // Sessions being sent, oldest first: a session starting more than two days after the oldest
    // one waits, so hits never arrive far out of time order (whatever the run's size and span).
    const flights: { start: number; finished: boolean; done: Promise<void> }[] = [];
    const oldest = () => {
      while (flights.length > 0 && flights[0].finished) flights.shift();
      return flights[0];
    };
    // Each worker sends one session at a time; many at once keep the writer's groups large.
    const worker = async () => {
      try {
        for (let slot = queue.next(); slot && failures.length === 0; slot = queue.next()) {
          const current = slot;
          for (let first = oldest(); first && current.start - first.start > MAX_LAG_MS; first = oldest()) await first.done;
          const sent = (sending.get(current.visitor) ?? Promise.resolve()).then(() => send(current));
          let land!: () => void;
          const flight = { start: current.start, finished: false, done: new Promise<void>((resolve) => (land = resolve)) };
          flights.push(flight);
          sending.set(current.visitor, sent);
          try {
            await sent;
          } finally {
            flight.finished = true;
            land();
            if (sending.get(current.visitor) === sent) sending.delete(current.visitor);
          }
          totals.sessions++;
          if (current.last) totals.visitorsDone++;
          if ((totals.sessions & 511) === 0) report(false);
        }
      } catch (error) {
        failures.push(error);
      }
    };
    // Two cohorts, the second started once the first one's group is being written: from then on
    // the main thread prepares one cohort's next batches while the collect thread commits the
    // other's, instead of the two threads taking turns.
    const count = options.concurrency ?? 512;
    const running = Array.from({ length: Math.ceil(count / 2) }, worker);
    await Bun.sleep(2);
    running.push(...Array.from({ length: Math.floor(count / 2) }, worker));
    // All workers end (no write still running) before a failure is thrown.
    await Promise.all(running);
    if (failures.length > 0) throw failures[0];
    report(true);

    return {
      site: site.id,
      org: site.orgId,
      visitors: options.visitors,
      sessions: totals.sessions,
      events: totals.events,
      accepted: totals.accepted,
      duplicates: totals.duplicates,
      days: options.days,
      from: range.from,
      to: range.to,
      seconds: Math.round((performance.now() - began) / 100) / 10,
      ...(totals.rejected > 0 ? { rejected: totals.rejected } : {}),
    };
  } finally {
    if (!options.thread) await thread.close();
  }
}

const compact = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(n >= 1e4 ? 0 : 1)}k` : String(Math.round(n)));

/**
 * Standard error by its file descriptor: with Bun's process.stderr opened on a pipe, this
 * workload's event loop polled without pause (~10k epoll waits a second) at half the rate.
 */
const stderr = { write: (text: string) => writeSync(2, text), isTTY: isatty(2) };

/** `[#####-----] 52% 1.2M events 41k ev/s` on a stream: redrawn in place on a terminal, else a line every 10 %. */
export function progressBar(stream: { write(text: string): unknown; isTTY?: boolean } = stderr): (p: SeedProgress) => void {
  let lastDraw = 0;
  let lastTenth = -1;
  return (p) => {
    const share = p.visitors > 0 ? p.visitorsDone / p.visitors : 1;
    const filled = Math.round(share * 20);
    const line = `[${"#".repeat(filled)}${"-".repeat(20 - filled)}] ${Math.floor(share * 100)}% ${compact(p.events)} events ${compact(p.events / Math.max(0.001, p.elapsedMs / 1000))} ev/s`;
    if (stream.isTTY) {
      if (!p.done && p.elapsedMs - lastDraw < 100) return;
      lastDraw = p.elapsedMs;
      stream.write(`\r${line}\x1b[K${p.done ? "\n" : ""}`); // erase what a longer line left
    } else {
      const tenth = Math.floor(share * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      stream.write(`${line}\n`);
    }
  };
}

/** The CLI's `demo seed --visitors N [--days D] [--site ID] [--seed S]`. */
export function seedDemoCommand(platform: Platform, flags: { visitors?: unknown; days?: unknown; site?: unknown; seed?: unknown }): Promise<SeedResult> {
  const visitors = integer(flags.visitors, "--visitors", 1, MAX_VISITORS);
  const days = flags.days === undefined ? 30 : integer(flags.days, "--days", 1, MAX_DAYS);
  const seed = flags.seed === undefined ? 1 : integer(flags.seed, "--seed", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const siteId = flags.site === undefined ? undefined : idFlag(flags.site, "--site");
  return seedDemo(platform, { visitors, days, seed, siteId, progress: progressBar() });
}
