import { asc, desc, eq, sql } from "drizzle-orm";
import { sites } from "../db/control-schema.ts";
import { deliveries, integrations } from "../db/tenant-schema.ts";
import { orgStore } from "../db/org-store.ts";
import { prepared } from "../db/prepared.ts";
import { adPlatformStates } from "../spend/states.ts";
import { receivingUrl } from "./manage.ts";
import type { Platform } from "../platform.ts";
import type { IntegrationList } from "./model.ts";

/** Deliveries shown per outbound endpoint. */
const RECENT_DELIVERIES = 10;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Where an endpoint is, without what could be a credential (user info, query string). */
export function targetUrlOf(url: string | null): string {
  if (!url) return "";
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return "";
  }
}

/** `GET …/sites/{siteId}/integrations`: the site's integrations, oldest first; secrets never. */
export async function integrationsOfSite(platform: Platform, orgId: string, siteId: string): Promise<IntegrationList> {
  const store = await orgStore(platform, orgId);
  const control = platform.control.db;
  const byId = prepared(control, "siteKeyById", () => control.select({ siteKey: sites.siteKey }).from(sites).where(eq(sites.id, sql.placeholder("id"))).prepare());
  const siteKey = byId.get({ id: siteId })?.siteKey ?? "";
  const rows = await store.db.select().from(integrations).where(eq(integrations.siteId, siteId)).orderBy(asc(integrations.createdAt), asc(integrations.id));
  const items = await Promise.all(
    rows.map(async (row): Promise<IntegrationList["items"][number]> => {
      const common = { id: row.id, status: row.status, createdAt: iso(row.createdAt)! };
      if (row.kind === "webhook_in" || row.kind === "ads_import") {
        // Built from today's PUBLIC_URL and site key, not the URL stored at creation.
        return { ...common, kind: row.kind, webhookUrl: receivingUrl(platform.settings.publicUrl, row.kind, siteKey), lastReceivedAt: iso(row.lastReceivedAt), lastSyncAt: iso(row.lastReceivedAt) };
      }
      const recent = await store.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.integrationId, row.id))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
        .limit(RECENT_DELIVERIES);
      return {
        ...common,
        kind: "webhook_out",
        targetUrl: targetUrlOf(row.url),
        lastSyncAt: iso(row.lastSuccessAt),
        lastSuccessAt: iso(row.lastSuccessAt),
        lastFailureAt: iso(row.lastFailureAt),
        failingSince: iso(row.failingSince),
        disabledReason: row.disabledReason,
        deliveries: recent.map((d) => ({
          id: d.id,
          leadId: d.leadId,
          status: d.status,
          attempts: d.attempts,
          lastStatus: d.lastStatus,
          lastError: d.lastError,
          createdAt: iso(d.createdAt)!,
          deliveredAt: iso(d.deliveredAt),
          nextAttemptAt: d.status === "pending" ? iso(d.nextAttemptAt) : null,
        })),
      };
    }),
  );
  const ads = (await adPlatformStates(store, siteId)).map((p) => ({ kind: "ads" as const, ...p }));
  return { items: [...items, ...ads] };
}
