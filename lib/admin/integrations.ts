import { eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import { integrations } from "../db/tenant-schema.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError } from "../errors.ts";
import { OPERATOR } from "../audit.ts";
import { addIntegration, enableIntegrationRow, INTEGRATION_KINDS } from "../integrations/manage.ts";
import type { Platform } from "../platform.ts";
import { idFlag, oneOf, orgById, requireText, siteById } from "./validate.ts";

export async function createIntegration(platform: Platform, input: { site?: unknown; kind?: unknown; url?: unknown }) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  const org = orgById(platform.control.db, site.orgId);
  const kind = oneOf(input.kind, "--kind", INTEGRATION_KINDS);
  const url = input.url === undefined ? undefined : requireText(input.url, "--url", 2000);
  const made = await addIntegration(platform, org, site, { kind, url }, OPERATOR, { url: "--url" });
  return made.kind === "webhook_out" ? { id: made.id, signingSecret: made.signingSecret } : { id: made.id, url: made.url, secret: made.secret };
}

/** An integration by id, in whichever organization's store holds it (stores that cannot be opened are passed over). */
async function findIntegration(platform: Platform, id: string): Promise<{ org: { id: string; dbUrl: string | null }; store: TenantStore; row: typeof integrations.$inferSelect }> {
  const unreachable: string[] = [];
  for (const org of platform.control.db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).all()) {
    let store: TenantStore;
    try {
      store = await platform.tenants.get(org);
    } catch {
      unreachable.push(org.id);
      continue;
    }
    const [row] = await store.db.select().from(integrations).where(eq(integrations.id, id)).limit(1);
    if (row) return { org, store, row };
  }
  const note = unreachable.length ? ` (the stores of ${unreachable.join(", ")} could not be opened)` : "";
  throw new ApiError("NOT_FOUND", `No integration ${id}${note}`, [{ path: "--id", message: "not found" }]);
}

/** `integration enable --id ID`: see enableIntegrationRow. */
export async function enableIntegration(platform: Platform, input: { id?: unknown }) {
  const id = idFlag(input.id, "--id");
  const { org, store, row } = await findIntegration(platform, id);
  return enableIntegrationRow(platform, org, store, row, OPERATOR);
}
