import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import type { TenantStore } from "../db/tenants.ts";
import { sites } from "../db/control-schema.ts";
import { notFound } from "../errors.ts";
import { orgStore } from "../db/org-store.ts";
import { readRows } from "../db/statements.ts";
import { SiteData } from "./site-data.ts";
// Registers how kept derived indexes come back from a snapshot (before any site is restored).
import "./keyings.ts";
import "./time-blocks.ts";
import { logLine } from "../log.ts";
import { dataGeneration } from "../lifecycle/generation.ts";
import { removeSnapshot } from "./site-snapshot.ts";

/** The site a report is about, with its in-memory analytics data brought up to date. */
export interface AnalyticsSite {
  id: string;
  timezone: string;
  currency: string;
  store: TenantStore;
  data: SiteData;
}

/** A site of the org with its timezone, currency and the org's store (no analytics data loaded). */
/** A site with its store, without its analytics data (what lists and definitions need). */
export type SiteWithStore = Omit<AnalyticsSite, "data">;

export async function siteWithStore(platform: Platform, orgId: string, siteId: string): Promise<SiteWithStore> {
  const site = platform.control.memo(`analyticsSite:${siteId}`, () =>
    platform.control.db.select({ id: sites.id, timezone: sites.timezone, currency: sites.currency }).from(sites).where(and(eq(sites.id, siteId), eq(sites.orgId, orgId))).get(),
  );
  if (!site) throw notFound("Site");
  return { ...site, store: await orgStore(platform, orgId) };
}

/** Where a site's column snapshot lives: beside the stores, one folder per org. */
export function snapshotPathOf(platform: Platform, orgId: string, siteId: string): string {
  return join(platform.settings.dataDir, "columns", orgId, `${siteId}.cols`);
}

const keyOf = (store: TenantStore, orgId: string, siteId: string) => `${store.path ?? `libsql:${orgId}`}|${siteId}`;

/**
 * The site with its data brought up to date when its columns are held or can be mapped from
 * its snapshot (about half a second at 10 M events); null when they would have to be rebuilt
 * from the store's rows first.
 */
export async function siteWithoutRebuild(platform: Platform, orgId: string, siteId: string): Promise<AnalyticsSite | null> {
  const { store } = await siteWithStore(platform, orgId, siteId);
  const held = platform.siteData.take(keyOf(store, orgId, siteId));
  // Data held from before a deletion is rebuilt, not refreshed (its snapshot goes with it).
  const quick = held ? held.generation === (await dataGeneration(store, siteId)) : existsSync(snapshotPathOf(platform, orgId, siteId));
  return quick ? analyticsSite(platform, orgId, siteId) : null;
}

/**
 * `use` on the site's data, which is let go of afterwards unless it was held before: a
 * background pass over every site (the nightly recommendations) leaves the sites held as it
 * found them instead of filling the budget with sites nobody reads.
 */
export async function withAnalyticsSite<T>(platform: Platform, orgId: string, siteId: string, use: (site: AnalyticsSite) => Promise<T>): Promise<T> {
  const { store } = await siteWithStore(platform, orgId, siteId);
  const key = keyOf(store, orgId, siteId);
  const heldBefore = platform.siteData.has(key);
  const site = await analyticsSite(platform, orgId, siteId);
  try {
    return await use(site);
  } finally {
    if (!heldBefore) platform.siteData.forget(key, site.data);
  }
}

export async function analyticsSite(platform: Platform, orgId: string, siteId: string): Promise<AnalyticsSite> {
  const { store, ...site } = await siteWithStore(platform, orgId, siteId);
  const loaded = platform.siteData;
  const key = keyOf(store, orgId, siteId);
  // Read before the refresh: a deletion meanwhile leaves the data at the older generation, and
  // the next read rebuilds it (docs/data-lifecycle.md "Deleting data").
  const generation = await dataGeneration(store, siteId);
  let data = loaded.take(key);
  if (data && data.generation !== generation) {
    await forgetOlderGeneration(platform, key, data, orgId, siteId, generation);
    data = undefined;
  }
  let loadStarted: number | null = null;
  if (!data) {
    // A site without hits has no strings row yet: an empty data set until it has one.
    const ref = (await readRows(store, "SELECT id FROM strings WHERE value = ?", [siteId]))[0]?.[0] as number | undefined;
    if (ref === undefined) return { ...site, store, data: new SiteData(-1) };
    // Another request may have started the load meanwhile: share it.
    data = loaded.take(key);
    if (data && data.generation !== generation) data = undefined;
    if (!data) {
      data = new SiteData(ref, snapshotPathOf(platform, orgId, siteId), generation);
      loaded.hold(key, data, { orgId, siteId });
      loadStarted = performance.now();
    }
  }
  try {
    await data.refresh(store);
  } catch (error) {
    loaded.forget(key, data);
    throw error;
  }
  if (loadStarted !== null) loaded.loaded(key, data, { orgId, siteId }, performance.now() - loadStarted);
  else loaded.measure(key, data);
  // The indexes this request's report derives from the columns count once it has run.
  const held = data;
  setTimeout(() => loaded.measure(key, held), 0);
  return { ...site, store, data };
}

/**
 * Drops a site's data built before rows were deleted, and its snapshot (a snapshot being written
 * from that data is waited for first, so it cannot land after the removal).
 */
async function forgetOlderGeneration(platform: Platform, key: string, data: SiteData, orgId: string, siteId: string, generation: number): Promise<void> {
  platform.siteData.forget(key, data);
  await data.snapshotSaved();
  if (data.snapshotPath) await removeSnapshot(data.snapshotPath);
  logLine({ msg: "analytics site dropped after a deletion", orgId, siteId, from: data.generation, to: generation });
}

/**
 * Brings every loaded site's snapshot up to date with its columns (at a graceful stop, so the
 * next start reads no rows from the store). A site whose store cannot be opened is skipped: its
 * snapshot is only older, never wrong.
 */
export async function saveSnapshots(platform: Platform): Promise<void> {
  for (const { orgId, data } of platform.siteData.sites()) {
    try {
      await data.saveSnapshot(await orgStore(platform, orgId));
    } catch (error) {
      logLine({ level: "warn", msg: "analytics snapshot not saved at stop", orgId, error: String(error) });
    }
  }
}
