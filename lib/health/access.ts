import { timingSafeEqual, createHash } from "node:crypto";

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Compares two secrets in time that does not depend on where they differ (or on their lengths: both are hashed first). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>`;
 * without it, a scraper on this host — the socket's peer on loopback and no X-Forwarded-For
 * (a request through a reverse proxy on this host comes from loopback too, but carries the
 * header: the proxy's client is somebody else, and what they put first in it proves nothing).
 */
export function metricsAllowed(request: Request, socketAddress: string, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.get("authorization") ?? "";
    return header.startsWith("Bearer ") && sameSecret(header.slice(7), token);
  }
  return isLoopback(socketAddress) && !request.headers.has("x-forwarded-for") && !request.headers.has("forwarded");
}
