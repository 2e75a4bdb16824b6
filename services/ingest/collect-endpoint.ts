import { ApiError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { mapError } from "../../lib/http/errors.ts";
import { logLine } from "../../lib/log.ts";
import { requestIdOf } from "../../lib/http/service.ts";
import type { CollectOutcome, CollectRequest } from "../../lib/ingest/collect.ts";

/** Browsers may read every answer of the tracking endpoint, errors included. */
export function cors(origin: string | null): Record<string, string> {
  return { "access-control-allow-origin": origin && origin !== "null" ? origin : "*", vary: "Origin" };
}

/** `POST /v1/collect` as a plain function of the request, its context and its body's text (read as a batch where it is collected, so a malformed one is answered here). */
export type CollectEndpoint = (request: Request, ctx: RequestContext | null, body: CollectRequest["body"]) => Promise<Response>;

/**
 * POST /v1/collect: hand the request to `collectIn` (the collect thread: lib/ingest/collect.ts's
 * collectRequest), answer 202 with its outcome or the error envelope. The service's route calls
 * it, and so does the one-process router directly: this is the hottest path there is, and a
 * second routing pass through Elysia would cost a fifth of its CPU.
 */
export function collectEndpoint(collectIn: (request: CollectRequest) => Promise<CollectOutcome>, now: () => number): CollectEndpoint {
  return async (request, ctx, body) => {
    const origin = request.headers.get("origin");
    const requestId = ctx?.requestId ?? requestIdOf(request);
    try {
      if (!ctx) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
      const outcome = await collectIn({ body, origin, userAgent: request.headers.get("user-agent"), ip: ctx.ip, receivedAt: ctx.at ?? now() });
      return new Response(JSON.stringify(outcome), { status: 202, headers: { "content-type": "application/json", "x-request-id": requestId, ...cors(origin) } });
    } catch (error) {
      const response = mapError("", error, { requestId, log: logLine });
      for (const [name, value] of Object.entries(cors(origin))) response.headers.set(name, value);
      return response;
    }
  };
}
