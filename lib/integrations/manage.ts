import { and, eq } from "drizzle-orm";
import { integrations } from "../db/tenant-schema.ts";
import { runOp, runProgram, type Program } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { ApiError, invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { hashSecret, randomSecret } from "../auth/api-key.ts";
import { auditInOrg, type Actor } from "../audit.ts";
import type { Platform } from "../platform.ts";

/**
 * Adding webhooks and enabling a disabled one: one contract for the admin CLI
 * (lib/admin/integrations.ts, as the operator) and the dashboard's integrations page (as the
 * signed-in owner or admin). Callers name their own fields in errors (`paths`).
 */

export const INTEGRATION_KINDS = ["webhook_out", "webhook_in", "ads_import"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
type Org = { id: string; dbUrl: string | null };
type Site = { id: string; siteKey: string };
type IntegrationRow = typeof integrations.$inferSelect;

/** An outbound endpoint's address: http(s), no credentials in it. The problem, or null. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http(s) URL";
  if (url.username || url.password) return "must not carry credentials";
  return null;
}

export type NewIntegration = { id: string; kind: "webhook_out"; signingSecret: string } | { id: string; kind: "webhook_in" | "ads_import"; url: string; secret: string };

/** What an integration that receives (leads, or ad spend rows) is called, its secret's prefix and its URL's path. */
const RECEIVING = {
  webhook_in: { label: "Inbound lead webhook", prefix: "whin" },
  ads_import: { label: "Ad spend push URL", prefix: "whads" },
} as const;

/** Where a receiving integration of the site is sent to (today's PUBLIC_URL, not the one stored at creation). */
export const receivingUrl = (publicUrl: string, kind: keyof typeof RECEIVING, siteKey: string) => `${publicUrl}/v1/hooks/${kind}/${siteKey}`;

/**
 * An outbound webhook (its signing secret, in clear: it signs every delivery) or an inbound one
 * (its URL and shared secret, stored hashed). Either secret is in this answer only.
 */
export async function addIntegration(platform: Platform, org: Org, site: Site, input: { kind: IntegrationKind; url?: string }, actor: Actor, paths = { url: "url" }): Promise<NewIntegration> {
  const id = newId();
  const now = platform.now();
  const store = await platform.tenants.get(org);
  if (input.kind === "webhook_out") {
    if (input.url === undefined) throw invalid(paths.url, "is required for an outbound webhook");
    const problem = webhookUrlProblem(input.url);
    if (problem) throw invalid(paths.url, problem);
    const url = new URL(input.url).toString();
    const signingSecret = randomSecret("whsec", 32);
    await store.db.insert(integrations).values({ id, siteId: site.id, kind: "webhook_out", url, signingSecret, createdAt: now, updatedAt: now });
    await auditInOrg(platform, org, { actor, action: "integration.created", label: `Outbound webhook to ${new URL(url).host} added`, target: { type: "integration", id }, meta: { kind: input.kind, siteId: site.id } });
    return { id, kind: "webhook_out", signingSecret };
  }
  const kind = input.kind;
  if (input.url !== undefined) throw invalid(paths.url, `${kind === "webhook_in" ? "an inbound webhook" : "an ads import"} has no target URL; it is given one`);
  const secret = randomSecret(RECEIVING[kind].prefix, 32);
  const url = receivingUrl(platform.settings.publicUrl, kind, site.siteKey);
  await store.db.insert(integrations).values({ id, siteId: site.id, kind, url, secretHash: hashSecret(secret), createdAt: now, updatedAt: now });
  await auditInOrg(platform, org, { actor, action: "integration.created", label: `${RECEIVING[kind].label} added`, target: { type: "integration", id }, meta: { kind, siteId: site.id } });
  return { id, kind, url, secret };
}

/** Active again, with a fresh start: no failure streak, and its parked pending deliveries due now. */
function* reactivate(id: string, now: number): Program<number> {
  yield runOp("UPDATE integrations SET status = 'active', disabled_reason = NULL, failing_since = NULL, updated_at = ? WHERE id = ?", now, id);
  const resumed = (yield runOp("UPDATE deliveries SET next_attempt_at = ? WHERE integration_id = ? AND status = 'pending' AND next_attempt_at IS NULL", now, id)) as { changes: number };
  return resumed.changes;
}

/**
 * A disabled integration (an outbound endpoint that failed for three days) works again; its
 * pending deliveries are sent by the running service within a minute (its next look at every
 * store), with the attempts they had left. Enabling an active one changes nothing and is not audited.
 */
export async function enableIntegrationRow(platform: Platform, org: Org, store: TenantStore, row: IntegrationRow, actor: Actor) {
  const resumed = await runProgram(store, reactivate(row.id, platform.now()));
  if (row.status !== "active") {
    await auditInOrg(platform, org, { actor, action: "integration.enabled", label: `${row.kind === "webhook_out" ? "Outbound webhook" : row.kind === "ads_import" ? "Ad spend push URL" : "Inbound webhook"} enabled again`, target: { type: "integration", id: row.id }, meta: { resumed } });
  }
  return { id: row.id, status: "active" as const, resumed };
}

/** An integration of this site (another site's or org's, or none → 404 naming `path`). */
export async function siteIntegration(platform: Platform, org: Org, siteId: string, id: string, path = "integrationId") {
  const store = await platform.tenants.get(org);
  const [row] = await store.db.select().from(integrations).where(and(eq(integrations.id, id), eq(integrations.siteId, siteId))).limit(1);
  if (!row) throw new ApiError("NOT_FOUND", "Integration not found", [{ path, message: "not found" }]);
  return { store, row };
}
