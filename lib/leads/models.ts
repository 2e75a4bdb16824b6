import { t } from "elysia";
import { MAX_LENGTH } from "./lead.ts";

/** TypeBox models of the inbound lead webhook, for its OpenAPI entry (the body is checked by lib/leads). */

const Text = (max: number, description: string) => t.Optional(t.String({ maxLength: max, description }));

export const GenericLeadBody = t.Object(
  {
    externalId: Text(MAX_LENGTH.externalId, "Your id for the lead: a repeat answers 200 with duplicate true and changes nothing"),
    name: Text(MAX_LENGTH.name, "At least one of name, email, phone is required"),
    email: Text(MAX_LENGTH.email, "An e-mail address"),
    phone: Text(MAX_LENGTH.phone, "A phone number"),
    company: Text(MAX_LENGTH.company, ""),
    message: Text(MAX_LENGTH.message, ""),
    campaign: Text(MAX_LENGTH.campaign, "Wins over the visitor's campaign"),
    vid: t.Optional(t.String({ format: "uuid", description: "The visitor id of the tracking script: the lead is merged into that (consenting) visitor" })),
    extra: t.Optional(t.Record(t.String(), t.Unknown(), { description: "Other answers (at most 100 keys, 32 KB of JSON)" })),
  },
  { additionalProperties: false, description: "The generic format (spec 4.13)" },
);

const PlatformBody = (description: string) => t.Object({}, { additionalProperties: true, description });

export const InboundLeadBody = t.Union([
  GenericLeadBody,
  PlatformBody("Google Ads lead form webhook (lead_id, user_column_data, google_key = the integration secret)"),
  PlatformBody('Typeform webhook (event_type "form_response")'),
  PlatformBody('Tally webhook (eventType "FORM_RESPONSE")'),
]);

export const LeadReceipt = t.Object(
  {
    ok: t.Literal(true),
    id: t.String({ description: "The lead's id (the first lead's for a duplicate)" }),
    duplicate: t.Boolean({ description: "true when the sender's id was seen before (200); nothing was changed" }),
  },
  { title: "LeadReceipt" },
);
