import type { ControlStore } from "../db/control.ts";
import { orgSite } from "../sites/sites.ts";
import { consentSettings, type ConsentSettings } from "./settings.ts";

/** The consent settings of an org's site, defaults filled (`GET …/sites/{siteId}/consent`); another org's site is not found. */
export function siteConsentSettings(control: ControlStore, orgId: string, siteId: string): ConsentSettings {
  return consentSettings(orgSite(control.db, orgId, siteId).consent);
}
