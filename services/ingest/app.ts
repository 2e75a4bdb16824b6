import { Elysia, t } from "elysia";
import { serviceBase, SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { ApiError } from "../../lib/errors.ts";
import { COLLECT_BODY_DOCUMENT, CollectAccepted, EVENT_COMPONENTS } from "../../lib/ingest/protocol.ts";
import { collectEndpoint, preflight } from "./collect-endpoint.ts";
import { engagementEndpoints, type EngagementOptions } from "./engagement.ts";
import { LeadAccepted, LeadSubmission, SpinOutcome, SpinRequest } from "../../lib/engagement/page-models.ts";
import { VisitorContext, VisitorContextQuery } from "../../lib/engagement/visitor-context.ts";
import { PublicPopupModel, PublicWheelModel } from "../../lib/engagement/public-view-models.ts";
import type { DirectRoutes } from "../../lib/http/upstream.ts";
import { CollectThread } from "../../lib/ingest/collect-thread.ts";
import { bodyText } from "../../lib/http/request.ts";
import { siteByKey } from "../../lib/ingest/site-lookup.ts";
import { PublicConsentSettings, publicConsentSettings } from "../../lib/consent/settings.ts";
import { ErrorEnvelope, JsonInteger } from "../../lib/api/models.ts";
import type { Platform } from "../../lib/platform.ts";
import type { OpsOptions } from "../../lib/health/ops-endpoints.ts";
import { ENGAGE_SCRIPT, TRACKER_SCRIPT } from "./page-scripts.ts";
import { redirectEndpoint } from "./redirect.ts";

const SCRIPT_DOC = (summary: string) => ({
  summary,
  tags: ["Tracking"],
  responses: {
    200: { description: "The script", content: { "application/javascript": { schema: { type: "string" as const } } } },
    304: { description: "Not modified (If-None-Match matched the ETag)" },
  },
});

const SiteConfig = t.Object({
  siteKey: t.String(),
  consent: PublicConsentSettings,
  popups: t.Array(PublicPopupModel, { description: "The site's active popups inside their schedule" }),
  wheels: t.Array(PublicWheelModel, { description: "The site's active spin wheels inside their schedule: labels and colours, no weights, stock or codes" }),
  popupsPerSession: JsonInteger({ minimum: 1, description: "How many different popups one session may see (default 1)" }),
  engage: t.Union([t.String(), t.Null()], { description: "The engagement chunk's URL (/v1/engage.js?v=…) when there is a popup or wheel to show, else null" }),
});

/**
 * Public tracking: POST /v1/collect, the script, and the site config the script reads.
 * `ready` settles once the collect thread has opened what it collects with (a bad GEOIP_DB
 * fails there): the server listens before that, and batches that come meanwhile wait in the
 * thread's ring, so none is answered or stored without its enrichment.
 */
export function createIngestService(platform: Platform, options: EngagementOptions = {}) {
  const thread = new CollectThread(platform);
  const ready = thread.ready();
  // Awaited by whoever starts the service; until then a failure must not go unhandled.
  ready.catch(() => {});
  const collectBatch = collectEndpoint((request) => thread.collect(request), platform.now);
  const engagement = engagementEndpoints(platform, options);
  const redirect = redirectEndpoint(platform);
  const REDIRECT_DOC = { hide: true, summary: "Follow a short link (public, no key): 302 to the target, or the fallback / a 404 page" };
  const app = new Elysia({ name: "ingest", ...SERVICE_CONFIG })
    .use(serviceBase({ name: "ingest", secret: platform.secret, requireAuth: false }))
    .use(serviceDocs("ingest", { schemas: EVENT_COMPONENTS }))
    .get("/healthz", () => ({ ok: true, service: "ingest" }), { detail: { hide: true } })
    .options("/v1/collect", ({ request }) => preflight(request), { detail: { summary: "CORS preflight for /v1/collect", tags: ["Tracking"] } })
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
    // Not in the API document: a browser's redirect, not an API call (docs/campaigns.md "The redirect").
    .get("/l/:slug", ({ request, ctx }) => redirect(request, ctx), { params: t.Object({ slug: t.String() }), detail: REDIRECT_DOC })
    .head("/l/:slug", ({ request, ctx }) => redirect(request, ctx), { params: t.Object({ slug: t.String() }), detail: REDIRECT_DOC })
    .get("/v1/script.js", ({ request }) => TRACKER_SCRIPT.serve(request), { detail: SCRIPT_DOC("The tracking script (ETag, cacheable, gzip)") })
    .get("/v1/engage.js", ({ request }) => ENGAGE_SCRIPT.serve(request), {
      detail: SCRIPT_DOC("The engagement chunk: popups, spin wheels, marked forms (ETag, cacheable, gzip; loaded by the tracking script)"),
    })
    .get(
      "/v1/sites/:siteKey/config",
      async ({ params, set }) => {
        const site = siteByKey(platform.control, params.siteKey);
        if (!site) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "siteKey", message: "no site has this key" }]);
        // A minute in caches plus up to CONFIG_STALENESS_MS here: a paused popup stops showing within 90 s.
        set.headers["cache-control"] = "public, max-age=60";
        set.headers["access-control-allow-origin"] = "*";
        return { siteKey: site.siteKey, consent: publicConsentSettings(site.consent), ...(await engagement.config(site)) };
      },
      {
        params: t.Object({ siteKey: t.String({ maxLength: 64 }) }),
        response: { 200: SiteConfig, 404: ErrorEnvelope, 429: ErrorEnvelope },
        detail: {
          summary: "Public settings the tracking script reads",
          description: "Consent settings, and the popups and wheels to show. Cacheable for 60 s; the server reads a site's popups and wheels again at most every 30 s, so a change shows within 90 s.",
          tags: ["Tracking"],
        },
      },
    )
    .get("/v1/sites/:siteKey/visitor-context", ({ request, ctx, params }) => engagement.visitor(request, ctx, params.siteKey), {
      params: t.Object({ siteKey: t.String({ maxLength: 64 }) }),
      query: VisitorContextQuery,
      response: { 200: VisitorContext, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
      detail: {
        summary: "Targeting facts of the visitor the page cannot know (public, no key; judged by Origin; never cached)",
        description:
          "Country from the request's IP, device from its User-Agent, channel and campaign from the session's referrer, UTM parameters and click ids — ingest's own enrichment. Nothing is stored. " +
          "Unknown site key → 404; an Origin that is not a verified domain of the site → 403; more than RATE_LIMIT_PER_IP (600) public requests a minute from one address → 429 with Retry-After.",
        tags: ["Engagement"],
      },
    })
    .options("/v1/leads", ({ request }) => preflight(request), { detail: { summary: "CORS preflight for /v1/leads", tags: ["Engagement"] } })
    // Split mode's route: the body is checked by lib/engagement (CORS on every answer); the schema is for the docs.
    .post("/v1/leads", ({ request, ctx, body }) => engagement.leads(request, ctx, JSON.stringify(body) ?? ""), {
      response: { 200: LeadAccepted, 201: LeadAccepted, 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
      detail: {
        summary: "Leave a lead from a popup or a marked form of the site (public, no key; judged by Origin)",
        description:
          "201 with the lead's id once the lead and its webhook deliveries are committed; the same `id` again → 200 with the first lead's id, nothing new. " +
          "Unknown site key → 404 at `s`; an Origin that is not a verified domain of the site → 403; more than 20 submissions a minute from one address to one site → 429 with Retry-After. " +
          "422 naming the field: a field the model does not have, a bad or disposable e-mail address (mailchecker), a popup's required field or consent missing, a filled honeypot `hp`. " +
          "An unknown, another site's or inactive popup → 404 at `ref`. A popup's lead is counted for its variant and marks the visitor's exposure (`leadAt`).",
        tags: ["Engagement"],
        requestBody: { required: true, content: { "application/json": { schema: LeadSubmission }, "text/plain": { schema: LeadSubmission } } } as never,
      },
    })
    .options("/v1/spins", ({ request }) => preflight(request), { detail: { summary: "CORS preflight for /v1/spins", tags: ["Engagement"] } })
    .post("/v1/spins", ({ request, ctx, body }) => engagement.spins(request, ctx, JSON.stringify(body) ?? ""), {
      response: { 200: SpinOutcome, 201: SpinOutcome, 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
      detail: {
        summary: "Spin a wheel: the server draws the prize (public, no key; judged by Origin)",
        description:
          "201 with the slice drawn, its prize and code once the draw, the spin and its lead (source spin, extra.prize) are committed together; the same `id` again with the same e-mail address and `vid` → 200 with the first answer, with another → 409 CONFLICT at `id` (no code). " +
          "The draw uses crypto randomness over the weights of the slices that still have stock; nothing the page sends picks the prize (a field the model does not have is 422). " +
          "Once per wheel per e-mail address (lower case, trimmed) and per browser (`vid`): 409 CONFLICT at `fields.email` or `vid`; a wheel with no prize left → 409 at `wheel`. " +
          "Unknown, another site's or inactive wheel → 404 at `wheel`; Origin, rate limit, honeypot and the form's checks as for POST /v1/leads. " +
          "A spin that passed every check counts against two hour-long windows per site: 5 per client network (an IPv4 address, an IPv6 /64; SPIN_RATE_PER_IP) and 20 per e-mail domain other than the public mailbox providers (SPIN_RATE_PER_DOMAIN, 429 at `fields.email`); past either → 429 RATE_LIMITED with Retry-After.",
        tags: ["Engagement"],
        requestBody: { required: true, content: { "application/json": { schema: SpinRequest }, "text/plain": { schema: SpinRequest } } } as never,
      },
    });
  /** What the one-process router calls without routing the request a second time. */
  const direct: DirectRoutes = {
    // Decoded here: the HTTP thread has time to spare, the collect thread does not.
    "POST /v1/collect": (request, ctx, bytes) => collectBatch(request, ctx, bytes ? bodyText(bytes) : ""),
    ...engagement.direct,
    // Every slug: the router hands /l/* over without a second routing pass (the redirect is hot).
    "GET /l/*": (request, ctx) => redirect(request, ctx),
    "HEAD /l/*": (request, ctx) => redirect(request, ctx),
  };
  /** What /readyz and /metrics of the process running this service add: the collect thread's liveness and numbers. */
  const ops: OpsOptions = { ingestAlive: () => thread.ready().then(() => true), threads: [() => thread.metrics()] };
  return { app, direct, ready, ops, close: () => thread.close() };
}
