import { eq, sql } from "drizzle-orm";
import type { ControlStore } from "../db/control.ts";
import { orgs, sites } from "../db/control-schema.ts";
import { prepared } from "../db/prepared.ts";
import { consentSettings, type ConsentSettings } from "../consent/settings.ts";
import { coveredBy, verifiedDomainsOf } from "../sites/verified-domains.ts";

export interface TrackedSite {
  id: string;
  siteKey: string;
  orgId: string;
  org: { id: string; dbUrl: string | null };
  timezone: string;
  currency: string;
  paused: boolean;
  consent: ConsentSettings;
  /** Verified domains: exact host, or its subdomains too. */
  domains: { hostname: string; includeSubdomains: boolean }[];
}

/** The site behind a public site key, with what ingest needs (cached until control data changes). */
export function siteByKey(control: ControlStore, siteKey: string): TrackedSite | null {
  return control.memo(`siteByKey:${siteKey}`, () => {
    const db = control.db;
    const site = prepared(db, "siteByKey", () => db.select().from(sites).where(eq(sites.siteKey, sql.placeholder("key"))).prepare()).get({ key: siteKey });
    if (!site) return null;
    const org = db.select({ id: orgs.id, dbUrl: orgs.dbUrl }).from(orgs).where(eq(orgs.id, site.orgId)).get()!;
    return {
      id: site.id,
      siteKey: site.siteKey,
      orgId: site.orgId,
      org,
      timezone: site.timezone,
      currency: site.currency,
      paused: site.paused,
      consent: consentSettings(site.consent),
      domains: verifiedDomainsOf(db, site.id),
    };
  });
}

/** Whether a host is one of the site's verified domains (or under one that includes subdomains). */
export function hostAllowed(site: TrackedSite, host: string): boolean {
  return coveredBy(site.domains, host);
}
