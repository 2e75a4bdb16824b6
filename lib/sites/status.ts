import { and, eq, gte, sum, desc, sql } from "drizzle-orm";
import { prepared } from "../db/prepared.ts";
import { rejectedHosts, siteHitMinutes, siteHits } from "../db/tenant-schema.ts";
import type { TenantDb } from "../db/tenants.ts";

export type SiteStatusValue = "not_installed" | "receiving" | "stale" | "paused";

/** A site with no accepted hit for this long is stale. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The status rules (docs/site-status.md): paused wins; no hit ever → not_installed;
 * last hit more than 24 h ago → stale; otherwise receiving.
 */
export function statusOf(site: { paused: boolean }, lastHitAt: number | null, now: number): SiteStatusValue {
  if (site.paused) return "paused";
  if (lastHitAt === null) return "not_installed";
  return now - lastHitAt > STALE_AFTER_MS ? "stale" : "receiving";
}

export interface HitSpan {
  firstHitAt: number;
  lastHitAt: number;
}

/** First and last accepted hit of each site. */
export async function hitSpans(db: TenantDb, siteIds: string[]): Promise<Map<string, HitSpan>> {
  if (siteIds.length === 0) return new Map();
  // One row per site of the org: read them all with one prepared statement and pick.
  const all = prepared(db, "allSiteHits", () => db.select().from(siteHits).prepare());
  const wanted = new Set(siteIds);
  const rows = (await all.all()) as (typeof siteHits.$inferSelect)[];
  return new Map(rows.filter((r) => wanted.has(r.siteId)).map((r) => [r.siteId, { firstHitAt: r.firstHitAt, lastHitAt: r.lastHitAt }]));
}

/** Accepted hits in the 30 minutes up to `now` (by whole UTC minutes, the current one included). */
export async function hitsLast30Min(db: TenantDb, siteId: string, now: number): Promise<number> {
  const fromMinute = Math.floor(now / 60_000) - 29;
  const statement = prepared(db, "hitsSince", () =>
    db
      .select({ hits: sum(siteHitMinutes.hits) })
      .from(siteHitMinutes)
      .where(and(eq(siteHitMinutes.siteId, sql.placeholder("siteId")), gte(siteHitMinutes.minute, sql.placeholder("fromMinute"))))
      .prepare(),
  );
  const row = (await statement.get({ siteId, fromMinute })) as { hits: string | number | null } | undefined;
  return Number(row?.hits ?? 0);
}

export async function rejectedHostsOf(db: TenantDb, siteId: string) {
  const statement = prepared(db, "rejectedHosts", () =>
    db.select().from(rejectedHosts).where(eq(rejectedHosts.siteId, sql.placeholder("siteId"))).orderBy(desc(rejectedHosts.hits)).limit(100).prepare(),
  );
  return (await statement.all({ siteId })) as (typeof rejectedHosts.$inferSelect)[];
}
