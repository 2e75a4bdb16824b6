import { Elysia, t } from "elysia";
import { serviceBase, SERVICE_CONFIG } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import { ApiError } from "../../lib/errors.ts";
import { ErrorEnvelope } from "../../lib/api/models.ts";
import { presentedSecrets, receiveInboundLead } from "../../lib/leads/inbound.ts";
import { InboundLeadBody, LeadReceipt } from "../../lib/leads/models.ts";
import { receiveSpendPush, SpendPushBody, SpendPushReceipt } from "../../lib/spend/push.ts";
import { DeliveryWorker } from "../../lib/webhooks/worker.ts";
import { ScanWorker } from "../../lib/consent/scan-worker.ts";
import { ScheduleWorker } from "../../lib/reports/schedules/worker.ts";
import { RetentionWorker } from "../../lib/lifecycle/retention-worker.ts";
import { RecommendationsWorker } from "../../lib/recommendations/worker.ts";
import { reportLinks } from "./report-links.ts";
import type { Platform } from "../../lib/platform.ts";
import { watchJobs } from "../../lib/health/job-gauges.ts";

/**
 * The hooks service: the inbound lead webhook, the ad spend push URL, the outbound webhook worker that sends the
 * deliveries of new leads, the cookie scan worker, the report schedule worker, the retention worker and the nightly recommendations job (started and
 * stopped by whoever runs the service), and the links of scheduled report mails.
 */
export function createHooksService(platform: Platform) {
  const deliveries = new DeliveryWorker(platform, { allowPrivate: platform.settings.webhookAllowPrivate, timeoutMs: platform.settings.webhookTimeoutMs });
  const scans = new ScanWorker(platform);
  const schedules = new ScheduleWorker(platform);
  const retention = new RetentionWorker(platform);
  const recommendations = new RecommendationsWorker(platform);
  // Where the workers run, /metrics shows what they have waiting.
  watchJobs(platform.metrics, platform);
  const app = new Elysia({ name: "hooks", ...SERVICE_CONFIG })
    // Before the JSON body parser: these take a form (List-Unsubscribe=One-Click) or nothing.
    .use(reportLinks(platform))
    .use(serviceBase({ name: "hooks", secret: platform.secret, requireAuth: false }))
    .use(serviceDocs("hooks"))
    .get("/healthz", () => ({ ok: true, service: "hooks" }), { detail: { hide: true } })
    .post(
      "/v1/hooks/webhook_in/:siteKey",
      async ({ params, request, body, ctx, set }) => {
        if (!ctx) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
        const { receipt, orgId, deliveries: queued } = await receiveInboundLead(platform, { siteKey: params.siteKey, secrets: presentedSecrets(request.headers), body, at: ctx.at ?? platform.now() });
        if (queued > 0) deliveries.wake(orgId);
        set.status = receipt.duplicate ? 200 : 201;
        return receipt;
      },
      {
        params: t.Object({ siteKey: t.String() }),
        // lib/leads detects the format by shape and checks the body against that format's model (InboundLeadBody's members) after the site, secret and plan.
        response: { 200: LeadReceipt, 201: LeadReceipt, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
        detail: {
          summary: "Push a lead in (inbound lead webhook; secret in X-Svc-Secret or as a bearer token)",
          description:
            "Accepts the generic format of spec 4.13 and Google Ads lead form, Typeform and Tally webhooks, told apart by their shape (docs/leads.md). " +
            "201 for a new lead, 200 with duplicate true for a repeated externalId (or platform lead id). Unknown site key or no inbound integration → 404; " +
            "missing or wrong secret → 401; an organization whose plan (or the operator) switched off leads or integrations → 403 FEATURE_UNAVAILABLE; a body without an e-mail, phone or name, or with an invalid field → 422 naming the field.",
          tags: ["Leads"],
          requestBody: { required: true, content: { "application/json": { schema: InboundLeadBody } } } as never,
        },
      },
    )
    .post(
      "/v1/hooks/ads_import/:siteKey",
      async ({ params, request, body, ctx }) => {
        if (!ctx) throw new ApiError("UNAUTHENTICATED", "This service answers only requests forwarded by the router");
        return receiveSpendPush(platform, { siteKey: params.siteKey, secrets: presentedSecrets(request.headers), body, at: ctx.at ?? platform.now() });
      },
      {
        params: t.Object({ siteKey: t.String() }),
        // lib/spend/push.ts checks the body against SpendPushBody (the schema published here) after the site, secret and plan.
        response: { 200: SpendPushReceipt, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 422: ErrorEnvelope, 429: ErrorEnvelope },
        detail: {
          summary: "Push ad spend rows (ads_import integration; secret in X-Svc-Secret or as a bearer token)",
          description:
            "Up to 256 KB (about 2 000 rows) a push. For each platform and account, every stored row of each day the push covers is replaced by its rows, in one transaction (docs/campaigns.md). " +
            "Unknown site key or no ads_import integration → 404; missing or wrong secret → 401; a plan without integrations → 403 FEATURE_UNAVAILABLE; a body that does not fit this schema (or repeats a row) → 422 naming rows.i.field, nothing written.",
          tags: ["Campaigns"],
          requestBody: { required: true, content: { "application/json": { schema: SpendPushBody } } } as never,
        },
      },
    );
  return { app, deliveries, scans, schedules, retention, recommendations };
}
