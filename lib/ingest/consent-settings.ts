import { t, type Static } from "elysia";
import { Value } from "@sinclair/typebox/value";

/**
 * A site's consent settings, read by the tracking script from the public config.
 * - `opt-in`: nothing persistent until the visitor accepts (the dialog asks).
 * - `opt-out`: consent is assumed until the visitor declines (the dialog informs).
 * - `none`: no dialog; the page reports consent itself with tidemark('consent', {…}).
 */
export const ConsentSettings = t.Object({
  mode: t.Union([t.Literal("opt-in"), t.Literal("opt-out"), t.Literal("none")], { default: "opt-in" }),
  /** Treat Do-Not-Track / Global Privacy Control as a refusal (no dialog shown). */
  respectDnt: t.Boolean({ default: true }),
  title: t.String({ maxLength: 120, default: "Your privacy" }),
  text: t.String({
    maxLength: 1000,
    default: "We use privacy-friendly analytics. With your consent we also remember your visits and which campaign brought you here.",
  }),
  accept: t.String({ maxLength: 40, default: "Accept" }),
  reject: t.String({ maxLength: 40, default: "Decline" }),
  preferences: t.String({ maxLength: 40, default: "Preferences" }),
  save: t.String({ maxLength: 40, default: "Save choices" }),
  analyticsLabel: t.String({ maxLength: 80, default: "Analytics: remember my visits" }),
  marketingLabel: t.String({ maxLength: 80, default: "Marketing: remember campaigns" }),
});
export type ConsentSettings = Static<typeof ConsentSettings>;

/** Stored JSON → full settings with defaults (a damaged value falls back to the defaults). */
export function consentSettings(json: string): ConsentSettings {
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const value = Value.Default(ConsentSettings, Value.Clone(raw ?? {}));
  return Value.Check(ConsentSettings, value) ? (value as ConsentSettings) : (Value.Default(ConsentSettings, {}) as ConsentSettings);
}
