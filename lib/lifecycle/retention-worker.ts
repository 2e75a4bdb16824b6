import { eq } from "drizzle-orm";
import { orgs, sites } from "../db/control-schema.ts";
import type { OrgStoreRef, TenantStore } from "../db/tenants.ts";
import { ReachableStores } from "../db/reachable-stores.ts";
import { getOp, runProgram, type Program } from "../db/statements.ts";
import { auditOp, recordAudit, type Actor } from "../audit.ts";
import { logLine } from "../log.ts";
import { PeriodicWorker } from "../periodic-passes.ts";
import type { Platform } from "../platform.ts";
import { DEFAULT_PURGE, purgeStore, type PurgeCounts, type PurgeOptions } from "./retention.ts";
import { overwriteDeleted } from "./deleted-bytes.ts";

/**
 * The hooks service's retention worker (docs/data-lifecycle.md "Retention"): five minutes after
 * the start and then every hour it looks at each organization, and one not yet purged this UTC day is claimed and purged. The
 * claim is the `retention.started` audit entry, written in a write transaction that first
 * checks for one of the same day: of two processes over the same store, only one writes it and
 * purges, and an owner sees in the activity log when retention ran and what it removed.
 */

export interface RetentionWorkerOptions extends Partial<PurgeOptions> {
  sweepMs?: number;
  firstSweepMs?: number;
}

export interface RetentionPassStats {
  orgs: number;
  /** Organizations purged by this pass (the others were done today already, or unreachable). */
  purged: number;
  counts: Record<string, PurgeCounts>;
}

const ACTOR: Actor = { type: "operator", id: "retention", name: "Retention" };
const DAY = 86_400_000;

/** Claims today's purge of the org; false when this UTC day's is claimed already (by any process). */
function* claim(orgId: string, now: number, settings: { eventsMonths: number; deliveryDays: number }): Program<boolean> {
  const today = now - (now % DAY);
  const done = yield getOp("SELECT 1 AS claimed FROM audit_log WHERE action = 'retention.started' AND at >= ? AND target_id = ? LIMIT 1", today, orgId);
  if (done) return false;
  yield auditOp({ actor: ACTOR, action: "retention.started", label: "Retention purge started", target: { type: "org", id: orgId }, meta: settings, at: now });
  return true;
}

export class RetentionWorker extends PeriodicWorker<RetentionPassStats> {
  private readonly options: Required<Omit<RetentionWorkerOptions, "stopped">>;
  private readonly stores: ReachableStores;

  constructor(
    private readonly platform: Platform,
    options: RetentionWorkerOptions = {},
  ) {
    const all = { sweepMs: 3_600_000, firstSweepMs: 5 * 60_000, ...DEFAULT_PURGE, ...options };
    super({ firstMs: all.firstSweepMs, everyMs: all.sweepMs }, "retention pass failed");
    this.options = all;
    this.stores = new ReachableStores(platform.tenants, "retention");
  }

  protected async pass(): Promise<RetentionPassStats> {
    const stats: RetentionPassStats = { orgs: 0, purged: 0, counts: {} };
    const all = this.platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl, eventsMonths: orgs.retentionMonths, deliveryDays: orgs.deliveryBodyDays }).from(orgs).all();
    for await (const { org, store } of this.stores.each(all, () => this.stopped)) {
      stats.orgs++;
      try {
        const counts = await this.purgeOrg(org, store, { eventsMonths: org.eventsMonths, deliveryDays: org.deliveryDays });
        if (counts) {
          stats.purged++;
          stats.counts[org.id] = counts;
        }
      } catch (error) {
        logLine({ level: "error", msg: "retention: purge of an organization failed", orgId: org.id, error: String((error as Error)?.message ?? error) });
      }
    }
    return stats;
  }

  private async purgeOrg(org: OrgStoreRef, store: TenantStore, settings: { eventsMonths: number; deliveryDays: number }): Promise<PurgeCounts | null> {
    const now = this.platform.now();
    if (!(await runProgram(store, claim(org.id, now, settings)))) return null;
    const orgSites = this.platform.control.db.select({ id: sites.id, timezone: sites.timezone }).from(sites).where(eq(sites.orgId, org.id)).all();
    const started = performance.now();
    const { batchRows, pauseMs } = this.options;
    const { cutoffs, sitesPurged, ...counts } = await purgeStore(store, orgSites, settings, now, { batchRows, pauseMs, stopped: () => this.stopped });
    const ms = Math.round(performance.now() - started);
    const stopped = this.stopped;
    await recordAudit(store.db, {
      actor: ACTOR,
      action: "retention.applied",
      label: stopped ? "Retention purge stopped part-way (continues tomorrow)" : "Retention purge finished",
      target: { type: "org", id: org.id },
      meta: { ...settings, cutoffs, ...counts, ms, stopped },
      at: this.platform.now(),
    });
    // What was deleted is overwritten on disk too: the WAL's old pages, the purged sites' snapshots.
    if (sitesPurged.length > 0 || counts.deliveryBodies + counts.attemptAnswers > 0) await overwriteDeleted(this.platform, org.id, store, sitesPurged);
    logLine({ msg: "retention purge", orgId: org.id, ...counts, ms, stopped });
    return counts;
  }
}
