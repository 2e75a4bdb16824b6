import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import type { Platform } from "../platform.ts";
import { logLine } from "../log.ts";
import { warmReportIndexes } from "./reports/warm.ts";
import { analyticsSite, type AnalyticsSite } from "./site-cache.ts";

/** The sites last read, most recent first, as kept in DATA_DIR (docs/decisions.md: "Warming"). */
const RecentList = Type.Object({
  sites: Type.Array(Type.Object({ orgId: Type.String(), siteId: Type.String(), at: Type.Integer() })),
});
type RecentList = Static<typeof RecentList>;

export const RECENT_SITES_FILE = "recent-sites.json";
/** More than any warming setting asks for; the list stays a few kilobytes. */
const KEPT = 64;
/** Reads come in bursts (a dashboard asks several reports): the list is written once after a burst. */
const SAVE_AFTER_MS = 1_000;

/**
 * Which sites' analytics were read most recently, so a restarted query service can load them
 * before anyone asks (lib/analytics/warming.ts). A hint, not data: a missing or unreadable
 * file is an empty list, and a crash loses at most the last second of reads.
 */
export class RecentSites {
  private list: RecentList["sites"] | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly now: () => number,
  ) {}

  /** The `count` most recently read sites, most recent first. */
  recent(count: number): { orgId: string; siteId: string }[] {
    return this.sites().slice(0, count).map(({ orgId, siteId }) => ({ orgId, siteId }));
  }

  /** Records a read of the site; the file is written a moment later. */
  touch(orgId: string, siteId: string): void {
    const sites = this.sites();
    if (sites[0]?.siteId === siteId && sites[0].orgId === orgId) return;
    this.list = [{ orgId, siteId, at: this.now() }, ...sites.filter((s) => s.siteId !== siteId || s.orgId !== orgId)].slice(0, KEPT);
    this.timer ??= setTimeout(() => this.flush(), SAVE_AFTER_MS);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /**
   * Writes the list now if it changed (a new file renamed over the old: never torn). A write
   * that fails (DATA_DIR gone or full) is logged, not thrown: it runs from a timer, and losing
   * the hint must not end the process.
   */
  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    const file = join(this.dataDir, RECENT_SITES_FILE);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify({ sites: this.sites() } satisfies RecentList));
      renameSync(temp, file);
    } catch (error) {
      logLine({ level: "warn", msg: "recent sites not saved", file, error: String(error) });
    }
  }

  private sites(): RecentList["sites"] {
    if (this.list) return this.list;
    const file = join(this.dataDir, RECENT_SITES_FILE);
    this.list = [];
    if (!existsSync(file)) return this.list;
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
      if (Value.Check(RecentList, parsed)) this.list = parsed.sites.slice(0, KEPT);
      else logLine({ level: "warn", msg: "recent sites file ignored: not the expected shape", file });
    } catch (error) {
      logLine({ level: "warn", msg: "recent sites file ignored", file, error: String(error) });
    }
    return this.list;
  }
}

const recents = new WeakMap<Platform, RecentSites>();

/** The platform's list of recently read sites (one per platform, as its site cache). */
export function recentSitesOf(platform: Platform): RecentSites {
  let list = recents.get(platform);
  if (!list) {
    list = new RecentSites(platform.settings.dataDir, platform.now);
    recents.set(platform, list);
  }
  return list;
}

/** A site read by a request: its data loaded (analyticsSite), and the read remembered for warming. */
export async function readSite(platform: Platform, orgId: string, siteId: string): Promise<AnalyticsSite> {
  const site = await analyticsSite(platform, orgId, siteId);
  recentSitesOf(platform).touch(orgId, siteId);
  // A site just loaded gets every report's indexes built behind this request (once).
  void warmReportIndexes(site, platform.now());
  return site;
}
