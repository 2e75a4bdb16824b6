import { eq, sql } from "drizzle-orm";
import type { Platform } from "../platform.ts";
import { orgs } from "./control-schema.ts";
import type { TenantStore } from "./tenants.ts";
import { notFound } from "../errors.ts";
import { prepared } from "./prepared.ts";

/** Opens the store of an org by id (its own database when it brought one). */
export async function orgStore(platform: Platform, orgId: string): Promise<TenantStore> {
  const db = platform.control.db;
  const byId = prepared(db, "orgStoreRef", () => db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).where(eq(orgs.id, sql.placeholder("id"))).prepare());
  const org = platform.control.memo(`orgStoreRef:${orgId}`, () => byId.get({ id: orgId }));
  if (!org) throw notFound("Organization");
  return platform.tenants.get(org);
}
