import { integrations } from "../db/tenant-schema.ts";
import { invalid } from "../errors.ts";
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
