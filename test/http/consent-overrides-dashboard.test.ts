import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { must, type TestStack } from "../helpers/stack.ts";
import { type Browser, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

/** The consent page's "Reclassify" routes (docs/consent.md "Dashboard"): PUT and DELETE …/cookies/overrides/{name}. */

const ORIGIN = "http://dashboard.test";
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, site: string;
let admin: Browser, viewer: Browser, adminId: string;
beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org } = dashboard);
  site = stack.bootstrap!.siteId;
  const a = await dashboard.accounts.verifiedMember(org, "ada@example.com", "admin");
  admin = a.browser;
  adminId = a.id;
  viewer = (await dashboard.accounts.verifiedMember(org, "vic@example.com", "viewer")).browser;
});
afterAll(() => dashboard.close());

const path = (name: string, siteId = site, orgId = org) => `/api/v1/orgs/${orgId}/sites/${siteId}/cookies/overrides/${encodeURIComponent(name)}`;
/** The org's stored overrides, read from its store file. */
const stored = () => {
  const db = new Database(join(stack.dataDir, `${org}.sqlite`), { readonly: true });
  try {
    return db.query("SELECT name, category, vendor, purpose FROM cookie_overrides WHERE site_id = ? ORDER BY name").all(site);
  } finally {
    db.close();
  }
};
async function expectError(res: Response, status: number, code: string, detailPath?: string) {
  expect(res.status).toBe(status);
  const { error } = await res.json();
  expect(error.code).toBe(code);
  if (detailPath) expect(error.details.map((d: { path: string }) => d.path)).toEqual([detailPath]);
}

describe("cookie overrides from the dashboard", () => {
  test("an admin classifies (a second call replaces), then removes; each audited as the user", async () => {
    const res = await admin.call("PUT", path("_ga"), { category: "necessary", vendor: "  Our own ", purpose: "Load balancing" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "_ga", category: "necessary", vendor: "Our own", purpose: "Load balancing", updatedAt: new Date(stack.clock.ms).toISOString() });
    const again = await admin.call("PUT", path("_ga"), { category: "analytics" });
    expect(await again.json()).toMatchObject({ name: "_ga", category: "analytics", vendor: "", purpose: "" });
    // Any name the inventory can hold, URL-encoded in the path.
    const odd = await admin.call("PUT", path("cart/items ä"), { category: "necessary", vendor: "Shop" });
    expect(odd.status).toBe(200);
    expect((await odd.json()).name).toBe("cart/items ä");
    expect(stored()).toEqual([
      { name: "_ga", category: "analytics", vendor: "", purpose: "" },
      { name: "cart/items ä", category: "necessary", vendor: "Shop", purpose: "" },
    ]);

    const removed = await admin.call("DELETE", path("cart/items ä"));
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect(stored()).toEqual([{ name: "_ga", category: "analytics", vendor: "", purpose: "" }]);

    const audit = (await (await stack.api(`/api/v1/orgs/${org}/audit?q=cookie.`, stack.bootstrap!.key)).json()).rows as { action: string; label: string; actor: { id: string }; meta: Record<string, unknown> }[];
    const mine = audit.filter((r) => r.action.startsWith("cookie.")).reverse();
    expect(mine.map((r) => [r.action, r.actor.id])).toEqual([
      ["cookie.classified", adminId],
      ["cookie.classified", adminId],
      ["cookie.classified", adminId],
      ["cookie.unclassified", adminId],
    ]);
    expect(mine[0].meta).toEqual({ name: "_ga", category: "necessary", vendor: "Our own" });
  });

  test("removing a name without an override: 404 at name", async () => {
    await expectError(await admin.call("DELETE", path("_fbp")), 404, "NOT_FOUND", "name");
  });

  test("bad input: 422 with the field's path, nothing stored", async () => {
    const before = stored();
    await expectError(await admin.call("PUT", path("x"), { category: "tracking" }), 422, "VALIDATION_FAILED", "category");
    await expectError(await admin.call("PUT", path("x"), { vendor: "v" }), 422, "VALIDATION_FAILED", "category");
    await expectError(await admin.call("PUT", path("x"), { category: "analytics", vendor: "v".repeat(201) }), 422, "VALIDATION_FAILED", "vendor");
    await expectError(await admin.call("PUT", path("x"), { category: "analytics", purpose: "p".repeat(1001) }), 422, "VALIDATION_FAILED", "purpose");
    await expectError(await admin.call("PUT", path("x"), { category: "analytics", vendor: "a\u0000b" }), 422, "VALIDATION_FAILED", "vendor");
    await expectError(await admin.call("PUT", path("a\u0007b"), { category: "analytics" }), 422, "VALIDATION_FAILED", "name");
    await expectError(await admin.call("PUT", path("n".repeat(201)), { category: "analytics" }), 422, "VALIDATION_FAILED", "name");
    // A malformed site id names nothing: 404, as an unknown one.
    await expectError(await admin.call("PUT", path("x", "nope"), { category: "analytics" }), 404, "NOT_FOUND", "siteId");
    await expectError(await admin.call("PUT", path("x"), "not json"), 422, "VALIDATION_FAILED");
    expect(stored()).toEqual(before);
  });

  test("a viewer is refused (403), a site outside the org is 404, another origin 403", async () => {
    const before = stored();
    await expectError(await viewer.call("PUT", path("x"), { category: "analytics" }), 403, "FORBIDDEN");
    await expectError(await viewer.call("DELETE", path("_ga")), 403, "FORBIDDEN");
    await expectError(await admin.call("PUT", path("x", "0".repeat(24)), { category: "analytics" }), 404, "NOT_FOUND");
    const other = must(stack.admin("org", "create", "--name", "Other Co")).id as string;
    await expectError(await admin.call("PUT", path("x", site, other), { category: "analytics" }), 404, "NOT_FOUND");
    expect((await admin.call("PUT", path("x"), { category: "analytics" }, { origin: "https://evil.example" })).status).toBe(403);
    expect(stored()).toEqual(before);
  });

  test("an API key is refused, even the bootstrap key with every permission", async () => {
    const before = stored();
    const res = await fetch(stack.url + path("x"), { method: "PUT", headers: { authorization: `Bearer ${stack.bootstrap!.key}`, "content-type": "application/json" }, body: JSON.stringify({ category: "analytics" }) });
    await expectError(res, 401, "UNAUTHENTICATED");
    const del = await fetch(stack.url + path("_ga"), { method: "DELETE", headers: { authorization: `Bearer ${stack.bootstrap!.key}` } });
    expect(del.status).toBe(401);
    expect(stored()).toEqual(before);
  });

  test("the OpenAPI document marks both routes session-only", async () => {
    const doc = await (await fetch(`${stack.url}/api/v1/openapi.json`)).json();
    const item = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/cookies/overrides/{name}"];
    expect(item.put["x-session-only"]).toBe(true);
    expect(item.delete["x-session-only"]).toBe(true);
    expect(Object.keys(item.put.responses)).toContain("200");
    expect(Object.keys(item.delete.responses)).toContain("204");
  });
});
