import { openapi } from "@elysiajs/openapi";

/** Each service publishes its own routes' OpenAPI; the router merges them into /api/v1/openapi.json. */
export const SERVICE_SPEC_PATH = "/_internal/openapi.json";

export function serviceDocs(service: string, components: { schemas?: Record<string, unknown> } = {}) {
  return openapi({
    provider: null,
    path: "/_internal/docs",
    specPath: SERVICE_SPEC_PATH,
    exclude: { paths: [/^\/_internal\//], staticFile: false },
    documentation: { info: { title: `tidemark-${service}`, version: "1.1.0" }, components: components as never },
  });
}

