import { describe, expect, test } from "bun:test";
import { consentSettings, DEFAULT_TEXTS, defaultConsentSettings, isConsentSettings, publicConsentSettings, scanStartUrl } from "../../lib/consent/settings.ts";

const DEFAULTS = {
  mode: "opt-in",
  categories: ["analytics", "marketing"],
  dnt: "respect",
  gpc: "respect",
  policyUrl: null,
  defaultUrl: null,
  defaultLanguage: "en",
  texts: {
    en: {
      title: "Your privacy",
      text: "We use privacy-friendly analytics. With your consent we also remember your visits and which campaign brought you here.",
      accept: "Accept",
      reject: "Decline",
      preferences: "Preferences",
      save: "Save choices",
      analyticsLabel: "Analytics: remember my visits",
      marketingLabel: "Marketing: remember campaigns",
      policyLabel: "Privacy policy",
    },
  },
};

/** `en` and n − 1 made-up three-letter tags (xaa, xba, …), each with the English texts. */
const languages = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [i ? `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}` : "en", DEFAULT_TEXTS]));

const GERMAN = { ...DEFAULT_TEXTS, title: "Ihre Privatsphäre", accept: "Akzeptieren" };

describe("consent settings v2", () => {
  test("an empty stored value (a new site's {}) is the defaults", () => {
    expect(consentSettings("{}")).toEqual(DEFAULTS as never);
    expect(defaultConsentSettings()).toEqual(DEFAULTS as never);
  });

  test("a v2 value reads as stored, a language's missing texts filled from English", () => {
    const stored = {
      mode: "opt-out",
      categories: ["analytics"],
      dnt: "ignore",
      gpc: "respect",
      policyUrl: "https://shop.example/privacy",
      defaultUrl: "https://www.shop.example:8443/start",
      defaultLanguage: "de",
      texts: { de: { title: "Ihre Privatsphäre", accept: "Akzeptieren" }, "pt-br": { ...DEFAULT_TEXTS, accept: "Aceitar" } },
    };
    expect(consentSettings(JSON.stringify(stored))).toEqual({ ...stored, texts: { de: GERMAN, "pt-br": { ...DEFAULT_TEXTS, accept: "Aceitar" } } } as never);
  });

  test("old flat settings read as v2: texts under en, DNT and GPC from respectDnt", () => {
    const old = { mode: "opt-out", respectDnt: false, title: "Cookies?", analyticsLabel: "Stats", text: "" };
    expect(consentSettings(JSON.stringify(old))).toEqual({
      ...DEFAULTS,
      mode: "opt-out",
      dnt: "ignore",
      gpc: "ignore",
      texts: { en: { ...DEFAULTS.texts.en, title: "Cookies?", analyticsLabel: "Stats" } },
    } as never);
    const respecting = consentSettings(JSON.stringify({ respectDnt: true, accept: "OK" }));
    expect(respecting).toMatchObject({ mode: "opt-in", dnt: "respect", gpc: "respect", texts: { en: { accept: "OK", reject: "Decline" } } });
    expect(Object.keys(respecting.texts)).toEqual(["en"]);
  });

  test("a damaged value falls back to the defaults, whole", () => {
    for (const bad of [
      "not json",
      "null",
      "[]",
      '"opt-in"',
      JSON.stringify({ mode: "sometimes" }),
      JSON.stringify({ mode: "opt-out", title: "x".repeat(121) }),
      JSON.stringify({ ...DEFAULTS, categories: [] }),
      JSON.stringify({ ...DEFAULTS, categories: ["analytics", "analytics"] }),
      JSON.stringify({ ...DEFAULTS, categories: ["personalization"] }),
      JSON.stringify({ ...DEFAULTS, gpc: "yes" }),
      JSON.stringify({ ...DEFAULTS, policyUrl: "javascript:alert(1)" }),
      JSON.stringify({ ...DEFAULTS, policyUrl: `https://a.example/${"x".repeat(2048)}` }),
      JSON.stringify({ ...DEFAULTS, defaultUrl: "ftp://shop.example/" }),
      JSON.stringify({ ...DEFAULTS, defaultLanguage: "de" }),
      JSON.stringify({ ...DEFAULTS, defaultLanguage: "EN", texts: { EN: DEFAULT_TEXTS } }),
      JSON.stringify({ ...DEFAULTS, texts: {} }),
      JSON.stringify({ ...DEFAULTS, texts: { en: { ...DEFAULT_TEXTS, accept: "x".repeat(41) } } }),
      JSON.stringify({ ...DEFAULTS, texts: languages(31) }),
      JSON.stringify({ ...DEFAULTS, extra: true }),
    ]) {
      expect(consentSettings(bad)).toEqual(DEFAULTS as never);
    }
  });

  test("30 languages are allowed", () => {
    expect(Object.keys(consentSettings(JSON.stringify({ ...DEFAULTS, texts: languages(30) })).texts)).toHaveLength(30);
  });

  test("isConsentSettings: the default language must have texts, URLs must parse", () => {
    expect(isConsentSettings(DEFAULTS)).toBe(true);
    expect(isConsentSettings({ ...DEFAULTS, defaultLanguage: "fr" })).toBe(false);
    expect(isConsentSettings({ ...DEFAULTS, policyUrl: "https://" })).toBe(false);
    expect(isConsentSettings({ ...DEFAULTS, policyUrl: "https://user:pw@shop.example/" })).toBe(false);
    expect(isConsentSettings({ ...DEFAULTS, policyUrl: "http://shop.example/privacy#cookies" })).toBe(true);
  });

  test("the public part leaves out defaultUrl; the scanner starts at defaultUrl or the site's home page", () => {
    const withStart = { ...defaultConsentSettings(), defaultUrl: "https://www.shop.example/de/" };
    const { defaultUrl: _, ...rest } = withStart;
    expect(publicConsentSettings(withStart)).toEqual(rest);
    expect("defaultUrl" in publicConsentSettings(withStart)).toBe(false);
    expect(scanStartUrl({ domain: "shop.example", consent: withStart })).toBe("https://www.shop.example/de/");
    expect(scanStartUrl({ domain: "shop.example", consent: JSON.stringify(withStart) })).toBe("https://www.shop.example/de/");
    expect(scanStartUrl({ domain: "shop.example", consent: "{}" })).toBe("https://shop.example/");
  });
});
