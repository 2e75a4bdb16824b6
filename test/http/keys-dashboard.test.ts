import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, type TestStack } from "../helpers/stack.ts";
import { Browser, errorCode, startDashboardStack } from "../helpers/session-browser.ts";

const ORIGIN = "http://dashboard.test";
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, accounts: typeof dashboard.accounts;
beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org, accounts } = dashboard);
});
afterAll(() => dashboard.close());

const keys = (orgId = org) => `/api/v1/orgs/${orgId}/keys`;
const bearer = (secret: string, path = `/api/v1/orgs/${org}/sites`) => fetch(stack.url + path, { headers: { authorization: `Bearer ${secret}` } });

const adminWithTwoFactor = (email: string) => accounts.twoFactorMember(org, email, "admin");

const validBody = { name: "Reporting", permissions: ["sites.read", "analytics.read"], sites: null, expiresInDays: 90 };

describe("Workspace → API keys", () => {
  test("create needs a step-up; the secret works as a bearer key, the list never shows it; rotate and revoke end the old secrets; audited as the user", async () => {
    const { b, id, stepUp } = await adminWithTwoFactor("ada@example.com");
    // The second factor passed after enrolment: 16 minutes later it no longer allows changes.
    stack.clock.advance(16 * MIN);
    const refused = await b.call("POST", keys(), validBody);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("STEP_UP_REQUIRED");

    await stepUp();
    const created = await b.call("POST", keys(), validBody);
    expect(created.status).toBe(201);
    const { key, secret } = await created.json();
    expect(secret).toStartWith("exk_");
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ name: "Reporting", permissions: ["sites.read", "analytics.read"], sites: null, lastUsedAt: null, lastUsedIp: null, revokedAt: null, rotatedAt: null, createdBy: { id, name: "ada" } });
    expect(Date.parse(key.createdAt)).toBe(stack.clock.ms);
    expect(Date.parse(key.expiresAt)).toBe(stack.clock.ms + 90 * DAY);

    const sites = await bearer(secret);
    expect(sites.status).toBe(200);
    expect((await sites.json()).data.map((s: { id: string }) => s.id)).toContain(stack.bootstrap!.siteId);
    // The key holds only what it was given: audit.read was not chosen.
    expect((await bearer(secret, `/api/v1/orgs/${org}/audit`)).status).toBe(403);

    const listText = await (await b.call("GET", keys())).text();
    expect(listText).not.toContain(secret);
    expect(listText).not.toContain(secret.slice(key.prefix.length));
    const listed = JSON.parse(listText).keys as { id: string; lastUsedAt: string | null; lastUsedIp: string | null }[];
    expect(listed[0]).toEqual({ ...key, lastUsedAt: listed[0].lastUsedAt, lastUsedIp: listed[0].lastUsedIp } as never);
    expect(listed.map((k) => k.id)).toContain(stack.bootstrap!.keyId);

    const rotated = await b.call("POST", `${keys()}/${key.id}/rotate`);
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.key.id).toBe(key.id);
    expect(Date.parse(next.key.rotatedAt)).toBe(stack.clock.ms);
    expect(next.secret).not.toBe(secret);
    expect((await bearer(secret)).status).toBe(401);
    expect((await bearer(next.secret)).status).toBe(200);

    const revoked = await b.call("DELETE", `${keys()}/${key.id}`);
    expect(revoked.status).toBe(204);
    expect((await bearer(next.secret)).status).toBe(401);
    expect(await errorCode(await b.call("DELETE", `${keys()}/${key.id}`))).toBe("CONFLICT");
    const after = (await (await b.call("GET", keys())).json()).keys.find((k: { id: string }) => k.id === key.id);
    expect(Date.parse(after.revokedAt)).toBe(stack.clock.ms);

    // 16 minutes after the second factor, a change needs a new one.
    stack.clock.advance(16 * MIN);
    expect(await errorCode(await b.call("POST", keys(), validBody))).toBe("STEP_UP_REQUIRED");

    const log = await (await stack.api(`/api/v1/orgs/${org}/audit?q=${key.id}`, stack.bootstrap!.key)).json();
    const rows = log.rows as { action: string; actor: { id: string; email: string } }[];
    expect(rows.map((r) => r.action).filter((a) => a !== "key.used").sort()).toEqual(["key.created", "key.revoked", "key.rotated"]);
    for (const action of ["key.created", "key.rotated", "key.revoked"]) {
      expect(rows.find((r) => r.action === action)?.actor).toMatchObject({ id, email: "ada@example.com" });
    }
  });

  test("a user without two-factor cannot step up: STEP_UP_REQUIRED saying to enable it first", async () => {
    const { browser: b } = await accounts.verifiedMember(org, "noel@example.com", "owner");
    expect((await b.call("GET", keys())).status).toBe(200);
    const res = await b.call("POST", keys(), validBody);
    expect(res.status).toBe(403);
    const { error } = await res.json();
    expect(error.code).toBe("STEP_UP_REQUIRED");
    expect(error.details).toEqual([{ path: "twoFactor", message: "enable two-factor first" }]);
  });

  test("a viewer or analyst → 403; another org's keys → 404; an unknown key → 404", async () => {
    const { browser: viewer } = await accounts.verifiedMember(org, "vic@example.com", "viewer");
    expect(await errorCode(await viewer.call("GET", keys()))).toBe("FORBIDDEN");
    expect(await errorCode(await viewer.call("POST", keys(), validBody))).toBe("FORBIDDEN");
    const { browser: analyst } = await accounts.verifiedMember(org, "ana@example.com", "analyst");
    expect((await analyst.call("GET", keys())).status).toBe(403);

    const other = must(stack.admin("org", "create", "--name", "Elsewhere")).id;
    const { b, stepUp } = await adminWithTwoFactor("otto@example.com");
    await stepUp();
    expect((await b.call("GET", keys(other))).status).toBe(404);
    expect((await b.call("POST", keys(other), validBody)).status).toBe(404);
    // A key of the other org, addressed through ours: 404, untouched.
    const owner = must(stack.admin("user", "create", "--org", other, "--name", "Zed", "--email", "zed@example.com", "--role", "owner")).id;
    const foreign = must(stack.admin("key", "create", "--org", other, "--user", owner, "--perms", "all"));
    expect((await b.call("DELETE", `${keys()}/${foreign.id}`)).status).toBe(404);
    expect((await b.call("POST", `${keys()}/${foreign.id}/rotate`)).status).toBe(404);
    expect((await bearer(foreign.key, `/api/v1/orgs/${other}/sites`)).status).toBe(200);
    expect((await b.call("DELETE", `${keys()}/${"0".repeat(24)}`)).status).toBe(404);
  });

  test("bad bodies → 422 naming the field; a cross-origin call → 403 FORBIDDEN", async () => {
    const { b, stepUp } = await adminWithTwoFactor("bea@example.com");
    await stepUp();
    const otherSite = must(stack.admin("site", "create", "--org", must(stack.admin("org", "create", "--name", "Far")).id, "--name", "Far", "--domain", "far.test")).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validBody, permissions: ["sites.read", "root.everything"] }, "permissions"],
      [{ ...validBody, permissions: [] }, "permissions"],
      [{ ...validBody, sites: [otherSite] }, "sites"],
      [{ ...validBody, sites: ["not-an-id"] }, "sites"],
      [{ ...validBody, expiresInDays: 7 }, "expiresInDays"],
      [{ ...validBody, name: " " }, "name"],
      [{ permissions: ["*"], sites: null, expiresInDays: null }, "name"],
    ];
    for (const [body, field] of cases) {
      const res = await b.call("POST", keys(), body);
      expect(res.status).toBe(422);
      const { error } = await res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((d: { path: string }) => d.path.replace(/^\//, "").split(/[/.[]/)[0])).toContain(field);
    }
    const all = await b.call("POST", keys(), { name: "Everything", permissions: ["*"], sites: [stack.bootstrap!.siteId], expiresInDays: null });
    expect(all.status).toBe(201);
    const made = (await all.json()).key;
    expect(made).toMatchObject({ permissions: ["*"], sites: [stack.bootstrap!.siteId], expiresAt: null });

    const evil = { origin: "https://evil.example" };
    const crossCreate = await b.call("POST", keys(), validBody, evil);
    expect(crossCreate.status).toBe(403);
    expect((await crossCreate.json()).error.details).toEqual([{ path: "origin", message: "https://evil.example is not http://dashboard.test" }]);
    expect((await b.call("DELETE", `${keys()}/${made.id}`, undefined, evil)).status).toBe(403);
    expect((await b.call("POST", `${keys()}/${made.id}/rotate`, undefined, evil)).status).toBe(403);
    expect((await b.call("GET", keys())).status).toBe(200);
    // Without a session: 401.
    expect((await new Browser(stack, ORIGIN).call("GET", keys())).status).toBe(401);
  });
});
