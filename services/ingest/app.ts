import { Elysia, t } from "elysia";
import { serviceBase, SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { ApiError } from "../../lib/errors.ts";
import { COLLECT_BODY_DOCUMENT, CollectAccepted, EVENT_COMPONENTS } from "../../lib/ingest/protocol.ts";
import { collectEndpoint, cors } from "./collect-endpoint.ts";
import type { DirectRoutes } from "../../lib/http/upstream.ts";
import { CollectThread } from "../../lib/ingest/collect-thread.ts";
import { bodyText } from "../../lib/http/request.ts";
import { siteByKey } from "../../lib/ingest/site-lookup.ts";
import { ConsentSettings } from "../../lib/ingest/consent-settings.ts";
import { ErrorEnvelope } from "../../lib/api/models.ts";
import type { Platform } from "../../lib/platform.ts";
import { ENGAGE_SCRIPT, TRACKER_SCRIPT } from "./page-scripts.ts";

const SCRIPT_DOC = (summary: string) => ({
  summary,
  tags: ["Tracking"],
  responses: {
    200: { description: "The script", content: { "application/javascript": { schema: { type: "string" as const } } } },
    304: { description: "Not modified (If-None-Match matched the ETag)" },
  },
});

const SiteConfig = t.Object({ siteKey: t.String(), consent: ConsentSettings, popups: t.Array(t.Unknown()), wheels: t.Array(t.Unknown()) });

/**
 * Public tracking: POST /v1/collect, the script, and the site config the script reads.
 * `ready` settles once the collect thread has opened what it collects with (a bad GEOIP_DB
 * fails there): the server listens before that, and batches that come meanwhile wait in the
 * thread's ring, so none is answered or stored without its enrichment.
 */
export function createIngestService(platform: Platform) {
  const thread = new CollectThread(platform);
  const ready = thread.ready();
  // Awaited by whoever starts the service; until then a failure must not go unhandled.
  ready.catch(() => {});
  const collectBatch = collectEndpoint((request) => thread.collect(request), platform.now);
  const app = new Elysia({ name: "ingest", ...SERVICE_CONFIG })
    .use(serviceBase({ name: "ingest", secret: platform.secret, requireAuth: false }))
    .use(serviceDocs("ingest", { schemas: EVENT_COMPONENTS }))
    .get("/healthz", () => ({ ok: true, service: "ingest" }), { detail: { hide: true } })
    .options("/v1/collect", ({ request }) => {
      return new Response(null, {
        status: 204,
        headers: { ...cors(request.headers.get("origin")), "access-control-allow-methods": "POST, OPTIONS", "access-control-allow-headers": "content-type", "access-control-max-age": "86400" },
      });
    }, { detail: { summary: "CORS preflight for /v1/collect", tags: ["Tracking"] } })
    // Split mode's route: the collect thread reads text, so the parsed body goes back to JSON.
    .post("/v1/collect", ({ request, ctx, body }) => collectBatch(request, ctx, JSON.stringify(body) ?? ""), {
      // The schema is given to the docs only: collectBatch checks the body itself, since the
      // one-process router calls it directly. The script sends JSON as application/json or,
      // through sendBeacon, text/plain; the service's parser reads either.
      response: { 202: CollectAccepted, 403: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
      detail: {
        summary: "Record a batch of tracking events (public, no key; judged by Origin)",
        description:
          "Answers 202 once the batch is committed. Unknown site key → 404; an Origin that is not a verified domain → 403 (the host is counted in the site's rejectedHosts); a paused site or a bot → 202 with nothing stored; a flood from one address → 429. " +
          "The batch's own fields are checked as a whole (422 naming the field). Each event of `e` is checked on its own against its type's schema: invalid events are left out and listed in the 202 answer's `rejected` (index, path, message) while the others are stored; a batch in which no event is valid is 422 VALIDATION_FAILED.",
        tags: ["Tracking"],
        requestBody: { required: true, content: { "application/json": { schema: COLLECT_BODY_DOCUMENT }, "text/plain": { schema: COLLECT_BODY_DOCUMENT } } } as never,
      },
    })
    .get("/v1/script.js", ({ request }) => TRACKER_SCRIPT.serve(request), { detail: SCRIPT_DOC("The tracking script (ETag, cacheable, gzip)") })
    .get("/v1/engage.js", ({ request }) => ENGAGE_SCRIPT.serve(request), {
      detail: SCRIPT_DOC("The engagement chunk: popups, spin wheels, marked forms (ETag, cacheable, gzip; loaded by the tracking script)"),
    })
    .get(
      "/v1/sites/:siteKey/config",
      ({ params, set }) => {
        const site = siteByKey(platform.control, params.siteKey);
        if (!site) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
        set.headers["cache-control"] = "public, max-age=300";
        set.headers["access-control-allow-origin"] = "*";
        return { siteKey: site.siteKey, consent: site.consent, popups: [], wheels: [] };
      },
      { params: t.Object({ siteKey: t.String({ maxLength: 64 }) }), response: SiteConfig, detail: { summary: "Public settings the tracking script reads", tags: ["Tracking"] } },
    );
  /** What the one-process router calls without routing the request a second time. */
  // Decoded here: the HTTP thread has time to spare, the collect thread does not.
  const direct: DirectRoutes = { "POST /v1/collect": (request, ctx, bytes) => collectBatch(request, ctx, bytes ? bodyText(bytes) : "") };
  return { app, direct, ready, close: () => thread.close() };
}
