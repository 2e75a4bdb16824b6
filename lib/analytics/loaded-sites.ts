import { logLine } from "../log.ts";
import { heldBytes } from "./held-bytes.ts";
import type { SiteData } from "./site-data.ts";

/** What the loaded sites hold and have done since the process started (the query service's /healthz). */
export interface LoadedSitesStats {
  sites: number;
  bytes: number;
  budgetBytes: number;
  loads: number;
  drops: number;
}

export interface SiteLabel {
  orgId: string;
  siteId: string;
}

interface Held<Data> extends SiteLabel {
  data: Data;
  bytes: number;
  usedAt: number;
  /** The data's `version` when its bytes were measured. */
  version?: string;
}

/**
 * Sites whose analytics columns stay in memory, least recently used first, within a budget
 * of bytes (ANALYTICS_MEMORY_MB): when the sites held measure more than the budget, the least
 * recently used are dropped (a later request loads them again). The site a request needs is
 * never dropped for it, so one site larger than the whole budget is still served, alone.
 * A request holding a site's data keeps using it after a drop; only the map forgets it.
 */
export class LoadedSites<Data extends object = SiteData> {
  private readonly held = new Map<string, Held<Data>>();
  /** A dropped site's last size: reserved when it is loaded again, so room is made before, not after. */
  private readonly lastBytes = new Map<string, number>();
  private total = 0;
  private loads = 0;
  private drops = 0;
  private collecting: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly budgetBytes: number,
    /**
     * `measure`: a site's bytes (heldBytes by default); `version`: a cheap fingerprint of what
     * the data holds, which changes whenever its bytes may have — measuring again is skipped
     * while it stays the same (a measure walks the whole data: ms per request at 10 M events).
     */
    private readonly options: { now?: () => number; measure?: (data: Data) => number; version?: (data: Data) => string } = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether a site's data is held (or being loaded). */
  has(key: string): boolean {
    return this.held.has(key);
  }

  /** The site's data when it is held, made the most recently used. */
  take(key: string): Data | undefined {
    const held = this.held.get(key);
    if (!held) return undefined;
    this.held.delete(key);
    this.held.set(key, held);
    held.usedAt = this.now();
    return held.data;
  }

  /** Holds a site's data about to be loaded, reserving its size when it was held before. */
  hold(key: string, data: Data, label: SiteLabel): void {
    this.forget(key);
    const bytes = this.lastBytes.get(key) ?? 0;
    this.held.set(key, { ...label, data, bytes, usedAt: this.now() });
    this.total += bytes;
    this.fit(key);
  }

  /** Lets go of a site (its load failed: a half-read load is not resumable); only when `data` is still the one held. */
  forget(key: string, data?: Data): void {
    const held = this.held.get(key);
    if (!held || (data && held.data !== data)) return;
    this.held.delete(key);
    this.total -= held.bytes;
  }

  /**
   * A site's first load finished: counted and logged (site, bytes, ms) — also when the site was
   * dropped meanwhile for other requests' loads (then its bytes are not held, and `held` says so).
   */
  loaded(key: string, data: Data, label: SiteLabel, ms: number): void {
    this.loads++;
    const held = this.held.get(key);
    const kept = held?.data === data;
    const bytes = kept ? this.resize(key, held) : Math.round(this.measureOf(data));
    logLine({ msg: "analytics site loaded", ...label, bytes, ms: Math.round(ms), held: kept, heldBytes: this.total, sites: this.held.size });
    if (kept && bytes > this.budgetBytes) this.tooLarge(held);
  }

  /**
   * Measures a held site again (its columns grow with new events, and reports derive indexes
   * from them), then drops least recently used others until the sites held fit the budget.
   * Returns the site's bytes (0 when it is no longer held).
   */
  measure(key: string, data: Data): number {
    const held = this.held.get(key);
    if (!held || held.data !== data) return 0;
    const before = held.bytes;
    const bytes = this.resize(key, held);
    if (bytes > this.budgetBytes && before <= this.budgetBytes) this.tooLarge(held);
    return bytes;
  }

  private resize(key: string, held: Held<Data>): number {
    const version = this.options.version?.(held.data);
    if (version !== undefined && version === held.version) return held.bytes;
    held.version = version;
    const bytes = Math.round(this.measureOf(held.data));
    this.total += bytes - held.bytes;
    held.bytes = bytes;
    this.fit(key);
    return bytes;
  }

  private measureOf(data: Data): number {
    return (this.options.measure ?? heldBytes)(data);
  }

  private tooLarge(held: Held<Data>): void {
    logLine({ level: "warn", msg: "analytics site larger than the memory budget: served alone", orgId: held.orgId, siteId: held.siteId, bytes: held.bytes, budgetBytes: this.budgetBytes });
  }

  /** Drops least recently used sites but `keep` while the total is over the budget. */
  private fit(keep: string): void {
    let dropped = false;
    for (const [key, held] of this.held) {
      if (this.total <= this.budgetBytes) break;
      if (key === keep) continue;
      this.held.delete(key);
      this.total -= held.bytes;
      this.lastBytes.set(key, held.bytes);
      this.drops++;
      logLine({ msg: "analytics site dropped", orgId: held.orgId, siteId: held.siteId, bytes: held.bytes, idleMs: this.now() - held.usedAt, heldBytes: this.total, sites: this.held.size });
      dropped = true;
    }
    // The collector does not see typed arrays' backing stores (or a snapshot's mapping) as
    // pressure: without a nudge a dropped site's columns linger. A full collection, a moment
    // later (when the requests holding the site are done), unmaps them; the heap itself is
    // small (the columns live outside it), so it is quick.
    if (dropped && !this.collecting) {
      this.collecting = setTimeout(() => {
        this.collecting = null;
        Bun.gc(true);
      }, 50);
      (this.collecting as { unref?: () => void }).unref?.();
    }
  }

  /** The sites held now, most recently used last. */
  sites(): (SiteLabel & { data: Data })[] {
    return [...this.held.values()].map(({ orgId, siteId, data }) => ({ orgId, siteId, data }));
  }

  stats(): LoadedSitesStats {
    return { sites: this.held.size, bytes: this.total, budgetBytes: this.budgetBytes, loads: this.loads, drops: this.drops };
  }

  clear(): void {
    this.held.clear();
    this.total = 0;
  }
}
