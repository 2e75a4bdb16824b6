import type { Platform } from "../platform.ts";
import type { Upstream } from "./upstream.ts";
import type { RequestContext } from "../auth/context.ts";
import { API_ROUTES } from "../api/routes.ts";
import { ErrorEnvelope } from "../api/models.ts";
import { SERVICE_SPEC_PATH } from "./openapi.ts";
import { SESSION_COOKIE } from "../auth/sessions.ts";

type Json = Record<string, any>;

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ERROR_REF = componentRef("ErrorEnvelope");
const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: ERROR_REF } },
});
const RETRY_AFTER = { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } };

/** Errors the router can answer on any read-API route, in DESIGN section 8's check order. */
const API_ERRORS: Json = {
  400: errorResponse("BAD_REQUEST: malformed JSON or a body over 256 KB"),
  401: errorResponse("UNAUTHENTICATED: missing, invalid, expired or revoked key, or no session; a session call can also get TWO_FACTOR_REQUIRED or SESSION_EXPIRED"),
  403: errorResponse("FORBIDDEN (permission, or the Origin check of a session's POST), LICENCE_INACTIVE, FEATURE_UNAVAILABLE (details[0].message is the feature key), or for a session EMAIL_NOT_VERIFIED"),
  404: errorResponse("NOT_FOUND: unknown id, or outside the key's organization or sites"),
  422: errorResponse("VALIDATION_FAILED: details lists path and message per field"),
  429: errorResponse("RATE_LIMITED: 300/min per key, 600/min per IP", {
    ...RETRY_AFTER,
    "X-RateLimit-Limit": { schema: { type: "integer" }, description: "The window's allowance" },
  }),
  500: errorResponse("INTERNAL: unexpected error"),
  503: errorResponse("UPSTREAM_UNAVAILABLE (with Retry-After) or BYO_DB_UNREACHABLE", RETRY_AFTER),
};
const PUBLIC_ERRORS: Json = {
  400: API_ERRORS[400],
  404: API_ERRORS[404],
  422: API_ERRORS[422],
  500: API_ERRORS[500],
  503: API_ERRORS[503],
};

/** Elysia's coercing number types render as `anyOf: [{type: string, format: integer|numeric}, the number]`. */
const isCoercionBranch = (s: Json) => s?.type === "string" && (s.format === "integer" || s.format === "numeric");

/**
 * Makes a service's schemas say what the service checks, in keywords every validator knows:
 * a query value Elysia coerces from text is documented as the number it must be (with its
 * bounds, which the other branch carries), a nullable constant or enum lists null among its
 * values, and Elysia's `error` messages are dropped.
 */
export function plainSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plainSchemas);
  if (!node || typeof node !== "object") return node;
  let schema = node as Json;
  if (Array.isArray(schema.anyOf) && schema.anyOf.length === 2 && schema.anyOf.some(isCoercionBranch)) {
    const { anyOf, default: _default, ...own } = schema;
    const number = anyOf.find((branch: Json) => !isCoercionBranch(branch));
    schema = { ...own, ...number };
  }
  // The OpenAPI plugin folds `Union([Literal("new"), Null])` into `type: [string, null]` keeping
  // `const: "new"` (or an `enum` without null), which then refuses the null it allows.
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    if ("const" in schema && schema.const !== null) {
      const { const: only, ...own } = schema;
      schema = { ...own, enum: [only, null] };
    } else if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema = { ...schema, enum: [...schema.enum, null] };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    // `error` is Elysia's message for a refused value; `properties.error` (an object) is a field.
    if (key === "error" && typeof value === "string") continue;
    out[key] = plainSchemas(value);
  }
  return out;
}

/**
 * A model that carries an `$id` (a TypeBox model named once, such as Session) is one schema
 * resource: JSON Schema allows each `$id` once in a document, and the OpenAPI plugin inlines the
 * model wherever a route uses it. Every such copy becomes a reference to the component of that
 * name (registered from the first copy when the service did not name it), and the components
 * carry no `$id` — their name is their identity.
 */
function referenceNamedModels(node: unknown, schemas: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceNamedModels(item, schemas));
  if (!node || typeof node !== "object") return node;
  const { $id, ...own } = node as Json;
  if (typeof $id === "string") {
    schemas[$id] ??= referenceNamedModels(own, schemas);
    return componentRef($id);
  }
  return Object.fromEntries(Object.entries(own).map(([key, value]) => [key, referenceNamedModels(value, schemas)]));
}

/** The components as named, each without its `$id` (its insides referencing the named models). */
function namedComponents(components: Json, schemas: Json): void {
  for (const [name, schema] of Object.entries<Json>(components)) {
    const { $id, ...own } = schema;
    if ($id !== undefined && $id !== name) throw new Error(`component ${name} carries $id ${String($id)}`);
    schemas[name] = referenceNamedModels(own, schemas);
  }
}

/**
 * /api/v1/openapi.json: the router asks each service for the OpenAPI of its own routes (built
 * from their TypeBox models) and merges them, adding the key security, the permission each
 * route needs and the error envelope of every error it can answer.
 */
export async function mergedOpenApi(platform: Platform, upstreams: Upstream[], ctx: RequestContext): Promise<Json> {
  // Kept a minute on the platform (services rarely change their routes while running).
  const cached = platform.openApi;
  if (cached && Date.now() - cached.at < 60_000) return cached.doc as Json;
  const doc: Json = {
    openapi: "3.1.0",
    info: {
      title: "Tidemark API",
      version: "1.1.0",
      description: "Web analytics, consent and lead capture. Read API under /api/v1 with `Authorization: Bearer exk_…` keys; public tracking ingest under /v1.",
    },
    servers: [{ url: platform.settings.publicUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key starting with exk_" },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The dashboard's session (POST /api/v1/session); a bearer key wins when both are sent" },
      },
      schemas: {},
    },
    paths: {
      "/api/v1/openapi.json": {
        get: { summary: "This document (OpenAPI 3.1)", tags: ["Meta"], responses: { 200: { description: "OpenAPI 3.1 document", content: { "application/json": { schema: { type: "object" } } } } } },
      },
      "/api/v1/docs": { get: { summary: "API reference page (HTML)", tags: ["Meta"], responses: { 200: { description: "HTML", content: { "text/html": { schema: { type: "string" } } } } } } },
    },
  };
  namedComponents({ ErrorEnvelope: JSON.parse(JSON.stringify(ErrorEnvelope)) }, doc.components.schemas);
  // A service may document one table route as several concrete paths (analytics/{report}).
  const routeMatchers = API_ROUTES.map((r) => ({
    route: r,
    method: r.method.toLowerCase(),
    pattern: new RegExp(`^${toOpenApiPath(r.path).replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`),
  }));
  const routeOf = (method: string, path: string) => {
    for (const m of routeMatchers) {
      const match = m.method === method ? m.pattern.exec(path) : null;
      // Concrete segments answer to the parameter's name: {report} matches "overview".
      if (match) return { route: m.route, params: Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, v.startsWith("{") ? "" : v])) };
    }
    return null;
  };
  for (const upstream of upstreams) {
    const res = await upstream.get(SERVICE_SPEC_PATH, ctx);
    if (!res.ok) throw new Error(`${upstream.name} did not give its OpenAPI document (${res.status})`);
    const spec = plainSchemas(await res.json()) as Json;
    namedComponents(spec.components?.schemas ?? {}, doc.components.schemas);
    for (const [path, ops] of Object.entries<Json>(spec.paths ?? {})) {
      for (const [method, served] of Object.entries<Json>(ops)) {
        // A service that names the envelope (or any named model) in its routes gets the shared reference.
        const op = referenceNamedModels(served, doc.components.schemas) as Json;
        for (const response of Object.values<Json>(op.responses ?? {})) {
          // The plugin renders a void response (204) as `content: { type: "void" }`: no content is meant.
          if (typeof response.content?.type === "string") delete response.content;
        }
        const matched = routeOf(method, path);
        if (matched) {
          const { route, params } = matched;
          const permission = typeof route.permission === "string" ? route.permission : route.permission(params);
          op.security = [{ apiKey: [] }, { sessionCookie: [] }];
          op["x-permission"] = permission;
          const feature = typeof route.feature === "function" ? route.feature(params) : route.feature;
          if (feature) op["x-feature"] = feature;
          op.description = [op.description, `Permission: \`${permission}\`.`].filter(Boolean).join("\n\n");
          op.responses = { ...API_ERRORS, ...op.responses };
          if (route.file) {
            // A route that answers only with the file (a QR code) declares no JSON answer of its own.
            const ok = (op.responses["200"] ??= { description: "OK" });
            ok.content = { ...ok.content, ...Object.fromEntries(route.file.mediaTypes.map((type) => [type, { schema: { type: "string" } }])) };
            ok.headers = { ...ok.headers, "Content-Disposition": { schema: { type: "string" }, description: "`attachment; filename=…` on the file answer" } };
            op.description = [op.description, route.file.description].join("\n\n");
          }
        } else {
          op.responses = { ...PUBLIC_ERRORS, ...op.responses };
        }
        (doc.paths[path] ??= {})[method] = op;
      }
    }
  }
  platform.openApi = { at: Date.now(), doc };
  return doc;
}

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Tidemark API reference</title><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<noscript>The machine-readable description is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</noscript>
<script id="api-reference" data-url="/api/v1/openapi.json"></script>
<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>
</body>
</html>
`;
