import type { ApiRoute } from "../../lib/api/routes.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { ApiError } from "../../lib/errors.ts";
import { serviceBase } from "../../lib/http/service.ts";
import type { Platform } from "../../lib/platform.ts";
import type { Actor } from "../../lib/audit.ts";
import { userActorById } from "../../lib/auth/user-audit.ts";

type QueryContext = ReturnType<typeof serviceBase>;
const contexts = new WeakMap<Platform, QueryContext>();

/**
 * The query service's base (router's signed context as `ctx`, the 256 KB JSON parser, the error
 * envelope; all global hooks), one instance per platform so every route plugin that uses it for
 * its types shares the same hooks, which Elysia then registers once.
 */
export function queryContext(platform: Platform): QueryContext {
  let context = contexts.get(platform);
  if (!context) {
    context = serviceBase({ name: "query", secret: platform.secret, requireAuth: true });
    contexts.set(platform, context);
  }
  return context;
}

/** The authenticated caller; the base already refused requests without one. */
export function callerOf(ctx: RequestContext | null): NonNullable<RequestContext["auth"]> {
  if (!ctx?.auth) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
  return ctx.auth;
}

/** May the caller see contact details unmasked? */
export const piiAccess = (ctx: RequestContext | null) => ctx?.auth?.permissions.includes("analytics.pii.read") ?? false;

/** A route's OpenAPI summary and tag, from the route table. */
export const doc = (route: ApiRoute) => ({ summary: route.summary, tags: [route.tag] });

/**
 * Names the body's content type for the OpenAPI document; the service's own 256 KB JSON parser
 * (registered first, globally) still reads the body.
 */
export const JSON_BODY = "json" as const;

/** The caller as the audit log names them: the signed-in user, or the key's owner acting through the key. */
export function actorOf(platform: Platform, ctx: RequestContext | null): Actor {
  const auth = callerOf(ctx);
  const user = userActorById(platform.control.db, auth.userId);
  return auth.keyId === null ? user : { ...user, type: "key" };
}
