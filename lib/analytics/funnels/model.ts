import { t } from "elysia";
import { BREAKDOWNS, TOP_GROUPS } from "./run.ts";
import { FunnelDefModel, FunnelStepModel, MODES, SCOPES } from "./definition.ts";
import { DateText, OneOf } from "../../api/models.ts";
import { DatedQuery } from "../models.ts";

/** TypeBox models of the funnel endpoints (spec 2.7, 4.7; docs/funnels.md). */

const Rate = t.Number({ minimum: 0, maximum: 1 });
const DateString = t.String({ description: "YYYY-MM-DD, site timezone" });

const StepResult = t.Object({
  label: t.String(),
  entered: t.Integer({ description: "Units that entered the funnel at this step (closed funnels: all at step 1)" }),
  count: t.Integer({ description: "Units that reached this step" }),
  pctOfStart: Rate,
  dropOff: t.Integer({ description: "Units that reached this step and not the next (0 at the last step)" }),
  dropOffPct: Rate,
  medianSeconds: t.Union([t.Number(), t.Null()], { description: "Median time from the previous step; null on step 1 or when no unit came from the previous step" }),
});

const Summary = {
  steps: t.Array(StepResult),
  started: t.Integer({ description: "Units that entered the funnel (closed: the count at step 1)" }),
  completed: t.Integer({ description: "The count at the last step" }),
  conversionRate: t.Number({ minimum: 0, maximum: 1, description: "completed / started" }),
};

export const FunnelResultModel = t.Object(
  {
    units: t.Union([t.Literal("sessions"), t.Literal("users")]),
    range: t.Object({ from: DateString, to: DateString, tz: t.String() }),
    ...Summary,
    breakdown: t.Union(
      [
        t.Object({
          dimension: t.String({ description: BREAKDOWNS.filter((b) => b !== "none").join(", ") }),
          rows: t.Array(t.Object({ key: t.String({ description: "The group of the session in which the unit entered the funnel; (not set) when missing" }), ...Summary }), {
            description: `Most started first, top ${TOP_GROUPS}`,
          }),
        }),
        t.Null(),
      ],
      { description: "null unless a breakdown was asked for" },
    ),
    sampled: t.Boolean({ description: "Always false: every unit is counted" }),
  },
  { title: "FunnelResult" },
);

export const SavedFunnelModel = t.Object(
  {
    id: t.String(),
    name: t.String(),
    steps: t.Array(FunnelStepModel),
    mode: OneOf(MODES),
    scope: OneOf(SCOPES),
    createdAt: t.String({ format: "date-time" }),
  },
  { title: "Funnel" },
);

export const FunnelList = t.Object(
  {
    data: t.Array(SavedFunnelModel, { description: "The site's saved funnels, newest first" }),
    canSave: t.Boolean({ description: "The plan has room for another funnel and the key's creator may save one (owner, admin, analyst); funnels are saved with the admin CLI" }),
  },
  { title: "FunnelList" },
);

const Breakdown = OneOf(BREAKDOWNS, { description: "Default none" });

export const FunnelRunQuery = t.Object({ ...DatedQuery, breakdown: t.Optional(Breakdown) });

export const FunnelPreviewBody = t.Object(
  {
    def: FunnelDefModel,
    from: t.Optional(DateText()),
    to: t.Optional(DateText()),
    breakdown: t.Optional(Breakdown),
  },
  { title: "FunnelPreview" },
);

export const FunnelParams = t.Object({ orgId: t.String(), siteId: t.String(), id: t.String() });
