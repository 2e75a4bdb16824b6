import type { Platform } from "../platform.ts";
import { readRows, type StoreHandles } from "../db/statements.ts";
import type { TrackedSite } from "../ingest/site-lookup.ts";
import { orgFeatureBlocked } from "../leads/inbound.ts";
import { publicPopup, publicWheel } from "./public-views.ts";
import type { PublicPopup, PublicWheel } from "./types.ts";
import { DEFAULT_POPUPS_PER_SESSION, storedPopup, storedWheel } from "./manage.ts";
import { logLine } from "../log.ts";

/**
 * The engagement part of a site's public config (docs/engagement.md "The page"), read on every
 * page view. A site's active popups and wheels are read from its org's store at most once per
 * CONFIG_STALENESS_MS per process and kept as their public views; the admin CLI writes from
 * another process, so a change (a pause, a new popup) shows within that time rather than at
 * once. Schedules (`startAt`/`endAt`) are applied at each request, so a popup starts and ends
 * on the second.
 */

/** How long a site's popups and wheels are served from memory before the store is read again. */
export const CONFIG_STALENESS_MS = 30_000;
/** Sites kept in memory; past this many all are forgotten at once (the busy ones come straight back). */
const MAX_SITES = 10_000;

interface Scheduled<T> {
  view: T;
  startAt: number | null;
  endAt: number | null;
}

interface SiteEngagement {
  loadedAt: number;
  popups: Scheduled<PublicPopup>[];
  wheels: Scheduled<PublicWheel>[];
  popupsPerSession: number;
}

export interface EngagementConfig {
  popups: PublicPopup[];
  wheels: PublicWheel[];
  popupsPerSession: number;
}

const instant = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));
const inWindow = (item: Scheduled<unknown>, at: number) => (item.startAt === null || item.startAt <= at) && (item.endAt === null || at < item.endAt);

interface DefinitionRow {
  id: string;
  definition: string;
  updated_at: number;
}

async function activeRows(store: StoreHandles, siteId: string, table: "popups" | "spin_wheels"): Promise<DefinitionRow[]> {
  return (await readRows(store, `SELECT id, definition, updated_at FROM ${table} WHERE site_id = ? AND status = 'active' ORDER BY created_at, id`, [siteId], "objects")) as unknown as DefinitionRow[];
}

/** A stored definition as checked again, or null (logged) when it no longer passes: one broken row must not take the site's other popups down. */
function readable<T>(row: DefinitionRow, read: (row: { definition: string }) => T): T | null {
  try {
    return read(row);
  } catch (error) {
    logLine({ level: "warn", msg: "stored engagement definition unreadable", id: row.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

async function loadSite(platform: Platform, site: TrackedSite, at: number): Promise<SiteEngagement> {
  const store = await platform.tenants.get(site.org);
  const [popupRows, wheelRows, settings] = await Promise.all([
    activeRows(store, site.id, "popups"),
    activeRows(store, site.id, "spin_wheels"),
    readRows(store, "SELECT popups_per_session AS n FROM engagement_settings WHERE site_id = ?", [site.id], "objects"),
  ]);
  const popups = popupRows.flatMap((row) => {
    const def = readable(row, storedPopup);
    return def ? [{ view: publicPopup(def, { id: row.id, updatedAt: row.updated_at }), startAt: instant(def.startAt), endAt: instant(def.endAt) }] : [];
  });
  const wheels = wheelRows.flatMap((row) => {
    const def = readable(row, storedWheel);
    return def ? [{ view: publicWheel(def, { id: row.id, updatedAt: row.updated_at }), startAt: instant(def.startAt), endAt: instant(def.endAt) }] : [];
  });
  return { loadedAt: at, popups, wheels, popupsPerSession: (settings[0]?.n as number | undefined) ?? DEFAULT_POPUPS_PER_SESSION };
}

/** Sites' engagement configs, each read again once it is CONFIG_STALENESS_MS old (by the platform's clock). */
export class EngagementConfigs {
  private readonly sites = new Map<string, SiteEngagement>();

  constructor(
    private readonly platform: Platform,
    private readonly staleMs = CONFIG_STALENESS_MS,
  ) {}

  /**
   * What the site's pages show at `at`: its active popups and wheels inside their schedules —
   * none for a paused site (its events are not counted) or an org whose plan lacks the feature.
   */
  async of(site: TrackedSite, at: number): Promise<EngagementConfig> {
    let known = this.sites.get(site.id);
    if (!known || at - known.loadedAt >= this.staleMs || at < known.loadedAt) {
      known = await loadSite(this.platform, site, at);
      if (this.sites.size >= MAX_SITES) this.sites.clear();
      this.sites.set(site.id, known);
    }
    const shows = (feature: "popups" | "spinwheel") => !site.paused && !orgFeatureBlocked(this.platform, site.orgId, feature);
    return {
      popups: shows("popups") ? known.popups.filter((p) => inWindow(p, at)).map((p) => p.view) : [],
      wheels: shows("spinwheel") ? known.wheels.filter((w) => inWindow(w, at)).map((w) => w.view) : [],
      popupsPerSession: known.popupsPerSession,
    };
  }
}
