import { and, eq, lte } from "drizzle-orm";
import { orgs } from "../../db/control-schema.ts";
import { reportRuns, reportSchedules } from "../../db/tenant-schema.ts";
import type { OrgStoreRef, TenantDb } from "../../db/tenants.ts";
import { ReachableStores } from "../../db/reachable-stores.ts";
import { recordAudit } from "../../audit.ts";
import { logLine } from "../../log.ts";
import { PeriodicWorker } from "../../periodic-passes.ts";
import { sendMail } from "../../mail.ts";
import type { Platform } from "../../platform.ts";
import { reportDefinition } from "../catalogue.ts";
import { orgMembers } from "./manage.ts";
import { pausedMail } from "./report-mail.ts";
import { errorText, SCHEDULER, sendRun, siteOfSchedule, timingOf, type RunOutcome, type Schedule } from "./send-run.ts";
import { nextRunAfter } from "./timing.ts";

/**
 * The hooks service's schedule worker (docs/reports.md "Schedules", "Sending"): every minute, in
 * every organization, the active schedules whose next attempt is due. Inserting the attempt's
 * report_runs row is the claim — of two processes over the same store one inserts and sends,
 * the other's insert is ignored. Time comes from `platform.now()`.
 */

export interface ScheduleWorkerOptions {
  sweepMs?: number;
  firstSweepMs?: number;
  /** How long an attempt may stay `sending` before another process counts it as failed. */
  leaseMs?: number;
}

export interface SchedulePassStats {
  orgs: number;
  ok: number;
  failed: number;
  skipped: number;
}

const MINUTE = 60_000;
/** Waits after the 1st and 2nd failed attempt in a row; the 3rd pauses the schedule. */
export const RETRY_AFTER_MS = [5 * MINUTE, 30 * MINUTE];
export const FAILURES_TO_PAUSE = 3;

export class ScheduleWorker extends PeriodicWorker<SchedulePassStats> {
  private readonly options: Required<ScheduleWorkerOptions>;
  private readonly stores: ReachableStores;

  constructor(
    private readonly platform: Platform,
    options: ScheduleWorkerOptions = {},
  ) {
    const all = { sweepMs: MINUTE, firstSweepMs: 5_000, leaseMs: 10 * MINUTE, ...options };
    super({ firstMs: all.firstSweepMs, everyMs: all.sweepMs }, "report schedule pass failed");
    this.options = all;
    this.stores = new ReachableStores(platform.tenants, "report schedules");
  }

  protected async pass(): Promise<SchedulePassStats> {
    const stats: SchedulePassStats = { orgs: 0, ok: 0, failed: 0, skipped: 0 };
    const all: OrgStoreRef[] = this.platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all();
    for await (const { org, store } of this.stores.each(all, () => this.stopped)) {
      stats.orgs++;
      try {
        const now = this.platform.now();
        const due = await store.db.select().from(reportSchedules).where(and(eq(reportSchedules.active, 1), lte(reportSchedules.nextAttemptAt, now)));
        for (const schedule of due) {
          if (this.stopped) break;
          const status = await this.attempt(org.id, store.db, schedule);
          if (status) stats[status]++;
        }
      } catch (error) {
        logLine({ level: "error", msg: "report schedules: pass over an organization failed", orgId: org.id, error: String((error as Error)?.message ?? error) });
      }
    }
    return stats;
  }

  /** Claims the schedule's due attempt and runs it; null when another process holds it. */
  private async attempt(orgId: string, db: TenantDb, s: Schedule): Promise<RunOutcome["status"] | null> {
    const now = this.platform.now();
    const attempt = s.failures + 1;
    const claimed = await db
      .insert(reportRuns)
      .values({ scheduleId: s.id, runDueAt: s.runDueAt, attempt, startedAt: now, leaseUntil: now + this.options.leaseMs, status: "sending" })
      .onConflictDoNothing()
      .returning({ attempt: reportRuns.attempt });
    if (claimed.length === 0) return this.expiredLease(orgId, db, s, attempt, now);
    const outcome = await sendRun(this.platform, db, orgId, s, now).catch((error): RunOutcome => ({ status: "failed", error: errorText(this.platform, error) }));
    await db
      .update(reportRuns)
      .set({
        finishedAt: this.platform.now(),
        status: outcome.status,
        error: outcome.status === "ok" ? null : outcome.error,
        rows: "rows" in outcome ? (outcome.rows ?? null) : null,
        recipients: outcome.status === "ok" ? outcome.recipients : 0,
      })
      .where(and(eq(reportRuns.scheduleId, s.id), eq(reportRuns.runDueAt, s.runDueAt), eq(reportRuns.attempt, attempt)));
    await this.record(orgId, db, s, outcome, now);
    logLine({ level: outcome.status === "failed" ? "warn" : "info", msg: `report schedule ${outcome.status}`, orgId, scheduleId: s.id, attempt, error: outcome.status === "ok" ? undefined : outcome.error });
    return outcome.status;
  }

  /** Another process holds the attempt: if it stayed `sending` past its lease (the process died), it failed. */
  private async expiredLease(orgId: string, db: TenantDb, s: Schedule, attempt: number, now: number): Promise<"failed" | null> {
    const error = "The attempt did not finish (the sending process stopped)";
    const taken = await db
      .update(reportRuns)
      .set({ status: "failed", finishedAt: now, error })
      .where(and(eq(reportRuns.scheduleId, s.id), eq(reportRuns.runDueAt, s.runDueAt), eq(reportRuns.attempt, attempt), eq(reportRuns.status, "sending"), lte(reportRuns.leaseUntil, now)))
      .returning({ attempt: reportRuns.attempt });
    if (taken.length === 0) return null;
    await this.record(orgId, db, s, { status: "failed", error }, now);
    return "failed";
  }

  /** The run's outcome on the schedule: the next send, or the retry, or the pause after the 3rd failure in a row. */
  private async record(orgId: string, db: TenantDb, s: Schedule, outcome: RunOutcome, startedAt: number): Promise<void> {
    const site = siteOfSchedule(this.platform, orgId, s);
    const last = { lastRunAt: startedAt, lastStatus: outcome.status, lastError: outcome.status === "ok" ? null : outcome.error, updatedAt: this.platform.now() };
    // Only if nobody changed the schedule's run meanwhile (an edit, a pause, the other process).
    const unchanged = and(eq(reportSchedules.id, s.id), eq(reportSchedules.runDueAt, s.runDueAt), eq(reportSchedules.failures, s.failures));
    if (outcome.status !== "failed") {
      // A run missed while no worker ran is not sent late twice over: the next send is the first after now.
      const next = site ? nextRunAfter(timingOf(s, site.timezone), Math.max(s.runDueAt, startedAt)) : startedAt + 86_400_000;
      await db.update(reportSchedules).set({ ...last, failures: 0, runDueAt: next, nextAttemptAt: next }).where(unchanged);
      return;
    }
    const failures = s.failures + 1;
    if (failures < FAILURES_TO_PAUSE) {
      await db.update(reportSchedules).set({ ...last, failures, nextAttemptAt: startedAt + RETRY_AFTER_MS[failures - 1] }).where(unchanged);
      return;
    }
    const paused = await db.update(reportSchedules).set({ ...last, failures, active: 0, pausedReason: "failures" }).where(unchanged).returning({ id: reportSchedules.id });
    if (paused.length === 0) return;
    const title = reportDefinition(s.reportKey)?.title ?? s.reportKey;
    const siteName = site?.name ?? s.siteId;
    await recordAudit(db, {
      actor: SCHEDULER,
      action: "report.schedule_paused",
      label: `${title} (${siteName}) paused after ${FAILURES_TO_PAUSE} failed sends`,
      target: { type: "report_schedule", id: s.id },
      meta: { reportKey: s.reportKey, reason: "failures", failures, error: outcome.error },
      at: this.platform.now(),
    });
    const owner = orgMembers(this.platform, orgId).find((m) => m.userId === s.ownerUserId);
    if (!owner) return;
    try {
      await sendMail(this.platform.settings, pausedMail(owner.email, { site: siteName, title, scheduleId: s.id, error: outcome.error, dashboardUrl: `${this.platform.settings.publicUrl}/` }));
    } catch (error) {
      logLine({ level: "warn", msg: "report schedule paused; its owner could not be mailed", orgId, scheduleId: s.id, error: errorText(this.platform, error) });
    }
  }
}
