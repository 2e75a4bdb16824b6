import { ApiError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { mapError } from "../../lib/http/errors.ts";
import { logLine } from "../../lib/log.ts";
import { requestIdOf } from "../../lib/http/service.ts";
import type { CollectOutcome, CollectRequest } from "../../lib/ingest/collect.ts";

/** Browsers may read every answer of the tracking endpoints, errors included. */
export function cors(origin: string | null): Record<string, string> {
  return { "access-control-allow-origin": origin && origin !== "null" ? origin : "*", vary: "Origin" };
}

/** The answer to a CORS preflight of a public POST endpoint (any origin: the POST itself is judged by Origin). */
export function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: { ...cors(request.headers.get("origin")), "access-control-allow-methods": "POST, OPTIONS", "access-control-allow-headers": "content-type", "access-control-max-age": "86400" },
  });
}

/** A public endpoint as a plain function of the request, its context and its body's text. */
export type PublicEndpoint = (request: Request, ctx: RequestContext | null, body: string) => Promise<Response>;

/** What a public endpoint answers when it succeeds. */
export interface PublicAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Answers a request of the site's pages: `handle` runs with the router's context and gives the
 * status and JSON body; errors become the envelope. Every answer carries CORS headers, so the
 * page can read why it was refused.
 */
export async function answerPublic(request: Request, ctx: RequestContext | null, handle: (ctx: RequestContext) => Promise<PublicAnswer>): Promise<Response> {
  const origin = request.headers.get("origin");
  const requestId = ctx?.requestId ?? requestIdOf(request);
  try {
    if (!ctx) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
    const answer = await handle(ctx);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json", "x-request-id": requestId, ...cors(origin), ...answer.headers } });
  } catch (error) {
    const response = mapError("", error, { requestId, log: logLine });
    for (const [name, value] of Object.entries(cors(origin))) response.headers.set(name, value);
    return response;
  }
}

/**
 * POST /v1/collect: hand the request to `collectIn` (the collect thread: lib/ingest/collect.ts's
 * collectRequest), answer 202 with its outcome. The service's route calls it, and so does the
 * one-process router directly: this is the hottest path there is, and a second routing pass
 * through Elysia would cost a fifth of its CPU.
 */
export function collectEndpoint(collectIn: (request: CollectRequest) => Promise<CollectOutcome>, now: () => number): PublicEndpoint {
  return (request, ctx, body) =>
    answerPublic(request, ctx, async (ctx) => ({
      status: 202,
      body: await collectIn({ body, origin: request.headers.get("origin"), userAgent: request.headers.get("user-agent"), ip: ctx.ip, receivedAt: ctx.at ?? now() }),
    }));
}
