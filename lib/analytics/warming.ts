import type { Platform } from "../platform.ts";
import { logLine } from "../log.ts";
import { recentSitesOf } from "./recent-sites.ts";
import { analyticsSite } from "./site-cache.ts";
import { warmReportIndexes } from "./reports/warm.ts";

/** Lets the requests waiting on the event loop go first. */
const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface Warming {
  /** Settles with the number of sites loaded once warming is over (finished, stopped or failed). */
  done: Promise<number>;
  /** No site is started after this; the one loading finishes. */
  stop(): void;
}

/**
 * Loads the ANALYTICS_WARM_SITES most recently read sites in the background after a start,
 * most recent first and one at a time, so the first dashboard visit finds them loaded. Called
 * once the server listens; the loads yield between chunks (site-loader), and a request for a
 * site being warmed shares its load. A site gone since (deleted, its store unreachable) is
 * skipped.
 */
export function warmRecentSites(platform: Platform): Warming {
  const sites = recentSitesOf(platform).recent(platform.settings.analyticsWarmSites);
  let stopped = false;
  const run = async () => {
    if (sites.length === 0) return 0;
    const began = performance.now();
    logLine({ msg: "warming sites", sites: sites.map((s) => s.siteId) });
    let warmed = 0;
    for (const { orgId, siteId } of sites) {
      await breather();
      if (stopped) break;
      const started = performance.now();
      try {
        await warmReportIndexes(await analyticsSite(platform, orgId, siteId), platform.now());
        warmed++;
        logLine({ msg: "site warmed", orgId, siteId, ms: Math.round(performance.now() - started) });
      } catch (error) {
        if (stopped) break;
        logLine({ level: "warn", msg: "site not warmed", orgId, siteId, error: String(error) });
      }
    }
    logLine({ msg: "warming done", warmed, ms: Math.round(performance.now() - began) });
    return warmed;
  };
  return {
    done: run(),
    stop: () => {
      stopped = true;
    },
  };
}
