import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { ItemKind } from "../../lib/consent/categories.ts";
import { classify, type Override } from "../../lib/consent/classify.ts";
import { cookieDatabase, DATABASE_COLUMNS, domainsOf, indexCookieDatabase, readCookieDatabase } from "../../lib/consent/cookie-database.ts";

const none: ReadonlyMap<string, Override> = new Map();
const of = (kind: ItemKind, name: string, host?: string) => classify({ kind, name, host }, none);

// Expected answers are the real rows of data/open-cookie-database/open-cookie-database.csv.
const GA_PURPOSE = "ID used to identify users";
const GAC_PURPOSE =
  "Contains information related to marketing campaigns of the user. These are shared with Google AdWords / Google Ads when the Google Ads and Google Analytics accounts are linked together.";

describe("the Open Cookie Database copy", () => {
  test("every one of its 2,264 rows is read, none refused", () => {
    const text = readFileSync(new URL("../../data/open-cookie-database/open-cookie-database.csv", import.meta.url), "utf8");
    const { rows, problems } = readCookieDatabase(text);
    expect(problems).toEqual([]);
    expect(rows.length).toBe(2264);
    expect(rows.filter((r) => r.wildcard).length).toBe(260);
    expect(cookieDatabase().size).toBe(2264);
  });

  test("the Domain column's free text gives its domain names", () => {
    expect(domainsOf(".bing.com (3rd party) or .microsoft.com (3rd party)")).toEqual(["bing.com", "microsoft.com"]);
    expect(domainsOf("google-analytics.com (3rd party) or ")).toEqual(["google-analytics.com"]);
    expect(domainsOf("Inspectlet.com (3rd party)")).toEqual(["inspectlet.com"]);
    expect(domainsOf("id5-sync")).toEqual([]);
    expect(domainsOf("")).toEqual([]);
  });

  test("a name listed twice keeps its first row; the longest wildcard prefix wins", () => {
    const row = (name: string, category: "Marketing" | "Functional", wildcard: 0 | 1, controller: string) =>
      `x,P,${category},${name},,about ${name} by ${controller},1 year,${controller},,${wildcard}`;
    const csv = [DATABASE_COLUMNS.join(","), row("token", "Marketing", 0, "A"), row("token", "Functional", 0, "B"), row("_x", "Functional", 1, "C"), row("_x_ad", "Marketing", 1, "D")].join("\n");
    const { rows, problems } = readCookieDatabase(csv);
    expect(problems).toEqual([]);
    const db = indexCookieDatabase(rows);
    expect(db.byName.get("token")).toEqual({ category: "marketing", vendor: "A", purpose: "about token by A" });
    expect(db.byPrefix("_x_ad_1")?.vendor).toBe("D");
    expect(db.byPrefix("_x_other")?.vendor).toBe("C");
    expect(db.byPrefix("_")).toBeNull();
  });
});

describe("classify", () => {
  test("an exact name: _ga is Google's analytics", () => {
    expect(of("cookie", "_ga")).toEqual({ category: "analytics", vendor: "Google", purpose: GA_PURPOSE, match: "name" });
  });

  test("a marketing cookie: _fbp (Facebook) and _gcl_au (Google)", () => {
    expect(of("cookie", "_fbp")).toEqual({
      category: "marketing",
      vendor: "Facebook",
      purpose: "Used by Facebook to deliver a series of advertisement products such as real time bidding from third party advertisers",
      match: "name",
    });
    expect(of("cookie", "_gcl_au")).toEqual({
      category: "marketing",
      vendor: "Google",
      purpose: "Used by Google AdSense for experimenting with advertisement efficiency across websites using their services.",
      match: "name",
    });
  });

  test("Functional and Security rows are necessary", () => {
    expect(of("cookie", "__cf_bm")).toMatchObject({ category: "necessary", vendor: "Cloudflare", match: "name" });
    expect(of("cookie", "PHPSESSID")).toMatchObject({ category: "necessary", vendor: "PHP.net", match: "name" });
    expect(of("cookie", "__AntiXsrfToken")).toMatchObject({ category: "necessary", vendor: "Microsoft", match: "name" });
    // A storage key the database lists (Hotjar's, Functional) is found the same way.
    expect(of("storage", "_hjSessionUser_4711")).toMatchObject({ category: "necessary", vendor: "Hotjar", match: "prefix" });
  });

  test("wildcard rows by prefix, the longest first", () => {
    expect(of("cookie", "_gac_UA-1234-1")).toEqual({ category: "marketing", vendor: "Google", purpose: GAC_PURPOSE, match: "prefix" });
    // _gac_gb_ is its own, longer row (another purpose), and _ga_ (GA4's stream cookie) is analytics.
    expect(of("cookie", "_gac_gb_XYZ")).toMatchObject({ category: "marketing", vendor: "Google", match: "prefix" });
    expect(of("cookie", "_gac_gb_XYZ").purpose).toStartWith("Google uses cookies for advertising");
    expect(of("cookie", "_ga_ABC123")).toEqual({ category: "analytics", vendor: "Google", purpose: GA_PURPOSE, match: "prefix" });
  });

  test("an unknown name is unknown, with empty vendor and purpose", () => {
    expect(of("cookie", "shop_cart_id")).toEqual({ category: "unknown", vendor: "", purpose: "", match: "none" });
    expect(of("storage", "cart")).toEqual({ category: "unknown", vendor: "", purpose: "", match: "none" });
    expect(of("host", "cdn.shop.example")).toEqual({ category: "unknown", vendor: "", purpose: "", match: "none" });
  });

  test("names are case-sensitive, hosts are not", () => {
    expect(of("cookie", "_GA").match).toBe("none");
    expect(of("cookie", "_GAC_1").match).toBe("none");
    expect(of("host", "Region1.Google-Analytics.COM")).toMatchObject({ category: "analytics", vendor: "Google", match: "host" });
  });

  test("Tidemark's own keys are necessary, whatever the database says", () => {
    for (const name of ["tm_vid", "tm_sid", "tm_consent", "tm_inv"]) {
      expect(of("storage", name)).toMatchObject({ category: "necessary", vendor: "Tidemark", match: "builtin" });
    }
    expect(of("cookie", "tm_vid").purpose).toStartWith("Tidemark's visitor id");
  });

  test("the site's override wins over the database and the built-in keys", () => {
    const overrides = new Map<string, Override>([
      ["_ga", { category: "necessary", vendor: "Our own", purpose: "Load balancing" }],
      ["tm_vid", { category: "analytics", vendor: "", purpose: "" }],
      ["cdn.shop.example", { category: "necessary", vendor: "Shop", purpose: "Our CDN" }],
    ]);
    expect(classify({ kind: "cookie", name: "_ga" }, overrides)).toEqual({ category: "necessary", vendor: "Our own", purpose: "Load balancing", match: "override" });
    expect(classify({ kind: "storage", name: "tm_vid" }, overrides)).toEqual({ category: "analytics", vendor: "", purpose: "", match: "override" });
    expect(classify({ kind: "host", name: "cdn.shop.example" }, overrides).match).toBe("override");
    // Another name is not touched.
    expect(classify({ kind: "cookie", name: "_gid" }, overrides)).toMatchObject({ category: "analytics", vendor: "Google", match: "name" });
  });

  test("hosts: the tag-host table and the database's domains, by the host or a parent domain", () => {
    expect(of("host", "www.googletagmanager.com")).toMatchObject({ category: "analytics", vendor: "Google", match: "host" });
    expect(of("host", "region1.google-analytics.com")).toEqual({
      category: "analytics",
      vendor: "Google",
      purpose: "Google Analytics: receives page views and events.",
      match: "host",
    });
    expect(of("host", "stats.g.doubleclick.net")).toMatchObject({ category: "marketing", vendor: "Google", match: "host" });
    expect(of("host", "connect.facebook.net")).toMatchObject({ category: "marketing", vendor: "Facebook", match: "host" });
    expect(of("host", "px.ads.linkedin.com")).toMatchObject({ category: "marketing", vendor: "LinkedIn", match: "host" });
    expect(of("host", "cdn.segment.com")).toMatchObject({ category: "analytics", vendor: "Segment", match: "host" });
    // Only in the database's Domain column: Taboola's rows (4 Functional, 3 Marketing, 3 Analytics) make it an ad host.
    expect(of("host", "cdn.taboola.com")).toEqual({
      category: "marketing",
      vendor: "taboola.com",
      purpose: "A host of taboola.com; the Open Cookie Database lists its marketing cookies (t_gid, taboola_session_id, _tb_t_ppg).",
      match: "host",
    });
    // A parent domain matches, a mere suffix of a label does not.
    expect(of("host", "notgoogle-analytics.com").match).toBe("none");
  });

  test("a cookie the database does not name is classified by its third-party domain", () => {
    expect(of("cookie", "xyz_ad", ".doubleclick.net")).toMatchObject({ category: "marketing", vendor: "Google", match: "host" });
    expect(of("cookie", "xyz_ad", "shop.example")).toEqual({ category: "unknown", vendor: "", purpose: "", match: "none" });
    // The name comes first: _ga set on any domain is still Google Analytics by name.
    expect(of("cookie", "_ga", ".doubleclick.net").match).toBe("name");
    // Storage keys live on the page's own host: never classified by it.
    expect(of("storage", "xyz_ad", "doubleclick.net").match).toBe("none");
  });
});
