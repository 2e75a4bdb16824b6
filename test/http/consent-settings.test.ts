import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { DEFAULT_TEXTS, defaultConsentSettings } from "../../lib/consent/settings.ts";

/**
 * Consent settings v2 (docs/consent.md "Consent settings"): `admin site consent` flag by flag,
 * refusals naming the flag, old flat settings upgraded, and `GET …/sites/{siteId}/consent`.
 * Site "Shop": domain shop.test; verified shop.test and brand.test with subdomains; pending
 * pending.test.
 */

let s: TestStack;
let orgId: string;
let shop: { id: string; siteKey: string };
let viewerKey: string;
let noConsentKey: string;

const admin = (...args: string[]) => s.admin("site", "consent", "--site", shop.id, ...args);
const refused = (args: string[], code: string, path: string) => {
  const r = admin(...args);
  expect(r.code).toBe(2);
  expect(r.json.error).toMatchObject({ code, details: [{ path }] });
  return r.json.error.details[0].message as string;
};
const get = async (key = s.bootstrap!.key, siteId = shop.id) => {
  const res = await s.api(`/api/v1/orgs/${orgId}/sites/${siteId}/consent`, key);
  return { status: res.status, body: (await res.json()) as any };
};
const stored = () => {
  const db = new Database(join(s.dataDir, "control.sqlite"), { readonly: true });
  try {
    return (db.query("SELECT consent FROM sites WHERE id = ?").get(shop.id) as { consent: string }).consent;
  } finally {
    db.close();
  }
};

// The defaults' exact values are pinned by test/unit/consent-settings.test.ts.
const DEFAULTS = defaultConsentSettings();
const ENGLISH = {
  title: "Cookies at Shop",
  text: "We count visits; with your consent, more.",
  accept: "Allow all",
  reject: "Only necessary",
  preferences: "Choose",
  save: "Save",
  analyticsLabel: "Statistics",
  marketingLabel: "Advertising",
  policyLabel: "How we use data",
};

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  shop = must(s.admin("site", "create", "--org", orgId, "--name", "Shop", "--domain", "shop.test"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "shop.test", "--force"));
  must(s.admin("domain", "add", "--site", shop.id, "--hostname", "brand.test", "--include-subdomains"));
  must(s.admin("domain", "verify", "--site", shop.id, "--hostname", "brand.test", "--force"));
  must(s.admin("domain", "add", "--site", shop.id, "--hostname", "pending.test"));
  const viewer = must(s.admin("user", "create", "--org", orgId, "--name", "Vera", "--email", "vera@consent.test", "--role", "viewer"));
  viewerKey = must(s.admin("key", "create", "--org", orgId, "--user", viewer.id, "--perms", "all")).key;
  noConsentKey = must(s.admin("key", "create", "--org", orgId, "--user", viewer.id, "--perms", "sites.read,analytics.read")).key;
}, 60_000);
afterAll(() => s?.close());

describe("admin site consent", () => {
  test("a new site has the defaults; each flag changes its field, texts go to the default language", async () => {
    expect(await get()).toEqual({ status: 200, body: DEFAULTS });
    const out = must(
      admin(
        "--mode", "opt-out", "--categories", "marketing, analytics", "--dnt", "ignore", "--gpc", "respect",
        "--policy-url", "https://shop.test/privacy", "--default-url", "http://www.brand.test:8080/start?x=1",
        "--title", ENGLISH.title, "--text", ENGLISH.text, "--accept", ENGLISH.accept, "--reject", ENGLISH.reject,
        "--preferences", ENGLISH.preferences, "--save", ENGLISH.save, "--analytics-label", ENGLISH.analyticsLabel,
        "--marketing-label", ENGLISH.marketingLabel, "--policy-label", ENGLISH.policyLabel,
      ),
    );
    const expected = {
      ...DEFAULTS,
      mode: "opt-out",
      categories: ["analytics", "marketing"],
      dnt: "ignore",
      policyUrl: "https://shop.test/privacy",
      defaultUrl: "http://www.brand.test:8080/start?x=1",
      texts: { en: ENGLISH },
    };
    expect(out).toEqual({ id: shop.id, consent: expected });
    expect(JSON.parse(stored())).toEqual(expected);
    expect(await get()).toEqual({ status: 200, body: expected });
  }, 30_000);

  test("--lang: a new language starts from the English defaults; --default-language; --remove-lang; none clears a URL", async () => {
    let out = must(admin("--lang", "pt-BR", "--title", "Sua privacidade", "--accept", "Aceitar"));
    expect(Object.keys(out.consent.texts)).toEqual(["en", "pt-br"]);
    expect(out.consent.texts["pt-br"]).toEqual({ ...DEFAULT_TEXTS, title: "Sua privacidade", accept: "Aceitar" });
    expect(out.consent.texts.en).toEqual(ENGLISH);
    // Texts without --lang go to the default language, here the new one.
    out = must(admin("--default-language", "de", "--title", "Ihre Privatsphäre"));
    expect(out.consent).toMatchObject({ defaultLanguage: "de", texts: { de: { ...DEFAULT_TEXTS, title: "Ihre Privatsphäre" }, en: ENGLISH } });
    out = must(admin("--remove-lang", "en", "--categories", "analytics", "--policy-url", "none", "--default-url", "none", "--gpc", "ignore"));
    expect(out.consent).toEqual({
      mode: "opt-out",
      categories: ["analytics"],
      dnt: "ignore",
      gpc: "ignore",
      policyUrl: null,
      defaultUrl: null,
      defaultLanguage: "de",
      texts: { "pt-br": { ...DEFAULT_TEXTS, title: "Sua privacidade", accept: "Aceitar" }, de: { ...DEFAULT_TEXTS, title: "Ihre Privatsphäre" } },
    });
    // Removing the default language together with choosing another one is fine.
    out = must(admin("--default-language", "pt-br", "--remove-lang", "de"));
    expect(out.consent).toMatchObject({ defaultLanguage: "pt-br" });
    expect(Object.keys(out.consent.texts)).toEqual(["pt-br"]);
    // Back to English for the tests below.
    out = must(admin("--default-language", "en", "--lang", "en", "--remove-lang", "pt-br", "--mode", "opt-in", "--categories", "analytics,marketing", "--dnt", "respect", "--gpc", "respect"));
    expect(out.consent).toEqual(DEFAULTS);
  }, 30_000);

  test("each bad flag: 422 (409 for the default language, 404 for a language without texts) naming the flag, nothing stored", async () => {
    const before = stored();
    expect(refused(["--mode", "sometimes"], "VALIDATION_FAILED", "--mode")).toBe("must be one of opt-in, opt-out, none");
    refused(["--categories", ""], "VALIDATION_FAILED", "--categories");
    expect(refused(["--categories", "analytics,personalization"], "VALIDATION_FAILED", "--categories")).toContain("personalization is not a category");
    refused(["--categories", ","], "VALIDATION_FAILED", "--categories");
    refused(["--dnt", "maybe"], "VALIDATION_FAILED", "--dnt");
    refused(["--gpc", "yes"], "VALIDATION_FAILED", "--gpc");
    for (const url of ["ftp://shop.test/privacy", "javascript:alert(1)", "/privacy", "https://", "https://user:pw@shop.test/", `https://shop.test/${"x".repeat(2040)}`]) {
      refused(["--policy-url", url], "VALIDATION_FAILED", "--policy-url");
      refused(["--default-url", url], "VALIDATION_FAILED", "--default-url");
    }
    expect(refused(["--default-url", "https://elsewhere.test/"], "VALIDATION_FAILED", "--default-url")).toContain("elsewhere.test is not a verified domain");
    refused(["--default-url", "https://pending.test/"], "VALIDATION_FAILED", "--default-url");
    // shop.test does not include its subdomains; brand.test does.
    refused(["--default-url", "https://www.shop.test/"], "VALIDATION_FAILED", "--default-url");
    refused(["--default-language", "en_US"], "VALIDATION_FAILED", "--default-language");
    expect(refused(["--default-language", "fr"], "VALIDATION_FAILED", "--default-language")).toContain("fr has no texts");
    refused(["--lang", "deutsch-sprache-x"], "VALIDATION_FAILED", "--lang");
    refused(["--lang", "d e"], "VALIDATION_FAILED", "--lang");
    refused(["--title", "x".repeat(121)], "VALIDATION_FAILED", "--title");
    refused(["--text", "x".repeat(1001)], "VALIDATION_FAILED", "--text");
    for (const flag of ["--accept", "--reject", "--preferences", "--save"]) refused([flag, "x".repeat(41)], "VALIDATION_FAILED", flag);
    for (const flag of ["--analytics-label", "--marketing-label", "--policy-label"]) refused([flag, "x".repeat(81)], "VALIDATION_FAILED", flag);
    refused(["--accept", "   "], "VALIDATION_FAILED", "--accept");
    expect(refused(["--remove-lang", "en"], "CONFLICT", "--remove-lang")).toBe("is the default language");
    refused(["--remove-lang", "fr"], "NOT_FOUND", "--remove-lang");
    refused(["--remove-lang", "EN!"], "VALIDATION_FAILED", "--remove-lang");
    refused(["--lang", "en", "--title", "T", "--remove-lang", "en"], "VALIDATION_FAILED", "--remove-lang");
    // A bad flag among good ones stores none of them.
    refused(["--mode", "opt-out", "--title", "Fine", "--gpc", "yes"], "VALIDATION_FAILED", "--gpc");
    expect(stored()).toBe(before);
  }, 60_000);

  test("at most 30 languages", () => {
    const db = new Database(join(s.dataDir, "control.sqlite"));
    const texts = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [i ? `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}` : "en", DEFAULT_TEXTS]));
    db.run("UPDATE sites SET consent = ? WHERE id = ?", [JSON.stringify({ ...DEFAULTS, texts }), shop.id]);
    db.close();
    expect(refused(["--lang", "de"], "VALIDATION_FAILED", "--lang")).toContain("at most 30 languages");
    // Changing one of the 30 is fine.
    expect(must(admin("--lang", "xab", "--title", "T")).consent.texts.xab.title).toBe("T");
  });

  test("old flat settings read as v2 (texts under en, DNT and GPC from respectDnt), and change as v2; audited", async () => {
    const db = new Database(join(s.dataDir, "control.sqlite"));
    db.run("UPDATE sites SET consent = ? WHERE id = ?", [JSON.stringify({ mode: "opt-out", respectDnt: false, title: "Cookies?", analyticsLabel: "Stats" }), shop.id]);
    db.close();
    const upgraded = { ...DEFAULTS, mode: "opt-out", dnt: "ignore", gpc: "ignore", texts: { en: { ...DEFAULT_TEXTS, title: "Cookies?", analyticsLabel: "Stats" } } };
    expect(await get()).toEqual({ status: 200, body: upgraded });
    const out = must(admin("--lang", "de", "--accept", "Akzeptieren", "--gpc", "respect"));
    const changed = { ...upgraded, gpc: "respect", texts: { ...upgraded.texts, de: { ...DEFAULT_TEXTS, accept: "Akzeptieren" } } };
    expect(out.consent).toEqual(changed);
    expect(JSON.parse(stored())).toEqual(changed);
    const log = (await (await s.api(`/api/v1/orgs/${orgId}/audit?size=100`, s.bootstrap!.key)).json()) as any;
    const entry = log.rows.find((r: any) => r.action === "consent.updated");
    expect(entry).toMatchObject({
      actor: { id: "operator" },
      target: { type: "site", id: shop.id },
      meta: { mode: "opt-out", categories: ["analytics", "marketing"], dnt: "ignore", gpc: "respect", languages: ["en", "de"], defaultLanguage: "en" },
    });
  });
});

describe("GET …/sites/{siteId}/consent", () => {
  test("a viewer's key reads it; a key without consent.read is 403; an org without the consent feature 403 FEATURE_UNAVAILABLE", async () => {
    const viewer = await get(viewerKey);
    expect(viewer.status).toBe(200);
    expect(viewer.body).toEqual((await get()).body);
    const forbidden = await get(noConsentKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toMatchObject({ code: "FORBIDDEN" });
    must(s.admin("org", "feature", "--org", orgId, "--disable", "consent"));
    try {
      const off = await get();
      expect(off.status).toBe(403);
      expect(off.body.error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "consent" }] });
    } finally {
      must(s.admin("org", "feature", "--org", orgId, "--enable", "consent"));
    }
    expect((await get()).status).toBe(200);
  });

  test("a site of another organization, or none, is not found; a damaged stored value answers the defaults", async () => {
    const other = must(s.admin("org", "create", "--name", "Other"));
    const theirs = must(s.admin("site", "create", "--org", other.id, "--name", "Theirs", "--domain", "theirs.test"));
    for (const siteId of [theirs.id, "0".repeat(24)]) {
      const answer = await get(s.bootstrap!.key, siteId);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("NOT_FOUND");
    }
    const db = new Database(join(s.dataDir, "control.sqlite"));
    db.run("UPDATE sites SET consent = ? WHERE id = ?", ['{"mode":"opt-out","texts":{"en":', shop.id]);
    db.close();
    expect(await get()).toEqual({ status: 200, body: DEFAULTS });
  });
});
