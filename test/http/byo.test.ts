import { afterAll, beforeAll, expect, test } from "bun:test";
import { linkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { must, startStack, tempDir, type TestStack } from "../helpers/stack.ts";

let s: TestStack;
let ownDir: string;

beforeAll(async () => {
  s = await startStack();
  ownDir = tempDir("tidemark-byo-");
});

afterAll(async () => {
  await s.close();
});

function orgWithKey(name: string, db?: string) {
  const created = must(s.admin("org", "create", "--name", name, ...(db ? ["--db", db] : [])));
  const user = must(s.admin("user", "create", "--org", created.id, "--name", "O", "--email", `o@${name.toLowerCase()}.test`, "--role", "owner")).id;
  const site = must(s.admin("site", "create", "--org", created.id, "--name", name, "--domain", `${name.toLowerCase()}.test`)).id;
  const key = must(s.admin("key", "create", "--org", created.id, "--user", user, "--perms", "all")).key;
  return { ...created, site, key };
}

test("an org's own SQLite file works like the managed store", async () => {
  const file = join(ownDir, "own.sqlite");
  const org = orgWithKey("Owned", `file:${file}`);
  expect(org.warning).toBeUndefined();
  const res = await s.api(`/api/v1/orgs/${org.id}/audit`, org.key);
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  expect(body.actions).toContain("org.created");
  expect(await Bun.file(file).exists()).toBe(true);
});

test("an own database at an unreachable location answers 503 BYO_DB_UNREACHABLE", async () => {
  for (const [name, url] of [
    ["Nofile", "file:/proc/no-such-dir/tenant.sqlite"],
    ["Nohost", "http://127.0.0.1:9/db"],
  ]) {
    const org = orgWithKey(name, url);
    expect(org.warning).toContain("own database not reachable");
    for (const path of [`/api/v1/orgs/${org.id}/sites`, `/api/v1/orgs/${org.id}/audit`, `/api/v1/orgs/${org.id}/sites/${org.site}/status`]) {
      const res = await s.api(path, org.key);
      const body = (await res.json()) as any;
      expect(res.status).toBe(503);
      expect(body.error.code).toBe("BYO_DB_UNREACHABLE");
      expect(body.error.details[0].path).toBe("database");
    }
  }
});

test("a managed store that cannot be opened answers 503 UPSTREAM_UNAVAILABLE with Retry-After, and recovers", async () => {
  // Org created, then its file blocked by a dangling link of the same name.
  const id = must(s.admin("org", "create", "--name", "Blocked")).id;
  const user = must(s.admin("user", "create", "--org", id, "--name", "B", "--email", "b@blocked.test", "--role", "owner")).id;
  const key = must(s.admin("key", "create", "--org", id, "--user", user, "--perms", "all")).key;
  // A fresh stack on the same data directory has no cached handle for the org.
  const other = await startStack({ dataDir: s.dataDir });
  try {
    const file = join(s.dataDir, `${id}.sqlite`);
    // The file swapped for a link to nowhere, and back, each in one rename: with a moment between
    // a removal and a rename (as with a directory in its place), a store opened meanwhile by
    // anything in the process could create a fresh file there (seen: 503 for 30 s after the return).
    linkSync(file, `${file}.moved`);
    for (const suffix of ["-wal", "-shm"]) rmSync(file + suffix, { force: true });
    symlinkSync(join(s.dataDir, "no-such-dir", "store.sqlite"), `${file}.blocked`);
    renameSync(`${file}.blocked`, file);
    const res = await other.api(`/api/v1/orgs/${id}/audit`, key);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(((await res.json()) as any).error.code).toBe("UPSTREAM_UNAVAILABLE");
    renameSync(`${file}.moved`, file);
    // Recovery is the event waited for: a client told Retry-After asks again.
    let back = await other.api(`/api/v1/orgs/${id}/audit`, key);
    for (const deadline = Date.now() + 30_000; back.status === 503 && Date.now() < deadline; ) {
      await Bun.sleep(100);
      back = await other.api(`/api/v1/orgs/${id}/audit`, key);
    }
    expect(back.status).toBe(200);
    expect(((await back.json()) as any).actions).toContain("org.created");
  } finally {
    await other.stop();
  }
});

test("org create refuses a database URL it cannot use", () => {
  const bad = s.admin("org", "create", "--name", "Bad", "--db", "postgres://x/y");
  expect(bad.code).toBe(2);
  expect(bad.json.error.code).toBe("VALIDATION_FAILED");
  expect(bad.json.error.details[0].path).toBe("--db");
});
