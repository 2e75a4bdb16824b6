import { t, type Static, type TSchema } from "elysia";
import type { TProperties } from "@sinclair/typebox";
import { Id, OneOf, SiteParams, Timestamp } from "../api/models.ts";
import { DatedQuery } from "../analytics/models.ts";
import { PopupDefinitionModel } from "./popup-definition.ts";
import { WheelDefinitionModel } from "./wheel-definition.ts";
import { ENGAGEMENT_STATUSES, POPUP_LAYOUTS, PRIZE_KINDS, TRIGGER_KINDS } from "./types.ts";

/** TypeBox models of the engagement read API (docs/engagement.md "Read API"; spec 2.13, 2.14). */

const Count = t.Integer({ minimum: 0 });
const Rate = t.Number({ minimum: 0, maximum: 1 });
const DateString = t.String({ description: "YYYY-MM-DD, site timezone" });
const NullableNumber = (description: string) => t.Union([t.Number(), t.Null()], { description });
const Status = OneOf(ENGAGEMENT_STATUSES);
const CAN_MANAGE = "true for a dashboard session of an owner or admin (they change popups and wheels with the admin CLI); always false for an API key";

/** A list of the site's popups or wheels: each item's id, name and status, then `fields`. */
const ListOf = <T extends TProperties>(title: string, fields: T) =>
  t.Object(
    {
      canManage: t.Boolean({ description: CAN_MANAGE }),
      items: t.Array(t.Object({ id: t.String(), name: t.String(), status: Status, ...fields }), { description: "Newest first, archived ones included" }),
    },
    { title },
  );

/** A stored popup or wheel as a detail answer shows it. */
const StoredOf = <T extends TSchema>(definition: T) => t.Object({ id: t.String(), name: t.String(), status: Status, createdAt: Timestamp, updatedAt: Timestamp, definition });

export const EngagementParams = t.Object({ ...SiteParams.properties, id: Id });
export const EngagementQuery = t.Object(DatedQuery);

export const PopupList = ListOf("PopupList", {
  layout: OneOf(POPUP_LAYOUTS),
  trigger: OneOf(TRIGGER_KINDS, { description: "The first trigger's kind" }),
  leadForm: t.Boolean({ description: "It asks for a lead" }),
  updatedAt: Timestamp,
  views: t.Integer({ minimum: 0, description: "Views in the last 28 days (site timezone)" }),
  leads: t.Integer({ minimum: 0, description: "Visitors who became its leads in the last 28 days" }),
});
export type PopupList = Static<typeof PopupList>;

/** An arm's rate, its interval and its comparison with its test's control. */
const Compared = (control: string) => ({
  rate: Rate,
  ci: t.Array(Rate, { minItems: 2, maxItems: 2, description: "Wilson score 95 % interval of the rate" }),
  uplift: NullableNumber(`Relative to the ${control}'s rate; null for the ${control} itself, or when its rate is 0`),
  pValue: NullableNumber(`Pooled two-proportion z-test against the ${control}, two-sided; null for the ${control}`),
  pAdjusted: NullableNumber(`Holm-corrected over the comparisons with the ${control}; null for the ${control}`),
});

export const HoldoutTestModel = t.Object(
  {
    arms: t.Array(
      t.Object({
        key: t.String({ description: "holdout, then each variant's key, or shown for a popup without variants" }),
        name: t.String(),
        n: t.Integer({ minimum: 0, description: "Visitors first assigned to the arm in the period (held out, or shown it)" }),
        converted: t.Integer({ minimum: 0, description: "Of `n`, those with a conversion from their first assignment on, within the period" }),
        ...Compared("holdout"),
      }),
      { description: "The holdout (the baseline) first" },
    ),
    verdict: OneOf(["collecting", "winner", "no_difference", "holdout_better"] as const, {
      description: "winner: an arm converts better than the holdout; holdout_better: every arm converts worse than it",
    }),
    winner: t.Union([t.String(), t.Null()], { description: "The arm that converts best, when better than the holdout" }),
  },
  { title: "HoldoutTest", description: "Does showing the popup change how many visitors convert afterwards? Converted visitors against the held-out ones" },
);

export const AbTestModel = t.Object(
  {
    control: t.Union([t.String(), t.Null()], { description: "The lead-rate test's control, the first variant; null without variants" }),
    minSample: t.Integer({ description: "Visitors every arm needs before a verdict" }),
    variants: t.Array(
      t.Object({
        key: t.String({ description: "Variant key" }),
        name: t.String(),
        weight: t.Number({ description: "The variant's configured share of all the popup's visitors (holdout included), in percent" }),
        n: Count,
        leads: Count,
        ...Compared("control"),
      }),
      { description: "The lead-rate test: the variants only (held-out visitors cannot become leads), the control first; empty without variants" },
    ),
    srm: t.Object(
      { pValue: t.Number(), mismatch: t.Boolean({ description: "Sample-ratio mismatch (chi-square p < 0.001): no verdict is trusted" }) },
      { description: "Over every arm, holdout included, against the configured shares" },
    ),
    verdict: t.Union([OneOf(["collecting", "winner", "no_difference"] as const), t.Null()], { description: "The lead-rate test's; null without variants" }),
    winner: t.Union([t.String(), t.Null()]),
    holdout: t.Union([HoldoutTestModel, t.Null()], { description: "null without a holdout" }),
  },
  { title: "AbTest" },
);

export const PopupDetail = t.Object(
  {
    popup: StoredOf(PopupDefinitionModel),
    from: DateString,
    to: DateString,
    views: t.Integer({ minimum: 0, description: "Views in the period (held-out visitors see nothing)" }),
    closes: Count,
    leads: t.Integer({ minimum: 0, description: "Of `visitors`, those who became its lead before the period ended" }),
    visitors: t.Integer({ minimum: 0, description: "Visitors who first saw it in the period" }),
    conversionRate: t.Number({ minimum: 0, maximum: 1, description: "leads / visitors" }),
    downstream: t.Object(
      {
        visitors: t.Integer({ minimum: 0, description: "Of `visitors`, those with a conversion from their first view on, within the period" }),
        conversions: Count,
        revenue: t.Number({ description: "In the site currency" }),
        currency: t.String(),
      },
      { description: "Conversions and revenue of the visitors who saw it, from their first view on (the session of the view counts from the view), within the period" },
    ),
    test: t.Union([AbTestModel, t.Null()], { description: "null without variants or holdout" }),
  },
  { title: "PopupDetail" },
);
export type PopupDetail = Static<typeof PopupDetail>;

export const SpinList = ListOf("SpinWheelList", {
  slices: t.Integer({ minimum: 2 }),
  updatedAt: Timestamp,
  spins: t.Integer({ minimum: 0, description: "Spins in the last 28 days" }),
  leads: t.Integer({ minimum: 0, description: "Leads its spins made in the last 28 days" }),
});
export type SpinList = Static<typeof SpinList>;

export const SpinDetail = t.Object(
  {
    wheel: StoredOf(WheelDefinitionModel),
    from: DateString,
    to: DateString,
    spins: Count,
    leads: Count,
    prizes: t.Array(
      t.Object({
        slice: t.Integer({ minimum: 0 }),
        label: t.String(),
        prize: OneOf(PRIZE_KINDS),
        weight: t.Number(),
        awarded: t.Integer({ minimum: 0, description: "Spins that landed on it in the period" }),
        stockLeft: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: "Now; null: unlimited" }),
        codesLeft: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: "coupon_pool: free codes now; null for other prizes" }),
      }),
      { description: "One per slice, in the wheel's order" },
    ),
  },
  { title: "SpinWheelDetail" },
);
export type SpinDetail = Static<typeof SpinDetail>;
