import { and, eq } from "drizzle-orm";
import type { ControlReader } from "../db/control.ts";
import { domains } from "../db/control-schema.ts";
import { domainCovers } from "./domain-covers.ts";

export type VerifiedDomain = { hostname: string; includeSubdomains: boolean };

/** A site's verified domains (pending and failed ones cover nothing). */
export function verifiedDomainsOf(db: ControlReader, siteId: string): VerifiedDomain[] {
  return db
    .select({ hostname: domains.hostname, includeSubdomains: domains.includeSubdomains })
    .from(domains)
    .where(and(eq(domains.siteId, siteId), eq(domains.status, "verified")))
    .all();
}

/** Whether one of the domains covers the host. */
export const coveredBy = (verified: readonly VerifiedDomain[], host: string): boolean => verified.some((d) => domainCovers(d, host));
