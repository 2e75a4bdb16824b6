import { t, type Static } from "elysia";
import { NullableTimestamp, Timestamp } from "../api/models.ts";
import { AD_PLATFORMS } from "../spend/models.ts";

/** The integrations list (spec 2.14, 4.5): connection state, last sync, and where leads come in or go out. */

const NullableString = (description: string) => t.Union([t.String(), t.Null()], { description });

export const IntegrationDelivery = t.Object({
  id: t.String({ description: "Also the X-Svc-Delivery header of every attempt" }),
  leadId: t.String(),
  status: t.String({ description: "pending, delivered, failed (gave up, or a 4xx answer) or refused (a private target)" }),
  attempts: t.Integer(),
  lastStatus: t.Union([t.Integer(), t.Null()], { description: "HTTP status of the last attempt; null when none came (timeout, network error)" }),
  lastError: NullableString("Why the last attempt did not succeed"),
  createdAt: Timestamp,
  deliveredAt: NullableTimestamp,
  nextAttemptAt: t.Union([Timestamp, t.Null()], { description: "When a pending delivery is tried next; null when it is parked (endpoint disabled) or done" }),
});

const common = {
  id: t.String(),
  status: t.String({ description: "Connection state: active or disabled" }),
  createdAt: Timestamp,
  lastSyncAt: t.Union([Timestamp, t.Null()], { description: "The last lead received (inbound), delivered (outbound), or spend push received (ads_import)" }),
};

/** An integration that receives at a secret URL: leads (webhook_in) or ad spend rows (ads_import). */
const receiving = <K extends "webhook_in" | "ads_import">(kind: K, what: string, title: string) =>
  t.Object({ ...common, kind: t.Literal(kind), webhookUrl: t.String({ description: `Where to send ${what}; the secret is shown only when the integration is created` }), lastReceivedAt: NullableTimestamp }, { title });

export const InboundIntegration = receiving("webhook_in", "leads", "InboundIntegration");

export const OutboundIntegration = t.Object(
  {
    ...common,
    kind: t.Literal("webhook_out"),
    targetUrl: t.String({ description: "The endpoint's scheme, host and path (no credentials, no query); the signing secret is never shown" }),
    lastSuccessAt: NullableTimestamp,
    lastFailureAt: NullableTimestamp,
    failingSince: t.Union([Timestamp, t.Null()], { description: "Failing with no success since; after 3 days the endpoint is disabled" }),
    disabledReason: NullableString("Why the endpoint was disabled"),
    deliveries: t.Array(IntegrationDelivery, { description: "The last 10 deliveries, newest first" }),
  },
  { title: "OutboundIntegration" },
);

export const AdsImportIntegration = receiving("ads_import", "ad spend rows (docs/campaigns.md)", "AdsImportIntegration");

/** One per ad platform, always listed: API connectors do not exist, so never "connected". */
export const AdPlatformState = t.Object(
  {
    kind: t.Literal("ads"),
    platform: t.UnionEnum([...AD_PLATFORMS]),
    state: t.UnionEnum(["not_connected", "import"], { description: "import once any spend row of the platform was imported (CLI) or pushed" }),
    lastSyncAt: t.Union([Timestamp, t.Null()], { description: "The last import or push of the platform's rows" }),
  },
  { title: "AdPlatformState" },
);

export const IntegrationList = t.Object({ items: t.Array(t.Union([InboundIntegration, OutboundIntegration, AdsImportIntegration, AdPlatformState])) }, { title: "IntegrationList" });
export type IntegrationList = Static<typeof IntegrationList>;
