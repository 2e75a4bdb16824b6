import {
  checkContactValue,
  checkExtra,
  checkText,
  failed,
  isPlainObject,
  looksLikeEmail,
  MAX_LENGTH,
  requireContact,
  UUID_RE,
  type ContactField,
  type LeadContact,
  type LeadInput,
} from "./lead.ts";

/**
 * The bodies the inbound lead webhook accepts (docs/leads.md), told apart by their shape: the
 * generic format of spec 4.13, Google Ads lead forms, Typeform and Tally. Each becomes a
 * checked LeadInput; a body that breaks a rule is 422 with the path of the offending value.
 */
export type InboundFormat = "generic" | "google_ads" | "typeform" | "tally";

export function detectFormat(body: unknown): InboundFormat {
  if (!isPlainObject(body)) return "generic";
  if (body.event_type === "form_response" && "form_response" in body) return "typeform";
  if (body.eventType === "FORM_RESPONSE" && "data" in body) return "tally";
  if ("lead_id" in body && ("user_column_data" in body || "google_key" in body)) return "google_ads";
  return "generic";
}

/** Google Ads sends the webhook key in the body (`google_key`), not in a header. */
export function googleKeyOf(body: unknown): string | null {
  return isPlainObject(body) && typeof body.google_key === "string" && body.google_key !== "" ? body.google_key : null;
}

export function parseInbound(body: unknown, format: InboundFormat = detectFormat(body)): LeadInput {
  if (!isPlainObject(body)) throw failed("body", body === undefined ? "is required" : "must be a JSON object");
  switch (format) {
    case "google_ads":
      return parseGoogleAds(body);
    case "typeform":
      return parseTypeform(body);
    case "tally":
      return parseTally(body);
    default:
      return parseGeneric(body);
  }
}

const CONTACT_FIELDS: ContactField[] = ["name", "email", "phone", "company", "message"];
const GENERIC_FIELDS = new Set(["externalId", ...CONTACT_FIELDS, "campaign", "vid", "extra"]);

function parseGeneric(body: Record<string, unknown>): LeadInput {
  for (const key of Object.keys(body)) {
    if (!GENERIC_FIELDS.has(key)) throw failed(key, "is not a field of the generic format (put other answers in extra)");
  }
  const contact = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, checkContactValue(f, body[f], f)])) as unknown as LeadContact;
  requireContact(contact, "email");
  const vid = checkText(body.vid, "vid", 36);
  if (vid !== null && !UUID_RE.test(vid)) throw failed("vid", "must be a visitor id (UUID)");
  if (body.extra !== undefined && body.extra !== null && !isPlainObject(body.extra)) throw failed("extra", "must be an object");
  return {
    source: "api",
    sourceName: "Webhook",
    externalId: checkText(body.externalId, "externalId", MAX_LENGTH.externalId),
    contact,
    extra: checkExtra((body.extra as Record<string, unknown> | undefined) ?? {}, "extra"),
    visitorId: vid?.toLowerCase() ?? null,
    campaign: checkText(body.campaign, "campaign", MAX_LENGTH.campaign),
  };
}

/** Where a form answer goes: a contact field, a part of the name, or (null) the other answers. */
type Target = ContactField | "first_name" | "last_name";

/** Label and ref words that name a contact field, most specific first ("company name" is a company). */
const WORDS: [Target, RegExp][] = [
  ["company", /\b(company|organi[sz]ation|business|employer|firm)\b/],
  ["email", /\b(e ?mail)\b/],
  ["phone", /\b(phone|mobile|telephone|tel|cell)\b/],
  ["first_name", /\b(first ?name|given ?name|forename)\b/],
  ["last_name", /\b(last ?name|family ?name|surname)\b/],
  ["name", /\b(full ?name|name)\b/],
  ["message", /\b(message|comments?|questions?|inquiry|enquiry|details|notes?|help|request|description)\b/],
];

export function targetByWords(label: string): Target | null {
  const words = label.toLowerCase().replace(/[^a-z0-9]+/g, " ");
  return WORDS.find(([, re]) => re.test(words))?.[0] ?? null;
}

/** A form's answers sorted into contact fields and other answers, each remembering where it was in the body. */
class Answers {
  private readonly found = new Map<Target, { value: unknown; path: string; label: string }>();
  /** Without a prototype: a label such as `__proto__` or `toString` is an ordinary key here. */
  readonly extra: Record<string, unknown> = Object.create(null);

  /**
   * An answer for a target, by its field type (then it is checked, and refused when it does not
   * fit) or by words (then it is taken only when it fits: an e-mail target takes only what
   * looks like an address). The first answer wins a target; the rest are other answers.
   */
  put(target: Target | null, value: unknown, path: string, label: string, byType = false): void {
    const fits = byType
      ? value !== null && value !== undefined && value !== ""
      : typeof value === "string" && value.trim() !== "" && (target !== "email" || looksLikeEmail(value.trim()));
    if (target && fits && !this.found.has(target)) this.found.set(target, { value, path, label });
    else this.keep(label, value);
  }

  /** An answer that is not contact data, under its label (numbered when a label repeats). */
  keep(label: string, value: unknown): void {
    if (value === null || value === undefined || value === "") return;
    const base = label.trim().slice(0, 100) || "answer";
    let key = base;
    for (let n = 2; Object.hasOwn(this.extra, key); n++) key = `${base} (${n})`;
    this.extra[key] = value;
  }

  /** The checked contact fields; 422 at `contactPath` when there is no way to reach the person. */
  contact(contactPath: string): LeadContact {
    const contact = {} as LeadContact;
    for (const field of CONTACT_FIELDS) {
      const answer = this.found.get(field);
      contact[field] = answer ? checkContactValue(field, answer.value, answer.path) : null;
    }
    const parts = (["first_name", "last_name"] as const).map((t) => this.found.get(t)).filter((a) => a !== undefined);
    if (contact.name === null && parts.length > 0) {
      const name = parts.map((p) => checkText(p.value, p.path, MAX_LENGTH.name)).filter(Boolean).join(" ");
      contact.name = checkText(name, parts[0].path, MAX_LENGTH.name);
    } else {
      for (const part of parts) this.keep(part.label, part.value);
    }
    requireContact(contact, contactPath);
    return contact;
  }
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

function requireObject(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw failed(path, "must be an object");
  return value;
}

function requireArray(value: unknown, path: string, max = 500): unknown[] {
  if (!Array.isArray(value)) throw failed(path, "must be an array");
  if (value.length > max) throw failed(path, `must have at most ${max} items`);
  return value;
}

/** A platform's id for the response, prefixed with the platform so ids of two senders never collide. */
function platformId(prefix: string, value: unknown, path: string): string {
  const id = typeof value === "number" ? String(value) : value;
  const text = checkText(id, path, MAX_LENGTH.externalId);
  if (text === null) throw failed(path, "is required");
  return `${prefix}:${text}`;
}

/** What hidden form fields can tell about the lead (the page fills them in). */
interface Hidden {
  visitorId: string | null;
  campaign: string | null;
}

/** A platform's lead, named after the platform and the form, from its sorted answers. */
function connectorLead(platform: string, form: string, externalId: string, answers: Answers, answersPath: string, hidden: Hidden = { visitorId: null, campaign: null }): LeadInput {
  return {
    source: "connector",
    sourceName: `${platform} ${form}`.trim().slice(0, MAX_LENGTH.sourceName),
    externalId,
    contact: answers.contact(answersPath),
    extra: checkExtra(answers.extra, answersPath),
    ...hidden,
  };
}

/** Hidden fields the page filled in: the visitor id and the campaign; others are kept. */
function hiddenField(answers: Answers, name: string, value: unknown, lead: Hidden): void {
  const text = typeof value === "string" ? value.trim() : "";
  const key = name.toLowerCase();
  // A visitor id that is not one is dropped rather than refusing the person's answers.
  if (key === "vid" && UUID_RE.test(text)) lead.visitorId = text.toLowerCase();
  else if (key === "utm_campaign" && text !== "" && text.length <= MAX_LENGTH.campaign) lead.campaign = text;
  else answers.keep(name, value);
}

/** Google Ads lead form columns that are contact fields; any other column is matched by its name's words. */
const GOOGLE_COLUMNS: Record<string, Target> = {
  FULL_NAME: "name",
  FIRST_NAME: "first_name",
  LAST_NAME: "last_name",
  EMAIL: "email",
  WORK_EMAIL: "email",
  PHONE_NUMBER: "phone",
  WORK_PHONE: "phone",
  COMPANY_NAME: "company",
};
/** Top-level keys of a Google Ads body that are not kept as other answers (the key is a secret). */
const GOOGLE_OWN = new Set(["lead_id", "user_column_data", "google_key"]);

function parseGoogleAds(body: Record<string, unknown>): LeadInput {
  const externalId = platformId("google_ads", body.lead_id, "lead_id");
  const answers = new Answers();
  requireArray(body.user_column_data, "user_column_data").forEach((item, i) => {
    const path = `user_column_data.${i}`;
    const column = requireObject(item, path);
    const id = checkText(column.column_id, `${path}.column_id`, 100);
    const name = checkText(column.column_name, `${path}.column_name`, 200);
    const label = name ?? id ?? `column ${i + 1}`;
    const known = id && Object.hasOwn(GOOGLE_COLUMNS, id.toUpperCase()) ? GOOGLE_COLUMNS[id.toUpperCase()] : undefined;
    answers.put(known ?? targetByWords(label), column.string_value, `${path}.string_value`, label, known !== undefined);
  });
  for (const [key, value] of Object.entries(body)) if (!GOOGLE_OWN.has(key)) answers.keep(key, value);
  const form = typeof body.form_id === "number" || typeof body.form_id === "string" ? String(body.form_id) : "";
  return connectorLead("Google Ads lead form", form, externalId, answers, "user_column_data");
}

/** The value of a Typeform answer: the property named by its type (text, email, choice…). */
function typeformValue(answer: Record<string, unknown>, type: string): unknown {
  // Own properties only: a type of "constructor" or "__proto__" names nothing.
  const value = Object.hasOwn(answer, type) ? answer[type] : undefined;
  if (type === "choice" && isPlainObject(value)) return value.label ?? value.other ?? null;
  if (type === "choices" && isPlainObject(value)) return [...(Array.isArray(value.labels) ? value.labels : []), ...(value.other ? [value.other] : [])];
  return value;
}

function parseTypeform(body: Record<string, unknown>): LeadInput {
  const response = requireObject(body.form_response, "form_response");
  const externalId = platformId("typeform", response.token, "form_response.token");
  const definition = isPlainObject(response.definition) ? response.definition : {};
  const titles = new Map<string, string>();
  for (const field of Array.isArray(definition.fields) ? definition.fields : []) {
    if (isPlainObject(field) && str(field.id) && str(field.title)) titles.set(field.id as string, field.title as string);
  }
  const answers = new Answers();
  requireArray(response.answers, "form_response.answers").forEach((item, i) => {
    const path = `form_response.answers.${i}`;
    const answer = requireObject(item, path);
    const type = str(answer.type);
    if (!type) throw failed(`${path}.type`, "is required");
    const field = isPlainObject(answer.field) ? answer.field : {};
    const title = titles.get(str(field.id) ?? "") ?? "";
    const ref = str(field.ref) ?? "";
    const label = title || ref || str(field.id) || `answer ${i + 1}`;
    const value = typeformValue(answer, type);
    const valuePath = `${path}.${type}`;
    if (type === "email") answers.put("email", value, valuePath, label, true);
    else if (type === "phone_number") answers.put("phone", value, valuePath, label, true);
    else if (type === "text") answers.put(targetByWords(`${title} ${ref}`) ?? (field.type === "long_text" ? "message" : null), value, valuePath, label);
    else answers.keep(label, value);
  });
  const hidden: Hidden = { visitorId: null, campaign: null };
  if (isPlainObject(response.hidden)) for (const [name, value] of Object.entries(response.hidden)) hiddenField(answers, name, value, hidden);
  return connectorLead("Typeform", str(definition.title) ?? str(response.form_id) ?? "", externalId, answers, "form_response.answers", hidden);
}

/** Tally choice values are option ids: show the options' text instead. */
function tallyValue(field: Record<string, unknown>): unknown {
  const options = Array.isArray(field.options) ? field.options.filter(isPlainObject) : [];
  if (options.length === 0 || !Array.isArray(field.value)) return field.value;
  return field.value.map((id) => options.find((o) => o.id === id)?.text ?? id);
}

function parseTally(body: Record<string, unknown>): LeadInput {
  const data = requireObject(body.data, "data");
  const externalId = platformId("tally", data.responseId ?? data.submissionId, "data.responseId");
  const answers = new Answers();
  const hidden: Hidden = { visitorId: null, campaign: null };
  requireArray(data.fields, "data.fields").forEach((item, i) => {
    const path = `data.fields.${i}`;
    const field = requireObject(item, path);
    const type = str(field.type) ?? "";
    const label = str(field.label) ?? str(field.key) ?? `field ${i + 1}`;
    const valuePath = `${path}.value`;
    if (type === "INPUT_EMAIL") answers.put("email", field.value, valuePath, label, true);
    else if (type === "INPUT_PHONE_NUMBER") answers.put("phone", field.value, valuePath, label, true);
    else if (type === "INPUT_TEXT") answers.put(targetByWords(label), field.value, valuePath, label);
    else if (type === "TEXTAREA") answers.put(targetByWords(label) ?? "message", field.value, valuePath, label);
    else if (type === "HIDDEN_FIELDS") hiddenField(answers, label, field.value, hidden);
    else answers.keep(label, tallyValue(field));
  });
  return connectorLead("Tally", str(data.formName) ?? str(data.formId) ?? "", externalId, answers, "data.fields", hidden);
}
