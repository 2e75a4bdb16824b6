import { t, type Static } from "elysia";
import { Id, UUID_PATTERN } from "../api/models.ts";
import { HOLDING_KEYS } from "./person-holdings.ts";

/** TypeBox models of the dashboard's person routes (docs/data-lifecycle.md "A person"). */
export const PersonParams = t.Object({ orgId: Id, siteId: Id, visitorId: t.String({ pattern: UUID_PATTERN, description: "Any of the person's visitor ids (a UUID)" }) });

export const PersonCounts = t.Object(Object.fromEntries(HOLDING_KEYS.map((k) => [k, t.Integer({ minimum: 0 })])) as Record<(typeof HOLDING_KEYS)[number], ReturnType<typeof t.Integer>>, {
  description: "Rows per table: events, recentEvents (the dedup window's copies), consentRecords, identityLinks, shortLinkSessions, popupExposures, deliveryAttempts, deliveries, spins, leads, sessions, visitors",
});

export const PersonErasure = t.Object({
  visitors: t.Integer({ description: "Linked visitor ids erased" }),
  counts: PersonCounts,
  userIdsErased: t.Integer({ description: "identify() user ids whose text was overwritten" }),
});
export type PersonErasure = Static<typeof PersonErasure>;
