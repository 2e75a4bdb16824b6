import { and, eq, sql } from "drizzle-orm";
import type { ControlReader, ControlStore } from "../db/control.ts";
import { domains, sites } from "../db/control-schema.ts";
import type { TenantDb } from "../db/tenants.ts";
import { notFound } from "../errors.ts";
import type { Domain, Site, SiteStatus } from "../api/models.ts";
import { prepared } from "../db/prepared.ts";
import { hitSpans, hitsLast30Min, rejectedHostsOf, statusOf } from "./status.ts";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The sites of an org that a caller may see, each with its live status. */
export async function sitesWithStatus(control: ControlStore, tenant: TenantDb, orgId: string, siteIds: string[], now: number): Promise<Site[]> {
  if (siteIds.length === 0) return [];
  const db = control.db;
  const ofOrg = prepared(db, "sitesOfOrg", () => db.select().from(sites).where(eq(sites.orgId, sql.placeholder("orgId"))).orderBy(sites.createdAt, sites.id).prepare());
  const visible = new Set(siteIds);
  const rows = control.memo(`sitesOfOrg:${orgId}`, () => ofOrg.all({ orgId })).filter((s) => visible.has(s.id));
  const spans = await hitSpans(tenant, rows.map((s) => s.id));
  return rows.map((s) => {
    const span = spans.get(s.id);
    return {
      id: s.id,
      name: s.name,
      siteKey: s.siteKey,
      domain: s.domain,
      timezone: s.timezone,
      currency: s.currency,
      status: statusOf(s, span?.lastHitAt ?? null, now),
      firstHitAt: iso(span?.firstHitAt),
      lastHitAt: iso(span?.lastHitAt),
      createdAt: iso(s.createdAt)!,
    };
  });
}

export function domainView(d: typeof domains.$inferSelect): Domain {
  return {
    id: d.id,
    hostname: d.hostname,
    isPrimary: d.isPrimary,
    includeSubdomains: d.includeSubdomains,
    status: d.status,
    method: d.method,
    strong: d.strong,
    token: d.token,
    verifiedAt: iso(d.verifiedAt),
  };
}

/** Spec 2.3: the installation status of one site. */
export async function siteStatus(control: ControlReader, tenant: TenantDb, siteId: string, now: number): Promise<SiteStatus> {
  const byId = prepared(control, "siteById", () => control.select().from(sites).where(eq(sites.id, sql.placeholder("id"))).prepare());
  const site = byId.get({ id: siteId });
  if (!site) throw new Error(`site ${siteId} vanished`);
  const [spans, hits, rejected] = await Promise.all([hitSpans(tenant, [siteId]), hitsLast30Min(tenant, siteId, now), rejectedHostsOf(tenant, siteId)]);
  const span = spans.get(siteId);
  const ofSite = prepared(control, "domainsOfSite", () => control.select().from(domains).where(eq(domains.siteId, sql.placeholder("siteId"))).orderBy(domains.createdAt, domains.id).prepare());
  const siteDomains = ofSite.all({ siteId });
  return {
    status: statusOf(site, span?.lastHitAt ?? null, now),
    firstHitAt: iso(span?.firstHitAt),
    lastHitAt: iso(span?.lastHitAt),
    hitsLast30Min: hits,
    rejectedHosts: rejected.map((r) => ({ host: r.host, hits: r.hits, firstSeenAt: iso(r.firstSeenAt)!, lastSeenAt: iso(r.lastSeenAt)! })),
    domains: siteDomains.map(domainView),
  };
}

/** A site of the org, its whole control row; another org's or unknown → 404 `Site`. */
export function orgSite(db: ControlReader, orgId: string, siteId: string): typeof sites.$inferSelect {
  const site = db.select().from(sites).where(and(eq(sites.id, siteId), eq(sites.orgId, orgId))).get();
  if (!site) throw notFound("Site");
  return site;
}
