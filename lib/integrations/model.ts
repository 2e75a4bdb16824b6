import { t, type Static } from "elysia";
import { NullableTimestamp, Timestamp } from "../api/models.ts";

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
  lastSyncAt: t.Union([Timestamp, t.Null()], { description: "The last lead received (inbound) or delivered (outbound)" }),
};

export const InboundIntegration = t.Object(
  {
    ...common,
    kind: t.Literal("webhook_in"),
    webhookUrl: t.String({ description: "Where to send leads; the secret is shown only when the integration is created" }),
    lastReceivedAt: NullableTimestamp,
  },
  { title: "InboundIntegration" },
);

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

export const IntegrationList = t.Object({ items: t.Array(t.Union([InboundIntegration, OutboundIntegration])) }, { title: "IntegrationList" });
export type IntegrationList = Static<typeof IntegrationList>;
