import { t, type Static } from "elysia";
import { Value } from "@sinclair/typebox/value";
import { OneOf } from "../api/models.ts";

/**
 * A site's consent settings (docs/consent.md "Consent settings"), stored as JSON in the control
 * store's `sites.consent`, read by the banner from the public config and by `GET …/consent`.
 */

/** The categories the banner can offer (personalization rides on marketing). */
export const BANNER_CATEGORIES = ["analytics", "marketing"] as const;
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];
export const MODES = ["opt-in", "opt-out", "none"] as const;
export const HANDLINGS = ["respect", "ignore"] as const;
/** Lower-case BCP 47: a primary language subtag and up to three more (`en`, `de`, `pt-br`, `zh-hant-tw`). */
export const LANGUAGE_PATTERN = "^[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,3}$";
export const MAX_LANGUAGES = 30;
export const MAX_URL_LENGTH = 2048;

export const DEFAULT_TEXTS = {
  title: "Your privacy",
  text: "We use privacy-friendly analytics. With your consent we also remember your visits and which campaign brought you here.",
  accept: "Accept",
  reject: "Decline",
  preferences: "Preferences",
  save: "Save choices",
  analyticsLabel: "Analytics: remember my visits",
  marketingLabel: "Marketing: remember campaigns",
  policyLabel: "Privacy policy",
};

/** Each banner text with its longest length; the CLI's flag for it is the kebab-case name. */
export const TEXT_LIMITS: Record<keyof typeof DEFAULT_TEXTS, number> = {
  title: 120,
  text: 1000,
  accept: 40,
  reject: 40,
  preferences: 40,
  save: 40,
  analyticsLabel: 80,
  marketingLabel: 80,
  policyLabel: 80,
};
export const TEXT_FIELDS = Object.keys(TEXT_LIMITS) as (keyof typeof DEFAULT_TEXTS)[];

const TEXT_DOCS: Record<keyof typeof DEFAULT_TEXTS, string> = {
  title: "The banner's heading",
  text: "The banner's explanation",
  accept: "The accept-all button",
  reject: "The decline button",
  preferences: "The button that opens the category choices",
  save: "The button that saves the category choices",
  analyticsLabel: "The analytics checkbox's label",
  marketingLabel: "The marketing checkbox's label",
  policyLabel: "The privacy policy link's text (shown when policyUrl is set)",
};

export const BannerTexts = t.Object(
  Object.fromEntries(TEXT_FIELDS.map((f) => [f, t.String({ minLength: 1, maxLength: TEXT_LIMITS[f], description: TEXT_DOCS[f] })])) as Record<
    keyof typeof DEFAULT_TEXTS,
    ReturnType<typeof t.String>
  >,
  { additionalProperties: false, title: "BannerTexts" },
);
export type BannerTexts = Static<typeof BannerTexts>;

const HttpUrl = (description: string) =>
  t.Union([t.String({ pattern: "^https?://", maxLength: MAX_URL_LENGTH, description }), t.Null()], { description });

const ConsentFields = {
  mode: OneOf(MODES, {
    description: "opt-in: nothing persistent until accepted (the banner asks); opt-out: granted until declined (the banner informs); none: no banner, the page reports consent itself",
  }),
  categories: t.Array(OneOf(BANNER_CATEGORIES), {
    minItems: 1,
    maxItems: BANNER_CATEGORIES.length,
    uniqueItems: true,
    description: "The categories the banner offers; one not offered is never granted by the banner",
  }),
  dnt: OneOf(HANDLINGS, { description: "respect: a Do-Not-Track browser is a refusal without a banner; ignore: it is not" }),
  gpc: OneOf(HANDLINGS, { description: "respect: a Global Privacy Control browser is a refusal without a banner; ignore: it is not" }),
  policyUrl: HttpUrl("The privacy policy the banner links to (http or https), or null"),
  defaultUrl: HttpUrl("Where the scanner starts: http(s) on a verified domain of the site; null for https://<site domain>/"),
  defaultLanguage: t.String({ pattern: LANGUAGE_PATTERN, description: "The language whose texts a browser gets when none of its languages has texts" }),
  texts: t.Record(t.String({ pattern: LANGUAGE_PATTERN }), BannerTexts, {
    minProperties: 1,
    maxProperties: MAX_LANGUAGES,
    additionalProperties: false,
    description: `Banner texts by lower-case BCP 47 language tag (at most ${MAX_LANGUAGES}); the banner uses the first of the browser's languages with texts, by full tag then primary subtag, else defaultLanguage`,
  }),
};

export const ConsentSettings = t.Object(ConsentFields, { additionalProperties: false, title: "ConsentSettings" });
export type ConsentSettings = Static<typeof ConsentSettings>;

/** What the public config hands the script: the settings without where the scanner starts. */
export const PublicConsentSettings = t.Omit(ConsentSettings, ["defaultUrl"], { additionalProperties: false, title: "PublicConsentSettings" });
export type PublicConsentSettings = Static<typeof PublicConsentSettings>;

export function defaultConsentSettings(): ConsentSettings {
  return {
    mode: "opt-in",
    categories: [...BANNER_CATEGORIES],
    dnt: "respect",
    gpc: "respect",
    policyUrl: null,
    defaultUrl: null,
    defaultLanguage: "en",
    texts: { en: { ...DEFAULT_TEXTS } },
  };
}

/** An absolute http(s) URL within the length limit, without user or password. */
export function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The model's shape plus what a schema cannot say: the default language has texts, URLs parse. */
export function isConsentSettings(value: unknown): value is ConsentSettings {
  if (!Value.Check(ConsentSettings, value)) return false;
  return Object.hasOwn(value.texts, value.defaultLanguage) && [value.policyUrl, value.defaultUrl].every((u) => u === null || isHttpUrl(u));
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);

/** One language's texts with the English defaults under what is missing (a blank text is missing). */
function textsWithDefaults(raw: unknown): Raw {
  const given = isObject(raw) ? raw : {};
  return Object.fromEntries(TEXT_FIELDS.map((f) => [f, given[f] === undefined || given[f] === "" ? DEFAULT_TEXTS[f] : given[f]]));
}

/**
 * Version 1 (before issue 18) was flat: `{ mode, respectDnt, title, text, … }`, English only,
 * one switch for DNT and GPC. It reads as v2 with its texts under `en`.
 */
function upgradeFlat(raw: Raw): Raw {
  const handling = raw.respectDnt === false ? "ignore" : "respect";
  return { ...(raw.mode === undefined ? {} : { mode: raw.mode }), dnt: handling, gpc: handling, texts: { en: textsWithDefaults(raw) } };
}

/** Stored JSON → full settings with defaults filled; a damaged value falls back to the defaults. */
export function consentSettings(json: string): ConsentSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = null;
  }
  if (!isObject(raw)) return defaultConsentSettings();
  const stored = "texts" in raw ? raw : upgradeFlat(raw);
  const defaults = defaultConsentSettings();
  const texts = isObject(stored.texts) ? Object.fromEntries(Object.entries(stored.texts).map(([lang, v]) => [lang, textsWithDefaults(v)])) : stored.texts;
  const value: Raw = {};
  for (const key of Object.keys(ConsentFields) as (keyof ConsentSettings)[]) value[key] = stored[key] === undefined ? defaults[key] : stored[key];
  value.texts = texts ?? defaults.texts;
  return isConsentSettings(value) ? value : defaults;
}

/** The public config's part: everything but where the scanner starts. */
export function publicConsentSettings(settings: ConsentSettings): PublicConsentSettings {
  const { defaultUrl: _scannerOnly, ...rest } = settings;
  return rest;
}

/** Where the scanner starts: the settings' `defaultUrl`, else the site's home page. */
export function scanStartUrl(site: { domain: string; consent: string | ConsentSettings }): string {
  const settings = typeof site.consent === "string" ? consentSettings(site.consent) : site.consent;
  return settings.defaultUrl ?? `https://${site.domain}/`;
}
