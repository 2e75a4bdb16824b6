import { readRows, type StoreHandles } from "../db/statements.ts";
import { AD_PLATFORMS, type AdPlatform } from "./models.ts";

export interface AdPlatformState {
  platform: AdPlatform;
  state: "not_connected" | "import";
  lastSyncAt: string | null;
}

/**
 * Each ad platform, all six always: `import` once any spend row of it is stored (imported or
 * pushed), with its latest import as last sync. API connectors do not exist: never "connected".
 * Shown by the integrations list and the marketing insights.
 */
export async function adPlatformStates(store: StoreHandles, siteId: string): Promise<AdPlatformState[]> {
  const rows = (await readRows(store, "SELECT platform, max(imported_at) FROM ad_spend WHERE site_id = ? GROUP BY platform", [siteId])) as [string, number][];
  const last = new Map(rows);
  return AD_PLATFORMS.map((platform) => {
    const at = last.get(platform);
    return at === undefined ? { platform, state: "not_connected" as const, lastSyncAt: null } : { platform, state: "import" as const, lastSyncAt: new Date(at).toISOString() };
  });
}
