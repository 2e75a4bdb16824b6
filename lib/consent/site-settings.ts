import { and, eq } from "drizzle-orm";
import type { ControlStore } from "../db/control.ts";
import { sites } from "../db/control-schema.ts";
import { notFound } from "../errors.ts";
import { consentSettings, type ConsentSettings } from "./settings.ts";

/** The consent settings of an org's site, defaults filled (`GET …/sites/{siteId}/consent`); another org's site is not found. */
export function siteConsentSettings(control: ControlStore, orgId: string, siteId: string): ConsentSettings {
  const site = control.db.select({ consent: sites.consent }).from(sites).where(and(eq(sites.id, siteId), eq(sites.orgId, orgId))).get();
  if (!site) throw notFound("Site");
  return consentSettings(site.consent);
}
