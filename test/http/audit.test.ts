import { afterAll, beforeAll, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";

let s: TestStack;
let org: string;
let key: string;
let keyId: string;

beforeAll(async () => {
  s = await startStack({ env: { TRUST_PROXY: "1" } });
  org = must(s.admin("org", "create", "--name", "Audited")).id;
  const user = must(s.admin("user", "create", "--org", org, "--name", "Alice Auditor", "--email", "alice@audited.test", "--role", "owner")).id;
  must(s.admin("site", "create", "--org", org, "--name", "Main", "--domain", "audited.test"));
  const k = must(s.admin("key", "create", "--org", org, "--user", user, "--perms", "all"));
  key = k.key;
  keyId = k.id;
  // The key's first use (from this IP, today) is logged once, as soon as the router flushes
  // key uses — which may be while that very request runs: settle it before the tests look.
  // (It is stamped by the test clock, which stands before the admin commands' real time.)
  await audit();
  await s.flushKeyUses();
});

afterAll(async () => {
  await s.close();
});

const audit = async (query = "") => {
  const res = await s.api(`/api/v1/orgs/${org}/audit${query}`, key, { headers: { "x-forwarded-for": "203.0.113.5" } });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
};

test("admin actions are in the log, newest first, with distinct actions", async () => {
  const body = await audit();
  expect(body.rows.map((r: any) => r.action)).toEqual(["key.created", "site.created", "member.added", "org.created", "key.used"]);
  expect(body.total).toBe(5);
  expect(body.actions).toEqual(["key.created", "key.used", "member.added", "org.created", "site.created"]);
  const row = body.rows[0];
  expect(row).toMatchObject({ actor: { id: "operator", name: "Operator (admin CLI)", email: "" }, target: { type: "api_key", id: keyId }, orgId: org });
  expect(row.id).toMatch(/^[0-9a-f]{24}$/);
  expect(new Date(row.at).toISOString()).toBe(row.at);
  expect(body).toMatchObject({ page: 1, pages: 1, size: 25 });
});

test("key use is recorded once per key, IP and day, with the IP", async () => {
  await audit();
  await s.flushKeyUses();
  const body = await audit("?action=key.used");
  expect(body.total).toBe(1);
  expect(body.rows[0]).toMatchObject({
    action: "key.used",
    actor: { name: "Alice Auditor", email: "alice@audited.test" },
    target: { type: "api_key", id: keyId },
    meta: { ip: "203.0.113.5" },
  });
});

test("filters: action, q (person, action, target), days, paging", async () => {
  expect((await audit("?action=site.created")).rows.map((r: any) => r.action)).toEqual(["site.created"]);
  expect((await audit("?action=no.such")).total).toBe(0);
  expect((await audit("?q=alice")).rows.map((r: any) => r.action)).toContain("key.used");
  expect((await audit(`?q=${keyId}`)).rows.map((r: any) => r.action).sort()).toEqual(["key.created", "key.used"]);
  expect((await audit("?q=member")).rows.map((r: any) => r.action)).toEqual(["member.added"]);
  // LIKE wildcards in q are literal.
  expect((await audit("?q=%25")).total).toBe(0);
  const paged = await audit("?size=2&page=2");
  expect(paged).toMatchObject({ page: 2, pages: 3, size: 2, total: 5 });
  expect(paged.rows).toHaveLength(2);
  s.clock.advance(3 * 86_400_000);
  // The first call on the new day is a new key use; once flushed it is the only recent row.
  await audit();
  await s.flushKeyUses();
  expect((await audit("?days=1")).rows.map((r: any) => r.action)).toEqual(["key.used"]);
  expect((await audit("?days=0")).total).toBeGreaterThanOrEqual(5);
});
