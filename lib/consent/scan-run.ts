import type { sites } from "../db/control-schema.ts";
import { verifiedDomainsOf } from "../sites/verified-domains.ts";
import type { TenantStore } from "../db/tenants.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { Platform } from "../platform.ts";
import type { ScanTrigger } from "./models.ts";
import { scanSite } from "./scanner.ts";
import { scanStartUrl } from "./settings.ts";
import { claimScan, finishScan, queueScan, releaseScan, type ScanRow } from "./scans.ts";

/** Running a site's scan: where it starts, where it may go, and the rows around the browser. */

type SiteRow = typeof sites.$inferSelect;

/**
 * Runs a claimed scan in this process and ends it (done or failed). Stopped through `signal`,
 * the scan goes back to the queue and null is answered; null too when its claim was lost.
 */
export async function runClaimedScan(platform: Platform, store: TenantStore, site: SiteRow, scan: ScanRow, signal?: AbortSignal): Promise<ScanRow | null> {
  const s = platform.settings;
  const outcome = await scanSite(
    { startUrl: scanStartUrl(site), domains: verifiedDomainsOf(platform.control.db, site.id) },
    { chromiumPath: s.chromiumPath, maxPages: s.cookieScanMaxPages, timeoutMs: s.cookieScanTimeoutMs, allowPrivate: s.cookieScanAllowPrivate, now: platform.now, signal },
  );
  if (outcome.status === "stopped") {
    await releaseScan(store, scan);
    return null;
  }
  return finishScan(store, scan, outcome, platform.now());
}

/** Claims a scan for the length of the scan's time budget. */
export const claimForRun = (platform: Platform, store: TenantStore, scanId: string) => claimScan(store, scanId, platform.now(), platform.settings.cookieScanTimeoutMs);

/**
 * A scan asked for by a person (the CLI's operator, a dashboard user): queued, or the site's
 * queued or running one answered instead; audited `cookie.scan_requested` either way.
 */
export async function requestScan(
  platform: Platform,
  org: { id: string; dbUrl: string | null },
  site: SiteRow,
  trigger: ScanTrigger,
  actor: Actor,
  /** The caller runs a new scan itself: it is made claimed, so no worker takes it in between. */
  runHere = false,
): Promise<{ store: TenantStore; scan: ScanRow; created: boolean }> {
  const store = await platform.tenants.get(org);
  const { scan, created } = await queueScan(store, site.id, trigger, platform.now(), runHere ? platform.settings.cookieScanTimeoutMs : undefined);
  await auditInOrg(platform, org, {
    actor,
    action: "cookie.scan_requested",
    label: created ? `Cookie scan of ${site.name} requested` : `Cookie scan of ${site.name} requested (one was already ${scan.status})`,
    target: { type: "site", id: site.id },
    meta: { scanId: scan.id, trigger, alreadyQueued: !created },
  });
  return { store, scan, created };
}
