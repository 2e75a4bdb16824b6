import { orgs } from "../db/control-schema.ts";
import { getOp, readRows, runOp, runProgram, type Program, type StoreHandles } from "../db/statements.ts";
import type { OrgStoreRef, TenantStore } from "../db/tenants.ts";
import { ReachableStores } from "../db/reachable-stores.ts";
import { auditOp } from "../audit.ts";
import { logLine } from "../log.ts";
import type { Platform } from "../platform.ts";
import { resolveTarget, type Resolver } from "./address-guard.ts";
import { DISABLE_AFTER_MS, nextStep, retryAfterMs, verdictOf, type NextStep } from "./schedule.ts";
import { deliveryHeaders, postJson, type PostResult } from "./send.ts";

/**
 * The outbound webhook worker: finds due `pending` deliveries in every organization's store
 * and sends them, recording each attempt. Deliveries are rows (the outbox written with their
 * lead), so they survive restarts; a delivery is claimed for the length of an attempt before
 * it is sent, so two passes (or two processes) never send it at once. Runs in the process
 * that serves the hooks service. Time comes from `platform.now()`.
 */

export interface DeliveryWorkerOptions {
  /** Outbound targets may be private addresses (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** One attempt's time limit (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** How often due deliveries are looked for. */
  pollMs?: number;
  /**
   * How often every organization's store is looked at, not only those known to have something
   * due: deliveries written by another process, endpoints re-enabled by the admin CLI.
   */
  sweepMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  random?: () => number;
  resolve?: Resolver;
}

export interface PassStats {
  orgs: number;
  attempts: number;
  delivered: number;
  retrying: number;
  failed: number;
  refused: number;
}

interface DueDelivery {
  id: string;
  body: string;
  attempts: number;
  due: number;
  integration: string;
  url: string;
  secret: string;
  endpointStatus: string;
}


/** Deliveries read at a time per store. */
const BATCH = 256;
/** Batches per store in one pass, so that one busy store does not hold up the others for long. */
const MAX_BATCHES = 8;

async function dueDeliveries(store: StoreHandles, now: number): Promise<DueDelivery[]> {
  return (await readRows(
    store,
    `SELECT d.id AS id, d.body AS body, d.attempts AS attempts, d.next_attempt_at AS due, i.id AS integration, i.url AS url, i.signing_secret AS secret, i.status AS endpointStatus
     FROM deliveries d JOIN integrations i ON i.id = d.integration_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= ?
     ORDER BY d.next_attempt_at LIMIT ?`,
    [now, BATCH],
    "objects",
  )) as unknown as DueDelivery[];
}

/** When the store's next pending delivery is due (Infinity when none is). */
async function nextDueAt(store: StoreHandles): Promise<number> {
  const rows = await readRows(store, "SELECT min(next_attempt_at) AS at FROM deliveries WHERE status = 'pending' AND next_attempt_at IS NOT NULL", [], "objects");
  return (rows[0]?.at as number | null) ?? Infinity;
}

/** Takes a due delivery for one attempt: moves its due time past the attempt's end, if nobody took it first. */
function* claim(id: string, due: number, leaseUntil: number): Program<boolean> {
  const ran = (yield runOp("UPDATE deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?", leaseUntil, id, due)) as { changes: number };
  return ran.changes === 1;
}

/** Gives a claimed delivery back, due when it was. */
function* release(id: string, due: number): Program<void> {
  yield runOp("UPDATE deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'pending'", due, id);
}

/**
 * Pending deliveries of a disabled endpoint are parked (no due time): they stay pending, are
 * not looked at, and are due again when the endpoint is re-enabled.
 */
function* park(where: "id" | "integration_id", value: string): Program<void> {
  yield runOp(`UPDATE deliveries SET next_attempt_at = NULL WHERE ${where} = ? AND status = 'pending'`, value);
}

function* endpointFailed(integration: string, at: number, error: string): Program<void> {
  yield runOp("UPDATE integrations SET last_failure_at = ?, failing_since = coalesce(failing_since, ?), updated_at = ? WHERE id = ?", at, at, at, integration);
  const row = (yield getOp("SELECT status, failing_since, url FROM integrations WHERE id = ?", integration)) as { status: string; failing_since: number; url: string };
  if (row.status !== "active" || at - row.failing_since < DISABLE_AFTER_MS) return;
  const reason = `No successful delivery since ${new Date(row.failing_since).toISOString()} (3 days or more); last error: ${error}`.slice(0, 500);
  yield runOp("UPDATE integrations SET status = 'disabled', disabled_reason = ?, updated_at = ? WHERE id = ?", reason, at, integration);
  yield* park("integration_id", integration);
  yield auditOp({
    actor: { type: "operator", id: "webhook-deliveries", name: "Webhook deliveries" },
    action: "integration.disabled",
    label: `Outbound webhook to ${new URL(row.url).host} disabled after failing for 3 days`,
    target: { type: "integration", id: integration },
    meta: { reason },
    at,
  });
  logLine({ level: "warn", msg: "outbound webhook disabled", integration, reason });
}

/** An attempt's outcome: the attempt row, the delivery's new state, the endpoint's record. */
function* recordAttempt(d: DueDelivery, at: number, result: { status: number | null; error: string | null; ms: number }, step: NextStep | { status: "refused" }): Program<void> {
  const attempt = d.attempts + 1;
  yield runOp("INSERT INTO delivery_attempts (delivery_id, attempt, at, status, error, ms) VALUES (?,?,?,?,?,?)", d.id, attempt, at, result.status, result.error, result.ms);
  const nextAttemptAt = step.status === "pending" ? step.nextAttemptAt : null;
  const deliveredAt = step.status === "delivered" ? at : null;
  yield runOp(
    "UPDATE deliveries SET status = ?, attempts = ?, last_attempt_at = ?, last_status = ?, last_error = ?, next_attempt_at = ?, delivered_at = ? WHERE id = ?",
    step.status, attempt, at, result.status, result.error, nextAttemptAt, deliveredAt, d.id,
  );
  if (step.status === "delivered") yield runOp("UPDATE integrations SET last_success_at = ?, failing_since = NULL, updated_at = ? WHERE id = ?", at, at, d.integration);
  else yield* endpointFailed(d.integration, at, result.error ?? "failed");
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

export class DeliveryWorker {
  private readonly options: DeliveryWorkerOptions & Required<Pick<DeliveryWorkerOptions, "pollMs" | "sweepMs" | "concurrency" | "random">>;
  /** When each organization's next delivery is due, as far as this process knows. */
  private readonly nextDue = new Map<string, number>();
  private readonly stores: ReachableStores;
  private lastSweep = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  /** Passes run one after another; a requested pass that has not started yet takes later requests too. */
  private tail: Promise<unknown> = Promise.resolve();
  private waiting: { full: boolean; promise: Promise<PassStats> } | null = null;

  constructor(
    private readonly platform: Platform,
    options: DeliveryWorkerOptions,
  ) {
    this.options = { pollMs: 1000, sweepMs: 60_000, concurrency: 16, random: Math.random, ...options };
    this.stores = new ReachableStores(platform.tenants, "webhook deliveries");
  }

  /** Looks for due deliveries every `pollMs`, the first time one `pollMs` after the start (the first look is a sweep: what was pending before a restart goes then). */
  start(): void {
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(tick, this.options.pollMs);
      (this.timer as { unref?: () => void }).unref?.();
    };
    const tick = () => void this.request(false).finally(schedule);
    schedule();
  }

  /** Lets in-flight attempts end (they are not recorded, and are tried again later), then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.tail;
  }

  /** A lead with deliveries was just written for this organization: send them soon. */
  wake(orgId: string): void {
    if (this.stopped) return;
    this.nextDue.set(orgId, -Infinity);
    void this.request(false);
  }

  /** Runs a pass over every organization now (after the one running, if any); tests and benches call it. */
  kick(): Promise<PassStats> {
    return this.request(true);
  }

  private request(full: boolean): Promise<PassStats> {
    if (this.waiting) {
      this.waiting.full ||= full;
      return this.waiting.promise;
    }
    const entry = { full, promise: Promise.resolve(null as unknown as PassStats) };
    entry.promise = this.tail.then(() => {
      this.waiting = null;
      return this.pass(entry.full);
    });
    this.waiting = entry;
    this.tail = entry.promise.catch((error) => logLine({ level: "error", msg: "delivery pass failed", error: String(error) }));
    return entry.promise;
  }

  private organizations(): OrgStoreRef[] {
    const db = this.platform.control.db;
    return this.platform.control.memo("deliveryOrgs", () => db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all());
  }

  private async pass(full: boolean): Promise<PassStats> {
    const stats: PassStats = { orgs: 0, attempts: 0, delivered: 0, retrying: 0, failed: 0, refused: 0 };
    if (this.stopped) return stats;
    let backlog = false;
    const sweep = full || performance.now() - this.lastSweep >= this.options.sweepMs;
    if (sweep) this.lastSweep = performance.now();
    for (const org of this.organizations()) {
      if (this.stopped) break;
      if (!sweep && (this.nextDue.get(org.id) ?? Infinity) > this.platform.now()) continue;
      stats.orgs++;
      // An org whose own database is down keeps its deliveries; they go when it is back.
      const store = await this.stores.open(org);
      if (!store) continue;
      try {
        backlog = (await this.deliverDue(store, stats)) || backlog;
        this.nextDue.set(org.id, await nextDueAt(store));
      } catch (error) {
        logLine({ level: "error", msg: "webhook deliveries: pass over an organization failed", orgId: org.id, error: String((error as Error)?.message ?? error) });
      }
    }
    // A store left with due deliveries gets the next pass at once, not a poll interval later.
    if (backlog) void this.request(false);
    return stats;
  }

  /** Sends what is due, a few batches at most; true when more was due than that. */
  private async deliverDue(store: TenantStore, stats: PassStats): Promise<boolean> {
    for (let batch = 0; batch < MAX_BATCHES && !this.stopped; batch++) {
      const due = await dueDeliveries(store, this.platform.now());
      await eachLimited(due, this.options.concurrency, (d) => this.attempt(store, d, stats));
      if (due.length < BATCH) return false;
    }
    return !this.stopped;
  }

  private async attempt(store: TenantStore, d: DueDelivery, stats: PassStats): Promise<void> {
    if (this.stopped) return;
    if (d.endpointStatus !== "active") return runProgram(store, park("id", d.id));
    const now = this.platform.now();
    if (!(await runProgram(store, claim(d.id, d.due, now + this.options.timeoutMs + 60_000)))) return;
    const url = new URL(d.url);
    let result: PostResult;
    const started = performance.now();
    try {
      const target = await resolveTarget(url, this.options.allowPrivate, this.options.resolve);
      if (!target.ok) {
        stats.attempts++;
        stats.refused++;
        await runProgram(store, recordAttempt(d, now, { status: null, error: target.reason, ms: 0 }, { status: "refused" }));
        return;
      }
      const timestamp = Math.floor(now / 1000);
      const headers = deliveryHeaders({ id: d.id, body: d.body, secret: d.secret, timestamp });
      result = await postJson(url, target.addresses, headers, d.body, { timeoutMs: this.options.timeoutMs, signal: this.abort.signal });
    } catch (error) {
      // The name did not resolve (or the request could not be made): a network error, tried again.
      result = { status: null, error: `${url.hostname}: ${String((error as Error)?.message ?? error)}`, retryAfter: null, aborted: false };
    }
    if (result.aborted) {
      // Stopping: give the delivery back as it was, to be sent after the restart.
      await runProgram(store, release(d.id, d.due));
      return;
    }
    const ms = Math.round(performance.now() - started);
    const at = this.platform.now();
    const step = nextStep(d.attempts + 1, verdictOf(result.status), at, retryAfterMs(result.retryAfter, Date.now()), this.options.random);
    stats.attempts++;
    if (step.status === "pending") stats.retrying++;
    else stats[step.status]++;
    await runProgram(store, recordAttempt(d, now, { status: result.status, error: result.error, ms }, step));
  }
}
