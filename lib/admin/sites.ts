import { count, eq } from "drizzle-orm";
import { domains, sites } from "../db/control-schema.ts";
import { newId } from "../ids.ts";
import { randomSecret } from "../auth/api-key.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { enforceLimit } from "./limits.ts";
import { currency, hostname, idFlag, orgById, requireText, siteById, timezone } from "./validate.ts";
import { newDomainToken } from "./domains.ts";

export async function createSite(platform: Platform, input: { org?: unknown; name?: unknown; domain?: unknown; timezone?: unknown; currency?: unknown }) {
  const db = platform.control.db;
  const org = orgById(db, idFlag(input.org, "--org"));
  const name = requireText(input.name, "--name");
  const domain = hostname(input.domain, "--domain");
  const tz = input.timezone === undefined ? "UTC" : timezone(input.timezone, "--timezone");
  const cur = input.currency === undefined ? "USD" : currency(input.currency, "--currency");
  const [{ n }] = db.select({ n: count() }).from(sites).where(eq(sites.orgId, org.id)).all();
  enforceLimit(org.plan, "sites", n);
  const id = newId();
  const siteKey = randomSecret("tm", 12);
  const now = platform.now();
  platform.control.write((db) => {
    db.insert(sites).values({ id, orgId: org.id, name, siteKey, domain, timezone: tz, currency: cur, createdAt: now }).run();
    // The site's own domain is its primary domain; it still needs verifying before hits count.
    db.insert(domains).values({ id: newId(), siteId: id, orgId: org.id, hostname: domain, isPrimary: true, token: newDomainToken(), createdAt: now }).run();
  });
  await auditAdmin(platform, org, { action: "site.created", label: `Site ${name} (${domain}) created`, target: { type: "site", id }, meta: { domain, timezone: tz, currency: cur } });
  return { id, siteKey };
}

/** `site pause` / `site resume`: a paused site accepts hits and stores nothing. */
export async function setPaused(platform: Platform, input: { site?: unknown }, paused: boolean) {
  const site = siteById(platform.control.db, idFlag(input.site, "--site"));
  platform.control.write((db) => db.update(sites).set({ paused }).where(eq(sites.id, site.id)).run());
  const org = orgById(platform.control.db, site.orgId);
  await auditAdmin(platform, org, { action: paused ? "site.paused" : "site.resumed", label: `Site ${site.name} ${paused ? "paused" : "resumed"}`, target: { type: "site", id: site.id } });
  return { id: site.id, paused };
}
