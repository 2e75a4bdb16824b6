import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { must, ROOT, runAdmin, runAdminAsync, tempDir } from "../helpers/stack.ts";
import { freePort, spawnService, type Proc } from "../helpers/process.ts";
import { batch, ev, post } from "../helpers/hits.ts";
import { eventIdHash } from "../../lib/ingest/apply.ts";
import { migrationTags } from "../../lib/db/migrate.ts";

/** The last migration of each store: what a backup of a store this Tidemark migrated records. */
const LAST = { control: migrationTags.control.at(-1)!.tag, tenant: migrationTags.tenant.at(-1)!.tag };

const ENV = { INGEST_RATE_PER_IP: "100000000", INGEST_URL: "", QUERY_URL: "", HOOKS_URL: "", DASHBOARD_URL: "" };
const startServer = (dataDir: string) => spawnService([process.execPath, join(ROOT, "services/router/main.ts")], { ...ENV, DATA_DIR: dataDir }, freePort());

function integrity(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
}

function storedEventIds(path: string): Set<bigint> {
  const db = new Database(path, { readonly: true });
  try {
    return new Set((db.query("SELECT CAST(id_hash AS TEXT) AS h FROM recent_events").all() as { h: string }[]).map((r) => BigInt(r.h)));
  } finally {
    db.close();
  }
}

describe("a backup taken while ingest runs", () => {
  const dataDir = tempDir();
  const work = tempDir("tidemark-backups-");
  const servers: Proc[] = [];
  afterAll(async () => {
    for (const s of servers) await s.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  test("has every event acknowledged before it began, passes integrity_check, lists the own database without copying it; a quiet one serves equal reports", async () => {
    const server = await startServer(dataDir);
    servers.push(server);
    const boot = JSON.parse(readFileSync(join(dataDir, "bootstrap.json"), "utf8"));
    const ownPath = join(work, "own.sqlite");
    const own = must(runAdmin(dataDir, ["org", "create", "--name", "Own database", "--db", `file://${ownPath}`]));
    expect(existsSync(ownPath)).toBe(true);

    // Hits in a loop: batches of 5 pageviews, each batch a new visitor and session.
    const acked: string[] = [];
    let batches = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const events = Array.from({ length: 5 }, () => ev("pageview", Date.now()));
        const res = await post(server.url, batch(boot.siteKey, events));
        await res.arrayBuffer();
        expect(res.status).toBe(202);
        acked.push(...events.map((e) => e.id));
        batches++;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await Bun.sleep(800);

    const ackedBefore = acked.slice();
    const underLoad = join(work, "under-load");
    const backup = await runAdminAsync(dataDir, ["backup", "--out", underLoad]);
    const ackedDuring = acked.length - ackedBefore.length;
    stop = true;
    await Promise.all(workers);
    expect(backup.code).toBe(0);
    expect(ackedBefore.length).toBeGreaterThan(200);
    // The load did go on while the backup was taken.
    expect(ackedDuring).toBeGreaterThan(0);

    const orgFile = `${boot.orgId}.sqlite`;
    const manifest = JSON.parse(readFileSync(join(underLoad, "manifest.json"), "utf8"));
    expect(backup.json).toEqual({ out: underLoad, ...manifest });
    expect(manifest).toMatchObject({ format: 1, tidemarkVersion: "0.1.0", dataDir, storesNotCreated: [] });
    expect(manifest.files.map((f: { name: string; kind: string; schemaVersion?: string }) => [f.name, f.kind, f.schemaVersion ?? null])).toEqual([
      ["control.sqlite", "control", LAST.control],
      [orgFile, "tenant", LAST.tenant],
      ["internal-secret", "secret", null],
    ]);
    expect(manifest.ownDatabases).toEqual([{ org: own.id, url: `file://${ownPath}` }]);
    expect(readdirSync(underLoad).sort()).toEqual([orgFile, "control.sqlite", "internal-secret", "manifest.json"].sort());
    for (const name of readdirSync(underLoad)) expect(statSync(join(underLoad, name)).mode & 0o777).toBe(0o600);
    expect(statSync(underLoad).mode & 0o777).toBe(0o700);

    const restoredDir = join(work, "restored-under-load");
    const restore = must(runAdmin(dataDir, ["restore", "--from", underLoad, "--data-dir", restoredDir]));
    expect(restore).toMatchObject({
      dataDir: restoredDir,
      restored: [
        { name: "control.sqlite", integrity: "ok" },
        { name: orgFile, integrity: "ok" },
        { name: "internal-secret", integrity: null },
      ],
      ownDatabases: [{ org: own.id, url: `file://${ownPath}` }],
      replaced: [],
      kept: [],
    });
    expect(readdirSync(restoredDir).sort()).toEqual([orgFile, "control.sqlite", "internal-secret"].sort());
    for (const name of ["control.sqlite", orgFile]) expect(integrity(join(restoredDir, name))).toBe("ok");
    expect(readFileSync(join(restoredDir, "internal-secret"), "utf8")).toBe(readFileSync(join(dataDir, "internal-secret"), "utf8"));
    expect(statSync(join(restoredDir, "internal-secret")).mode & 0o777).toBe(0o600);
    const stored = storedEventIds(join(restoredDir, orgFile));
    expect(ackedBefore.filter((id) => !stored.has(eventIdHash(id)))).toEqual([]);

    // Quiet now: a second backup, restored and served by a fresh server, answers as the original.
    const quiet = join(work, "quiet");
    must(runAdmin(dataDir, ["backup", "--out", quiet]));
    const quietDir = join(work, "restored-quiet");
    must(runAdmin(dataDir, ["restore", "--from", quiet, "--data-dir", quietDir]));
    expect(storedEventIds(join(quietDir, orgFile)).size).toBe(acked.length);
    const restored = await startServer(quietDir);
    servers.push(restored);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const range = `from=${yesterday}&to=${today}`;
    const base = `/api/v1/orgs/${boot.orgId}/sites/${boot.siteId}`;
    const read = async (url: string, path: string) => {
      const res = await fetch(url + base + path, { headers: { authorization: `Bearer ${boot.key}` } });
      expect(res.status).toBe(200);
      return res.json() as Promise<any>;
    };
    for (const path of [`/analytics/overview?${range}`, `/reports/kpi_daily?${range}`]) {
      const [original, fromBackup] = [await read(server.url, path), await read(restored.url, path)];
      expect(fromBackup).toEqual(original);
    }
    const overview = await read(restored.url, `/analytics/overview?${range}`);
    expect(overview.current).toMatchObject({ pageviews: acked.length, sessions: batches, users: batches });
  }, 90_000);
});

describe("refusals change nothing", () => {
  let dataDir: string;
  let work: string;
  let backupDir: string;
  let orgFile: string;
  const admin = (...args: string[]) => runAdmin(dataDir, args);
  const refused = (args: string[], code: string, details: { path: string; message?: string }[]) => {
    const r = admin(...args);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe(code);
    expect(r.json.error.details.map((d: { path: string; message: string }, i: number) => (details[i]?.message === undefined ? { path: d.path } : d))).toEqual(details);
    return r.json.error;
  };

  beforeAll(() => {
    dataDir = tempDir();
    work = tempDir("tidemark-backups-");
    const org = must(admin("org", "create", "--name", "Kept"));
    orgFile = `${org.id}.sqlite`;
    backupDir = join(work, "backup");
    must(admin("backup", "--out", backupDir));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  test("bad flags name the flag", () => {
    refused(["backup"], "VALIDATION_FAILED", [{ path: "--out", message: "is required" }]);
    refused(["backup", "--out"], "VALIDATION_FAILED", [{ path: "--out", message: "needs a value" }]);
    refused(["backup", "--out", join(work, "x"), "--force"], "VALIDATION_FAILED", [{ path: "--force", message: "unknown flag" }]);
    refused(["restore", "--data-dir", join(work, "x")], "VALIDATION_FAILED", [{ path: "--from", message: "is required" }]);
    refused(["restore", "--from", backupDir], "VALIDATION_FAILED", [{ path: "--data-dir", message: "is required: the folder to restore into (DATA_DIR is not assumed, as it may be replaced)" }]);
    refused(["restore", "--from", backupDir, "--data-dir", backupDir], "VALIDATION_FAILED", [{ path: "--data-dir", message: "must not be the backup folder itself" }]);
    refused(["restore", "--from", join(work, "nowhere"), "--data-dir", join(work, "x")], "VALIDATION_FAILED", [{ path: "--from" }]);
    expect(existsSync(join(work, "x"))).toBe(false);
  });

  test("a backup into a non-empty folder, or of a DATA_DIR with no store, is refused", () => {
    const before = readFileSync(join(backupDir, "manifest.json"), "utf8");
    refused(["backup", "--out", backupDir], "CONFLICT", [{ path: "--out" }]);
    expect(readFileSync(join(backupDir, "manifest.json"), "utf8")).toBe(before);
    const none = join(work, "no-data");
    const r = runAdmin(none, ["backup", "--out", join(work, "of-nothing")]);
    expect(r.code).toBe(2);
    expect(r.json.error.details).toEqual([{ path: "DATA_DIR", message: `${none} holds no control.sqlite: nothing to back up` }]);
    // Nothing made: neither a DATA_DIR nor the folder for the copies.
    expect(existsSync(none)).toBe(false);
    expect(existsSync(join(work, "of-nothing"))).toBe(false);
  });

  test("a tampered file or a missing manifest: nothing written", () => {
    const tampered = join(work, "tampered");
    cpSync(backupDir, tampered, { recursive: true });
    const bytes = readFileSync(join(tampered, orgFile));
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(join(tampered, orgFile), bytes);
    const target = join(work, "from-tampered");
    refused(["restore", "--from", tampered, "--data-dir", target], "VALIDATION_FAILED", [{ path: orgFile, message: "its SHA-256 differs from the manifest: changed or damaged since the backup" }]);
    expect(existsSync(target)).toBe(false);

    const cut = join(work, "cut");
    cpSync(backupDir, cut, { recursive: true });
    writeFileSync(join(cut, "control.sqlite"), readFileSync(join(cut, "control.sqlite")).subarray(0, 4096));
    refused(["restore", "--from", cut, "--data-dir", target], "VALIDATION_FAILED", [{ path: "control.sqlite", message: expect.stringMatching(/^is 4096 bytes, the manifest says \d+$/) as unknown as string }]);
    expect(existsSync(target)).toBe(false);

    // Damaged before the backup's checksums were taken (they match): integrity_check refuses it.
    const damaged = join(work, "damaged");
    cpSync(backupDir, damaged, { recursive: true });
    const pages = readFileSync(join(damaged, orgFile));
    pages.fill(0x5a, 4096 * 3, 4096 * 6);
    writeFileSync(join(damaged, orgFile), pages);
    const listed = JSON.parse(readFileSync(join(damaged, "manifest.json"), "utf8"));
    listed.files[1].sha256 = new Bun.CryptoHasher("sha256").update(pages).digest("hex");
    writeFileSync(join(damaged, "manifest.json"), JSON.stringify(listed));
    const error = refused(["restore", "--from", damaged, "--data-dir", target], "VALIDATION_FAILED", [{ path: orgFile }]);
    expect(error.details[0].message).toStartWith("PRAGMA integrity_check: ");
    expect(error.message).toBe("A restored file failed its checks; nothing was restored");
    expect(existsSync(target)).toBe(false);

    const unfinished = join(work, "unfinished");
    cpSync(backupDir, unfinished, { recursive: true });
    rmSync(join(unfinished, "manifest.json"));
    refused(["restore", "--from", unfinished, "--data-dir", target], "VALIDATION_FAILED", [{ path: "--from", message: `${unfinished} has no manifest.json: not a backup, or one that did not finish` }]);
    expect(existsSync(target)).toBe(false);

    // A manifest naming a file outside the backup folder is not a manifest.
    const crafted = join(work, "crafted");
    cpSync(backupDir, crafted, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(crafted, "manifest.json"), "utf8"));
    manifest.files[0].name = "../../etc/passwd";
    writeFileSync(join(crafted, "manifest.json"), JSON.stringify(manifest));
    refused(["restore", "--from", crafted, "--data-dir", target], "VALIDATION_FAILED", [{ path: "manifest.json.files.0.name" }]);
    expect(existsSync(target)).toBe(false);

    // A store a newer Tidemark migrated would be served with a schema this one does not know.
    const newer = join(work, "newer");
    cpSync(backupDir, newer, { recursive: true });
    const future = JSON.parse(readFileSync(join(newer, "manifest.json"), "utf8"));
    future.files[1].schemaVersion = "9999_from_the_future";
    writeFileSync(join(newer, "manifest.json"), JSON.stringify(future));
    refused(["restore", "--from", newer, "--data-dir", target], "CONFLICT", [
      { path: "manifest.json.files.1.schemaVersion", message: `${orgFile} is at 9999_from_the_future, unknown to this Tidemark (its last is ${LAST.tenant}): restore with Tidemark 0.1.0` },
    ]);
    expect(existsSync(target)).toBe(false);
  });

  test("a non-empty target is refused without --force; with it, Tidemark's files are replaced and others kept", () => {
    const target = join(work, "busy");
    mkdirSync(join(target, "columns", "old-org"), { recursive: true });
    writeFileSync(join(target, "control.sqlite"), "old");
    writeFileSync(join(target, "control.sqlite-wal"), "old wal");
    writeFileSync(join(target, "notes.txt"), "mine");
    // A store of an org the backup does not know (made after it): kept, never deleted by a restore.
    const later = `${"f".repeat(24)}.sqlite`;
    writeFileSync(join(target, later), "later");
    refused(["restore", "--from", backupDir, "--data-dir", target], "CONFLICT", [
      { path: "--data-dir", message: "must be empty (it holds 5 entries, e.g. columns, control.sqlite, control.sqlite-wal); --force replaces its Tidemark data" },
    ]);
    expect(readFileSync(join(target, "control.sqlite"), "utf8")).toBe("old");

    const done = must(admin("restore", "--from", backupDir, "--data-dir", target, "--force"));
    expect(done.replaced).toEqual(["columns", "control.sqlite", "control.sqlite-wal"]);
    expect(done.kept).toEqual([later, "notes.txt"]);
    expect(readdirSync(target).sort()).toEqual([orgFile, "control.sqlite", "internal-secret", later, "notes.txt"].sort());
    expect(readFileSync(join(target, later), "utf8")).toBe("later");
    expect(integrity(join(target, "control.sqlite"))).toBe("ok");
    // The restored folder is a DATA_DIR the admin CLI works on.
    expect(runAdmin(target, ["org", "plan", "--org", orgFile.slice(0, 24), "--plan", "growth"]).code).toBe(0);
  });
});
