import { t, type TSchema } from "elysia";
import { EMAIL_PATTERN, MAX_EXTRA_BYTES, MAX_EXTRA_KEYS, MAX_LENGTH, PHONE_PATTERN, trimmedPattern } from "./lead.ts";
import { UUID_PATTERN } from "../api/models.ts";

/** TypeBox models of the inbound lead webhook, for its OpenAPI entry (the body is checked by lib/leads). */

/** Text as `checkText` reads it: a string (trimmed; empty counts as absent) or null; `what` names it in a refusal. */
const Text = (max: number, description: string, options: object = {}, what = "text") =>
  t.Optional(t.Union([t.String({ maxLength: max, ...options }), t.Null()], { description, error: `must be ${what} of at most ${max} characters, or null` }));
const MAX_ANSWERS = 500;
/** A platform's id for the lead: text or a number. */
const PlatformId = (description: string) => t.Union([t.String({ minLength: 1, maxLength: MAX_LENGTH.externalId, pattern: "\\S" }), t.Number()], { description, error: `must be a number or text of at most ${MAX_LENGTH.externalId} characters, not blank` });
const Answers = (item: TSchema, description: string) => t.Array(item, { maxItems: MAX_ANSWERS, description });
/** At least one way to reach the person, not blank. */
const reachable = (["email", "phone", "name"] as const).map((field) => ({ required: [field], properties: { [field]: { type: "string", pattern: "\\S" } } }));

export const GenericLeadBody = t.Object(
  {
    externalId: Text(MAX_LENGTH.externalId, "Your id for the lead: a repeat answers 200 with duplicate true and changes nothing"),
    name: Text(MAX_LENGTH.name, "At least one of name, email, phone is required"),
    email: Text(MAX_LENGTH.email, "An e-mail address", { pattern: EMAIL_PATTERN }, "an e-mail address"),
    phone: Text(MAX_LENGTH.phone, "A phone number: digits, spaces and ( ) . - /, an optional extension", { pattern: PHONE_PATTERN }, "a phone number"),
    company: Text(MAX_LENGTH.company, ""),
    message: Text(MAX_LENGTH.message, ""),
    campaign: Text(MAX_LENGTH.campaign, "Wins over the visitor's campaign"),
    vid: t.Optional(t.Union([t.String({ pattern: trimmedPattern(UUID_PATTERN.slice(1, -1)) }), t.Null()], { description: "The visitor id of the tracking script: the lead is merged into that (consenting) visitor", error: "must be a visitor id (UUID), or null" })),
    extra: t.Optional(t.Union([t.Record(t.String(), t.Unknown(), { maxProperties: MAX_EXTRA_KEYS }), t.Null()], { description: `Other answers (at most ${MAX_EXTRA_KEYS} keys, ${MAX_EXTRA_BYTES / 1024} KB of JSON)`, error: `must be an object of at most ${MAX_EXTRA_KEYS} keys, or null` })),
  },
  { additionalProperties: false, title: "GenericLead", description: "The generic format (spec 4.13)", anyOf: reachable },
);

export const GoogleAdsLeadBody = t.Object(
  {
    lead_id: PlatformId("Google's lead id (the lead's externalId)"),
    user_column_data: Answers(
      t.Object({ column_id: Text(100, "The column's id (FULL_NAME, EMAIL…)"), column_name: Text(200, "The question's label"), string_value: t.Optional(t.Unknown()) }),
      "The form's answers; FULL_NAME, FIRST_NAME, LAST_NAME, (WORK_)EMAIL, (WORK_)PHONE_NUMBER and COMPANY_NAME are contact fields, other columns are matched by their name's words or kept",
    ),
    google_key: t.Optional(t.String({ description: "The integration secret, unless sent in X-Svc-Secret or as a bearer token" })),
    form_id: t.Optional(t.Union([t.String(), t.Number()], { error: "must be text or a number" })),
  },
  {
    title: "GoogleAdsLead",
    description: "Google Ads lead form webhook (told apart by lead_id with user_column_data); other top-level fields are kept as other answers",
    examples: [{ lead_id: "TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ", user_column_data: [{ column_id: "FULL_NAME", string_value: "Ada Lovelace" }, { column_id: "EMAIL", string_value: "ada@example.com" }] }],
  },
);

export const TypeformLeadBody = t.Object(
  {
    event_type: t.Literal("form_response"),
    form_response: t.Object({
      token: PlatformId("The response's token (the lead's externalId)"),
      answers: Answers(t.Object({ type: t.String({ minLength: 1, description: "text, email, phone_number, choice…: names the property that holds the value" }), field: t.Optional(t.Object({})) }), "The answers"),
      definition: t.Optional(t.Object({})),
      hidden: t.Optional(t.Object({}, { description: "Hidden fields: vid (a visitor id) and utm_campaign are read, others kept" })),
      form_id: t.Optional(t.String()),
    }),
  },
  {
    title: "TypeformLead",
    description: 'Typeform webhook (event_type "form_response")',
    examples: [{ event_type: "form_response", form_response: { token: "a1b2c3d4e5", answers: [{ type: "email", email: "ada@example.com", field: { id: "f2", type: "email" } }] } }],
  },
);

export const TallyLeadBody = t.Object(
  {
    eventType: t.Literal("FORM_RESPONSE"),
    data: t.Object(
      {
        responseId: t.Optional(PlatformId("The response's id (the lead's externalId); submissionId when absent")),
        submissionId: t.Optional(PlatformId("Used when responseId is absent")),
        fields: Answers(t.Object({}), "The answers: INPUT_EMAIL, INPUT_PHONE_NUMBER, INPUT_TEXT, TEXTAREA and HIDDEN_FIELDS (vid, utm_campaign) are read, others kept"),
        formName: t.Optional(t.String()),
        formId: t.Optional(t.String()),
      },
      { anyOf: [{ required: ["responseId"] }, { required: ["submissionId"] }] },
    ),
  },
  {
    title: "TallyLead",
    description: 'Tally webhook (eventType "FORM_RESPONSE")',
    examples: [{ eventType: "FORM_RESPONSE", data: { responseId: "2wgx4n", fields: [{ key: "question_email", label: "Email", type: "INPUT_EMAIL", value: "ada@example.com" }] } }],
  },
);

/** The four formats, as `detectFormat` tells them apart; each is refused (422) by its own rules. */
export const InboundLeadBody = t.Union([GenericLeadBody, GoogleAdsLeadBody, TypeformLeadBody, TallyLeadBody]);

export const LeadReceipt = t.Object(
  {
    ok: t.Literal(true),
    id: t.String({ description: "The lead's id (the first lead's for a duplicate)" }),
    duplicate: t.Boolean({ description: "true when the sender's id was seen before (200); nothing was changed" }),
  },
  { title: "LeadReceipt" },
);
