import { createHmac, timingSafeEqual } from "node:crypto";
import type { Platform } from "../../platform.ts";

/**
 * The links a schedule's mails carry (docs/reports.md "Schedules"): confirming an address and
 * unsubscribing one. Stateless: the org, schedule, address and purpose are in the token, signed
 * with HMAC-SHA256 under the installation's secret, so nothing is stored per link and a changed
 * byte makes the token worthless.
 */

export const LINK_PURPOSES = ["confirm", "unsubscribe"] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface RecipientLink {
  orgId: string;
  scheduleId: string;
  email: string;
  purpose: LinkPurpose;
}

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(`report-link:${payload}`).digest("base64url");

export function linkToken(secret: string, link: RecipientLink): string {
  const payload = Buffer.from(JSON.stringify([link.orgId, link.scheduleId, link.email, link.purpose])).toString("base64url");
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
    const [orgId, scheduleId, email, purpose] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof orgId !== "string" || typeof scheduleId !== "string" || typeof email !== "string") return null;
    if (!(LINK_PURPOSES as readonly unknown[]).includes(purpose)) return null;
    return { orgId, scheduleId, email, purpose: purpose as LinkPurpose };
  } catch {
    return null;
  }
}

/** The public address of a link (the hooks service's routes, reached through the router). */
export function recipientLinkUrl(platform: Platform, link: RecipientLink): string {
  return `${platform.settings.publicUrl}/v1/hooks/reports/${link.purpose}/${linkToken(platform.secret, link)}`;
}
