import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";

let s: TestStack;
// Two organizations: A with sites a1, a2; B with site b1.
let A: { org: string; owner: string; a1: string; a2: string; key: string; keyA1: string; noAudit: string };
let B: { org: string; owner: string; b1: string; key: string };

async function expectError(res: Response, status: number, code: string) {
  const body = (await res.json()) as any;
  expect(res.status).toBe(status);
  expect(body.error.code).toBe(code);
  expect(Array.isArray(body.error.details)).toBe(true);
  expect(body.error.requestId).toBe(res.headers.get("x-request-id")!);
  return body;
}

beforeAll(async () => {
  s = await startStack();
  const orgA = must(s.admin("org", "create", "--name", "Acme")).id;
  const ownerA = must(s.admin("user", "create", "--org", orgA, "--name", "Ann", "--email", "ann@acme.test", "--role", "owner")).id;
  const a1 = must(s.admin("site", "create", "--org", orgA, "--name", "Shop", "--domain", "shop.acme.test")).id;
  const a2 = must(s.admin("site", "create", "--org", orgA, "--name", "Blog", "--domain", "blog.acme.test", "--timezone", "Europe/Paris", "--currency", "EUR")).id;
  A = {
    org: orgA,
    owner: ownerA,
    a1,
    a2,
    key: must(s.admin("key", "create", "--org", orgA, "--user", ownerA, "--perms", "all")).key,
    keyA1: must(s.admin("key", "create", "--org", orgA, "--user", ownerA, "--perms", "sites.read,audit.read", "--sites", a1)).key,
    noAudit: must(s.admin("key", "create", "--org", orgA, "--user", ownerA, "--perms", "sites.read")).key,
  };
  const orgB = must(s.admin("org", "create", "--name", "Bravo")).id;
  const ownerB = must(s.admin("user", "create", "--org", orgB, "--name", "Bob", "--email", "bob@bravo.test", "--role", "owner")).id;
  const b1 = must(s.admin("site", "create", "--org", orgB, "--name", "Bravo", "--domain", "bravo.test")).id;
  B = { org: orgB, owner: ownerB, b1, key: must(s.admin("key", "create", "--org", orgB, "--user", ownerB, "--perms", "all")).key };
});

afterAll(async () => {
  await s.close();
});

describe("200 and the site list", () => {
  test("a key sees exactly its org's sites, with status", async () => {
    const res = await s.api(`/api/v1/orgs/${A.org}/sites`, A.key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    const body = (await res.json()) as any;
    expect(body.data.map((x: any) => x.id)).toEqual([A.a1, A.a2]);
    const blog = body.data[1];
    expect(blog).toMatchObject({ name: "Blog", domain: "blog.acme.test", timezone: "Europe/Paris", currency: "EUR", status: "not_installed", firstHitAt: null, lastHitAt: null });
    expect(blog.siteKey).toMatch(/^tm_/);
  });

  test("a key limited to one site lists only that site", async () => {
    const body = (await (await s.api(`/api/v1/orgs/${A.org}/sites`, A.keyA1)).json()) as any;
    expect(body.data.map((x: any) => x.id)).toEqual([A.a1]);
  });

  test("site status shows domains and no traffic yet", async () => {
    const res = await s.api(`/api/v1/orgs/${A.org}/sites/${A.a2}/status`, A.key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ status: "not_installed", firstHitAt: null, lastHitAt: null, hitsLast30Min: 0, rejectedHosts: [] });
    expect(body.domains).toHaveLength(1);
    expect(body.domains[0]).toMatchObject({ hostname: "blog.acme.test", isPrimary: true, includeSubdomains: false, status: "pending", method: "dns", strong: false, verifiedAt: null });
    expect(body.domains[0].token).toMatch(/^[0-9a-f]{32}$/);
  });

  test("a paused site reports paused", async () => {
    must(s.admin("site", "pause", "--site", A.a2));
    const body = (await (await s.api(`/api/v1/orgs/${A.org}/sites/${A.a2}/status`, A.key)).json()) as any;
    expect(body.status).toBe("paused");
    must(s.admin("site", "resume", "--site", A.a2));
    const again = (await (await s.api(`/api/v1/orgs/${A.org}/sites/${A.a2}/status`, A.key)).json()) as any;
    expect(again.status).toBe("not_installed");
  });
});

describe("401 UNAUTHENTICATED", () => {
  test("missing, malformed and unknown keys", async () => {
    const path = `/api/v1/orgs/${A.org}/sites`;
    await expectError(await s.api(path), 401, "UNAUTHENTICATED");
    await expectError(await s.api(path, "not-a-key"), 401, "UNAUTHENTICATED");
    await expectError(await s.api(path, "exk_" + "a".repeat(43)), 401, "UNAUTHENTICATED");
    await expectError(await fetch(s.url + path, { headers: { authorization: `Basic ${A.key}` } }), 401, "UNAUTHENTICATED");
  });

  test("an expired key", async () => {
    const k = must(s.admin("key", "create", "--org", A.org, "--user", A.owner, "--perms", "sites.read", "--expires", "30"));
    const path = `/api/v1/orgs/${A.org}/sites`;
    expect((await s.api(path, k.key)).status).toBe(200);
    s.clock.advance(31 * 86_400_000);
    try {
      await expectError(await s.api(path, k.key), 401, "UNAUTHENTICATED");
      expect((await s.api(path, A.key)).status).toBe(200);
    } finally {
      s.clock.advance(-31 * 86_400_000);
    }
  });

  test("a revoked key, and a rotated key's old secret", async () => {
    const path = `/api/v1/orgs/${A.org}/sites`;
    const r = must(s.admin("key", "create", "--org", A.org, "--user", A.owner, "--perms", "sites.read"));
    expect((await s.api(path, r.key)).status).toBe(200);
    expect(must(s.admin("key", "revoke", "--id", r.id))).toEqual({ id: r.id });
    await expectError(await s.api(path, r.key), 401, "UNAUTHENTICATED");
    expect(s.admin("key", "revoke", "--id", r.id).code).toBe(2);

    const k = must(s.admin("key", "create", "--org", A.org, "--user", A.owner, "--perms", "sites.read"));
    expect((await s.api(path, k.key)).status).toBe(200);
    const rotated = must(s.admin("key", "rotate", "--id", k.id));
    expect(rotated.id).toBe(k.id);
    expect(rotated.key).not.toBe(k.key);
    await expectError(await s.api(path, k.key), 401, "UNAUTHENTICATED");
    expect((await s.api(path, rotated.key)).status).toBe(200);
  });

  test("a key whose creator left the org", async () => {
    const u = must(s.admin("user", "create", "--org", A.org, "--name", "Leaver", "--email", "leaver@acme.test", "--role", "admin")).id;
    const k = must(s.admin("key", "create", "--org", A.org, "--user", u, "--perms", "all")).key;
    const path = `/api/v1/orgs/${A.org}/sites`;
    expect((await s.api(path, k)).status).toBe(200);
    must(s.admin("user", "remove", "--org", A.org, "--user", u));
    await expectError(await s.api(path, k), 401, "UNAUTHENTICATED");
  });
});

describe("404 NOT_FOUND for everything out of scope", () => {
  test("every foreign org and site id answers 404, never 403", async () => {
    const cases: [string, string][] = [
      [A.key, `/api/v1/orgs/${B.org}/sites`],
      [A.key, `/api/v1/orgs/${B.org}/audit`],
      [A.key, `/api/v1/orgs/${B.org}/sites/${B.b1}/status`],
      [A.key, `/api/v1/orgs/${A.org}/sites/${B.b1}/status`],
      [B.key, `/api/v1/orgs/${A.org}/sites`],
      [B.key, `/api/v1/orgs/${A.org}/audit`],
      [B.key, `/api/v1/orgs/${A.org}/sites/${A.a1}/status`],
      [B.key, `/api/v1/orgs/${B.org}/sites/${A.a1}/status`],
      // A key limited to site a1 does not see a2 of its own org.
      [A.keyA1, `/api/v1/orgs/${A.org}/sites/${A.a2}/status`],
      // A key lacking audit.read still gets 404 for another org's audit (scope is checked first).
      [A.noAudit, `/api/v1/orgs/${B.org}/audit`],
      [A.key, `/api/v1/orgs/not-an-id/sites`],
      [A.key, `/api/v1/orgs/${A.org}/sites/000000000000000000000000/status`],
    ];
    for (const [key, path] of cases) {
      const res = await s.api(path, key);
      if (res.status !== 404) throw new Error(`${path} answered ${res.status}`);
      await expectError(res, 404, "NOT_FOUND");
    }
  });

  test("unknown routes answer the envelope", async () => {
    await expectError(await s.api(`/api/v1/nothing-here`, A.key), 404, "NOT_FOUND");
    // Any other path is the dashboard's: its page (the app routes in the browser).
    const page = await s.api(`/nowhere`);
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    await expectError(await s.api(`/v1/not-a-thing`), 404, "NOT_FOUND");
  });
});

describe("403", () => {
  test("FORBIDDEN when the key lacks the permission", async () => {
    const body = await expectError(await s.api(`/api/v1/orgs/${A.org}/audit`, A.noAudit), 403, "FORBIDDEN");
    expect(body.error.message).toContain("audit.read");
  });

  test("the creator's role narrows the key, live", async () => {
    const u = must(s.admin("user", "create", "--org", A.org, "--name", "Ana", "--email", "ana@acme.test", "--role", "admin")).id;
    const k = must(s.admin("key", "create", "--org", A.org, "--user", u, "--perms", "all")).key;
    expect((await s.api(`/api/v1/orgs/${A.org}/audit`, k)).status).toBe(200);
    must(s.admin("user", "role", "--org", A.org, "--user", u, "--role", "analyst"));
    await expectError(await s.api(`/api/v1/orgs/${A.org}/audit`, k), 403, "FORBIDDEN");
    expect((await s.api(`/api/v1/orgs/${A.org}/sites`, k)).status).toBe(200);
    must(s.admin("user", "role", "--org", A.org, "--user", u, "--role", "admin"));
    expect((await s.api(`/api/v1/orgs/${A.org}/audit`, k)).status).toBe(200);
  });

  test("FEATURE_UNAVAILABLE names the feature in details[0].message", async () => {
    must(s.admin("org", "feature", "--org", B.org, "--disable", "audit"));
    const body = await expectError(await s.api(`/api/v1/orgs/${B.org}/audit`, B.key), 403, "FEATURE_UNAVAILABLE");
    expect(body.error.details[0].message).toBe("audit");
    expect((await s.api(`/api/v1/orgs/${B.org}/sites`, B.key)).status).toBe(200);
    must(s.admin("org", "feature", "--org", B.org, "--enable", "audit"));
    expect((await s.api(`/api/v1/orgs/${B.org}/audit`, B.key)).status).toBe(200);
  });

  test("a plan without the feature", async () => {
    must(s.admin("org", "plan", "--org", B.org, "--plan", "starter"));
    const body = await expectError(await s.api(`/api/v1/orgs/${B.org}/audit`, B.key), 403, "FEATURE_UNAVAILABLE");
    expect(body.error.details[0].message).toBe("audit");
    must(s.admin("org", "plan", "--org", B.org, "--plan", "self_hosted"));
  });

  test("LICENCE_INACTIVE while suspended or cancelled, back when active", async () => {
    for (const status of ["suspended", "cancelled"]) {
      expect(must(s.admin("org", "licence", "--org", B.org, "--status", status))).toEqual({ id: B.org, status });
      await expectError(await s.api(`/api/v1/orgs/${B.org}/sites`, B.key), 403, "LICENCE_INACTIVE");
    }
    must(s.admin("org", "licence", "--org", B.org, "--status", "active"));
    expect((await s.api(`/api/v1/orgs/${B.org}/sites`, B.key)).status).toBe(200);
  });
});

describe("422 VALIDATION_FAILED", () => {
  test("names the bad query field", async () => {
    for (const [query, path] of [
      ["size=101", "size"],
      ["size=0", "size"],
      ["page=0", "page"],
      ["page=abc", "page"],
      ["days=-1", "days"],
    ]) {
      const body = await expectError(await s.api(`/api/v1/orgs/${A.org}/audit?${query}`, A.key), 422, "VALIDATION_FAILED");
      expect(body.error.details[0].path).toBe(path);
      expect(typeof body.error.details[0].message).toBe("string");
    }
  });
});

describe("400 BAD_REQUEST", () => {
  test("a declared body over 256 KB", async () => {
    const big = "x".repeat(256 * 1024 + 1);
    await expectError(await fetch(`${s.url}/v1/collect`, { method: "POST", body: big, headers: { "content-type": "application/json" } }), 400, "BAD_REQUEST");
    await expectError(await s.api(`/api/v1/orgs/${A.org}/sites`, A.key, { method: "POST", body: big }), 400, "BAD_REQUEST");
  });

  test("a chunked body over 256 KB, counted as it arrives", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(120);
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent >= 5) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${s.url}/v1/collect`, { method: "POST", body: stream, headers: { "content-type": "application/json" } });
    await expectError(res, 400, "BAD_REQUEST");
  });
});

describe("x-request-id", () => {
  test("echoes a well-formed incoming id and replaces a bad one, on success and error", async () => {
    const ok = await s.api(`/api/v1/orgs/${A.org}/sites`, A.key, { headers: { "x-request-id": "client-req-12345" } });
    expect(ok.headers.get("x-request-id")).toBe("client-req-12345");
    const err = await s.api(`/api/v1/orgs/${A.org}/sites`, undefined, { headers: { "x-request-id": "client-req-67890" } });
    expect(((await err.json()) as any).error.requestId).toBe("client-req-67890");
    const bad = await s.api(`/api/v1/orgs/${A.org}/sites`, A.key, { headers: { "x-request-id": "bad id with spaces" } });
    expect(bad.headers.get("x-request-id")).not.toBe("bad id with spaces");
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
