import { eq } from "drizzle-orm";
import { orgs } from "../db/control-schema.ts";
import { integrations } from "../db/tenant-schema.ts";
import { runOp, runProgram, type Program } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { hashSecret, randomSecret } from "../auth/api-key.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { idFlag, oneOf, orgById, requireText, siteById } from "./validate.ts";

const KINDS = ["webhook_out", "webhook_in"] as const;

function webhookUrl(value: unknown): string {
  const text = requireText(value, "--url", 2000);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid("--url", "is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid("--url", "must be an http(s) URL");
  if (url.username || url.password) throw invalid("--url", "must not carry credentials");
  return url.toString();
}

export async function createIntegration(platform: Platform, input: { site?: unknown; kind?: unknown; url?: unknown }) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  const org = orgById(platform.control.db, site.orgId);
  const kind = oneOf(input.kind, "--kind", KINDS);
  const id = newId();
  const now = platform.now();
  const store = await platform.tenants.get(org);
  if (kind === "webhook_out") {
    const url = webhookUrl(input.url);
    const signingSecret = randomSecret("whsec", 32);
    await store.db.insert(integrations).values({ id, siteId: site.id, kind, url, signingSecret, createdAt: now, updatedAt: now });
    await auditAdmin(platform, org, { action: "integration.created", label: `Outbound webhook to ${new URL(url).host} added`, target: { type: "integration", id }, meta: { kind, siteId: site.id } });
    return { id, signingSecret };
  }
  if (input.url !== undefined) throw invalid("--url", "an inbound webhook has no target URL; it is given one");
  const secret = randomSecret("whin", 32);
  const url = `${platform.settings.publicUrl}/v1/hooks/webhook_in/${site.siteKey}`;
  await store.db.insert(integrations).values({ id, siteId: site.id, kind, url, secretHash: hashSecret(secret), createdAt: now, updatedAt: now });
  await auditAdmin(platform, org, { action: "integration.created", label: "Inbound lead webhook added", target: { type: "integration", id }, meta: { kind, siteId: site.id } });
  return { id, url, secret };
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

/** Active again, with a fresh start: no failure streak, and its parked pending deliveries due now. */
function* reactivate(id: string, now: number): Program<number> {
  yield runOp("UPDATE integrations SET status = 'active', disabled_reason = NULL, failing_since = NULL, updated_at = ? WHERE id = ?", now, id);
  const resumed = (yield runOp("UPDATE deliveries SET next_attempt_at = ? WHERE integration_id = ? AND status = 'pending' AND next_attempt_at IS NULL", now, id)) as { changes: number };
  return resumed.changes;
}

/**
 * `integration enable --id ID`: an integration disabled (an outbound endpoint that failed for
 * three days) works again; its pending deliveries are sent by the running service within a
 * minute (its next look at every store), with the attempts they had left.
 */
export async function enableIntegration(platform: Platform, input: { id?: unknown }) {
  const id = idFlag(input.id, "--id");
  const { org, store, row } = await findIntegration(platform, id);
  const resumed = await runProgram(store, reactivate(id, platform.now()));
  if (row.status !== "active") {
    await auditAdmin(platform, org, { action: "integration.enabled", label: `${row.kind === "webhook_out" ? "Outbound" : "Inbound"} webhook enabled again`, target: { type: "integration", id }, meta: { resumed } });
  }
  return { id, status: "active", resumed };
}
