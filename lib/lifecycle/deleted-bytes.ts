import type { Platform } from "../platform.ts";
import type { TenantStore } from "../db/tenants.ts";
import { truncateWal } from "../db/sqlite.ts";
import { snapshotPathOf } from "../analytics/site-cache.ts";
import { removeSnapshot } from "../analytics/site-snapshot.ts";
import { logLine } from "../log.ts";

/**
 * After a person's erasure or a retention purge (docs/data-lifecycle.md "Deleted means
 * overwritten"): the rows are gone from the store's pages (secure_delete, lib/db/sqlite.ts), and
 * here the other places on disk that still held them go too — the WAL's older page images
 * (checkpointed and truncated) and the column snapshots of the sites whose analytics rows were
 * deleted (their columns hold the deleted events and their texts: removed, not left until the
 * site's next read; lib/analytics/site-loader.ts removes one an older-generation write lands after).
 */
export async function overwriteDeleted(platform: Platform, orgId: string, store: TenantStore, siteIds: Iterable<string>): Promise<void> {
  for (const siteId of siteIds) await removeSnapshot(snapshotPathOf(platform, orgId, siteId));
  // A remote own database (libSQL) is its owner's to checkpoint.
  if (store.sqlite && !(await truncateWal(store.sqlite))) {
    logLine({ level: "warn", msg: "the WAL was not truncated after a deletion: readers held it past the wait; deleted values stay in its older frames until they are written over", orgId });
  }
}
