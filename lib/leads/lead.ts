import { ApiError, type ErrorDetail } from "../errors.ts";

/** What a lead is made of, whatever brought it in (spec 2.11), and the rules its fields follow. */

export const LEAD_SOURCES = ["popup", "spin", "form", "newsletter", "onetap", "api", "connector"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface LeadContact {
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  message: string | null;
}
export type ContactField = keyof LeadContact;

/** A lead as a capture channel hands it over, checked (see `checkText` and friends). */
export interface LeadInput {
  source: LeadSource;
  /** The popup, form, wheel or platform it came from. */
  sourceName: string;
  /** The sender's own id for the lead: a second lead with the same id is a duplicate. */
  externalId: string | null;
  contact: LeadContact;
  /** Other answers. */
  extra: Record<string, unknown>;
  /** The visitor (UUID) who left it, when the sender knows. */
  visitorId: string | null;
  /** Sent attribution; what is null is taken from the visitor's latest session. */
  campaign: string | null;
  path?: string | null;
}

/** Longest accepted value per field (characters). */
export const MAX_LENGTH = {
  name: 200,
  email: 254,
  phone: 50,
  company: 200,
  message: 5000,
  campaign: 200,
  externalId: 200,
  sourceName: 200,
} as const;

/** At most this much JSON of other answers per lead. */
export const MAX_EXTRA_BYTES = 32 * 1024;
export const MAX_EXTRA_KEYS = 100;

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Digits and the punctuation people write phone numbers with, an optional extension. */
const PHONE_RE = /^\+?[0-9 ().\-/]+(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;
/**
 * A rule for the OpenAPI document as `checkText` applies it: around the value's trimmed text,
 * and blank text counting as absent.
 */
export const trimmedPattern = (core: string) => `^\\s*(?:${core})?\\s*$`;
export const EMAIL_PATTERN = trimmedPattern(EMAIL_RE.source.slice(1, -1));
/** The phone rule with its three digits as a lookahead and its case-insensitive `x`/`ext` spelled out. */
export const PHONE_PATTERN = trimmedPattern("(?=(?:\\D*\\d){3})" + PHONE_RE.source.slice(1, -1).replace("(?:x|ext\\.?)", "(?:[xX]|[eE][xX][tT]\\.?)"));
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const failed = (path: string, message: string): ApiError => new ApiError("VALIDATION_FAILED", `${path}: ${message}`, [{ path, message }]);

/** A text value: a string (trimmed; empty counts as absent) within its length, else 422 naming `path`. */
export function checkText(value: unknown, path: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw failed(path, "must be a string");
  const text = value.trim();
  if (text === "") return null;
  if (text.length > max) throw failed(path, `must be at most ${max} characters`);
  return text;
}

export const looksLikeEmail = (value: string): boolean => value.length <= MAX_LENGTH.email && EMAIL_RE.test(value);

/** Checks one contact value for its field; e-mail addresses are kept in lower case (they are matched on). */
export function checkContactValue(field: ContactField, value: unknown, path: string): string | null {
  const text = checkText(value, path, MAX_LENGTH[field]);
  if (text === null) return null;
  if (field === "email") {
    if (!EMAIL_RE.test(text)) throw failed(path, "is not an e-mail address");
    return text.toLowerCase();
  }
  if (field === "phone" && (!PHONE_RE.test(text) || (text.match(/[0-9]/g) ?? []).length < 3)) throw failed(path, "is not a phone number");
  return text;
}

/** A lead needs a way to reach the person: an e-mail address, a phone number or at least a name. */
export function requireContact(contact: LeadContact, path: string, message = "a lead needs an email, phone or name"): void {
  if (contact.email === null && contact.phone === null && contact.name === null) {
    const details: ErrorDetail[] = [{ path, message }];
    throw new ApiError("VALIDATION_FAILED", `${path}: ${message}`, details);
  }
}

/** Other answers as stored: a JSON object within the size limits. */
export function checkExtra(extra: Record<string, unknown>, path: string): Record<string, unknown> {
  if (Object.keys(extra).length > MAX_EXTRA_KEYS) throw failed(path, `must have at most ${MAX_EXTRA_KEYS} keys`);
  if (Buffer.byteLength(JSON.stringify(extra)) > MAX_EXTRA_BYTES) throw failed(path, `must be at most ${MAX_EXTRA_BYTES / 1024} KB of JSON`);
  return extra;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
