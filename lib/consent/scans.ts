import { and, desc, eq, inArray, max } from "drizzle-orm";
import { cookieScanItems, cookieScans } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { getOp, runOp, runProgram, type Program } from "../db/statements.ts";
import { newId } from "../ids.ts";
import type { ScanAnswer, ScanTrigger, ScanView } from "./models.ts";
import type { FoundItem } from "./scanner.ts";

/**
 * A site's scans as rows (docs/consent.md "Scans"): queued, claimed with a lease (so two workers
 * never run one at once; an expired lease is taken over), finished `done` with its items in one
 * transaction or `failed` with an error and no items — the last done scan's items stay the
 * inventory.
 */

export type ScanRow = typeof cookieScans.$inferSelect;
export type ScanItemRow = typeof cookieScanItems.$inferSelect;

/** How long past a scan's time budget its claim lasts before another worker may take it over. */
const LEASE_GRACE_MS = 60_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function scanById(store: TenantStore, id: string): Promise<ScanRow> {
  const [row] = await store.db.select().from(cookieScans).where(eq(cookieScans.id, id)).limit(1);
  if (!row) throw new Error(`cookie scan ${id} vanished`);
  return row;
}

/** A new scan is queued, or with `leaseMs` made already claimed by its caller (no worker can take it first). */
function* openScanOrNew(siteId: string, trigger: ScanTrigger, now: number, leaseMs?: number): Program<{ id: string; created: boolean }> {
  const open = (yield getOp("SELECT id FROM cookie_scans WHERE site_id = ? AND status IN ('queued', 'running') ORDER BY queued_at DESC LIMIT 1", siteId)) as { id: string } | undefined;
  if (open) return { id: open.id, created: false };
  const id = newId();
  if (leaseMs === undefined) yield runOp("INSERT INTO cookie_scans (id, site_id, status, trigger, queued_at, pages, found) VALUES (?, ?, 'queued', ?, ?, 0, 0)", id, siteId, trigger, now);
  else
    yield runOp(
      "INSERT INTO cookie_scans (id, site_id, status, trigger, queued_at, started_at, lease_until, pages, found) VALUES (?, ?, 'running', ?, ?, ?, ?, 0, 0)",
      id, siteId, trigger, now, now, now + leaseMs + LEASE_GRACE_MS,
    );
  return { id, created: true };
}

/** Queues a scan of the site; a site with a scan queued or running gets that one back (`created` false), never a second. */
export async function queueScan(store: TenantStore, siteId: string, trigger: ScanTrigger, now: number, claimForMs?: number): Promise<{ scan: ScanRow; created: boolean }> {
  const { id, created } = await runProgram(store, openScanOrNew(siteId, trigger, now, claimForMs));
  return { scan: await scanById(store, id), created };
}

/**
 * Takes a queued scan (or a running one whose lease ran out) for this worker until `leaseUntil`.
 * The claimed row, or null when another worker holds it or it has ended.
 */
export async function claimScan(store: TenantStore, id: string, now: number, leaseMs: number): Promise<ScanRow | null> {
  const claimed = await runProgram(store, (function* (): Program<boolean> {
    const ran = (yield runOp(
      "UPDATE cookie_scans SET status = 'running', started_at = ?, lease_until = ? WHERE id = ? AND (status = 'queued' OR (status = 'running' AND lease_until < ?))",
      now, now + leaseMs + LEASE_GRACE_MS, id, now,
    )) as { changes: number };
    return ran.changes === 1;
  })());
  return claimed ? scanById(store, id) : null;
}

/** Gives a claimed scan back to the queue (the worker is stopping): it runs after the restart. */
export async function releaseScan(store: TenantStore, scan: ScanRow): Promise<void> {
  await store.db
    .update(cookieScans)
    .set({ status: "queued", startedAt: null, leaseUntil: null })
    .where(and(eq(cookieScans.id, scan.id), eq(cookieScans.status, "running"), eq(cookieScans.startedAt, scan.startedAt!)));
}

export type ScanResult = { status: "done"; pages: number; items: FoundItem[] } | { status: "failed"; error: string };

/**
 * Ends a claimed scan: done with its items (one transaction), or failed with its error and no
 * items. Only the claim that started it ends it (a scan taken over after its lease ran out is
 * the new holder's). The row as it ended, or null when the claim was lost.
 */
export async function finishScan(store: TenantStore, scan: ScanRow, result: ScanResult, now: number): Promise<ScanRow | null> {
  const ended = await runProgram(store, (function* (): Program<boolean> {
    const found = result.status === "done" ? new Set(result.items.map((i) => `${i.kind}\u0000${i.name}`)).size : 0;
    const ran = (yield runOp(
      "UPDATE cookie_scans SET status = ?, finished_at = ?, lease_until = NULL, pages = ?, found = ?, error = ? WHERE id = ? AND status = 'running' AND started_at = ?",
      result.status, now, result.status === "done" ? result.pages : 0, found, result.status === "failed" ? result.error.slice(0, 1000) : null, scan.id, scan.startedAt,
    )) as { changes: number };
    if (ran.changes !== 1) return false;
    if (result.status === "done") {
      for (const item of result.items) {
        yield runOp(
          "INSERT OR IGNORE INTO cookie_scan_items (scan_id, kind, name, pass, host, page, at, http_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          scan.id, item.kind, item.name, item.pass, item.host, item.page, item.at, item.httpOnly === null ? null : item.httpOnly ? 1 : 0,
        );
      }
    }
    return true;
  })());
  return ended ? scanById(store, scan.id) : null;
}

/** The site's latest scan, whatever its status; null when it never had one. */
export async function latestScan(store: TenantStore, siteId: string): Promise<ScanRow | null> {
  const [row] = await store.db.select().from(cookieScans).where(eq(cookieScans.siteId, siteId)).orderBy(desc(cookieScans.queuedAt), desc(cookieScans.id)).limit(1);
  return row ?? null;
}

/** The site's last `limit` done scans, newest first (by when they finished). */
export async function doneScans(store: TenantStore, siteId: string, limit: number): Promise<ScanRow[]> {
  return store.db
    .select()
    .from(cookieScans)
    .where(and(eq(cookieScans.siteId, siteId), eq(cookieScans.status, "done")))
    .orderBy(desc(cookieScans.finishedAt), desc(cookieScans.id))
    .limit(limit);
}

/** What a scan found, both passes. */
export async function scanItems(store: TenantStore, scanId: string): Promise<ScanItemRow[]> {
  return store.db.select().from(cookieScanItems).where(eq(cookieScanItems.scanId, scanId)).orderBy(cookieScanItems.pass, cookieScanItems.kind, cookieScanItems.name);
}

/** Queued scans, and running ones whose lease ran out, oldest first: what a worker may claim. */
export async function claimableScans(store: TenantStore, now: number): Promise<ScanRow[]> {
  const rows = await store.db.select().from(cookieScans).where(inArray(cookieScans.status, ["queued", "running"])).orderBy(cookieScans.queuedAt);
  return rows.filter((r) => r.status === "queued" || (r.leaseUntil ?? 0) < now);
}

/** When each site's latest scan was queued. */
export async function lastQueuedBySite(store: TenantStore): Promise<Map<string, number>> {
  const rows = await store.db.select({ siteId: cookieScans.siteId, at: max(cookieScans.queuedAt) }).from(cookieScans).groupBy(cookieScans.siteId);
  return new Map(rows.map((r) => [r.siteId, r.at ?? 0]));
}

/**
 * A scan as the read API shows it (ScanView): `itemsFrom` is when the done scan whose items are
 * shown finished (`latestDone`, the site's newest done scan); a site never scanned reads `none`.
 */
export function scanView(row: ScanRow | null, latestDone: ScanRow | null): ScanView {
  const itemsFrom = iso(latestDone?.finishedAt ?? null);
  if (!row) return { status: "none", startedAt: null, finishedAt: null, pages: 0, found: 0, error: null, trigger: null, itemsFrom };
  return {
    status: row.status as ScanView["status"],
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    pages: row.pages,
    found: row.found,
    error: row.error,
    trigger: row.trigger as ScanView["trigger"],
    itemsFrom,
  };
}

/** A scan as `{ id, ...ScanView }`, with `itemsFrom` of its site's newest done scan. */
export async function scanAnswer(store: TenantStore, scanId: string): Promise<ScanAnswer> {
  const row = await scanById(store, scanId);
  const [done] = await doneScans(store, row.siteId, 1);
  return { id: row.id, ...scanView(row, done ?? null) };
}
