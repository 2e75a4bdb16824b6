import { eq, sql } from "drizzle-orm";
import { ApiError } from "../errors.ts";
import { activeIntegrations, integrationPresenting } from "../integrations/secret.ts";
import type { ControlStore } from "../db/control.ts";
import { orgs, sites } from "../db/control-schema.ts";
import { featureBlocked, type Feature } from "../plans.ts";
import { prepared } from "../db/prepared.ts";
import { siteByKey } from "../ingest/site-lookup.ts";
import type { Platform } from "../platform.ts";
import { createLead, type LeadSite } from "./create-lead.ts";
import { detectFormat, googleKeyOf, parseInbound, type InboundFormat } from "./inbound-formats.ts";
import { GenericLeadBody, GoogleAdsLeadBody, TallyLeadBody, TypeformLeadBody } from "./models.ts";
import { modelCheck } from "../http/model-check.ts";

/** `POST /v1/hooks/webhook_in/{siteKey}` (spec 4.13, docs/leads.md). */

export interface InboundReceipt {
  ok: true;
  id: string;
  duplicate: boolean;
}

export interface InboundOutcome {
  receipt: InboundReceipt;
  format: InboundFormat;
  orgId: string;
  /** Outbound deliveries queued for the new lead. */
  deliveries: number;
}

/** The secrets a sender presents in headers: `X-Svc-Secret`, or a bearer token. */
export function presentedSecrets(headers: Headers): string[] {
  const out: string[] = [];
  const header = headers.get("x-svc-secret")?.trim();
  if (header) out.push(header);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (bearer) out.push(bearer);
  return out;
}

/** Name and domain of a site, for the outbound event (cached until control data changes). */
export function leadSite(control: ControlStore, siteId: string): LeadSite {
  const db = control.db;
  const byId = prepared(db, "leadSiteById", () => db.select({ id: sites.id, name: sites.name, domain: sites.domain }).from(sites).where(eq(sites.id, sql.placeholder("id"))).prepare());
  const site = control.memo(`leadSite:${siteId}`, () => byId.get({ id: siteId }));
  if (!site) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
  return site;
}

/**
 * The org's plan (and the operator) must allow every one of `features`, else the sender is
 * told so (403 FEATURE_UNAVAILABLE): inbound leads need leads and integrations, a popup's lead
 * leads and popups.
 */
export function requireOrgFeatures(platform: Platform, orgId: string, features: readonly Feature[]): void {
  for (const feature of features) {
    if (orgFeatureBlocked(platform, orgId, feature)) throw new ApiError("FEATURE_UNAVAILABLE", `The organization's plan does not include ${feature}`, [{ message: feature }]);
  }
}

/** Whether the org's plan lacks the feature, or the org or the operator switched it off (cached until control data changes). */
export function orgFeatureBlocked(platform: Platform, orgId: string, feature: Feature): boolean {
  const org = platform.control.memo(`leadFeatures:${orgId}`, () => {
    const row = platform.control.db.select({ plan: orgs.plan, disabled: orgs.disabledFeatures }).from(orgs).where(eq(orgs.id, orgId)).get();
    return row ? { plan: row.plan, disabled: JSON.parse(row.disabled) as string[] } : null;
  });
  if (!org) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
  return featureBlocked(feature, org.plan, org.disabled, platform.settings.disabledFeatures);
}

/** Each format's body checked against the model the document publishes for it (InboundLeadBody's members). */
const FORMAT_CHECKS: Record<InboundFormat, (body: unknown) => unknown> = {
  generic: modelCheck(GenericLeadBody),
  google_ads: modelCheck(GoogleAdsLeadBody),
  typeform: modelCheck(TypeformLeadBody),
  tally: modelCheck(TallyLeadBody),
};

const unauthenticated = (path: string, message: string) => new ApiError("UNAUTHENTICATED", `The inbound webhook secret is ${message}`, [{ path, message }]);

/**
 * Receives one lead: the site by its key (404), its active inbound integrations (404 without
 * one), the secret compared in constant time against each (401; every secret presented must
 * be the same integration's, and a Google Ads body must carry it as `google_key`), the body
 * checked against its format's published model, then read in its format (422), then the lead created with its outbound deliveries.
 */
export async function receiveInboundLead(platform: Platform, request: { siteKey: string; secrets: string[]; body: unknown; at: number }): Promise<InboundOutcome> {
  const tracked = request.siteKey.length <= 64 ? siteByKey(platform.control, request.siteKey) : null;
  if (!tracked) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
  const store = await platform.tenants.get(tracked.org);
  const inbound = await activeIntegrations(store, tracked.id, "webhook_in", { what: "inbound lead webhook", detail: "no active inbound webhook integration" });

  const format = detectFormat(request.body);
  const secrets = [...request.secrets];
  if (format === "google_ads") {
    const key = googleKeyOf(request.body);
    if (key === null) throw unauthenticated("google_key", "missing: set the integration secret as the webhook key in Google Ads");
    secrets.push(key);
  }
  if (secrets.length === 0) throw unauthenticated("X-Svc-Secret", "missing: send it in X-Svc-Secret or as a bearer token");
  const integration = integrationPresenting(inbound, secrets);
  if (integration === null) throw unauthenticated(format === "google_ads" && request.secrets.length === 0 ? "google_key" : "X-Svc-Secret", "wrong");
  requireOrgFeatures(platform, tracked.orgId, ["leads", "integrations"]);

  FORMAT_CHECKS[format](request.body);
  const input = parseInbound(request.body, format);
  const created = await createLead(store, leadSite(platform.control, tracked.id), input, { at: request.at, receivedVia: integration });
  return { receipt: { ok: true, id: created.id, duplicate: created.duplicate }, format, orgId: tracked.orgId, deliveries: created.deliveries };
}
