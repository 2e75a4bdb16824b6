import { eq } from "drizzle-orm";
import { sites } from "../db/control-schema.ts";
import { ApiError, invalid } from "../errors.ts";
import {
  BANNER_CATEGORIES,
  type BannerCategory,
  consentSettings,
  type ConsentSettings,
  DEFAULT_TEXTS,
  HANDLINGS,
  isConsentSettings,
  isHttpUrl,
  LANGUAGE_PATTERN,
  MAX_LANGUAGES,
  MAX_URL_LENGTH,
  MODES,
  TEXT_FIELDS,
  TEXT_LIMITS,
} from "../consent/settings.ts";
import { coveredBy, verifiedDomainsOf } from "../sites/verified-domains.ts";
import type { ControlReader } from "../db/control.ts";
import type { Platform } from "../platform.ts";
import { auditAdmin } from "./audit-admin.ts";
import { flagKey, textFlag } from "./flags.ts";
import { idFlag, oneOf, orgById, requireText, siteById } from "./validate.ts";

function language(value: unknown, path: string): string {
  // Given as `pt-BR` or `pt-br`; kept lower-cased, as browsers' tags are compared.
  const tag = requireText(value, path, 35).toLowerCase();
  if (!new RegExp(LANGUAGE_PATTERN).test(tag)) throw invalid(path, "must be a BCP 47 language tag such as en, de or pt-br");
  return tag;
}

function categories(value: unknown): BannerCategory[] {
  const names = requireText(value, "--categories", 100).split(",").map((c) => c.trim());
  for (const name of names) {
    if (!(BANNER_CATEGORIES as readonly string[]).includes(name)) throw invalid("--categories", `${name || "(empty)"} is not a category: give analytics, marketing or both, comma-separated`);
  }
  // Kept in the banner's own order, each once.
  return BANNER_CATEGORIES.filter((c) => names.includes(c));
}

/** `URL` or `none`: an absolute http(s) URL, normalised as the browser reads it. */
function urlOrNone(value: unknown, path: string): string | null {
  const text = requireText(value, path, MAX_URL_LENGTH);
  if (text === "none") return null;
  if (!isHttpUrl(text)) throw invalid(path, `must be an http or https URL of at most ${MAX_URL_LENGTH} characters (without user or password), or none`);
  const href = new URL(text).href;
  if (href.length > MAX_URL_LENGTH) throw invalid(path, `must be at most ${MAX_URL_LENGTH} characters`);
  return href;
}

/** The scanner only visits the site's verified domains, so its start must be on one (checked now, when it is set). */
function onVerifiedDomain(db: ControlReader, siteId: string, url: string): string {
  const host = new URL(url).hostname;
  if (!coveredBy(verifiedDomainsOf(db, siteId), host)) throw invalid("--default-url", `${host} is not a verified domain of this site: add and verify it with domain add / domain verify first`);
  return url;
}

/**
 * `site consent --site ID [--mode …] [--categories …] [--dnt …] [--gpc …] [--policy-url URL|none]
 * [--default-url URL|none] [--default-language L] [--lang L] [text flags…] [--remove-lang L]`
 * (docs/consent.md "Consent settings"). Every flag is checked before anything is stored.
 */
export async function setConsent(platform: Platform, input: Record<string, unknown>) {
  const db = platform.control.db;
  const site = siteById(db, idFlag(input.site, "--site"));
  const current = consentSettings(site.consent);
  const next: ConsentSettings = { ...current, texts: { ...current.texts } };
  const given = (flag: string) => input[flagKey(flag)];

  if (given("--mode") !== undefined) next.mode = oneOf(given("--mode"), "--mode", MODES);
  if (given("--categories") !== undefined) next.categories = categories(given("--categories"));
  if (given("--dnt") !== undefined) next.dnt = oneOf(given("--dnt"), "--dnt", HANDLINGS);
  if (given("--gpc") !== undefined) next.gpc = oneOf(given("--gpc"), "--gpc", HANDLINGS);
  if (given("--policy-url") !== undefined) next.policyUrl = urlOrNone(given("--policy-url"), "--policy-url");
  if (given("--default-url") !== undefined) {
    const url = urlOrNone(given("--default-url"), "--default-url");
    next.defaultUrl = url === null ? null : onVerifiedDomain(db, site.id, url);
  }
  if (given("--default-language") !== undefined) next.defaultLanguage = language(given("--default-language"), "--default-language");

  // Texts go to --lang, else to the (new) default language; a language new to the site starts from the English defaults.
  const lang = given("--lang") === undefined ? next.defaultLanguage : language(given("--lang"), "--lang");
  const texts = TEXT_FIELDS.filter((f) => given(textFlag(f)) !== undefined);
  if (given("--lang") !== undefined || texts.length > 0) {
    const edited = { ...(next.texts[lang] ?? DEFAULT_TEXTS) };
    for (const f of texts) edited[f] = requireText(given(textFlag(f)), textFlag(f), TEXT_LIMITS[f]);
    next.texts[lang] = edited;
    if (Object.keys(next.texts).length > MAX_LANGUAGES) throw invalid("--lang", `a site has at most ${MAX_LANGUAGES} languages: remove one with --remove-lang first`);
  }

  if (given("--remove-lang") !== undefined) {
    const gone = language(given("--remove-lang"), "--remove-lang");
    if (gone === lang && (given("--lang") !== undefined || texts.length > 0)) throw invalid("--remove-lang", `${gone} is also the language the texts are given for`);
    if (!Object.hasOwn(next.texts, gone)) throw new ApiError("NOT_FOUND", `The banner has no ${gone} texts`, [{ path: "--remove-lang", message: "no texts in this language" }]);
    if (gone === next.defaultLanguage) {
      throw new ApiError("CONFLICT", `${gone} is the default language: choose another with --default-language first`, [{ path: "--remove-lang", message: "is the default language" }]);
    }
    delete next.texts[gone];
  }

  if (!Object.hasOwn(next.texts, next.defaultLanguage)) {
    throw invalid("--default-language", `${next.defaultLanguage} has no texts: give them with --lang ${next.defaultLanguage} and the text flags`);
  }
  // Every flag was checked above; this guards the stored shape itself.
  if (!isConsentSettings(next)) throw new ApiError("INTERNAL", "consent settings failed their own model");

  platform.control.write((w) => w.update(sites).set({ consent: JSON.stringify(next) }).where(eq(sites.id, site.id)).run());
  await auditAdmin(platform, orgById(db, site.orgId), {
    action: "consent.updated",
    label: `Consent settings of ${site.name} changed`,
    target: { type: "site", id: site.id },
    meta: { mode: next.mode, categories: next.categories, dnt: next.dnt, gpc: next.gpc, languages: Object.keys(next.texts), defaultLanguage: next.defaultLanguage },
  });
  return { id: site.id, consent: next };
}
