import { t, type Static } from "elysia";
import { JsonInteger, UUID_PATTERN } from "../api/models.ts";
import { MAX_LENGTH } from "../leads/lead.ts";
import { PRIZE_KINDS } from "./types.ts";

/**
 * The bodies the page sends to `POST /v1/leads` and `POST /v1/spins`, and their answers
 * (docs/engagement.md "Lead submission", "Spinning"). Checked as a whole; a field the model
 * does not name is refused (422 naming it), so a page cannot slip in a prize, a weight or a
 * slice.
 */

const Uuid = (description: string) => t.String({ pattern: UUID_PATTERN, description });
const Field = (max: number) => t.Optional(t.String({ maxLength: max }));

/** The lead form's answers (lib/engagement/types.ts LEAD_FIELDS). */
export const LeadFields = t.Object(
  {
    email: Field(MAX_LENGTH.email),
    name: Field(MAX_LENGTH.name),
    phone: Field(MAX_LENGTH.phone),
    company: Field(MAX_LENGTH.company),
    message: Field(MAX_LENGTH.message),
  },
  { additionalProperties: false, description: "The form's answers; blank counts as absent" },
);

export const MAX_CONSENT_TEXT = 1000;
export const PageConsent = t.Object(
  {
    given: t.Boolean({ description: "Whether the visitor ticked the consent box" }),
    text: t.Optional(t.String({ maxLength: MAX_CONSENT_TEXT, description: "The box's text as shown (a popup's or wheel's own text is stored instead)" })),
  },
  { additionalProperties: false },
);

/** What a lead and a spin share: the batch header of /v1/collect, the answers, consent, the honeypot. */
const pageBase = {
  v: t.Literal(1, { description: "Protocol version" }),
  s: t.String({ minLength: 1, maxLength: 64, description: "Site key" }),
  id: Uuid("The page's own id for this request: the same id again answers the first outcome"),
  vid: Uuid("Visitor id (the tracking script's)"),
  sid: t.Optional(Uuid("Session id")),
  fields: LeadFields,
  consent: t.Optional(PageConsent),
  hp: t.Optional(t.String({ maxLength: 1000, description: "Honeypot: a field people do not see; anything in it refuses the request" })),
  path: t.Optional(t.String({ maxLength: 2048, pattern: "^/", description: "The page's path" })),
};

export const PAGE_LEAD_SOURCES = ["popup", "form", "newsletter"] as const;
export type PageLeadSource = (typeof PAGE_LEAD_SOURCES)[number];

export const LeadSubmission = t.Object(
  {
    ...pageBase,
    source: t.Union(PAGE_LEAD_SOURCES.map((s) => t.Literal(s)), { description: "popup: `ref` is the popup's id; form and newsletter: a marked form of the page" }),
    ref: t.String({ maxLength: 200, description: "The popup's id, or the form's name, id or action (empty for a form with none: the page's path names it)" }),
    variant: t.Optional(t.Union([t.String({ maxLength: 20 }), t.Null()], { description: "The popup's A/B variant the visitor saw" })),
  },
  {
    additionalProperties: false,
    title: "LeadSubmission",
    description: "A lead left on the site's page",
    examples: [
      {
        v: 1, s: "tm_yourSiteKey", id: "0f8e2c1a-5b3d-4e6f-8a9b-1c2d3e4f5a6b", vid: "5d1c7e2a-9b8f-4a3e-b6c5-d4e3f2a1b0c9", sid: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
        source: "newsletter", ref: "footer-signup", fields: { email: "someone@example.com" }, consent: { given: true, text: "Send me the newsletter" }, hp: "", path: "/blog",
      },
    ],
  },
);
export type LeadSubmission = Static<typeof LeadSubmission>;

export const LeadAccepted = t.Object({ ok: t.Literal(true), leadId: t.String() }, { title: "LeadAccepted" });
export type LeadAccepted = Static<typeof LeadAccepted>;

export const SpinRequest = t.Object(
  { ...pageBase, wheel: t.String({ minLength: 1, maxLength: 100, description: "The wheel's id" }) },
  {
    additionalProperties: false,
    title: "SpinRequest",
    description: "A spin of a wheel: the server draws the prize",
    examples: [
      {
        v: 1, s: "tm_yourSiteKey", id: "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a", vid: "5d1c7e2a-9b8f-4a3e-b6c5-d4e3f2a1b0c9", sid: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
        wheel: "a3f1c2e4b5d6978812345678", fields: { email: "someone@example.com" }, hp: "", path: "/shop",
      },
    ],
  },
);
export type SpinRequest = Static<typeof SpinRequest>;

export const SpinOutcome = t.Object(
  {
    ok: t.Literal(true),
    spinId: t.String(),
    slice: JsonInteger({ minimum: 0, description: "The index of the slice drawn (the page animates to it)" }),
    label: t.String(),
    prize: t.Union(PRIZE_KINDS.map((k) => t.Literal(k))),
    code: t.Union([t.String(), t.Null()], { description: "The coupon or static code won; null without a prize" }),
    expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()], { description: "When the code expires (the wheel's couponDays); null: never, or no code" }),
  },
  { title: "SpinOutcome" },
);
export type SpinOutcome = Static<typeof SpinOutcome>;
