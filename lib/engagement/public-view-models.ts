import { t } from "elysia";
import { PopupDefinitionModel } from "./popup-definition.ts";
import { WheelDefinitionModel } from "./wheel-definition.ts";
import { Timestamp } from "../api/models.ts";

// Kept apart from public-views.ts, which the dashboard bundles: the schema library must not reach
// the browser (its compiler evaluates code, which the dashboard's CSP refuses).
/** The views as the document publishes them: the definitions' own models, picked as the views pick their fields. */
const popupField = PopupDefinitionModel.properties;
export const PublicPopupModel = t.Object(
  {
    id: t.String(),
    layout: popupField.layout,
    content: popupField.content,
    form: popupField.form,
    triggers: popupField.triggers,
    targeting: popupField.targeting,
    frequency: popupField.frequency,
    endAt: popupField.endAt,
    variants: popupField.variants,
    holdout: popupField.holdout,
    updatedAt: Timestamp,
  },
  { title: "PublicPopup", description: "A popup as the page gets it: no name, schedule start or statistics" },
);

const wheelField = WheelDefinitionModel.properties;
export const PublicWheelModel = t.Object(
  {
    id: t.String(),
    title: wheelField.title,
    text: wheelField.text,
    slices: t.Array(t.Pick(wheelField.slices.items, ["label", "color"]), { minItems: wheelField.slices.minItems, maxItems: wheelField.slices.maxItems }),
    form: wheelField.form,
    triggers: wheelField.triggers,
    targeting: wheelField.targeting,
    colors: wheelField.colors,
    endAt: wheelField.endAt,
    updatedAt: Timestamp,
  },
  { title: "PublicWheel", description: "A wheel as the page gets it: labels and colours only, no weights, stock or codes (the server draws)" },
);
