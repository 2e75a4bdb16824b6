import { and, count, desc, eq } from "drizzle-orm";
import { funnels } from "../../db/tenant-schema.ts";
import type { TenantStore } from "../../db/tenants.ts";
import { notFound } from "../../errors.ts";
import { newId } from "../../ids.ts";
import { checkFunnelDef, type FunnelDef } from "./definition.ts";

/** Saved funnels of a site (the `funnels` table of the org's store). */

export interface SavedFunnel extends FunnelDef {
  id: string;
  createdAt: string;
}

const savedOf = (row: typeof funnels.$inferSelect): SavedFunnel => ({
  id: row.id,
  // Checked when saved; checked again so a hand-edited row answers 422, not a crash.
  ...checkFunnelDef(JSON.parse(row.definition), "definition"),
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function funnelsOfSite(store: TenantStore, siteId: string): Promise<SavedFunnel[]> {
  const rows = await store.db.select().from(funnels).where(eq(funnels.siteId, siteId)).orderBy(desc(funnels.createdAt), desc(funnels.id));
  return rows.map(savedOf);
}

export async function funnelOfSite(store: TenantStore, siteId: string, id: string): Promise<SavedFunnel> {
  const row = await store.db.select().from(funnels).where(and(eq(funnels.siteId, siteId), eq(funnels.id, id))).get();
  if (!row) throw notFound("Funnel");
  return savedOf(row);
}

/** Saved funnels of the whole organization (the plan's limit counts these). */
export async function orgFunnelCount(store: TenantStore): Promise<number> {
  const row = await store.db.select({ n: count() }).from(funnels).get();
  return row?.n ?? 0;
}

export async function saveFunnel(store: TenantStore, siteId: string, def: FunnelDef, at: number): Promise<string> {
  const id = newId();
  await store.db.insert(funnels).values({ id, siteId, name: def.name, definition: JSON.stringify(def), createdAt: at });
  return id;
}
