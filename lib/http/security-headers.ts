import { createHash } from "node:crypto";
import { STYLES as DIALOG_STYLES } from "../engagement/dialog-styles.ts";

/**
 * The security headers of every answer the router gives (docs/operations.md "Security headers"),
 * chosen by what the path serves:
 * - the dashboard and the API (everything but the public paths): a Content-Security-Policy that
 *   lets the app run from its own origin only and never be framed, X-Frame-Options for browsers
 *   without frame-ancestors, and a Referrer-Policy keeping its addresses (org and site ids) to itself;
 * - the public paths (`/v1/…`: tracking, engagement, webhooks, report links; `/l/…`: short
 *   links), loaded by visitors' browsers on customers' sites: only the headers below for all, so
 *   a short link's redirect keeps the referrer its destination expects;
 * - every answer: X-Content-Type-Options nosniff, and Strict-Transport-Security when PUBLIC_URL
 *   is https (the operator serves it over TLS; not includeSubDomains: the domain's other hosts
 *   are not ours to decide).
 */

/** A CSP source allowing one inline `<style>` element whose text is exactly `css`. */
const styleHash = (css: string) => `'sha256-${createHash("sha256").update(css, "utf8").digest("base64")}'`;

/**
 * The dashboard's policy. Scripts and styles from its own origin only; the one inline style is
 * the engagement dialog's, which the popup and wheel previews draw in their frame (a srcdoc
 * frame inherits this policy), allowed by its hash. Style attributes are not allowed either:
 * the app sets styles through the CSSOM (Preact's `style` objects), which CSP does not govern.
 * Images also from https: (a popup's own image in its preview) and data: (the two-factor QR code).
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${styleHash(DIALOG_STYLES)}`,
  "img-src 'self' data: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The API reference page loads its renderer from a CDN (lib/http/openapi-merge.ts): framing is all its policy forbids. */
const DOCS_CSP = "frame-ancestors 'none'";

/** One year, the usual HSTS lifetime (and the preload list's minimum). */
const HSTS = "max-age=31536000";

const PUBLIC_PREFIXES = ["/v1/", "/l/"];
const DOCS_PATH = "/api/v1/docs";

/** The headers for an answer at `path`, given PUBLIC_URL. */
export function securityHeaders(publicUrl: string): (path: string) => Record<string, string> {
  const everyAnswer: Record<string, string> = { "x-content-type-options": "nosniff" };
  if (new URL(publicUrl).protocol === "https:") everyAnswer["strict-transport-security"] = HSTS;
  const page = (csp: string) => ({ ...everyAnswer, "content-security-policy": csp, "x-frame-options": "DENY", "referrer-policy": "same-origin" });
  const dashboard = page(DASHBOARD_CSP);
  const docs = page(DOCS_CSP);
  return (path) => {
    if (PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return everyAnswer;
    return path === DOCS_PATH ? docs : dashboard;
  };
}
