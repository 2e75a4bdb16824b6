import { Elysia } from "elysia";
import { serviceBase } from "../../lib/http/service.ts";
import { serviceDocs } from "../../lib/http/openapi.ts";
import type { Platform } from "../../lib/platform.ts";

/** The hooks service. Its public routes arrive with their issues; until then it answers 404 for everything under its prefix. */
export function createHooksApp(platform: Platform) {
  return new Elysia({ name: "hooks" })
    .use(serviceBase({ name: "hooks", secret: platform.secret, requireAuth: false }))
    .use(serviceDocs("hooks"))
    .get("/healthz", () => ({ ok: true, service: "hooks" }), { detail: { hide: true } });
}
