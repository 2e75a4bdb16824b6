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
    if (key !== last || !id) (last = key), (id = crypto.randomUUID());
    return id;
  };
}
