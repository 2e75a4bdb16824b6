import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { ApiError, invalid } from "../errors.ts";
import { appliedMigration, type StoreKind } from "../db/migrate.ts";
import { readOnly } from "./read-only.ts";
import { CONTROL_FILE, fileDigest, MANIFEST, MANIFEST_FORMAT, SECRET_FILE, urlWithoutCredentials, type BackupFile, type Manifest, type OwnDatabase } from "./manifest.ts";

export type BackupSummary = Manifest & { out: string };

/**
 * Copies DATA_DIR's control store, every managed org store and the signing secret into `out`
 * while the service may be writing. Each store is copied with `VACUUM INTO` from a read-only
 * connection: one read transaction, so the copy is the store as committed at one moment (WAL
 * included) and nothing in DATA_DIR is written. The control store goes first and the orgs are
 * read from its copy, so every org the copy names has its store copied after it.
 */
export async function backupDataDir(dataDir: string, out: string): Promise<BackupSummary> {
  if (!existsSync(join(dataDir, CONTROL_FILE))) throw invalid("DATA_DIR", `${dataDir} holds no ${CONTROL_FILE}: nothing to back up`);
  const createdOut = prepareOut(out);
  const written: string[] = [];
  try {
    const createdAt = new Date().toISOString();
    const files: BackupFile[] = [await snapshot(dataDir, out, CONTROL_FILE, "control", written)];
    const ownDatabases: OwnDatabase[] = [];
    const storesNotCreated: string[] = [];
    for (const org of orgsOf(join(out, CONTROL_FILE))) {
      const name = `${org.id}.sqlite`;
      if (org.dbUrl !== null) ownDatabases.push({ org: org.id, url: urlWithoutCredentials(org.dbUrl) });
      else if (!existsSync(join(dataDir, name))) storesNotCreated.push(org.id);
      else files.push({ ...(await snapshot(dataDir, out, name, "tenant", written)), org: org.id });
    }
    if (existsSync(join(dataDir, SECRET_FILE))) files.push(await copySecret(dataDir, out, written));
    const manifest: Manifest = { format: MANIFEST_FORMAT, createdAt, finishedAt: new Date().toISOString(), tidemarkVersion: pkg.version, dataDir, files, ownDatabases, storesNotCreated };
    // Written under another name and renamed: a folder with manifest.json is a finished backup.
    const temp = join(out, `${MANIFEST}.partial`);
    written.push(temp);
    writeFileSync(temp, JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });
    renameSync(temp, join(out, MANIFEST));
    return { out, ...manifest };
  } catch (error) {
    // Leave --out as it was found, so the same command can be run again.
    for (const path of written) rmSync(path, { force: true });
    if (createdOut) rmdirSync(out);
    throw error;
  }
}

/** `out` must be a new or empty folder; created 0700 (the copies hold personal data). Says whether it was created. */
function prepareOut(out: string): boolean {
  if (!existsSync(out)) {
    mkdirSync(out, { recursive: true, mode: 0o700 });
    return true;
  }
  if (!statSync(out).isDirectory()) throw invalid("--out", `${out} is a file, not a folder`);
  const entries = readdirSync(out);
  if (entries.length > 0) throw new ApiError("CONFLICT", `--out: ${out} is not empty`, [{ path: "--out", message: `must be a new or empty folder (it holds ${entries.length} entries, e.g. ${entries.slice(0, 3).join(", ")})` }]);
  return false;
}

function orgsOf(controlCopy: string): { id: string; dbUrl: string | null }[] {
  return readOnly(controlCopy, (db) => db.query<{ id: string; dbUrl: string | null }, []>("SELECT id, db_url AS dbUrl FROM orgs ORDER BY id").all());
}

async function snapshot(dataDir: string, out: string, name: string, kind: StoreKind, written: string[]): Promise<BackupFile> {
  const target = join(out, name);
  written.push(target);
  readOnly(join(dataDir, name), (source) => source.run("VACUUM INTO ?", [target]));
  chmodSync(target, 0o600);
  // Read from the copy, so the version is the one of the rows copied.
  const schema = readOnly(target, (copy) => appliedMigration(copy, kind));
  if (schema.tag === null) {
    throw new ApiError("CONFLICT", `${name} was migrated by a newer Tidemark than this one (${pkg.version})`, [
      { path: name, message: schema.when === null ? "has no migrations recorded" : `its last migration (${schema.when}) is unknown to this version: back up with the version that serves it` },
    ]);
  }
  return { name, kind, ...(await fileDigest(target)), schemaVersion: schema.tag };
}

async function copySecret(dataDir: string, out: string, written: string[]): Promise<BackupFile> {
  const target = join(out, SECRET_FILE);
  written.push(target);
  copyFileSync(join(dataDir, SECRET_FILE), target);
  chmodSync(target, 0o600);
  return { name: SECRET_FILE, kind: "secret", ...(await fileDigest(target)) };
}
