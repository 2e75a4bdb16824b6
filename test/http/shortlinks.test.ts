import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { startDashboardStack } from "../helpers/session-browser.ts";

/**
 * Short links through the read API and the admin CLI (docs/campaigns.md "Short links"): create,
 * edit, slug clashes across the instance, a 422 per field, the list's paging, search and tags,
 * QR codes, permissions and BOLA. Sites: the bootstrap site ("main"), "Shop" in the same org,
 * and "Far" in another org.
 */

let s: TestStack;
let orgId: string;
let mainSite: string;
let shop: { id: string };
let other: { orgId: string; siteId: string; key: string };
let readKey: string;
let viewerKey: string;
let key: string;

const base = (site = mainSite, org = orgId) => `/api/v1/orgs/${org}/sites/${site}/shortlinks`;
const json = (method: string, body: unknown) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
async function call(path: string, init: RequestInit = {}, k = key) {
  const res = await s.api(path, k, init);
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, headers: res.headers, body: type.includes("json") ? ((await res.json()) as any) : null, res };
}
const create = (body: unknown, site = mainSite, k = key, org = orgId) => call(base(site, org), json("POST", body), k);
const patch = (id: string, body: unknown, site = mainSite) => call(`${base(site)}/${id}`, json("PATCH", body));
const routingRows = () => {
  const db = new Database(join(s.dataDir, "control.sqlite"), { readonly: true });
  try {
    return db.query("SELECT slug, site_id AS siteId, link_id AS linkId FROM short_slugs ORDER BY slug").all() as { slug: string; siteId: string; linkId: string }[];
  } finally {
    db.close();
  }
};
const auditActions = async () => {
  const res = await call(`/api/v1/orgs/${orgId}/audit?q=shortlink`);
  return (res.body.rows as { action: string; actor: { name: string } }[]).map((r) => r.action);
};

beforeAll(async () => {
  s = await startStack();
  orgId = s.bootstrap!.orgId;
  mainSite = s.bootstrap!.siteId;
  key = s.bootstrap!.key;
  shop = must(s.admin("site", "create", "--org", orgId, "--name", "Shop", "--domain", "shop.test"));
  const owner = s.bootstrap!;
  readKey = must(s.admin("key", "create", "--org", orgId, "--user", owner.userId, "--perms", "sites.read,shortlinks.read")).key;
  const viewer = must(s.admin("user", "create", "--org", orgId, "--name", "Vera", "--email", "vera@links.test", "--role", "viewer"));
  viewerKey = must(s.admin("key", "create", "--org", orgId, "--user", viewer.id, "--perms", "all")).key;
  const far = must(s.admin("org", "create", "--name", "Far", "--plan", "growth"));
  const farSite = must(s.admin("site", "create", "--org", far.id, "--name", "Far", "--domain", "far.test"));
  const farUser = must(s.admin("user", "create", "--org", far.id, "--name", "Fay", "--email", "fay@far.test", "--role", "owner"));
  other = { orgId: far.id, siteId: farSite.id, key: must(s.admin("key", "create", "--org", far.id, "--user", farUser.id, "--perms", "all")).key };
}, 60_000);
afterAll(() => s?.close());

describe("create and edit", () => {
  test("a given slug is folded to lower case; the link comes back whole and audited", async () => {
    const res = await create({ url: "https://shop.test/spring?ref=x", slug: "Spring-Sale", title: " Spring sale ", tags: ["Spring", "email", "spring"], utm: { source: "newsletter", medium: "email", campaign: "spring" }, maxClicks: 500 });
    expect(res.status).toBe(201);
    const link = res.body;
    expect(link).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      slug: "spring-sale",
      url: "https://shop.test/spring?ref=x",
      utm: { source: "newsletter", medium: "email", campaign: "spring", term: null, content: null },
      title: "Spring sale",
      tags: ["spring", "email"],
      expiresAt: null,
      maxClicks: 500,
      fallbackUrl: null,
      active: true,
      createdAt: link.updatedAt,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      clicks: 0,
      shortUrl: expect.stringMatching(/^http:\/\/localhost:\d+\/l\/spring-sale$/),
    });
    expect(Math.abs(Date.parse(link.createdAt) - s.clock.now())).toBeLessThan(5000);
    expect(routingRows()).toContainEqual({ slug: "spring-sale", siteId: mainSite, linkId: link.id });
    expect(await auditActions()).toContain("shortlink.created");
  });

  test("no slug → 7 random characters of [a-z0-9], routed", async () => {
    const res = await create({ url: "http://shop.test/" });
    expect(res.status).toBe(201);
    expect(res.body.slug).toMatch(/^[a-z0-9]{7}$/);
    expect(routingRows().map((r) => r.slug)).toContain(res.body.slug);
  });

  test("edit: any subset; utm merges key by key; a new slug moves its routing row; the old slug is free again", async () => {
    const { body: link } = await create({ url: "https://shop.test/a", slug: "edit-me", utm: { source: "x", campaign: "c" } });
    s.clock.advance(60_000);
    const expires = new Date(s.clock.now() + 86_400_000).toISOString();
    const res = await patch(link.id, { slug: "Edited", utm: { source: null, medium: "social" }, active: false, expiresAt: expires, fallbackUrl: "https://shop.test/over" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: link.id, slug: "edited", url: "https://shop.test/a", utm: { source: null, medium: "social", campaign: "c", term: null, content: null }, active: false, fallbackUrl: "https://shop.test/over", createdAt: link.createdAt });
    // The query thread's clock is the test clock plus the real milliseconds since the call reached it
    // (services/query/worker.ts), so the edit's time is the moved clock to within a few ms, not exactly.
    expect(Math.abs(Date.parse(res.body.updatedAt) - s.clock.now())).toBeLessThan(5000);
    expect(Date.parse(res.body.updatedAt) - Date.parse(link.updatedAt)).toBeGreaterThan(55_000);
    expect(res.body.expiresAt).toBe(expires);
    const rows = routingRows();
    expect(rows.filter((r) => r.linkId === link.id).map((r) => r.slug)).toEqual(["edited"]);
    // The list shows what was stored.
    const listed = await call(`${base()}?q=edited`);
    expect(listed.body.items).toEqual([res.body]);
    expect((await create({ url: "https://shop.test/b", slug: "edit-me" })).status).toBe(201);
    // Sending the link back as it is (its expiry included) or nothing at all changes nothing.
    s.clock.advance(2 * 86_400_000);
    const { id, createdAt, updatedAt, clicks, shortUrl, ...whole } = res.body;
    const same = await patch(link.id, whole);
    expect(same.status).toBe(200);
    expect(same.body).toEqual(res.body);
    expect((await patch(link.id, {})).body).toEqual(res.body);
    expect((await patch(link.id, { expiresAt: res.body.expiresAt.replace("Z", "+00:00") })).body.updatedAt).toBe(res.body.updatedAt);
    expect((await patch(link.id, { expiresAt: new Date(s.clock.now() - 1000).toISOString() })).body.error.details).toEqual([{ path: "expiresAt", message: "must be in the future" }]);
    expect(await auditActions()).toContain("shortlink.updated");
  });
});

describe("slug clashes: one /l/ namespace for the instance", () => {
  test("taken on this site, another site or another org → 409 CONFLICT on slug, not saying whose; nothing stored", async () => {
    expect((await create({ url: "https://shop.test/", slug: "taken" })).status).toBe(201);
    const before = routingRows();
    for (const [site, k, org] of [[mainSite, key, orgId], [shop.id, key, orgId], [other.siteId, other.key, other.orgId]] as const) {
      const res = await create({ url: "https://far.test/", slug: "TAKEN" }, site, k, org);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "CONFLICT", message: "This slug is already taken", details: [{ path: "slug", message: "is already taken" }] });
    }
    expect(routingRows()).toEqual(before);
  });

  test("an edit onto a taken slug → 409; the link keeps its slug", async () => {
    const { body: link } = await create({ url: "https://shop.test/", slug: "keeps" });
    const res = await patch(link.id, { slug: "taken" });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toEqual([{ path: "slug", message: "is already taken" }]);
    expect(routingRows().filter((r) => r.linkId === link.id).map((r) => r.slug)).toEqual(["keeps"]);
    // The same slug again is no change, not a clash.
    expect((await patch(link.id, { slug: "Keeps", title: "same" })).status).toBe(200);
  });
});

describe("validation: 422 naming the field, nothing stored", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["ftp url", { url: "ftp://shop.test/" }, "url", "must be an http(s) URL"],
    ["javascript: url", { url: "javascript:alert(1)" }, "url", "must be an http(s) URL"],
    ["not a url", { url: "shop.test/x" }, "url", "is not a URL"],
    ["url with a password", { url: "https://u:p@shop.test/" }, "url", "must not carry a user or password"],
    ["url too long", { url: `https://shop.test/${"a".repeat(2040)}` }, "url", "must be at most 2048 characters"],
    ["reserved slug", { url: "https://shop.test/", slug: "Admin" }, "slug", "is reserved"],
    ["slug too short", { url: "https://shop.test/", slug: "ab" }, "slug", "must be 3 to 64 characters"],
    ["slug too long", { url: "https://shop.test/", slug: "a".repeat(65) }, "slug", "must be 3 to 64 characters"],
    ["slug with a bad character", { url: "https://shop.test/", slug: "sale!" }, "slug", "may hold only a-z, 0-9, _ and -"],
    ["slug with a slash", { url: "https://shop.test/", slug: "a/b" }, "slug", "may hold only a-z, 0-9, _ and -"],
    ["21 tags", { url: "https://shop.test/", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags", "at most 20 tags"],
    ["an empty tag", { url: "https://shop.test/", tags: ["ok", " "] }, "tags.1", "must be 1 to 40 characters"],
    ["a 41-character tag", { url: "https://shop.test/", tags: ["x".repeat(41)] }, "tags.0", "must be 1 to 40 characters"],
    ["expiresAt not a time", { url: "https://shop.test/", expiresAt: "next week" }, "expiresAt", "must be an ISO 8601 time with a time zone, e.g. 2027-01-31T23:59:00Z"],
    ["expiresAt without a zone", { url: "https://shop.test/", expiresAt: "2099-01-01T00:00:00" }, "expiresAt", "must be an ISO 8601 time with a time zone, e.g. 2027-01-31T23:59:00Z"],
    ["expiresAt on 30 February", { url: "https://shop.test/", expiresAt: "2099-02-30T00:00:00Z" }, "expiresAt", "is not a real time"],
    ["expiresAt in the past", { url: "https://shop.test/", expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt", "must be in the future"],
    ["maxClicks 0", { url: "https://shop.test/", maxClicks: 0 }, "maxClicks", "must be a whole number from 1 to 1000000000, or null"],
    ["maxClicks over 10⁹", { url: "https://shop.test/", maxClicks: 1_000_000_001 }, "maxClicks", "must be a whole number from 1 to 1000000000, or null"],
    ["title too long", { url: "https://shop.test/", title: "t".repeat(201) }, "title", "must be at most 200 characters"],
    ["utm too long", { url: "https://shop.test/", utm: { campaign: "c".repeat(201) } }, "utm.campaign", "must be at most 200 characters"],
    ["fallbackUrl javascript:", { url: "https://shop.test/", fallbackUrl: "javascript:void(0)" }, "fallbackUrl", "must be an http(s) URL"],
  ];
  for (const [name, body, path, message] of cases) {
    test(name, async () => {
      const before = routingRows().length;
      const res = await create(body);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path, message }] });
      expect(routingRows().length).toBe(before);
    });
  }

  test("schema refusals: no url, maxClicks as text", async () => {
    expect((await create({ slug: "nourl" })).body.error.details[0].path).toBe("url");
    expect((await create({ url: "https://shop.test/", maxClicks: "5" })).body.error.details[0].path).toBe("maxClicks");
  });

  test("a refused edit changes nothing", async () => {
    const { body: link } = await create({ url: "https://shop.test/", slug: "stays" });
    const res = await patch(link.id, { title: "new", slug: "Assets" });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([{ path: "slug", message: "is reserved" }]);
    expect((await call(`${base()}?q=stays`)).body.items[0]).toEqual(link);
  });
});

describe("the list", () => {
  test("paged newest first, searched (slug, title, url; case-insensitive), filtered by tag, with the site's tags", async () => {
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) {
      s.clock.advance(1000);
      const res = await create({ url: `https://shop.test/p${i}`, slug: `page-${i}`, title: i === 2 ? "Black FRIDAY" : `Item ${i}`, tags: i % 2 ? ["odd", "paged"] : ["paged"] }, shop.id);
      made.push(res.body.id);
    }
    const page1 = await call(`${base(shop.id)}?size=2`);
    expect(page1.body).toMatchObject({ total: 5, page: 1, size: 2, tags: ["odd", "paged"] });
    expect(page1.body.items.map((l: any) => l.slug)).toEqual(["page-5", "page-4"]);
    const page3 = await call(`${base(shop.id)}?size=2&page=3`);
    expect(page3.body.items.map((l: any) => l.slug)).toEqual(["page-1"]);
    expect((await call(`${base(shop.id)}?q=friday`)).body.items.map((l: any) => l.slug)).toEqual(["page-2"]);
    expect((await call(`${base(shop.id)}?q=PAGE-3`)).body.items.map((l: any) => l.slug)).toEqual(["page-3"]);
    expect((await call(`${base(shop.id)}?q=shop.test/p4`)).body.items.map((l: any) => l.slug)).toEqual(["page-4"]);
    // LIKE's wildcards are plain characters.
    expect((await call(`${base(shop.id)}?q=page_`)).body.total).toBe(0);
    const odd = await call(`${base(shop.id)}?tag=ODD`);
    expect(odd.body).toMatchObject({ total: 3, tags: ["odd", "paged"] });
    expect(odd.body.items.map((l: any) => l.slug)).toEqual(["page-5", "page-3", "page-1"]);
    expect((await call(`${base(shop.id)}?tag=od`)).body.total).toBe(0);
    // Another site's list holds none of these.
    expect((await call(`${base()}?tag=paged`)).body.total).toBe(0);
    expect((await call(`${base(shop.id)}?size=101`)).status).toBe(422);
  });
});

describe("QR codes", () => {
  test("SVG and PNG of shortUrl?qr=1, as attachments named by the slug", async () => {
    const { body: link } = await create({ url: "https://shop.test/qr", slug: "qr-code" });
    const svg = await call(`${base()}/${link.id}/qr.svg`, {}, readKey);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-disposition")).toBe('attachment; filename="qr-code.svg"');
    const text = await svg.res.text();
    expect(text).toStartWith("<svg");
    expect(text).toMatch(/<path[^>]+d="M[^"]{200,}"/);
    const QRCode = (await import("qrcode")).default;
    expect(text).toBe(await QRCode.toString(`${link.shortUrl}?qr=1`, { type: "svg", errorCorrectionLevel: "M", margin: 2 }));
    const png = await call(`${base()}/${link.id}/qr.png`, {}, readKey);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe('attachment; filename="qr-code.png"');
    const bytes = new Uint8Array(await png.res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: 512 × 512.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([512, 512]);
  });
});

describe("permissions and BOLA", () => {
  test("shortlinks.read lists and draws QR codes but cannot create or edit; a viewer cannot either", async () => {
    expect((await call(base(), {}, readKey)).status).toBe(200);
    const { body: link } = await create({ url: "https://shop.test/", slug: "perm" });
    for (const k of [readKey, viewerKey]) {
      const post = await create({ url: "https://shop.test/" }, mainSite, k);
      expect(post.status).toBe(403);
      expect(post.body.error.code).toBe("FORBIDDEN");
      expect((await call(`${base()}/${link.id}`, json("PATCH", { title: "x" }), k)).status).toBe(403);
    }
    expect((await call(base(), {}, viewerKey)).status).toBe(200);
  });

  test("another org's link id, and another site's link under this site → 404; nothing changes", async () => {
    const far = await create({ url: "https://far.test/", slug: "far-away" }, other.siteId, other.key, other.orgId);
    expect(far.status).toBe(201);
    const shopLink = (await create({ url: "https://shop.test/", slug: "shop-only" }, shop.id)).body;
    for (const id of [far.body.id, shopLink.id, "0123456789abcdef01234567", "not-an-id"]) {
      const res = await patch(id, { title: "stolen" });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
      expect((await call(`${base()}/${id}/qr.svg`)).status).toBe(404);
    }
    // Another org's site in this org's path: 404 at the router's scope check or ours, never the data.
    expect((await call(base(other.siteId))).status).toBe(404);
    expect((await call(`${base(other.siteId, other.orgId)}?q=far`, {}, other.key)).body.items[0].title).toBe("");
  });
});

describe("plans", () => {
  test("an org on starter has no short links: 403 FEATURE_UNAVAILABLE", async () => {
    must(s.admin("org", "plan", "--org", other.orgId, "--plan", "starter"));
    const res = await call(base(other.siteId, other.orgId), {}, other.key);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("FEATURE_UNAVAILABLE");
    must(s.admin("org", "plan", "--org", other.orgId, "--plan", "growth"));
  });
});

describe("from the dashboard's session", () => {
  test("an admin creates and edits with the dashboard's Origin, audited as themselves; another Origin is refused", async () => {
    const origin = "https://links.example";
    const d = await startDashboardStack(origin);
    try {
      const site = d.stack.bootstrap!.siteId;
      const { browser } = await d.accounts.verifiedMember(d.org, "ada@links.example", "admin");
      const path = `/api/v1/orgs/${d.org}/sites/${site}/shortlinks`;
      const made = await browser.call("POST", path, { url: "https://shop.test/", slug: "Dash" });
      expect(made.status).toBe(201);
      const link = (await made.json()) as any;
      expect(link.shortUrl).toBe("https://links.example/l/dash");
      d.stack.clock.advance(1000);
      const edited = await browser.call("PATCH", `${path}/${link.id}`, { title: "From the dashboard" });
      expect(edited.status).toBe(200);
      const foreign = await browser.call("PATCH", `${path}/${link.id}`, { title: "forged" }, { origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      const audit = (await (await d.stack.api(`/api/v1/orgs/${d.org}/audit?q=shortlink`, d.stack.bootstrap!.key)).json()) as any;
      expect(audit.rows.map((r: any) => [r.action, r.actor.email, r.label])).toEqual([
        ["shortlink.updated", "ada@links.example", "Short link /l/dash edited"],
        ["shortlink.created", "ada@links.example", "Short link /l/dash created"],
      ]);
    } finally {
      await d.close();
    }
  }, 30_000);
});

describe("admin shortlink", () => {
  test("create and update with the same rules; a refusal names the flag, exit 2", async () => {
    const made = must(s.admin("shortlink", "create", "--site", mainSite, "--url", "https://shop.test/cli", "--slug", "CLI-Link", "--tags", "Print, flyer", "--utm-source", "flyer", "--max-clicks", "10"));
    expect(made).toMatchObject({ slug: "cli-link", url: "https://shop.test/cli", tags: ["print", "flyer"], utm: { source: "flyer", medium: null }, maxClicks: 10, active: true });
    const updated = must(s.admin("shortlink", "update", "--id", made.id, "--active", "false", "--title", "Flyer", "--slug", "cli-2"));
    expect(updated).toMatchObject({ id: made.id, slug: "cli-2", title: "Flyer", active: false, tags: ["print", "flyer"] });
    expect(routingRows().filter((r) => r.linkId === made.id).map((r) => r.slug)).toEqual(["cli-2"]);
    const listed = await call(`${base()}?q=cli-2`);
    expect(listed.body.items[0]).toMatchObject({ id: made.id, slug: "cli-2", active: false });

    const bad = s.admin("shortlink", "create", "--site", mainSite, "--url", "javascript:alert(1)");
    expect(bad.code).toBe(2);
    expect(bad.json.error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ path: "--url", message: "must be an http(s) URL" }] });
    const clash = s.admin("shortlink", "create", "--site", shop.id, "--url", "https://shop.test/", "--slug", "cli-2");
    expect(clash.json.error).toMatchObject({ code: "CONFLICT", details: [{ path: "--slug" }] });
    const tooShort = s.admin("shortlink", "update", "--id", made.id, "--slug", "x");
    expect(tooShort.json.error.details).toEqual([{ path: "--slug", message: "must be 3 to 64 characters" }]);
    expect(s.admin("shortlink", "update", "--id", "0123456789abcdef01234567", "--title", "x").json.error.code).toBe("NOT_FOUND");
  });
});
