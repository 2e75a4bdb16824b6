import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Settings } from "./config.ts";
import { ControlStore } from "./db/control.ts";
import { TenantStores } from "./db/tenants.ts";
import { LoadedSites } from "./analytics/loaded-sites.ts";
import { PlatformMetrics } from "./health/metrics.ts";

/** What a process opens once: settings, the control store, the tenant-store cache, the clock. */
export interface Platform {
  settings: Settings;
  control: ControlStore;
  tenants: TenantStores;
  /** Signs the router → service context headers. */
  secret: string;
  /** Injectable clock (ms since epoch) so tests can move time. */
  now: () => number;
  /**
   * Sites whose analytics columns stay in memory, by store and site, least recently used first,
   * within ANALYTICS_MEMORY_MB (lib/analytics/loaded-sites.ts, used by site-cache.ts). Held here,
   * not in a module, so two platforms in one process never see each other's data.
   */
  siteData: LoadedSites;
  /** This thread's Prometheus metrics (lib/health/metrics.ts); the thread serving /metrics adds the others' up. */
  metrics: PlatformMetrics;
  /** The router's merged OpenAPI document and when it was built (lib/http/openapi-merge.ts). */
  openApi: { at: number; doc: Record<string, unknown> } | null;
}

/** INTERNAL_SECRET, or one generated once into DATA_DIR (shared by split services on one host). */
export function internalSecret(settings: Settings): string {
  if (settings.internalSecret) return settings.internalSecret;
  mkdirSync(settings.dataDir, { recursive: true });
  const file = join(settings.dataDir, "internal-secret");
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error;
    }
    chmodSync(file, 0o600);
  }
  return readFileSync(file, "utf8").trim();
}

export function openPlatform(settings: Settings, options: { now?: () => number } = {}): Platform {
  const control = new ControlStore(settings.dataDir, settings.sqliteSynchronous);
  const tenants = new TenantStores(settings.dataDir, { synchronous: settings.sqliteSynchronous, max: settings.tenantCacheSize });
  return {
    settings,
    control,
    tenants,
    metrics: new PlatformMetrics(tenants),
    secret: internalSecret(settings),
    now: options.now ?? Date.now,
    siteData: new LoadedSites(settings.analyticsMemoryMb * 2 ** 20, { version: (data) => data.sizeVersion() }),
    openApi: null,
  };
}

/**
 * The platform as a background pass over every organization sees it (the nightly
 * recommendations): its own store cache of two, whose evicted handles close at once since
 * nobody else holds them. The pass then neither evicts the handles requests are using nor
 * leaves one open connection per organization behind it (each ~0.5 MB of schema, statements
 * and pages, for 30 s). The pass closes it with `passDone`.
 */
export function passPlatform(platform: Platform): Platform {
  const tenants = new TenantStores(platform.settings.dataDir, { synchronous: platform.settings.sqliteSynchronous, max: 2, evictedCloseAfterMs: 0 });
  return { ...platform, tenants };
}

export function passDone(pass: Platform): void {
  pass.tenants.closeAll();
}

export function closePlatform(platform: Platform): void {
  platform.siteData.clear();
  platform.openApi = null;
  platform.tenants.closeAll();
  platform.control.close();
}
