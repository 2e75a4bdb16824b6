import type { LeadContact, LeadSource } from "../leads/lead.ts";

/** The outbound webhook's one event (spec 6.1): what a receiver gets for each new lead. */
export const LEAD_CREATED = "lead.created";

export interface Attribution {
  channel: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export interface LeadCreatedEvent {
  event: typeof LEAD_CREATED;
  id: string;
  createdAt: string;
  site: { id: string; name: string; domain: string };
  source: LeadSource;
  sourceName: string;
  /** Unmasked: the receiver is the customer's own server. */
  lead: LeadContact & { extra: Record<string, unknown> };
  attribution: Attribution;
  /** The page path, null when no page is known (a lead pushed in by a platform). */
  page: string | null;
}

export function leadCreatedEvent(
  lead: { id: string; createdAt: number; source: LeadSource; sourceName: string; contact: LeadContact; extra: Record<string, unknown>; path: string | null },
  site: { id: string; name: string; domain: string },
  attribution: Attribution,
): LeadCreatedEvent {
  const { name, email, phone, company, message } = lead.contact;
  return {
    event: LEAD_CREATED,
    id: lead.id,
    createdAt: new Date(lead.createdAt).toISOString(),
    site: { id: site.id, name: site.name, domain: site.domain },
    source: lead.source,
    sourceName: lead.sourceName,
    lead: { name, email, phone, company, message, extra: lead.extra },
    attribution,
    page: lead.path,
  };
}
