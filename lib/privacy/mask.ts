/**
 * Masking of contact details (DESIGN section 7): the one place that decides what a caller
 * without `analytics.pii.read` sees of a person. Applied after the query, before the answer,
 * to visitor lists, profiles, leads, reports and exports alike.
 */

/** Fields that show their first character, then `***`. */
export const MASKED_FIELDS = ["name", "email", "phone", "company"] as const;
/** What a message reads as when masked. */
export const HIDDEN_MESSAGE = "[hidden]";

export type Contact = { [K in (typeof MASKED_FIELDS)[number] | "message"]?: string | null };

/** One contact value masked: its first character, then `***` (empty and null stay as they are). */
export function maskContact(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value.length === 0) return value;
  // The first character as a person reads it (a whole emoji or accented letter, not half of one).
  const [first] = value;
  return `${first}***`;
}

/** A message masked: a fixed marker, so not even its length shows. */
export const maskMessage = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : HIDDEN_MESSAGE);

/** The contact fields of a row as the caller may see them: unchanged with PII access, masked without. */
export function contactFor<T extends Contact>(row: T, piiAccess: boolean): T {
  if (piiAccess) return row;
  const out = { ...row };
  for (const field of MASKED_FIELDS) if (field in out) out[field] = maskContact(out[field]);
  if ("message" in out) out.message = maskMessage(out.message);
  return out;
}
