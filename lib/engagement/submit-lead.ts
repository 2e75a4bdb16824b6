import { ApiError } from "../errors.ts";
import { uuidBytes } from "../ids.ts";
import { readRows, runOp, runProgram, type Program, type StoreHandles } from "../db/statements.ts";
import type { TenantStore } from "../db/tenants.ts";
import { insertLead, knownLead, prepareLead, type CreatedLead, type LeadSite } from "../leads/create-lead.ts";
import { leadSite, requireOrgFeatures } from "../leads/inbound.ts";
import { failed, requireContact, type LeadContact, type LeadInput } from "../leads/lead.ts";
import { assignVariant, HOLDOUT } from "./assign.ts";
import { LeadSubmission, type LeadAccepted } from "./page-models.ts";
import { bodyReader, consentOf, contactOf, openPageRequest, type ConsentRecord, type PageDeps, type PageRequest } from "./page-checks.ts";
import { LEAD_FIELDS, NO_VARIANT, type PopupDefinition } from "./types.ts";
import { storedPopup } from "./manage.ts";

/**
 * `POST /v1/leads` (docs/engagement.md "Lead submission"): a lead left in a popup's form or in
 * a marked form of the site's page. Nothing is written unless every check passes; the lead,
 * its webhook deliveries and (for a popup) its exposure's `leadAt` are written in one
 * transaction, and the answer waits for its commit.
 */

export interface LeadSubmitted {
  /** 201 for a new lead, 200 for a repeat of the page's id. */
  status: 200 | 201;
  body: LeadAccepted;
  orgId: string;
  /** Webhook deliveries queued (0 for a repeat). */
  deliveries: number;
}

const readLead = bodyReader(LeadSubmission);

/** The page's id as the lead's externalId: a repeat is the same lead. */
export const pageLeadId = (id: string) => `page:${id.toLowerCase()}`;

interface ActivePopup {
  id: string;
  name: string;
  definition: PopupDefinition;
}

/** An active popup of the site, else 404 at `ref` (unknown, another site's, draft, paused or archived). */
async function activePopup(store: TenantStore, siteId: string, id: string): Promise<ActivePopup> {
  const rows = await readRows(store, "SELECT id, name, definition FROM popups WHERE id = ? AND site_id = ? AND status = 'active'", [id, siteId], "objects");
  if (rows.length === 0) throw new ApiError("NOT_FOUND", "No active popup of this site has this id", [{ path: "ref", message: "no active popup of this site has this id" }]);
  return { id: rows[0].id as string, name: rows[0].name as string, definition: storedPopup(rows[0] as { definition: string }) };
}

/**
 * The variant the lead is counted for: the one the page says it showed when the popup has it,
 * else the visitor's sticky assignment (a page loaded before the variants changed), and `-`
 * without a test (or for a held-out visitor, who was shown nothing).
 */
export function leadVariant(def: PopupDefinition, popupId: string, visitorId: string, sent: string | null | undefined): string {
  if (def.variants.length === 0) return NO_VARIANT;
  if (typeof sent === "string" && def.variants.some((v) => v.key === sent)) return sent;
  const assigned = assignVariant(visitorId, popupId, def.variants, def.holdout);
  return assigned === null || assigned === HOLDOUT ? NO_VARIANT : assigned;
}

/** The visitor_rows.seq of a visitor of the site by its UUID, consenting or not (null: not seen yet). */
export async function visitorSeq(store: StoreHandles, siteId: string, visitorId: string): Promise<number | null> {
  const rows = await readRows(store, "SELECT v.seq AS seq FROM strings s JOIN visitor_rows v ON v.site = s.id AND v.uid = ? WHERE s.value = ?", [uuidBytes(visitorId), siteId], "objects");
  return (rows[0]?.seq as number | undefined) ?? null;
}

/**
 * The popup's exposure of the visitor becomes a lead. Without a row yet (the view event may
 * still be on its way) one is made with the lead's variant and no views; the view, when it
 * comes, adds to it. A lead already marked keeps its first time.
 */
function* markExposure(popupId: string, visitor: number, variant: string, at: number): Program<void> {
  yield runOp(
    `INSERT INTO popup_exposures (popup_id, visitor, variant, first_at, views, closes, lead_at) VALUES (?,?,?,?,0,0,?)
     ON CONFLICT (popup_id, visitor) DO UPDATE SET lead_at = coalesce(lead_at, excluded.lead_at)`,
    popupId, visitor, variant, at, at,
  );
}

/** What a lead of each source is made of. */
interface LeadParts {
  sourceName: string;
  contact: LeadContact;
  extra: Record<string, unknown>;
  popup: { id: string; variant: string } | null;
}

async function popupParts(store: TenantStore, siteId: string, body: LeadSubmission, at: number): Promise<LeadParts> {
  const popup = await activePopup(store, siteId, body.ref);
  const form = popup.definition.form;
  if (form === null) throw failed("ref", "this popup has no lead form");
  const contact = contactOf(body.fields, form.fields, form.required);
  const consent = consentOf(form.consent, body.consent, at);
  const variant = leadVariant(popup.definition, popup.id, body.vid, body.variant);
  return { sourceName: popup.name, contact, extra: { ...(consent ? { consent } : {}), popupId: popup.id, variant }, popup: { id: popup.id, variant } };
}

/** A marked form of the page: a newsletter form needs an e-mail address, any other form a way to reach the person. */
function formParts(body: LeadSubmission, at: number): LeadParts {
  const contact = contactOf(body.fields, LEAD_FIELDS, body.source === "newsletter" ? ["email"] : []);
  if (body.source === "form") requireContact(contact, "fields", "a lead needs an email, phone or name");
  // The page's own box: its text is only known from the page.
  const consent: ConsentRecord | null = body.consent ? { given: body.consent.given, text: body.consent.text ?? "", at: new Date(at).toISOString() } : null;
  // A form with no name, id or action is named by its page.
  return { sourceName: body.ref || body.path || body.source, contact, extra: consent ? { consent } : {}, popup: null };
}

/** Checks a page's lead and writes it (see the module's doc); throws the error to answer. */
export async function submitLead(deps: PageDeps, request: PageRequest): Promise<LeadSubmitted> {
  const { platform } = deps;
  const { body, site: tracked, store } = await openPageRequest(deps, request, readLead, "lead submissions");
  const externalId = pageLeadId(body.id);
  const known = await knownLead(store, tracked.id, externalId);
  if (known !== null) return { status: 200, body: { ok: true, leadId: known }, orgId: tracked.orgId, deliveries: 0 };
  requireOrgFeatures(platform, tracked.orgId, body.source === "popup" ? ["leads", "popups"] : ["leads"]);

  const parts = body.source === "popup" ? await popupParts(store, tracked.id, body, request.at) : formParts(body, request.at);
  const site = leadSite(platform.control, tracked.id);
  const input: LeadInput = {
    source: body.source,
    sourceName: parts.sourceName,
    externalId,
    contact: parts.contact,
    extra: parts.extra,
    visitorId: body.vid.toLowerCase(),
    campaign: null,
    path: body.path ?? null,
  };
  const row = await prepareLead(store, site, input, request.at);
  const exposed = parts.popup !== null ? await visitorSeq(store, tracked.id, input.visitorId!) : null;
  const created = await runProgram(store, leadWithExposure(row, site, parts.popup, exposed, request.at));
  return { status: created.duplicate ? 200 : 201, body: { ok: true, leadId: created.id }, orgId: tracked.orgId, deliveries: created.deliveries };
}

/** The lead and, for a popup whose visitor is known, the exposure's lead mark: one transaction. */
function* leadWithExposure(row: Awaited<ReturnType<typeof prepareLead>>, site: LeadSite, popup: LeadParts["popup"], visitor: number | null, at: number): Program<CreatedLead> {
  const lead = yield* insertLead(row, site);
  if (!lead.duplicate && popup !== null && visitor !== null) yield* markExposure(popup.id, visitor, popup.variant, at);
  return lead;
}
