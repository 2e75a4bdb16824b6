import type { LeadField } from "../../../../lib/engagement/types.ts";

/**
 * The chunk's calls to Tidemark's public endpoints. Bodies go as `text/plain` JSON (the
 * services read any body as JSON), so no CORS preflight is needed and `keepalive` carries
 * them through a navigation.
 */

export interface Answer {
  status: number;
  body: Record<string, any> | null;
}

export async function postJson(url: string, body: unknown): Promise<Answer> {
  try {
    const res = await fetch(url, { method: "POST", body: JSON.stringify(body), keepalive: true, credentials: "omit", headers: { "content-type": "text/plain;charset=UTF-8" } });
    let json: Record<string, any> | null = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    return { status: res.status, body: json };
  } catch {
    return { status: 0, body: null };
  }
}

/** What the form shows of a refused submission: messages beside fields, and one for the whole form. */
export interface Refusal {
  fields: Partial<Record<LeadField | "consent", string>>;
  message: string;
}

const FIELD_NAMES = ["email", "name", "phone", "company", "message"];

/** The server's answer as the form shows it (the envelope's `details` name `fields.email`, `consent.given`, …). */
export function refusalOf(a: Answer): Refusal {
  if (a.status === 0) return { fields: {}, message: "Could not send. Please check your connection and try again." };
  if (a.status === 429) return { fields: {}, message: "Too many attempts. Please wait a minute and try again." };
  const error = a.body?.error;
  const fields: Refusal["fields"] = {};
  for (const d of Array.isArray(error?.details) ? error.details : []) {
    const parts = String(d?.path ?? "").split(/[./]/);
    const field = parts.find((p) => FIELD_NAMES.includes(p)) ?? (parts.includes("consent") ? "consent" : null);
    if (field && !fields[field as LeadField]) fields[field as LeadField] = String(d.message ?? "is not valid");
  }
  const message = typeof error?.message === "string" && error.message ? error.message : "Something went wrong. Please try again.";
  return { fields, message };
}

/**
 * The submission id of a form: a fresh UUID for new values, the same one when the same values
 * are sent again (a retry after a lost or failed answer), so the server stores them once.
 */
export function submissionIds(): (values: unknown) => string {
  let last = "";
  let id = "";
  return (values) => {
    const key = JSON.stringify(values);
    if (key !== last || !id) (last = key), (id = uuid4());
    return id;
  };
}

/** A random UUID (crypto.randomUUID exists only on https pages and localhost). */
export function uuid4(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 0x40;
  b[8] = (b[8] & 63) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
