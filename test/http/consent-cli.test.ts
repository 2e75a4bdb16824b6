import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { must, runAdmin, tempDir } from "../helpers/stack.ts";

/** The admin CLI's cookie classification commands (docs/consent.md "CLI"), run as processes. */

let dir: string;
const admin = (...args: string[]) => runAdmin(dir, args);
const bad = (args: string[], code: string, path: string) => {
  const r = admin(...args);
  expect(r.code).toBe(2);
  expect(r.json.error.code).toBe(code);
  expect(r.json.error.details.map((d: { path: string }) => d.path)).toEqual([path]);
  return r.json.error;
};
/** Reads the org's store directly (the CLI process has closed it). */
const query = (orgId: string, sql: string) => {
  const db = new Database(join(dir, `${orgId}.sqlite`), { readonly: true });
  try {
    return db.query(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
};

let org: { id: string };
let site: { id: string };
beforeAll(() => {
  dir = tempDir();
  org = must(admin("org", "create", "--name", "Cookie Co"));
  site = must(admin("site", "create", "--org", org.id, "--name", "Shop", "--domain", "cookies.test"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("classify sets the override, a second call replaces it; unclassify removes it; each audited as the operator", () => {
  const set = admin("cookies", "classify", "--site", site.id, "--name", "_ga", "--category", "necessary", "--vendor", " Our own ", "--purpose", "Load balancing");
  expect(set.code).toBe(0);
  expect(set.json).toEqual({ name: "_ga", category: "necessary", vendor: "Our own", purpose: "Load balancing", updatedAt: expect.any(String) });
  expect(Date.parse(set.json.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

  const again = must(admin("cookies", "classify", "--site", site.id, "--name", "_ga", "--category", "analytics"));
  expect(again).toMatchObject({ name: "_ga", category: "analytics", vendor: "", purpose: "" });
  must(admin("cookies", "classify", "--site", site.id, "--name", "cdn.shop.example", "--category", "necessary"));
  expect(query(org.id, "SELECT site_id, name, category, vendor, purpose FROM cookie_overrides ORDER BY name")).toEqual([
    { site_id: site.id, name: "_ga", category: "analytics", vendor: "", purpose: "" },
    { site_id: site.id, name: "cdn.shop.example", category: "necessary", vendor: "", purpose: "" },
  ]);

  expect(must(admin("cookies", "unclassify", "--site", site.id, "--name", "_ga"))).toEqual({ site: site.id, name: "_ga", removed: true });
  expect(query(org.id, "SELECT name FROM cookie_overrides")).toEqual([{ name: "cdn.shop.example" }]);

  const audit = query(org.id, "SELECT action, actor_type, target_type, target_id, label, meta FROM audit_log WHERE action LIKE 'cookie.%' ORDER BY at, id");
  expect(audit.map((r) => [r.action, r.actor_type, r.target_type, r.target_id])).toEqual([
    ["cookie.classified", "operator", "site", site.id],
    ["cookie.classified", "operator", "site", site.id],
    ["cookie.classified", "operator", "site", site.id],
    ["cookie.unclassified", "operator", "site", site.id],
  ]);
  expect(audit[0].label).toBe('"_ga" classified as necessary on Shop');
  expect(JSON.parse(audit[0].meta as string)).toEqual({ name: "_ga", category: "necessary", vendor: "Our own" });
  expect(audit[3].label).toBe('Override of "_ga" removed on Shop');
});

test("bad input is refused with the flag's path, and nothing is stored", () => {
  const before = query(org.id, "SELECT * FROM cookie_overrides");
  const classify = (...flags: string[]) => ["cookies", "classify", "--site", site.id, ...flags];
  expect(bad(classify("--name", "x", "--category", "tracking"), "VALIDATION_FAILED", "--category").message).toContain("must be one of necessary, analytics, marketing, personalization, unknown");
  bad(classify("--name", "x"), "VALIDATION_FAILED", "--category");
  bad(classify("--category", "analytics"), "VALIDATION_FAILED", "--name");
  bad(classify("--name", "x".repeat(201), "--category", "analytics"), "VALIDATION_FAILED", "--name");
  bad(classify("--name", "a\u0007b", "--category", "analytics"), "VALIDATION_FAILED", "--name");
  bad(classify("--name", "x", "--category", "analytics", "--vendor", "v".repeat(201)), "VALIDATION_FAILED", "--vendor");
  bad(classify("--name", "x", "--category", "analytics", "--purpose", "p".repeat(1001)), "VALIDATION_FAILED", "--purpose");
  bad(["cookies", "classify", "--site", "nope", "--name", "x", "--category", "analytics"], "VALIDATION_FAILED", "--site");
  bad(["cookies", "classify", "--site", "0".repeat(24), "--name", "x", "--category", "analytics"], "NOT_FOUND", "--site");
  expect(query(org.id, "SELECT * FROM cookie_overrides")).toEqual(before);
  // 200 characters and a 1000-character purpose are fine.
  must(admin(...classify("--name", "n".repeat(200), "--category", "marketing", "--purpose", "p".repeat(1000))));
  must(admin("cookies", "unclassify", "--site", site.id, "--name", "n".repeat(200)));
});

test("unclassify of a name without an override: 404 NOT_FOUND at --name", () => {
  const error = bad(["cookies", "unclassify", "--site", site.id, "--name", "_fbp"], "NOT_FOUND", "--name");
  expect(error.message).toBe('No override of "_fbp" on Shop');
  expect(query(org.id, "SELECT count(*) AS n FROM audit_log WHERE action = 'cookie.unclassified'")).toEqual([{ n: 2 }]);
});
