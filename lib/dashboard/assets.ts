import { readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { errorResponse } from "../http/errors.ts";
import { requestIdOf } from "../http/service.ts";
import { ASSET_PREFIX, DASHBOARD_DIST, ensureDashboardBuilt, MANIFEST, type DashboardManifest } from "./build.ts";

/**
 * Serves the built dashboard (dist/dashboard-web, see build.ts). Exported as a plain function
 * `(request) => Response | null`: null means "not the dashboard's" (an /api/ or /v1/ path, or a
 * method other than GET/HEAD) and the caller answers it. Mount it in an Elysia app with
 *   app.onRequest(({ request }) => serve(request) ?? undefined)
 * so it answers before routing, or call it from a catch-all route.
 *
 * - `/assets/<file>`: a file of the build, `cache-control: public, max-age=31536000, immutable`
 *   (its name carries its content hash), brotli or gzip per Accept-Encoding (compressed at build
 *   time), `vary: accept-encoding`; anything else under /assets/ is 404 with the error envelope.
 *   Names are looked up in the build's manifest, never joined to a path, so `..` cannot escape.
 * - any other path: index.html with `cache-control: no-cache` (the app routes in the browser).
 */

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

const IMMUTABLE = "public, max-age=31536000, immutable";
const NOT_MINE = ["/api/", "/v1/"];

type Encoding = "br" | "gzip" | "identity";

interface HeldFile {
  type: string;
  etag: string;
  bodies: Record<Encoding, Uint8Array<ArrayBuffer>>;
}

/** Which of br, gzip, identity the client takes, in that order of preference (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}

function holdFile(dir: string, name: string): HeldFile {
  const path = join(dir, name);
  const identity = new Uint8Array(readFileSync(path));
  return {
    type: CONTENT_TYPES[extname(name)] ?? "application/octet-stream",
    etag: `"${Bun.hash(identity).toString(36)}"`,
    bodies: { identity, gzip: new Uint8Array(readFileSync(`${path}.gz`)), br: new Uint8Array(readFileSync(`${path}.br`)) },
  };
}

function answer(request: Request, file: HeldFile, cacheControl: string): Response {
  const encoding = chooseEncoding(request.headers.get("accept-encoding"));
  const headers: Record<string, string> = { "content-type": file.type, "cache-control": cacheControl, vary: "accept-encoding", etag: file.etag };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  if (request.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
  const body = file.bodies[encoding];
  headers["content-length"] = String(body.length);
  return new Response(request.method === "HEAD" ? null : body, { headers });
}

/** Loads the build in `dir` (all of it, ~100 KB per encoding) and returns the handler. */
export function dashboardAssets(dir = DASHBOARD_DIST): (request: Request) => Response | null {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as DashboardManifest;
  const index = holdFile(dir, "index.html");
  const assets = new Map(manifest.files.filter((f) => f.name !== "index.html").map((f) => [f.name, holdFile(dir, f.name)]));
  return (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const path = new URL(request.url).pathname;
    if (NOT_MINE.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1))) return null;
    if (!path.startsWith(ASSET_PREFIX)) return answer(request, index, "no-cache");
    let name: string;
    try {
      name = decodeURIComponent(path.slice(ASSET_PREFIX.length));
    } catch {
      name = "";
    }
    const file = assets.get(name);
    if (!file) return errorResponse("NOT_FOUND", "No such dashboard asset", [{ path: "path", message: "not a file of the dashboard build" }], requestIdOf(request));
    return answer(request, file, IMMUTABLE);
  };
}

/** The dashboard's asset handler over a build that is there and fresh (built first when missing or stale: about a second). */
export async function builtDashboardAssets(dir = DASHBOARD_DIST): Promise<(request: Request) => Response | null> {
  return dashboardAssets((await ensureDashboardBuilt(dir)).dir);
}
