import { createHmac } from "node:crypto";
import type { Permission } from "./permissions.ts";
import { digestsEqual } from "./api-key.ts";

/**
 * What the router resolved about a request, handed to a service in signed headers so a
 * service started on its own refuses callers that did not come through the router.
 */
export interface RequestContext {
  requestId: string;
  ip: string;
  /** Set on authenticated read-API calls. */
  auth?: {
    /** The key used, or null when a dashboard session made the call. */
    keyId: string | null;
    /** The session (SHA-256 of its cookie) when one made the call. */
    sessionId?: string;
    /** When the session last passed a second factor (ms), for step-up checks; null = never. */
    secondFactorAt?: number | null;
    /** Whether the session's user has two-factor on (a step-up is possible at all). */
    twoFactorEnabled?: boolean;
    userId: string;
    orgId: string;
    /** true when the org uses its own database (storage failures are then BYO_DB_UNREACHABLE). */
    byo: boolean;
    permissions: Permission[];
    /** Site ids the key may see (already intersected with the org's sites). */
    sites: string[];
  };
  /** Issued-at, ms since epoch; contexts older than a minute are refused. */
  iat: number;
  /** The router's clock when the request arrived: the time a tracking hit was received. */
  at?: number;
}

export const CONTEXT_HEADER = "x-tidemark-context";
export const SIGNATURE_HEADER = "x-tidemark-signature";
const MAX_AGE_MS = 60_000;

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

export function encodeContext(ctx: RequestContext, secret: string): { payload: string; signature: string } {
  const payload = Buffer.from(JSON.stringify(ctx)).toString("base64url");
  return { payload, signature: sign(payload, secret) };
}

/** Returns the context when the signature checks out and it is fresh; null otherwise. */
export function decodeContext(payload: string | null, signature: string | null, secret: string, now = Date.now()): RequestContext | null {
  if (!payload || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!digestsEqual(sign(payload, secret), signature)) return null;
  try {
    const ctx = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as RequestContext;
    if (typeof ctx.iat !== "number" || Math.abs(now - ctx.iat) > MAX_AGE_MS) return null;
    return ctx;
  } catch {
    return null;
  }
}

/**
 * In one-process mode the router hands the context to a service object-to-object: a request
 * object created by the router itself is trusted without signing, serialising and verifying.
 * Nothing outside this process can put an entry here.
 */
const inProcessContexts = new WeakMap<Request, RequestContext>();

export function attachContext(request: Request, ctx: RequestContext): void {
  inProcessContexts.set(request, ctx);
}

export function attachedContext(request: Request): RequestContext | undefined {
  return inProcessContexts.get(request);
}

/** The two headers that carry a context over HTTP. */
export function contextHeaders(ctx: RequestContext, secret: string): Record<string, string> {
  const { payload, signature } = encodeContext(ctx, secret);
  return { [CONTEXT_HEADER]: payload, [SIGNATURE_HEADER]: signature };
}
