import { and, eq } from "drizzle-orm";
import { domains, orgs, sites } from "../db/control-schema.ts";
import type { OrgStoreRef, TenantStore } from "../db/tenants.ts";
import { ReachableStores } from "../db/reachable-stores.ts";
import { orgFeatureBlocked } from "../leads/inbound.ts";
import { logLine } from "../log.ts";
import type { Platform } from "../platform.ts";
import { claimForRun, runClaimedScan } from "./scan-run.ts";
import { claimableScans, finishScan, lastQueuedBySite, queueScan } from "./scans.ts";

/**
 * The hooks service's scan worker (docs/consent.md "Scans"): every minute it queues the scans
 * the schedule makes due (COOKIE_SCAN_INTERVAL_DAYS; 0 = none) and runs the queued ones of every
 * organization, one at a time; `wake(orgId)` looks at one organization at once (the dashboard's
 * "Scan now" in one process). Time comes from `platform.now()`.
 */

export interface ScanWorkerOptions {
  /** How often every organization is looked at. */
  sweepMs?: number;
  /** The first sweep after the start (scans queued before a restart run then). */
  firstSweepMs?: number;
}

export interface ScanPassStats {
  orgs: number;
  /** Scans the schedule queued. */
  scheduled: number;
  done: number;
  failed: number;
}

const DAY_MS = 86_400_000;

export class ScanWorker {
  private readonly options: Required<ScanWorkerOptions>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Stops the scan running now (its browser closes; the scan goes back to the queue). */
  private readonly abort = new AbortController();
  /** Passes run one after another. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly stores: ReachableStores;

  constructor(
    private readonly platform: Platform,
    options: ScanWorkerOptions = {},
  ) {
    this.options = { sweepMs: 60_000, firstSweepMs: 5_000, ...options };
    this.stores = new ReachableStores(platform.tenants, "cookie scans");
  }

  start(): void {
    const schedule = (ms: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.request(null).finally(() => schedule(this.options.sweepMs)), ms);
      (this.timer as { unref?: () => void }).unref?.();
    };
    schedule(this.options.firstSweepMs);
  }

  /** Stops a running scan (it is queued again, to run after the restart) and waits for the pass to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.tail;
  }

  /** A scan was queued for this organization: run it soon. */
  wake(orgId: string): void {
    if (!this.stopped) void this.request(orgId);
  }

  /** A pass over every organization now (after the one running, if any); tests call it. */
  kick(): Promise<ScanPassStats> {
    return this.request(null);
  }

  private request(orgId: string | null): Promise<ScanPassStats> {
    const pass = this.tail.then(() => this.pass(orgId));
    this.tail = pass.catch((error) => logLine({ level: "error", msg: "cookie scan pass failed", error: String(error) }));
    return pass;
  }

  private organizations(only: string | null): OrgStoreRef[] {
    const db = this.platform.control.db;
    const all = this.platform.control.memo("scanOrgs", () => db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all());
    return only === null ? all : all.filter((o) => o.id === only);
  }

  private async pass(only: string | null): Promise<ScanPassStats> {
    const stats: ScanPassStats = { orgs: 0, scheduled: 0, done: 0, failed: 0 };
    for (const org of this.organizations(only)) {
      if (this.stopped) break;
      // An org whose own database is down keeps its scans queued; they run when it is back.
      const store = await this.stores.open(org);
      if (!store) continue;
      stats.orgs++;
      try {
        stats.scheduled += await this.queueDue(org.id, store);
        await this.runQueued(org.id, store, stats);
      } catch (error) {
        logLine({ level: "error", msg: "cookie scans: pass over an organization failed", orgId: org.id, error: String((error as Error)?.message ?? error) });
      }
    }
    return stats;
  }

  /**
   * Queues the scans the schedule makes due: sites of an organization with the consent feature,
   * not paused, with a verified domain, whose latest scan was queued more than the interval ago
   * (or that never had one).
   */
  private async queueDue(orgId: string, store: TenantStore): Promise<number> {
    const days = this.platform.settings.cookieScanIntervalDays;
    if (days === 0 || orgFeatureBlocked(this.platform, orgId, "consent")) return 0;
    const db = this.platform.control.db;
    const withDomain = new Set(db.select({ siteId: domains.siteId }).from(domains).where(and(eq(domains.orgId, orgId), eq(domains.status, "verified"))).all().map((d) => d.siteId));
    const candidates = db.select({ id: sites.id }).from(sites).where(and(eq(sites.orgId, orgId), eq(sites.paused, false))).all().filter((s) => withDomain.has(s.id));
    if (candidates.length === 0) return 0;
    const now = this.platform.now();
    const last = await lastQueuedBySite(store);
    let queued = 0;
    for (const site of candidates) {
      const at = last.get(site.id);
      if (at !== undefined && at >= now - days * DAY_MS) continue;
      if ((await queueScan(store, site.id, "schedule", now)).created) queued++;
    }
    return queued;
  }

  private async runQueued(orgId: string, store: TenantStore, stats: ScanPassStats): Promise<void> {
    for (const queued of await claimableScans(store, this.platform.now())) {
      if (this.stopped) return;
      const scan = await claimForRun(this.platform, store, queued.id);
      if (!scan) continue;
      const site = this.platform.control.db.select().from(sites).where(and(eq(sites.id, scan.siteId), eq(sites.orgId, orgId))).get();
      const ended = site
        ? await runClaimedScan(this.platform, store, site, scan, this.abort.signal)
        : await finishScan(store, scan, { status: "failed", error: "The site no longer exists" }, this.platform.now());
      if (ended?.status === "done") stats.done++;
      else if (ended?.status === "failed") stats.failed++;
      if (ended) logLine({ level: ended.status === "failed" ? "warn" : "info", msg: `cookie scan ${ended.status}`, orgId, siteId: scan.siteId, scanId: scan.id, pages: ended.pages, found: ended.found, error: ended.error });
    }
  }
}
