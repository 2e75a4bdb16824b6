import { OPERATOR } from "../audit.ts";
import { claimForRun, requestScan, runClaimedScan } from "../consent/scan-run.ts";
import { scanAnswer } from "../consent/scans.ts";
import type { Platform } from "../platform.ts";
import { siteAndStore } from "./site-store.ts";

/**
 * `cookies scan --site ID`: queues a scan (or takes the site's queued one), runs it in this
 * process and prints it — `failed` with its error is an answer, not a CLI error. A scan the hooks
 * service is running now is printed as it stands. Ctrl-C gives the scan back to the queue.
 */
export async function scanCookiesCommand(platform: Platform, input: { site?: unknown }) {
  const { site, org } = await siteAndStore(platform, input.site);
  const { store, scan, created } = await requestScan(platform, org, site, "cli", OPERATOR, true);
  // A new scan is ours already; the site's queued one is claimed like a worker would.
  const claimed = created ? scan : await claimForRun(platform, store, scan.id);
  if (claimed) {
    const stop = new AbortController();
    const interrupted = () => stop.abort();
    process.once("SIGINT", interrupted);
    try {
      await runClaimedScan(platform, store, site, claimed, stop.signal);
    } finally {
      process.off("SIGINT", interrupted);
    }
  }
  return scanAnswer(store, scan.id);
}
