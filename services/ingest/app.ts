import { Elysia } from "elysia";
import { serviceBase } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import type { Platform } from "../../lib/platform.ts";

/** The ingest service. Its public routes arrive with their issues; until then it answers 404 for everything under its prefix. */
export function createIngestApp(platform: Platform) {
  return new Elysia({ name: "ingest" })
    .use(serviceBase({ name: "ingest", secret: platform.secret, requireAuth: false }))
    .use(serviceDocs("ingest"))
    .get("/healthz", () => ({ ok: true, service: "ingest" }), { detail: { hide: true } });
}
