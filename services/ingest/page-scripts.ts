import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import trackerSource from "./tracker/tracker.min.js" with { type: "text" };
import engageSource from "./tracker/engage.min.js" with { type: "text" };

/**
 * The scripts ingest serves to pages (built by scripts/build-tracker.ts): the core at
 * /v1/script.js and the engagement chunk at /v1/engage.js, each with an ETag (304 on
 * revalidation), gzip when accepted, and an hour's cache — a year's, immutable, for the
 * chunk's URL with the current `?v=` (the one the site config hands out).
 */
export interface PageScript {
  /** The content hash: the ETag's value and the chunk URL's `v`. */
  version: string;
  serve(request: Request): Response;
}

function pageScript(source: string): PageScript {
  const version = createHash("sha256").update(source).digest("base64url").slice(0, 22);
  const etag = `"${version}"`;
  const gzip = gzipSync(source, { level: 9 });
  return {
    version,
    serve(request) {
      const pinned = new URL(request.url).searchParams.get("v") === version;
      const headers: Record<string, string> = {
        "content-type": "application/javascript; charset=utf-8",
        "cache-control": pinned ? "public, max-age=31536000, immutable" : "public, max-age=3600, stale-while-revalidate=86400",
        etag,
        "access-control-allow-origin": "*",
        vary: "Accept-Encoding",
      };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) return new Response(gzip, { headers: { ...headers, "content-encoding": "gzip" } });
      return new Response(source, { headers });
    },
  };
}

export const TRACKER_SCRIPT = pageScript(trackerSource);
export const ENGAGE_SCRIPT = pageScript(engageSource);
/** The chunk's URL as the site config gives it (docs/engagement.md "The page"). */
export const ENGAGE_URL = `/v1/engage.js?v=${ENGAGE_SCRIPT.version}`;
