import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Settings } from "./config.ts";
import { ControlStore } from "./db/control.ts";
import { TenantStores } from "./db/tenants.ts";

/** What a process opens once: settings, the control store, the tenant-store cache, the clock. */
export interface Platform {
  settings: Settings;
  control: ControlStore;
  tenants: TenantStores;
  /** Signs the router → service context headers. */
  secret: string;
  /** Injectable clock (ms since epoch) so tests can move time. */
  now: () => number;
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
  return {
    settings,
    control,
    tenants: new TenantStores(settings.dataDir, { synchronous: settings.sqliteSynchronous, max: settings.tenantCacheSize }),
    secret: internalSecret(settings),
    now: options.now ?? Date.now,
  };
}

export function closePlatform(platform: Platform): void {
  platform.tenants.closeAll();
  platform.control.close();
}
