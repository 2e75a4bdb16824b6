import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { createReadStream } from "node:fs";
import { ID_PATTERN } from "../ids.ts";
import { ApiError } from "../errors.ts";

/** A backup folder's table of contents; written last, so a folder without it is not a backup. */
export const MANIFEST = "manifest.json";
export const MANIFEST_FORMAT = 1;
/** DATA_DIR's file holding the router ↔ service signing secret (lib/platform.ts). */
export const SECRET_FILE = "internal-secret";
export const CONTROL_FILE = "control.sqlite";

/** The only names a backup holds: a crafted manifest cannot point a restore outside its folders. */
export const BackupFileName = Type.String({ pattern: "^(control\\.sqlite|[0-9a-f]{24}\\.sqlite|internal-secret)$" });

export const BackupFile = Type.Object({
  name: BackupFileName,
  kind: Type.Union([Type.Literal("control"), Type.Literal("tenant"), Type.Literal("secret")]),
  /** The org whose managed store this is (tenant files). */
  org: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  /** The last migration applied (SQLite files). */
  schemaVersion: Type.Optional(Type.String({ minLength: 1 })),
});
export type BackupFile = Static<typeof BackupFile>;

export const OwnDatabase = Type.Object({
  org: Type.String({ pattern: ID_PATTERN }),
  /** The org's own database URL, without user, password or query (an auth token lives there). */
  url: Type.String(),
});
export type OwnDatabase = Static<typeof OwnDatabase>;

export const Manifest = Type.Object({
  format: Type.Literal(MANIFEST_FORMAT),
  /** When the backup began: everything committed before it is in the copies. */
  createdAt: Type.String(),
  finishedAt: Type.String(),
  tidemarkVersion: Type.String(),
  /** The DATA_DIR it was taken from (for the operator's eyes only). */
  dataDir: Type.String(),
  files: Type.Array(BackupFile),
  /** Bring-your-own databases: listed, never copied (their owners back them up). */
  ownDatabases: Type.Array(OwnDatabase),
  /** Orgs with a managed store that had no file yet (never opened): none to copy. */
  storesNotCreated: Type.Array(Type.String({ pattern: ID_PATTERN })),
});
export type Manifest = Static<typeof Manifest>;

/** Checks a parsed manifest; every problem is a detail naming where in manifest.json it is. */
export function checkManifest(value: unknown): Manifest {
  if (Value.Check(Manifest, value)) return value;
  const details = [...Value.Errors(Manifest, value)].slice(0, 10).map((e) => ({ path: `${MANIFEST}${e.path.replaceAll("/", ".")}`, message: e.message }));
  throw new ApiError("VALIDATION_FAILED", `${MANIFEST} is not a Tidemark backup manifest`, details);
}

/** SHA-256 (hex) and size of a file, read as a stream so a large store never sits in memory. */
export async function fileDigest(path: string): Promise<{ bytes: number; sha256: string }> {
  const hasher = new Bun.CryptoHasher("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hasher.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hasher.digest("hex") };
}

/** An own database's URL as the manifest shows it: no credentials, no auth token. */
export function urlWithoutCredentials(dbUrl: string): string {
  try {
    const url = new URL(dbUrl);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.toString();
  } catch {
    return "(not a URL)";
  }
}
