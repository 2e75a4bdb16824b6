import { afterAll, beforeAll, expect, test } from "bun:test";
import { startStack, type TestStack } from "../helpers/stack.ts";
import { API_ROUTES } from "../../lib/api/routes.ts";
import { REPORTS } from "../../lib/analytics/models.ts";

let s: TestStack;
let doc: any;

beforeAll(async () => {
  s = await startStack();
  const res = await fetch(`${s.url}/api/v1/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});

afterAll(async () => {
  await s.close();
});

const toOpenApi = (path: string) => path.replace(/:(\w+)/g, "{$1}");

test("is OpenAPI 3.1 with API version 1.1.0", () => {
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info.version).toBe("1.1.0");
  expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
});

/** The table's routes as documented: analytics/:report as one path per built report. */
const documentedRoutes = API_ROUTES.flatMap((route) =>
  route.path.includes(":report") ? REPORTS.map((report) => ({ route, path: route.path.replace(":report", report), params: { report } })) : [{ route, path: route.path, params: {} }],
);

test("every read-API route is there with its parameters, permission and error envelope", () => {
  for (const { route, path, params } of documentedRoutes) {
    const op = doc.paths[toOpenApi(path)]?.[route.method.toLowerCase()];
    expect(op).toBeDefined();
    expect(op.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }]);
    expect(op["x-permission"]).toBe(typeof route.permission === "function" ? route.permission(params) : route.permission);
    const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    for (const name of pathParams) expect(op.parameters.some((p: any) => p.in === "path" && p.name === name && p.required)).toBe(true);
    // A create answers 201; a QR code only as its file.
    const ok = op.responses["200"] ?? op.responses["201"];
    expect((ok.content["application/json"] ?? ok.content[route.file?.mediaTypes[0] ?? ""]).schema).toBeDefined();
    for (const code of ["400", "401", "403", "404", "422", "429", "503"]) {
      expect(op.responses[code].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
    }
  }
});

test("the audit route documents its query parameters and their limits", () => {
  const op = doc.paths["/api/v1/orgs/{orgId}/audit"].get;
  const names = op.parameters.filter((p: any) => p.in === "query").map((p: any) => p.name).sort();
  expect(names).toEqual(["action", "days", "page", "q", "size"]);
  const size = op.parameters.find((p: any) => p.name === "size");
  expect(JSON.stringify(size.schema)).toContain('"maximum":100');
  expect(op.responses["200"].content["application/json"].schema.properties.rows).toBeDefined();
});

test("the error envelope model matches spec Part 7", () => {
  const env = doc.components.schemas.ErrorEnvelope;
  expect(env.properties.error.required.sort()).toEqual(["code", "details", "message", "requestId"]);
});

test("the session routes are documented as session only, with their models, the session cookie where one is needed and no key security", () => {
  const ops = Object.entries(doc.paths)
    .filter(([path]) => /^\/api\/v1\/(session|me|email-verification|invitations|orgs\/\{orgId\}\/(keys|members|two-factor-requirement)|orgs\/\{orgId\}\/sites\/\{siteId\}\/integrations)/.test(path))
    .flatMap(([, ops]) => Object.entries(ops as Record<string, any>).filter(([method, op]) => method !== "get" || !op["x-permission"]).map(([, op]) => op));
  expect(ops.length).toBe(22);
  // Sign-in, the e-mail link and the invitation link need no session; every other one needs the cookie.
  const open = ["Sign in with e-mail and password (session only)", "Verify an e-mail address with the link's token (session only)", "Set the password of an invitation (session only)"];
  expect(ops.filter((op) => op.security === undefined).map((op) => op.summary).sort()).toEqual(open.sort());
  for (const op of ops) {
    expect(op.summary).toEndWith("(session only)");
    if (op.security !== undefined) expect(op.security).toEqual([{ sessionCookie: [] }]);
    expect(op.responses["422"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
  }
  expect(doc.paths["/api/v1/session"].post.requestBody.content["application/json"].schema.required.sort()).toEqual(["email", "password"]);
});

test("every session-only operation reaches the dashboard service through the router (its list of the dashboard's paths has them all)", async () => {
  const id = "0123456789abcdef01234567";
  const calls = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, any>)
      .filter(([, op]) => op["x-session-only"])
      .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, id) })),
  );
  expect(calls.length).toBe(37);
  for (const call of calls) {
    const res = await fetch(`${s.url}${call.path}`, { method: call.method, headers: { "content-type": "application/json" }, body: call.method === "GET" || call.method === "DELETE" ? undefined : "{}" });
    const body = (await res.json()) as { error?: { message: string } };
    // The router's own answer to a path it does not route is 404 "No such route"; the service answers anything else.
    expect([call.method, call.path, res.status === 404 && body.error?.message === "No such route"]).toEqual([call.method, call.path, false]);
  }
});

test("no route is documented that is not built", async () => {
  const documented = Object.keys(doc.paths).sort();
  const tracking = ["/v1/collect", "/v1/script.js", "/v1/sites/{siteKey}/config", "/v1/engage.js", "/v1/leads", "/v1/spins", "/v1/sites/{siteKey}/visitor-context"];
  const hooks = ["/v1/hooks/webhook_in/{siteKey}", "/v1/hooks/ads_import/{siteKey}"];
  const sessions = ["/api/v1/session", "/api/v1/session/second-factor", "/api/v1/session/email-verification", "/api/v1/email-verification", "/api/v1/me/password", "/api/v1/me/two-factor", "/api/v1/me/two-factor/confirm"];
  const keys = ["/api/v1/orgs/{orgId}/keys", "/api/v1/orgs/{orgId}/keys/{keyId}", "/api/v1/orgs/{orgId}/keys/{keyId}/rotate"];
  const workspace = [
    "/api/v1/orgs/{orgId}/members",
    "/api/v1/orgs/{orgId}/members/{userId}",
    "/api/v1/orgs/{orgId}/two-factor-requirement",
    "/api/v1/orgs/{orgId}/settings/retention",
    "/api/v1/orgs/{orgId}/settings/benchmarks",
    "/api/v1/invitations/accept",
    "/api/v1/orgs/{orgId}/sites/{siteId}/integrations/{integrationId}/enable",
  ];
  const consent = ["/api/v1/orgs/{orgId}/sites/{siteId}/cookies/scan", "/api/v1/orgs/{orgId}/sites/{siteId}/cookies/overrides/{name}"];
  const schedules = ["", "/{scheduleId}", "/{scheduleId}/pause", "/{scheduleId}/resume"].map((p) => `/api/v1/orgs/{orgId}/sites/{siteId}/report-schedules${p}`);
  const person = ["export", "erase"].map((p) => `/api/v1/orgs/{orgId}/sites/{siteId}/people/{visitorId}/${p}`);
  const recommendations = ["/api/v1/orgs/{orgId}/sites/{siteId}/recommendations/{ruleKey}/status"];
  const built = [...new Set(["/api/v1/openapi.json", "/api/v1/docs", ...documentedRoutes.map((r) => toOpenApi(r.path)), ...tracking, ...hooks, ...sessions, ...keys, ...workspace, ...consent, ...schedules, ...person, ...recommendations])].sort();
  expect(documented).toEqual(built);
  // And the tracking routes answer (not 404) on the running server.
  expect((await fetch(`${s.url}/v1/script.js`)).status).toBe(200);
  expect((await fetch(`${s.url}/v1/engage.js`)).status).toBe(200);
  expect((await fetch(`${s.url}/v1/sites/${s.bootstrap!.siteKey}/config`)).status).toBe(200);
  expect((await fetch(`${s.url}/v1/collect`, { method: "OPTIONS" })).status).toBe(204);
});

test("the tracking endpoint documents its body, its 202 answer and its errors", () => {
  const op = doc.paths["/v1/collect"].post;
  expect(op.security).toBeUndefined();
  const body = op.requestBody.content["application/json"].schema;
  expect(body.required).toEqual(expect.arrayContaining(["v", "s", "vid", "sid", "e"]));
  expect(op.responses["202"].content["application/json"].schema.properties.accepted).toBeDefined();
  for (const code of ["400", "404", "422"]) expect(op.responses[code].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
  // The Origin refusal and the flood limit are documented with the envelope too.
  for (const code of ["403", "429"]) expect(op.responses[code].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
});

test("the inbound lead webhook documents its formats, its answers and its errors", () => {
  const op = doc.paths["/v1/hooks/webhook_in/{siteKey}"].post;
  expect(op.security).toBeUndefined();
  expect(JSON.stringify(op.requestBody)).toContain("externalId");
  for (const code of ["200", "201"]) expect(op.responses[code].content["application/json"].schema).toBeDefined();
  for (const code of ["400", "401", "404", "422"]) expect(op.responses[code].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
});

test("a docs page sits beside it", async () => {
  const res = await fetch(`${s.url}/api/v1/docs`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/html");
  expect(await res.text()).toContain("/api/v1/openapi.json");
});

test("funnels and explore document their bodies and every result shape", () => {
  const ref = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema);
  const run = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/funnels/{id}"].get;
  const result = ref(run.responses["200"].content["application/json"].schema);
  expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(["units", "range", "steps", "started", "completed", "conversionRate", "breakdown", "sampled"]));
  const breakdown = JSON.stringify(result.properties.breakdown);
  expect(breakdown).toContain("dimension");
  expect(breakdown).toContain("rows");
  const preview = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/funnels/preview"].post;
  expect(JSON.stringify(preview.requestBody)).toContain("steps");
  const explore = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/explore"].post;
  const body = JSON.stringify(explore.requestBody);
  for (const kind of ["query", "segments", "retention", "paths"]) expect(body).toContain(`"${kind}"`);
  const response = JSON.stringify(explore.responses["200"]);
  for (const part of ["totals", "segments", "cohorts", "tree"]) expect(response).toContain(part);
});

test("the lead list documents its CSV file answer: media type, Content-Disposition and who may have it", () => {
  const op = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/leads"].get;
  expect(op.responses["200"].content["text/csv"].schema).toEqual({ type: "string" });
  expect(op.responses["200"].content["application/json"].schema).toBeDefined();
  expect(op.responses["200"].headers["Content-Disposition"]).toBeDefined();
  expect(op.description).toContain("STEP_UP_REQUIRED");
  expect(op.parameters.find((p: any) => p.name === "format").schema.enum ?? op.parameters.find((p: any) => p.name === "format").schema.anyOf).toBeDefined();
});

test("the report library documents both routes, and the report's CSV and XLSX file answers", () => {
  const list = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/reports"].get;
  expect(list["x-permission"]).toBe("reports.read");
  expect(list["x-feature"]).toBe("reports");
  const op = doc.paths["/api/v1/orgs/{orgId}/sites/{siteId}/reports/{key}"].get;
  expect(op["x-permission"]).toBe("reports.read");
  expect(op.responses["200"].content["application/json"].schema).toBeDefined();
  expect(op.responses["200"].content["text/csv"].schema).toEqual({ type: "string" });
  expect(op.responses["200"].content["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"].schema).toEqual({ type: "string" });
  expect(op.responses["200"].headers["Content-Disposition"]).toBeDefined();
  expect(op.description).toContain("reports.export");
});
