import { randomBytes } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { ApiError, invalid, type ErrorDetail } from "../errors.ts";
import { migrationTags } from "../db/migrate.ts";
import { readOnly } from "./read-only.ts";
import { checkManifest, fileDigest, MANIFEST, type Manifest, type OwnDatabase } from "./manifest.ts";

export interface RestoreSummary {
  dataDir: string;
  from: string;
  /** When the restored backup was taken. */
  backupCreatedAt: string;
  tidemarkVersion: string;
  /** Each file put in place; `integrity` is PRAGMA integrity_check's answer (null for the secret, not a database). */
  restored: { name: string; bytes: number; integrity: "ok" | null }[];
  /** Own databases the restored control store points at: not in the backup, restore them yourself. */
  ownDatabases: OwnDatabase[];
  /** What --force removed or overwrote in the target. */
  replaced: string[];
  /** Entries of the target that are not Tidemark's and were left alone. */
  kept: string[];
}

/**
 * Restores a backup folder into `target`. Nothing is written until every file matched the
 * manifest (size and SHA-256) and, copied into a staging folder inside the target, passed
 * `PRAGMA integrity_check`; then the copies are moved into place. The service must not be running
 * on `target`.
 */
export async function restoreBackup(from: string, target: string, force: boolean): Promise<RestoreSummary> {
  if (from === target) throw invalid("--data-dir", "must not be the backup folder itself");
  const manifest = readManifest(from);
  checkSchemaVersions(manifest);
  await verifyFiles(from, manifest);
  const present = existsSync(target) ? entriesOf(target) : [];
  if (present.length > 0 && !force) {
    throw new ApiError("CONFLICT", `--data-dir: ${target} is not empty`, [
      { path: "--data-dir", message: `must be empty (it holds ${present.length} entries, e.g. ${present.slice(0, 3).join(", ")}); --force replaces its Tidemark data` },
    ]);
  }
  const { replaced, kept } = plan(present, manifest);
  const createdTarget = !existsSync(target);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const staging = join(target, `.restore-${randomBytes(6).toString("hex")}`);
  mkdirSync(staging, { mode: 0o700 });
  let restored: RestoreSummary["restored"];
  try {
    restored = await stage(from, staging, manifest);
  } catch (error) {
    // A check failed: leave no trace, not even the folder if this restore made it.
    rmSync(createdTarget ? target : staging, { recursive: true, force: true });
    throw error;
  }
  try {
    for (const name of replaced) rmSync(join(target, name), { recursive: true, force: true });
    // The staged copies are already 0600; a rename keeps that.
    for (const file of manifest.files) renameSync(join(staging, file.name), join(target, file.name));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { dataDir: target, from, backupCreatedAt: manifest.createdAt, tidemarkVersion: manifest.tidemarkVersion, restored, ownDatabases: manifest.ownDatabases, replaced, kept };
}

function readManifest(from: string): Manifest {
  if (!existsSync(from) || !statSync(from).isDirectory()) throw invalid("--from", `${from} is not a folder`);
  const path = join(from, MANIFEST);
  if (!existsSync(path)) throw invalid("--from", `${from} has no ${MANIFEST}: not a backup, or one that did not finish`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw invalid(MANIFEST, `is not JSON (${(error as Error).message})`);
  }
  const manifest = checkManifest(parsed);
  const names = manifest.files.map((f) => f.name);
  const problems: ErrorDetail[] = [];
  if (manifest.files.filter((f) => f.kind === "control").length !== 1) problems.push({ path: `${MANIFEST}.files`, message: "must list exactly one control store" });
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) problems.push({ path: `${MANIFEST}.files.${i}.name`, message: `${name} is listed twice` });
  });
  if (problems.length) throw new ApiError("VALIDATION_FAILED", `${MANIFEST} is not a Tidemark backup manifest`, problems);
  return manifest;
}

/** A store migrated by a newer Tidemark would be served with a schema this one does not know. */
function checkSchemaVersions(manifest: Manifest): void {
  const problems: ErrorDetail[] = [];
  manifest.files.forEach((file, i) => {
    if (file.kind === "secret") return;
    const known = migrationTags[file.kind];
    if (!known.some((m) => m.tag === file.schemaVersion)) {
      problems.push({ path: `${MANIFEST}.files.${i}.schemaVersion`, message: `${file.name} is at ${file.schemaVersion ?? "no version"}, unknown to this Tidemark (its last is ${known.at(-1)!.tag}): restore with Tidemark ${manifest.tidemarkVersion}` });
    }
  });
  if (problems.length) throw new ApiError("CONFLICT", "The backup was made by a newer Tidemark", problems);
}

/** Every file listed, at the size and SHA-256 the manifest says, before anything is written. */
async function verifyFiles(from: string, manifest: Manifest): Promise<void> {
  const problems: ErrorDetail[] = [];
  for (const file of manifest.files) {
    const path = join(from, file.name);
    if (!existsSync(path)) {
      problems.push({ path: file.name, message: "is listed in the manifest but missing from the backup" });
      continue;
    }
    const actual = await fileDigest(path);
    if (actual.bytes !== file.bytes) problems.push({ path: file.name, message: `is ${actual.bytes} bytes, the manifest says ${file.bytes}` });
    else if (actual.sha256 !== file.sha256) problems.push({ path: file.name, message: "its SHA-256 differs from the manifest: changed or damaged since the backup" });
  }
  if (problems.length) throw new ApiError("VALIDATION_FAILED", "The backup does not match its manifest; nothing was restored", problems);
}

function entriesOf(target: string): string[] {
  if (!statSync(target).isDirectory()) throw invalid("--data-dir", `${target} is a file, not a folder`);
  return readdirSync(target).sort();
}

/**
 * With --force, what goes: each file the backup brings, with its WAL, shared-memory and journal
 * files (replayed into the restored store otherwise), and the column snapshots (a cache of the
 * old rows). Anything else stays — a store of an org the backup does not know included: a restore
 * never deletes data it does not put back.
 */
function plan(present: string[], manifest: Manifest): { replaced: string[]; kept: string[] } {
  const brought = new Set(manifest.files.map((f) => f.name));
  const ours = (name: string) => brought.has(name.replace(/-(wal|shm|journal)$/, "")) || name === "columns" || name.startsWith(".restore-");
  return { replaced: present.filter(ours), kept: present.filter((n) => !ours(n)) };
}

/** Copies into the staging folder, checks each copy again (the write) and SQLite's own integrity check. */
async function stage(from: string, staging: string, manifest: Manifest): Promise<RestoreSummary["restored"]> {
  const restored: RestoreSummary["restored"] = [];
  const problems: ErrorDetail[] = [];
  for (const file of manifest.files) {
    const path = join(staging, file.name);
    copyFileSync(join(from, file.name), path);
    chmodSync(path, 0o600);
    if ((await fileDigest(path)).sha256 !== file.sha256) {
      problems.push({ path: file.name, message: "the copy written differs from the backup (disk error?)" });
      continue;
    }
    if (file.kind === "secret") {
      restored.push({ name: file.name, bytes: file.bytes, integrity: null });
      continue;
    }
    const result = integrityOf(path);
    if (result !== "ok") problems.push({ path: file.name, message: `PRAGMA integrity_check: ${result}` });
    else restored.push({ name: file.name, bytes: file.bytes, integrity: "ok" });
  }
  if (problems.length) throw new ApiError("VALIDATION_FAILED", "A restored file failed its checks; nothing was restored", problems);
  return restored;
}

function integrityOf(path: string): string {
  try {
    return readOnly(path, (db) => db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check).join("; "));
  } catch (error) {
    return (error as Error).message;
  }
}
