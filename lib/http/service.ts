import { Elysia } from "elysia";
import { FormatRegistry } from "@sinclair/typebox";
import { ApiError } from "../errors.ts";
import { attachedContext, CONTEXT_HEADER, decodeContext, SIGNATURE_HEADER, type RequestContext } from "../auth/context.ts";
import { mapError } from "./errors.ts";
import { readJsonBody, requestIdFrom } from "./request.ts";
import { logLine } from "../log.ts";
import { recordRoute } from "../health/route-label.ts";
import { calendarDay } from "../date-range.ts";

const requestIds = new WeakMap<Request, string>();

/** One request id per request, the same in the body and the header of whatever is answered. */
export function requestIdOf(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    id = requestIdFrom(request.headers.get("x-request-id"));
    requestIds.set(request, id);
  }
  return id;
}

/**
 * The Elysia config every service app is created with. Elysia's default normalizer (exact-mirror)
 * rebuilds a body from the schema before checking it, walking a string where an array is
 * expected (`steps: "x"` became one step of String.prototype methods); TypeBox's Clean leaves
 * values of the wrong type alone, so the check that follows names the field itself.
 */
export const SERVICE_CONFIG = { normalize: "typebox" } as const;

/*
 * Numbers in query strings are written in decimal, as the document's `integer`/`number` types
 * say: Elysia's coercion checks its string formats with Number(), which also takes "0x1F",
 * "1e1" or " 3". TypeBox looks formats up when it checks, so these replace Elysia's for every
 * route of every service.
 */
FormatRegistry.Set("integer", (value) => /^-?\d+$/.test(value));
FormatRegistry.Set("numeric", (value) => /^-?\d+(\.\d+)?$/.test(value));
// `format: date` is a day that exists, as the document's readers take it; Elysia's also takes 2026-02-30.
FormatRegistry.Set("date", (value) => calendarDay(value) !== null);

/**
 * A parsed body frozen at every depth (the parser bounds the depth), so what the caller sent is
 * what the route's schema checks: Elysia's normalize (TypeBox Clean) deletes the fields a schema
 * does not list before checking, and `{"admin": true}` passed as `{}`. On a frozen value Clean
 * can delete nothing, so the check names each unknown field (422), at any depth.
 */
function frozenBody<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) frozenBody(item);
    Object.freeze(value);
  }
  return value;
}

/** A schema node copied without any `default`, at every depth (symbol keys and functions kept: TypeBox's kinds and transforms). */
function copyWithoutDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(copyWithoutDefaults);
  if (node === null || typeof node !== "object") return node;
  const copy: Record<PropertyKey, unknown> = {};
  for (const key of Reflect.ownKeys(node)) if (key !== "default") copy[key] = copyWithoutDefaults((node as Record<PropertyKey, unknown>)[key]);
  return copy;
}

/**
 * Called once a service's routes are declared, before its first request. Elysia fills a body
 * schema's defaults in before checking (`Object.assign(defaults, body)`): the body `123` became
 * `{ role: "owner" }` and `{}` passed a required field; its own `t.Integer` and `t.Numeric` carry
 * such a default unseen. A body is what the caller sent, so every route's body schema drops its
 * defaults; the nodes under its root are replaced by copies, so a model shared with a query
 * (whose documented defaults apply) or a response keeps its own.
 */
export function bodiesWithoutDefaults<App extends { routes: { hooks?: { body?: unknown } }[] }>(app: App): App {
  for (const route of app.routes) {
    const body = route.hooks?.body as Record<PropertyKey, unknown> | undefined;
    if (!body || typeof body !== "object") continue;
    delete body.default;
    for (const key of Reflect.ownKeys(body)) body[key] = copyWithoutDefaults(body[key]);
  }
  return app;
}

export interface ServiceOptions {
  name: string;
  /** Signs/verifies the context headers the router sends. */
  secret: string;
  /** Every route needs an authenticated context from the router (the read API). */
  requireAuth: boolean;
}

/**
 * What every internal service shares: the router's signed context, the 256 KB JSON body
 * parser, and the error envelope for everything (registered before any route).
 */
export function serviceBase(options: ServiceOptions) {
  const contexts = new WeakMap<Request, RequestContext | null>();
  const contextOf = (request: Request): RequestContext | null => {
    if (!contexts.has(request)) {
      contexts.set(request, attachedContext(request) ?? decodeContext(request.headers.get(CONTEXT_HEADER), request.headers.get(SIGNATURE_HEADER), options.secret));
    }
    return contexts.get(request)!;
  };
  return new Elysia({ name: `service-base:${options.name}` })
    .onTransform({ as: "global" }, ({ request, route, path }) => recordRoute(request, route, path))
    .onParse({ as: "global" }, async ({ request }) => frozenBody(await readJsonBody(request)))
    .onError({ as: "global" }, ({ code, error, request }) => {
      return mapError(code, error, { requestId: requestIdOf(request), byo: contextOf(request)?.auth?.byo, log: logLine });
    })
    .derive({ as: "global" }, ({ request, set, path }) => {
      const requestId = requestIdOf(request);
      set.headers["x-request-id"] = requestId;
      const ctx = contextOf(request);
      if (options.requireAuth && !path.startsWith("/_internal/") && path !== "/healthz" && !ctx?.auth) {
        throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
      }
      return { ctx, requestId };
    });
}
