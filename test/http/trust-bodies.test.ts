import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestStack } from "../helpers/stack.ts";
import { Browser, startDashboardStack } from "../helpers/session-browser.ts";

/**
 * The request pipeline every route shares (issue 32, items 13, 15, 16): a body that is not the
 * documented object is 422 at `body` and changes nothing (no schema default fills in what the
 * caller did not send); a field the schema does not list is 422 naming it, at any depth; and one
 * order for every route: authentication (401), the org's scope (404), the permission (403), the
 * path's ids (malformed like unknown: 404), the input (422).
 */

const ORIGIN = "http://dashboard.test";
let dashboard: Awaited<ReturnType<typeof startDashboardStack>>;
let stack: TestStack, org: string, site: string, key: string;
let owner: Browser, viewer: Browser, analyst: Browser, viewerId: string, scheduleId: string;

const WEEKLY = { reportKey: "kpi_daily", frequency: "weekly", at: "08:00", weekday: 1, recipients: ["ana@example.com"], format: "csv" };
const NOT_OBJECTS = ["123", "null", "[]", '"s"', "true"];
const MALFORMED = "not-an-id";

beforeAll(async () => {
  dashboard = await startDashboardStack(ORIGIN);
  ({ stack, org } = dashboard);
  site = stack.bootstrap!.siteId;
  key = stack.bootstrap!.key;
  owner = (await dashboard.accounts.twoFactorMember(org, "olga@example.com", "owner")).b;
  const v = await dashboard.accounts.verifiedMember(org, "vic@example.com", "viewer");
  viewer = v.browser;
  viewerId = v.id;
  analyst = (await dashboard.accounts.verifiedMember(org, "ana@example.com", "analyst")).browser;
  const made = await analyst.call("POST", schedules(), WEEKLY);
  expect(made.status).toBe(201);
  scheduleId = (await made.json()).id;
}, 60_000);
afterAll(() => dashboard.close());

const orgPath = (rest: string) => `/api/v1/orgs/${org}${rest}`;
const schedules = (rest = "") => orgPath(`/sites/${site}/report-schedules${rest}`);
const shortLinks = (rest = "") => orgPath(`/sites/${site}/shortlinks${rest}`);

/** A call with the body as raw JSON text (any JSON value, not only an object). */
async function raw(b: Browser | null, method: string, path: string, text: string): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, "content-type": "application/json" };
  if (b?.cookie) headers.cookie = b.cookie;
  return fetch(stack.url + path, { method, headers, body: text });
}

/** The answer's status, error code and details paths (a success has no code). */
async function refusal(res: Response): Promise<{ status: number; code: string | null; paths: string[] }> {
  const error = ((await res.json().catch(() => null)) as { error?: { code: string; details: { path: string }[] } } | null)?.error;
  return { status: res.status, code: error?.code ?? null, paths: error?.details.map((d) => d.path) ?? [] };
}

const roleOf = async (userId: string) => ((await (await owner.call("GET", orgPath("/members"))).json()).members as { id: string; role: string }[]).find((m) => m.id === userId)?.role;

describe("a body that is not the documented object", () => {
  test("PATCH members/{id}: 123, null, [], \"s\", true → 422 at body; the viewer stays a viewer", async () => {
    for (const text of NOT_OBJECTS) {
      expect({ text, ...(await refusal(await raw(owner, "PATCH", orgPath(`/members/${viewerId}`), text))) }).toEqual({ text, status: 422, code: "VALIDATION_FAILED", paths: ["body"] });
    }
    expect(await roleOf(viewerId)).toBe("viewer");
  });

  test("PATCH settings/retention and report-schedules/{id}: 422 at body, nothing changed", async () => {
    const retention = await (await owner.call("GET", orgPath("/settings/retention"))).json();
    for (const text of NOT_OBJECTS) {
      expect({ text, ...(await refusal(await raw(owner, "PATCH", orgPath("/settings/retention"), text))) }).toEqual({ text, status: 422, code: "VALIDATION_FAILED", paths: ["body"] });
      expect({ text, ...(await refusal(await raw(analyst, "PATCH", schedules(`/${scheduleId}`), text))) }).toEqual({ text, status: 422, code: "VALIDATION_FAILED", paths: ["body"] });
    }
    expect(await (await owner.call("GET", orgPath("/settings/retention"))).json()).toEqual(retention);
    const listed = (await (await stack.api(orgPath(`/sites/${site}/reports`), key)).json()) as { schedules?: { id: string; frequency: string; at: string }[] };
    expect(JSON.stringify(listed)).toContain(scheduleId);
  });
});

describe("a field the schema does not list", () => {
  test("POST keys with admin: true → 422 naming admin; no key made", async () => {
    const before = (await (await owner.call("GET", orgPath("/keys"))).json()).keys.length;
    const res = await owner.call("POST", orgPath("/keys"), { name: "Sneaky", permissions: ["sites.read"], sites: null, expiresInDays: 30, admin: true });
    expect(await refusal(res)).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["admin"] });
    expect((await (await owner.call("GET", orgPath("/keys"))).json()).keys.length).toBe(before);
  });

  test("POST members with an unknown field → 422 naming it; nobody invited", async () => {
    const res = await owner.call("POST", orgPath("/members"), { email: "new@example.com", name: "New", role: "viewer", notify: false });
    expect(await refusal(res)).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["notify"] });
    expect(((await (await owner.call("GET", orgPath("/members"))).json()).members as { email: string }[]).map((m) => m.email)).not.toContain("new@example.com");
  });

  test("report schedules, POST and PATCH: 422 naming the field", async () => {
    expect(await refusal(await analyst.call("POST", schedules(), { ...WEEKLY, timezone: "Europe/Paris" }))).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["timezone"] });
    expect(await refusal(await analyst.call("PATCH", schedules(`/${scheduleId}`), { at: "09:00", sendNow: true }))).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["sendNow"] });
  });

  test("short links: an unknown field nested in utm is 422 at utm.nope, on POST and PATCH; nothing made", async () => {
    const link = { url: "https://example.com/spring", utm: { source: "news", nope: "x" } };
    const res = await stack.api(shortLinks(), key, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(link) });
    expect(await refusal(res)).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["utm.nope"] });
    const made = await stack.api(shortLinks(), key, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: "https://example.com/ok" }) });
    expect(made.status).toBe(201);
    const { id } = await made.json();
    const patched = await stack.api(shortLinks(`/${id}`), key, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "T", extra: 1 }) });
    expect(await refusal(patched)).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["extra"] });
    const list = (await (await stack.api(shortLinks(), key)).json()) as { items: { url: string; title: string | null }[] };
    expect(list.items.map((l) => l.url)).not.toContain("https://example.com/spring");
    expect(list.items.find((l) => l.url === "https://example.com/ok")?.title).not.toBe("T");
  });

  test("POST session with remember: true → 422 naming remember, before the password is looked at", async () => {
    const res = await new Browser(stack, ORIGIN).call("POST", "/api/v1/session", { email: "olga@example.com", password: "wrong password entirely", remember: true });
    expect(await refusal(res)).toEqual({ status: 422, code: "VALIDATION_FAILED", paths: ["remember"] });
  });
});

describe("one order: authentication, scope, permission, input", () => {
  test("a malformed id on a write route is 404, as on a read route", async () => {
    expect((await refusal(await owner.call("PATCH", orgPath(`/members/${MALFORMED}`), { role: "viewer" }))).status).toBe(404);
    expect((await refusal(await owner.call("DELETE", orgPath(`/keys/${MALFORMED}`)))).status).toBe(404);
    expect((await refusal(await owner.call("POST", orgPath(`/keys/${MALFORMED}/rotate`)))).status).toBe(404);
    expect((await refusal(await analyst.call("PATCH", schedules(`/${MALFORMED}`), { at: "09:00" }))).status).toBe(404);
    expect((await refusal(await owner.call("POST", orgPath(`/sites/${MALFORMED}/integrations`), { kind: "webhook_in" }))).status).toBe(404);
    expect((await refusal(await owner.call("POST", orgPath(`/sites/${site}/integrations/${MALFORMED}/enable`)))).status).toBe(404);
    expect((await refusal(await owner.call("PUT", orgPath(`/sites/${MALFORMED}/cookies/overrides/_ga`), { category: "analytics" }))).status).toBe(404);
    expect((await refusal(await owner.call("POST", orgPath(`/sites/${site}/people/${MALFORMED}/export`)))).status).toBe(404);
    expect((await refusal(await owner.call("PATCH", `/api/v1/orgs/${MALFORMED}/settings/retention`, { eventsMonths: 12 }))).status).toBe(404);
    const patched = await stack.api(shortLinks(`/${MALFORMED}`), key, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ title: "T" }) });
    expect((await refusal(patched)).status).toBe(404);
  });

  test("no session: 401 whatever the path or the body", async () => {
    const anon = new Browser(stack, ORIGIN);
    expect((await refusal(await anon.call("PATCH", orgPath(`/members/${MALFORMED}`), { role: "owner" }))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(await anon.call("DELETE", orgPath(`/keys/${MALFORMED}`)))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(await anon.call("PATCH", schedules(`/${MALFORMED}`), 123))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(await raw(null, "PATCH", orgPath(`/members/${viewerId}`), "123"))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(await anon.call("POST", orgPath("/keys"), { admin: true }))).code).toBe("UNAUTHENTICATED");
    expect((await refusal(await anon.call("POST", "/api/v1/me/password", { currentPassword: 1 }))).code).toBe("UNAUTHENTICATED");
    const keyless = await fetch(stack.url + shortLinks(`/${MALFORMED}`), { method: "PATCH", headers: { "content-type": "application/json" }, body: "123" });
    expect((await refusal(keyless)).code).toBe("UNAUTHENTICATED");
  });

  test("a role without the permission is 403 before its path ids and body are looked at; an org it is not in (or a malformed org id) is 404 before that", async () => {
    expect(await refusal(await viewer.call("POST", orgPath("/keys"), { admin: true }))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refusal(await raw(viewer, "PATCH", orgPath(`/members/${viewerId}`), "123"))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refusal(await viewer.call("PATCH", schedules(`/${scheduleId}`), { at: 9 }))).toMatchObject({ status: 403, code: "FORBIDDEN", paths: ["permission"] });
    // Which ids exist is not said to a caller who may not use the route at all.
    expect(await refusal(await viewer.call("PATCH", schedules(`/${MALFORMED}`), { at: 9 }))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refusal(await viewer.call("DELETE", orgPath(`/keys/${MALFORMED}`)))).toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(await refusal(await raw(viewer, "PATCH", `/api/v1/orgs/${MALFORMED}/settings/retention`, "123"))).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await refusal(await raw(viewer, "PATCH", `/api/v1/orgs/${"0".repeat(24)}/members/${viewerId}`, "123"))).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await roleOf(viewerId)).toBe("viewer");
  });

  test("a malformed id answers 404 naming the path parameter, before the body is judged", async () => {
    expect(await refusal(await raw(owner, "PATCH", orgPath(`/members/${MALFORMED}`), "123"))).toEqual({ status: 404, code: "NOT_FOUND", paths: ["userId"] });
    expect(await refusal(await raw(analyst, "PATCH", schedules(`/${MALFORMED}`), '{"nope":1}'))).toEqual({ status: 404, code: "NOT_FOUND", paths: ["scheduleId"] });
  });
});
