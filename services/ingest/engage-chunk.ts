import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The engagement chunk's address as the site config hands it to the core script:
 * `/v1/engage.js?v=<hash>`, the hash of the chunk's text, so a new chunk is a new URL and the
 * old one may be cached for long. One function, used by the config and by the chunk's route.
 */

const CHUNK_FILE = join(import.meta.dir, "tracker/engage.min.js");

/** The chunk's text, or null where the file is not (a build without it, a single-file binary that embeds it elsewhere). */
export function engageChunkSource(): string | null {
  return existsSync(CHUNK_FILE) ? readFileSync(CHUNK_FILE, "utf8") : null;
}

/** The version of the chunk in its URL: 12 characters of the SHA-256 of its text (of "engage" without one). */
export function engageChunkVersion(source: string | null = engageChunkSource()): string {
  return createHash("sha256").update(source ?? "engage").digest("base64url").slice(0, 12);
}

export const engageChunkUrl = (version: string = engageChunkVersion()): string => `/v1/engage.js?v=${version}`;
