import { createHmac, timingSafeEqual } from "node:crypto";
import type { Platform } from "../../platform.ts";
import { EMAIL_TOKEN_TTL_MS } from "../../auth/email-verification.ts";

/**
 * The links a schedule's mails carry (docs/reports.md "Schedules"): confirming an address and
 * unsubscribing one. Stateless: the org, schedule, address and purpose are in the token, signed
 * with HMAC-SHA256 under the installation's secret, so nothing is stored per link and a changed
 * byte makes the token worthless. A confirmation link carries when it expires, signed with the rest.
 */

export const LINK_PURPOSES = ["confirm", "unsubscribe"] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/**
 * How long a link works. A confirmation as long as an e-mail verification link (it too proves an
 * address); an unsubscribe link for good: it is in every mail, and an old mail must still stop
 * them (RFC 8058, and what recipients are owed).
 */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number | null> = { confirm: EMAIL_TOKEN_TTL_MS, unsubscribe: null };

export interface RecipientLink {
  orgId: string;
  scheduleId: string;
  email: string;
  purpose: LinkPurpose;
  /** When the link stops working (epoch ms, signed with the rest); null for a purpose that never expires. */
  expiresAt: number | null;
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`report-link:${payload}`).digest("base64url");

export function linkToken(secret: string, link: RecipientLink): string {
  const payload = Buffer.from(JSON.stringify([link.orgId, link.scheduleId, link.email, link.purpose, link.expiresAt])).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The link a token carries, or null for anything not signed here (tampered, truncated, another purpose's shape). */
export function readLinkToken(secret: string, token: string): RecipientLink | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [orgId, scheduleId, email, purpose, expiresAt] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof orgId !== "string" || typeof scheduleId !== "string" || typeof email !== "string") return null;
    if (!(LINK_PURPOSES as readonly unknown[]).includes(purpose)) return null;
    // Tokens made before links expired carry no time: read as null, so a confirmation among them counts as expired.
    return { orgId, scheduleId, email, purpose: purpose as LinkPurpose, expiresAt: typeof expiresAt === "number" ? expiresAt : null };
  } catch {
    return null;
  }
}

/** True when the link's purpose expires and its time has come (or it carries none). */
export function linkExpired(link: RecipientLink, now: number): boolean {
  return LINK_LIFETIME_MS[link.purpose] !== null && (link.expiresAt === null || link.expiresAt <= now);
}

/** The public address of a link made now (the hooks service's routes, reached through the router). */
export function recipientLinkUrl(platform: Platform, link: Omit<RecipientLink, "expiresAt">): string {
  const lifetime = LINK_LIFETIME_MS[link.purpose];
  const token = linkToken(platform.secret, { ...link, expiresAt: lifetime === null ? null : platform.now() + lifetime });
  return `${platform.settings.publicUrl}/v1/hooks/reports/${link.purpose}/${token}`;
}
