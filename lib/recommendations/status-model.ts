import { t } from "elysia";
import { DateText, Id, OneOf } from "../api/models.ts";
import { RECOMMENDATION_STATUSES } from "./models.ts";

/** The dashboard's status change of one item (docs/recommendations.md "Status"). */
export const StatusParams = t.Object({
  orgId: Id,
  siteId: Id,
  ruleKey: t.String({ pattern: "^[a-z][a-z0-9_]{0,59}$", error: "must be a rule key (lower-case letters, digits and _)", description: "The item's rule, e.g. slow_lcp" }),
});

export const StatusBody = t.Object({
  status: OneOf(RECOMMENDATION_STATUSES),
  until: t.Optional(DateText({ description: "Required for snoozed, refused otherwise: the item stays snoozed through this day in the site's timezone (today up to 365 days ahead)" })),
});
