import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { must, startStack, type TestStack } from "../helpers/stack.ts";
import { batch, ev, post } from "../helpers/hits.ts";

/**
 * Inputs that once reached a 500 (issue 14), each answered now with the spec's envelope and a
 * detail naming what was wrong.
 */

let s: TestStack;
let boot: NonNullable<TestStack["bootstrap"]>;
let site: string;
let hookSecret: string;

beforeAll(async () => {
  s = await startStack();
  boot = s.bootstrap!;
  site = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
  hookSecret = must(s.admin("integration", "create", "--site", boot.siteId, "--kind", "webhook_in")).secret;
});

afterAll(async () => {
  await s.close();
});

const get = (path: string) => s.api(path, boot.key);
const postJson = (path: string, body: unknown) =>
  s.api(path, boot.key, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** The envelope of a refusal: status, code, the request id of the header, and exactly these details. */
async function refused(res: Response, status: number, code: string, details: { path: string; message: string | RegExp }[]) {
  const body = (await res.json()) as any;
  expect(res.status).toBe(status);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
  expect(body.error.details).toHaveLength(details.length);
  details.forEach((d, i) => {
    expect(body.error.details[i].path).toBe(d.path);
    if (typeof d.message === "string") expect(body.error.details[i].message).toBe(d.message);
    else expect(body.error.details[i].message).toMatch(d.message);
  });
}

describe("event types that are names of Object.prototype", () => {
  for (const t of ["__proto__", "constructor", "toString", "valueOf"]) {
    test(`t: ${t} is an unknown event type (422 at e.0.t)`, async () => {
      const res = await post(s.url, batch(boot.siteKey, [ev(t, s.clock.now())]));
      await refused(res, 422, "VALIDATION_FAILED", [{ path: "e.0.t", message: `unknown event type "${t}"` }]);
    });
  }

  test("beside a valid event it is listed in rejected and the batch is stored", async () => {
    const res = await post(s.url, batch(boot.siteKey, [ev("pageview", s.clock.now()), ev("constructor", s.clock.now())]));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, accepted: 1, duplicates: 0, rejected: [{ index: 1, path: "t", message: 'unknown event type "constructor"' }] });
  });
});

describe("page numbers", () => {
  const HUGE = "99999999999999999999";
  const TOO_BIG = /less or equal to 100000/;

  test("audit, leads and visitors refuse a page past 100000 with 422 naming page", async () => {
    for (const path of [`/api/v1/orgs/${boot.orgId}/audit`, `${site}/leads`, `${site}/visitors`]) {
      await refused(await get(`${path}?page=${HUGE}`), 422, "VALIDATION_FAILED", [{ path: "page", message: TOO_BIG }]);
      await refused(await get(`${path}?page=100001`), 422, "VALIDATION_FAILED", [{ path: "page", message: TOO_BIG }]);
    }
  });

  test("the last page there may be answers, empty", async () => {
    const audit = (await (await get(`/api/v1/orgs/${boot.orgId}/audit?page=100000&size=100`)).json()) as any;
    expect(audit).toMatchObject({ rows: [], page: 100000, size: 100 });
    expect(audit.total).toBeGreaterThan(0);
    const leads = (await (await get(`${site}/leads?page=100000`)).json()) as any;
    expect(leads).toMatchObject({ items: [], page: 100000 });
    const visitors = (await (await get(`${site}/visitors?page=100000`)).json()) as any;
    expect(visitors).toMatchObject({ items: [], page: 100000 });
  });

  test("other query integers have their bounds too", async () => {
    await refused(await get(`/api/v1/orgs/${boot.orgId}/audit?size=${"9".repeat(20)}`), 422, "VALIDATION_FAILED", [{ path: "size", message: /less or equal to 100/ }]);
    await refused(await get(`/api/v1/orgs/${boot.orgId}/audit?days=${"9".repeat(20)}`), 422, "VALIDATION_FAILED", [{ path: "days", message: /less or equal to 3650/ }]);
    await refused(await get(`${site}/visitors?minScore=${"9".repeat(20)}`), 422, "VALIDATION_FAILED", [{ path: "minScore", message: /less or equal to 100/ }]);
  });
});

describe("dates outside the years 2000 to 2100", () => {
  const OUT = "must be a date in the years 2000 to 2100";
  const preview = (extra: Record<string, string>) => ({
    def: { name: "F", mode: "closed", scope: "session", steps: [{ kind: "page", match: "equals", value: "/" }, { kind: "page", match: "equals", value: "/b" }] },
    ...extra,
  });

  test("reports, visitors and leads name to or from", async () => {
    await refused(await get(`${site}/analytics/overview?to=0000-01-01`), 422, "VALIDATION_FAILED", [{ path: "to", message: OUT }]);
    await refused(await get(`${site}/analytics/pages?from=1999-12-31&to=2000-01-02`), 422, "VALIDATION_FAILED", [{ path: "from", message: OUT }]);
    await refused(await get(`${site}/visitors?to=2101-01-01`), 422, "VALIDATION_FAILED", [{ path: "to", message: OUT }]);
    await refused(await get(`${site}/leads?from=0001-01-01&to=2000-01-02`), 422, "VALIDATION_FAILED", [{ path: "from", message: OUT }]);
  });

  test("explore and funnel previews name to or from", async () => {
    const query = { kind: "query", query: { metrics: ["users"], dimension: "channel" } };
    await refused(await postJson(`${site}/explore`, { ...query, to: "0000-01-01" }), 422, "VALIDATION_FAILED", [{ path: "to", message: OUT }]);
    await refused(await postJson(`${site}/explore`, { ...query, from: "9999-01-01", to: "9999-01-02" }), 422, "VALIDATION_FAILED", [{ path: "to", message: OUT }]);
    await refused(await postJson(`${site}/funnels/preview`, preview({ from: "1970-01-01", to: "2000-01-01" })), 422, "VALIDATION_FAILED", [{ path: "from", message: OUT }]);
  });

  test("the first and last years are answered", async () => {
    const first = await get(`${site}/analytics/overview?from=2000-01-01&to=2000-01-31`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as any).series).toHaveLength(31);
    const last = await postJson(`${site}/funnels/preview`, preview({ from: "2100-12-01", to: "2100-12-31" }));
    expect(last.status).toBe(200);
    expect(((await last.json()) as any).range).toMatchObject({ from: "2100-12-01", to: "2100-12-31" });
  });
});

describe("deeply nested bodies", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const TOO_DEEP = [{ path: "body", message: "nests arrays or objects deeper than 64 levels" }];

  test("50 000 nested arrays are refused at once, on every route that reads JSON", async () => {
    const body = nested(50_000);
    const started = performance.now();
    await refused(await postJson(`${site}/funnels/preview`, body), 400, "BAD_REQUEST", TOO_DEEP);
    expect(performance.now() - started).toBeLessThan(1000);
    await refused(await postJson(`${site}/explore`, body), 400, "BAD_REQUEST", TOO_DEEP);
    await refused(await post(s.url, body), 400, "BAD_REQUEST", TOO_DEEP);
    await refused(await post(s.url, body, { "content-type": "text/plain" }), 400, "BAD_REQUEST", TOO_DEEP);
    const hook = await fetch(`${s.url}/v1/hooks/webhook_in/${boot.siteKey}`, { method: "POST", body, headers: { "content-type": "application/json", "x-svc-secret": hookSecret } });
    await refused(hook, 400, "BAD_REQUEST", TOO_DEEP);
  });

  test("the limit is 64 levels; brackets inside strings do not count", async () => {
    const deep = (depth: number) => JSON.stringify({ def: "x", extra: JSON.parse(nested(depth - 1)) });
    await refused(await postJson(`${site}/funnels/preview`, deep(65)), 400, "BAD_REQUEST", TOO_DEEP);
    // 64 levels pass the parser: the schema check names what is wrong (`extra` is no field of the body).
    await refused(await postJson(`${site}/funnels/preview`, deep(64)), 422, "VALIDATION_FAILED", [{ path: "extra", message: /should not be provided/i }, { path: "def", message: /object/i }]);
    await refused(await postJson(`${site}/funnels/preview`, { def: "[".repeat(1000) }), 422, "VALIDATION_FAILED", [{ path: "def", message: /object/i }]);
  });
});

describe("lists checked as lists before their items", () => {
  const def = (steps: unknown) => ({ def: { name: "F", mode: "closed", scope: "session", steps } });

  test("funnel steps that are not an array", async () => {
    for (const steps of ["x", "steps", 7, { 0: { kind: "page" } }, null]) {
      await refused(await postJson(`${site}/funnels/preview`, def(steps)), 422, "VALIDATION_FAILED", [{ path: "def.steps", message: /array/i }]);
    }
  });

  test("explore metrics, filters and segment lists that are not arrays", async () => {
    await refused(await postJson(`${site}/explore`, { kind: "query", query: { metrics: "users", dimension: "channel" } }), 422, "VALIDATION_FAILED", [{ path: "query.metrics", message: /array/i }]);
    await refused(await postJson(`${site}/explore`, { kind: "query", query: { metrics: ["users"], dimension: "channel", filters: "is" } }), 422, "VALIDATION_FAILED", [{ path: "query.filters", message: /array/i }]);
    await refused(await postJson(`${site}/explore`, { kind: "segments", segments: { metrics: ["users"], list: "abcd" } }), 422, "VALIDATION_FAILED", [{ path: "segments.list", message: /array/i }]);
  });
});

describe("session routes (dashboard): odd bodies and cookies", () => {
  const origin = () => new URL(s.platform.settings.publicUrl).origin;
  const sessionPost = (path: string, body: string, cookie = "") =>
    fetch(s.url + path, { method: "POST", headers: { "content-type": "application/json", origin: origin(), ...(cookie ? { cookie } : {}) }, body });

  test("each session route refuses wrong types, arrays, nulls and odd strings with 400/401/422, never a 5xx", async () => {
    const signIn = await sessionPost("/api/v1/session", JSON.stringify({ email: "owner@localhost", password: boot.ownerPassword }));
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    const bodies = ["null", "[]", '"x"', "7", "{}", '{"email":[],"password":{}}', '{"code":null}', '{"recoveryCode":""}', '{"token":"\\u0000"}', `{"newPassword":"${"é".repeat(300)}","currentPassword":"x"}`, '{"code":"1234567"}', "{", '{"__proto__":{"x":1}}'];
    const paths = ["/api/v1/session", "/api/v1/session/second-factor", "/api/v1/email-verification", "/api/v1/me/password", "/api/v1/me/two-factor/confirm"];
    for (const path of paths) {
      for (const body of bodies) {
        const res = await sessionPost(path, body, cookie);
        expect([400, 401, 409, 422]).toContain(res.status);
        const error = ((await res.json()) as any).error;
        expect(error.requestId).toBe(res.headers.get("x-request-id"));
        if (res.status === 422) expect(error.details.length).toBeGreaterThan(0);
      }
    }
    // Odd cookies are just no session.
    for (const odd of ["tm_session=", "tm_session=%", `tm_session=${"a".repeat(5000)}`, "tm_session=a; tm_session=b"]) {
      const res = await fetch(`${s.url}/api/v1/session`, { headers: { cookie: odd } });
      expect(res.status).toBe(401);
    }
  });
});
