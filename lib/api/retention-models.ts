import { t } from "elysia";
import { Id } from "./models.ts";
import { RETENTION_LIMITS } from "../lifecycle/retention-limits.ts";

/** TypeBox models of Workspace → Settings, data retention (docs/data-lifecycle.md "Retention"). */

const { eventsMonths: m, deliveryDays: d } = RETENTION_LIMITS;

export const RetentionSettingsView = t.Object({
  orgId: Id,
  eventsMonths: t.Integer({ minimum: m.min, maximum: m.max, description: "Months raw events, sessions and visitors are kept" }),
  deliveryDays: t.Integer({ minimum: d.min, maximum: d.max, description: "Days a finished webhook delivery keeps its body" }),
});

export const RetentionChangeBody = t.Object(
  {
    eventsMonths: t.Optional(t.Integer({ minimum: m.min, maximum: m.max, error: `must be a whole number from ${m.min} to ${m.max}` })),
    deliveryDays: t.Optional(t.Integer({ minimum: d.min, maximum: d.max, error: `must be a whole number from ${d.min} to ${d.max}` })),
  },
  { additionalProperties: false },
);
