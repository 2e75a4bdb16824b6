import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { Browser } from "../helpers/session-browser.ts";
import { ConsentRows, type ScanFinding } from "../helpers/consent-inventory.ts";
import { classify } from "../../lib/consent/classify.ts";
import type { ItemKind } from "../../lib/consent/categories.ts";

/**
 * `GET …/cookies` (docs/consent.md "Read API") on a fixture written through the tables the way
 * ingest and the scanner write them. Site: the bootstrap site (domain localhost). States are
 * consent bits (1 analytics, 2 marketing).
 *
 * Scan S1 (cli, done 11-10 01:02): pass 1 _ga, IDE (.doubleclick.net, HttpOnly), _old, storage
 * cart; pass 2 _fbp.
 * Visits (each an inventory event; page type, state):
 * - A 11-20 10:00 `/` 0: cookies _ga, PHPSESSID; storage cart; host www.googletagmanager.com
 * - B 11-21 10:00 `/blog/x` 0: _fbp, PHPSESSID
 * - C 11-22 10:00 `/` 3: _ga, _fbp, PHPSESSID, mystery
 * - D 11-23 10:00 `/blog/y` 0: PHPSESSID — the blog sample no longer holds _fbp
 * Scan S2 (schedule, started 11-24 01:00:05, done 01:03): pass 1 _ga, PHPSESSID (HttpOnly),
 * IDE, xyz_ad (.doubleclick.net: classified by its domain), host www.googletagmanager.com;
 * pass 2 _ga, _fbp, _gcl_au.
 * - E 11-25 10:00 `/` 0: A's items again (same digest: only the sample's last_at moves)
 * - F 11-25 11:00 `/shop` 2: _gid (analytics, seen with marketing granted only)
 * Override: mystery → personalization, Acme, Recommendations.
 *
 * Violations: IDE, xyz_ad (S2 pass 1), _ga (sample `/` 0 and S2 pass 1), _gid (sample `/shop`
 * 2 lacks analytics), the tag manager host (sample `/` 0). Not: _fbp (only in `/` 3 and pass
 * 2 now: fixed, its evidence stays), _gcl_au (pass 2 only: gated), mystery (state 3 only),
 * cart (unknown), PHPSESSID (necessary, with evidence). Removed: _old (S1 only, never in
 * visits); cart is in S1 only but visits saw it after S2 started.
 */

let s: TestStack;
let rows: ConsentRows;
let base: string;
let siteId: string;
let viewerKey: string;
let noConsentKey: string;
const at = (iso: string) => Date.parse(`2026-${iso}Z`);
const iso = (t: string) => new Date(at(t)).toISOString();
const HOME = "https://localhost/";

const found = (kind: ItemKind, name: string, pass: 1 | 2, host: string, page: string, t: string, httpOnly: boolean | null = kind === "cookie" ? false : null): ScanFinding => ({ kind, name, pass, host, page, at: at(t), httpOnly });

beforeAll(async () => {
  s = await startStack();
  const boot = s.bootstrap!;
  siteId = boot.siteId;
  base = `/api/v1/orgs/${boot.orgId}/sites/${siteId}`;
  rows = new ConsentRows(s.dataDir, boot.orgId);
  await rows.scan(siteId, {
    status: "done", trigger: "cli", queuedAt: at("11-10T01:00:00"), startedAt: at("11-10T01:00:05"), finishedAt: at("11-10T01:02:00"), pages: 3,
    items: [
      found("cookie", "_ga", 1, "localhost", HOME, "11-10T01:00:10"),
      found("cookie", "IDE", 1, ".doubleclick.net", HOME, "11-10T01:00:11", true),
      found("cookie", "_old", 1, "localhost", `${HOME}about`, "11-10T01:00:20"),
      found("storage", "cart", 1, "localhost", HOME, "11-10T01:00:10"),
      found("cookie", "_fbp", 2, "localhost", HOME, "11-10T01:01:10"),
    ],
  });
  const visitA = { url: HOME, state: 0, cookies: ["_ga", "PHPSESSID"], storage: ["cart"], hosts: ["www.googletagmanager.com"] };
  rows.visit(siteId, { ...visitA, at: at("11-20T10:00:00") });
  rows.visit(siteId, { url: `${HOME}blog/x`, state: 0, at: at("11-21T10:00:00"), cookies: ["_fbp", "PHPSESSID"] });
  rows.visit(siteId, { url: HOME, state: 3, at: at("11-22T10:00:00"), cookies: ["_ga", "_fbp", "PHPSESSID", "mystery"] });
  rows.visit(siteId, { url: `${HOME}blog/y`, state: 0, at: at("11-23T10:00:00"), cookies: ["PHPSESSID"] });
  await rows.scan(siteId, {
    status: "done", trigger: "schedule", queuedAt: at("11-24T01:00:00"), startedAt: at("11-24T01:00:05"), finishedAt: at("11-24T01:03:00"), pages: 4,
    items: [
      found("cookie", "_ga", 1, "localhost", HOME, "11-24T01:00:10"),
      found("cookie", "_ga", 2, "localhost", HOME, "11-24T01:01:10"),
      found("cookie", "PHPSESSID", 1, "localhost", HOME, "11-24T01:00:10", true),
      found("cookie", "IDE", 1, ".doubleclick.net", `${HOME}blog/x`, "11-24T01:00:30", true),
      found("cookie", "xyz_ad", 1, ".doubleclick.net", `${HOME}blog/x`, "11-24T01:00:31"),
      found("host", "www.googletagmanager.com", 1, "www.googletagmanager.com", HOME, "11-24T01:00:10"),
      found("cookie", "_fbp", 2, "localhost", HOME, "11-24T01:01:10"),
      found("cookie", "_gcl_au", 2, "localhost", HOME, "11-24T01:01:11"),
    ],
  });
  rows.visit(siteId, { ...visitA, at: at("11-25T10:00:00") });
  rows.visit(siteId, { url: `${HOME}shop`, state: 2, at: at("11-25T11:00:00"), cookies: ["_gid"] });
  await rows.override(siteId, { name: "mystery", category: "personalization", vendor: "Acme", purpose: "Recommendations" });

  const viewer = must(s.admin("user", "create", "--org", boot.orgId, "--name", "Vi", "--email", "vi@cookies.test", "--role", "viewer"));
  viewerKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "consent.read")).key;
  noConsentKey = must(s.admin("key", "create", "--org", boot.orgId, "--user", viewer.id, "--perms", "analytics.read")).key;
}, 60_000);

afterAll(() => s.close());

const get = async (path: string, key = s.bootstrap!.key) => {
  const res = await s.api(path, key);
  return { status: res.status, body: (await res.json()) as any };
};

/** The database's purpose text for a name (consent-classify's tests cover the texts themselves). */
const purposeOf = (kind: ItemKind, name: string, host?: string) => classify({ kind, name, host }, new Map()).purpose;
const fromVisits = (page: string, t: string, consent = { analytics: false, marketing: false }) => ({ source: "visits", page, at: iso(t), consent });
const fromScan = (page: string, t: string) => ({ source: "scan", page, at: iso(t), consent: { analytics: false, marketing: false } });

function expectedItems() {
  const item = (kind: ItemKind, name: string, rest: Record<string, unknown>) => ({ id: expect.stringMatching(/^ck_[0-9a-f]{16}$/), name, kind, ...rest });
  return [
    item("cookie", "IDE", { host: ".doubleclick.net", category: "marketing", vendor: "Google", purpose: purposeOf("cookie", "IDE"), violation: true, lowEvidence: false, lastSeenAt: iso("11-24T01:00:30"), firstSeenAt: iso("11-10T01:00:11"), match: "name", sources: ["scan"], evidence: fromScan(`${HOME}blog/x`, "11-24T01:00:30"), gated: false, httpOnly: true, change: null }),
    item("cookie", "xyz_ad", { host: ".doubleclick.net", category: "marketing", vendor: "Google", purpose: purposeOf("cookie", "xyz_ad", "doubleclick.net"), violation: true, lowEvidence: false, lastSeenAt: iso("11-24T01:00:31"), firstSeenAt: iso("11-24T01:00:31"), match: "host", sources: ["scan"], evidence: fromScan(`${HOME}blog/x`, "11-24T01:00:31"), gated: false, httpOnly: false, change: "new" }),
    item("cookie", "_ga", { host: "localhost", category: "analytics", vendor: "Google", purpose: purposeOf("cookie", "_ga"), violation: true, lowEvidence: false, lastSeenAt: iso("11-25T10:00:00"), firstSeenAt: iso("11-10T01:00:10"), match: "name", sources: ["visits", "scan"], evidence: fromVisits(HOME, "11-20T10:00:00"), gated: false, httpOnly: false, change: null }),
    item("host", "www.googletagmanager.com", { host: "www.googletagmanager.com", category: "analytics", vendor: "Google", purpose: purposeOf("host", "www.googletagmanager.com"), violation: true, lowEvidence: false, lastSeenAt: iso("11-25T10:00:00"), firstSeenAt: iso("11-20T10:00:00"), match: "host", sources: ["visits", "scan"], evidence: fromVisits(HOME, "11-20T10:00:00"), gated: false, httpOnly: null, change: "new" }),
    // Only visits saw it before consent, and no visitor is known to have reported it (rows written here): low evidence, after the others.
    item("cookie", "_gid", { host: "localhost", category: "analytics", vendor: "Google", purpose: purposeOf("cookie", "_gid"), violation: true, lowEvidence: true, lastSeenAt: iso("11-25T11:00:00"), firstSeenAt: iso("11-25T11:00:00"), match: "name", sources: ["visits"], evidence: fromVisits(`${HOME}shop`, "11-25T11:00:00", { analytics: false, marketing: true }), gated: false, httpOnly: null, change: null }),
    item("cookie", "_fbp", { host: "localhost", category: "marketing", vendor: "Facebook", purpose: purposeOf("cookie", "_fbp"), violation: false, lowEvidence: false, lastSeenAt: iso("11-24T01:01:10"), firstSeenAt: iso("11-10T01:01:10"), match: "name", sources: ["visits", "scan"], evidence: fromVisits(`${HOME}blog/x`, "11-21T10:00:00"), gated: true, httpOnly: false, change: null }),
    item("cookie", "_gcl_au", { host: "localhost", category: "marketing", vendor: "Google", purpose: purposeOf("cookie", "_gcl_au"), violation: false, lowEvidence: false, lastSeenAt: iso("11-24T01:01:11"), firstSeenAt: iso("11-24T01:01:11"), match: "name", sources: ["scan"], evidence: null, gated: true, httpOnly: false, change: "new" }),
    item("cookie", "mystery", { host: "localhost", category: "personalization", vendor: "Acme", purpose: "Recommendations", violation: false, lowEvidence: false, lastSeenAt: iso("11-22T10:00:00"), firstSeenAt: iso("11-22T10:00:00"), match: "override", sources: ["visits"], evidence: null, gated: false, httpOnly: null, change: null }),
    item("storage", "cart", { host: "localhost", category: "unknown", vendor: "", purpose: "", violation: false, lowEvidence: false, lastSeenAt: iso("11-25T10:00:00"), firstSeenAt: iso("11-10T01:00:10"), match: "none", sources: ["visits"], evidence: fromVisits(HOME, "11-20T10:00:00"), gated: false, httpOnly: null, change: null }),
    item("cookie", "PHPSESSID", { host: "localhost", category: "necessary", vendor: "PHP.net", purpose: purposeOf("cookie", "PHPSESSID"), violation: false, lowEvidence: false, lastSeenAt: iso("11-25T10:00:00"), firstSeenAt: iso("11-20T10:00:00"), match: "name", sources: ["visits", "scan"], evidence: fromVisits(HOME, "11-20T10:00:00"), gated: false, httpOnly: true, change: "new" }),
  ];
}

// found: distinct items over both passes (_ga is in both).
const S2_VIEW = { status: "done", startedAt: iso("11-24T01:00:05"), finishedAt: iso("11-24T01:03:00"), pages: 4, found: 7, error: null, trigger: "schedule", itemsFrom: iso("11-24T01:03:00") };

describe("GET …/cookies", () => {
  test("visits and the latest two done scans merged: items in order, violations with evidence, summary, removed, the scan", async () => {
    const { status, body } = await get(`${base}/cookies`);
    expect(status).toBe(200);
    expect(body.items).toEqual(expectedItems());
    expect(body.summary).toEqual({ total: 10, unknown: 1, violations: 5, lowEvidence: 1, dropped: 0, byCategory: { necessary: 1, analytics: 3, marketing: 4, personalization: 1, unknown: 1 } });
    expect(body.removed).toEqual([{ name: "_old", kind: "cookie", host: "localhost", category: "unknown", vendor: "" }]);
    expect(body.scan).toEqual(S2_VIEW);
    expect(body.canManage).toBe(false);
    expect(body.defaultUrl).toBe("https://localhost/");
    // ck_ + 16 hex of SHA-256 of kind:name: the same for the same item, another for another kind.
    expect(body.items[2].id).toBe(`ck_${new Bun.CryptoHasher("sha256").update("cookie:_ga").digest("hex").slice(0, 16)}`);
  });

  test("a failed scan is shown with its error and the last done scan's items stay; then a queued one", async () => {
    await rows.scan(siteId, { status: "failed", trigger: "dashboard", queuedAt: at("11-26T01:00:00"), startedAt: at("11-26T01:00:01"), finishedAt: at("11-26T01:00:03"), error: "https://localhost/ did not answer: connection refused" });
    const failed = (await get(`${base}/cookies`)).body;
    expect(failed.scan).toEqual({ status: "failed", startedAt: iso("11-26T01:00:01"), finishedAt: iso("11-26T01:00:03"), pages: 0, found: 0, error: "https://localhost/ did not answer: connection refused", trigger: "dashboard", itemsFrom: iso("11-24T01:03:00") });
    expect(failed.items).toEqual(expectedItems());
    expect(failed.removed.map((r: any) => r.name)).toEqual(["_old"]);
    await rows.scan(siteId, { status: "queued", trigger: "dashboard", queuedAt: at("11-26T02:00:00") });
    const queued = (await get(`${base}/cookies`)).body;
    expect(queued.scan).toEqual({ status: "queued", startedAt: null, finishedAt: null, pages: 0, found: 0, error: null, trigger: "dashboard", itemsFrom: iso("11-24T01:03:00") });
    expect(queued.summary.total).toBe(10);
  });

  test("fixing a page clears its violation at the next sample; the scanner's first pass still holds others", async () => {
    // The shop page no longer sets _gid without analytics consent; the home page drops the tag manager and _ga before consent.
    rows.visit(siteId, { url: `${HOME}shop`, state: 2, at: at("11-26T10:00:00"), cookies: [] });
    rows.visit(siteId, { url: HOME, state: 0, at: at("11-26T10:05:00"), cookies: ["PHPSESSID"], storage: ["cart"] });
    const { body } = await get(`${base}/cookies`);
    const byName = new Map(body.items.map((i: any) => [i.name, i]));
    expect((byName.get("_gid") as any).violation).toBe(false);
    expect((byName.get("_gid") as any).evidence).toEqual(fromVisits(`${HOME}shop`, "11-25T11:00:00", { analytics: false, marketing: true }));
    // S2's first pass still found _ga and the tag manager's host: still violations until the next scan.
    expect([(byName.get("_ga") as any).violation, (byName.get("www.googletagmanager.com") as any).violation]).toEqual([true, true]);
    expect(body.summary.violations).toBe(4);
    expect(body.items.slice(0, 4).map((i: any) => i.name)).toEqual(["IDE", "xyz_ad", "_ga", "www.googletagmanager.com"]);
    expect(body.items[4].name).toBe("_fbp");
  });

  test("a site never scanned nor visited: no items, scan none; defaultUrl from the consent settings when set", async () => {
    const boot = s.bootstrap!;
    const second = must(s.admin("site", "create", "--org", boot.orgId, "--name", "Second", "--domain", "second.test"));
    const { status, body } = await get(`/api/v1/orgs/${boot.orgId}/sites/${second.id}/cookies`);
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [],
      summary: { total: 0, unknown: 0, violations: 0, lowEvidence: 0, dropped: 0, byCategory: { necessary: 0, analytics: 0, marketing: 0, personalization: 0, unknown: 0 } },
      scan: { status: "none", startedAt: null, finishedAt: null, pages: 0, found: 0, error: null, trigger: null, itemsFrom: null },
      removed: [],
      canManage: false,
      defaultUrl: "https://second.test/",
    });
    // The settings' defaultUrl (on a verified domain: the bootstrap site's localhost), through the CLI that sets it.
    must(s.admin("site", "consent", "--site", siteId, "--default-url", "http://localhost:8443/start"));
    expect((await get(`${base}/cookies`)).body.defaultUrl).toBe("http://localhost:8443/start");
    must(s.admin("site", "consent", "--site", siteId, "--default-url", "none"));
    expect((await get(`${base}/cookies`)).body.defaultUrl).toBe("https://localhost/");
  });

  test("permissions: a viewer's key reads; a key without consent.read 403; another org's site 404; canManage true for an owner's session", async () => {
    const viewer = await get(`${base}/cookies`, viewerKey);
    expect(viewer.status).toBe(200);
    expect(viewer.body.canManage).toBe(false);
    expect(viewer.body.summary.total).toBe(10);
    const refused = await get(`${base}/cookies`, noConsentKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    const other = must(s.admin("org", "create", "--name", "Other"));
    const otherSite = must(s.admin("site", "create", "--org", other.id, "--name", "O", "--domain", "other.test"));
    const theirs = await get(`/api/v1/orgs/${s.bootstrap!.orgId}/sites/${otherSite.id}/cookies`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");

    const origin = new URL(s.platform.settings.publicUrl).origin;
    const owner = new Browser(s, origin);
    expect((await owner.signIn(s.bootstrap!.ownerEmail, s.bootstrap!.ownerPassword)).status).toBe(200);
    const asOwner = await owner.call("GET", `${base}/cookies`);
    expect(asOwner.status).toBe(200);
    expect(((await asOwner.json()) as any).canManage).toBe(true);
  });

  test("an org whose consent feature is off → 403 FEATURE_UNAVAILABLE naming it", async () => {
    const boot = s.bootstrap!;
    must(s.admin("org", "feature", "--org", boot.orgId, "--disable", "consent"));
    const off = await get(`${base}/cookies`);
    expect(off.status).toBe(403);
    expect(off.body.error).toMatchObject({ code: "FEATURE_UNAVAILABLE", details: [{ message: "consent" }] });
    must(s.admin("org", "feature", "--org", boot.orgId, "--enable", "consent"));
    expect((await get(`${base}/cookies`)).status).toBe(200);
  });
});
