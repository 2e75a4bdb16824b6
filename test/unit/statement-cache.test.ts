import { afterEach, expect, test } from "bun:test";
import type { Statement } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepared } from "../../lib/db/prepared.ts";
import { allOp, readRows, runProgram, type OpResult, type Program } from "../../lib/db/statements.ts";
import { siteHits } from "../../lib/db/tenant-schema.ts";
import { TenantStores, type TenantStore } from "../../lib/db/tenants.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stores(options: ConstructorParameters<typeof TenantStores>[1] = {}): TenantStores {
  const dir = mkdtempSync(join(tmpdir(), "tidemark-statements-"));
  dirs.push(dir);
  return new TenantStores(dir, options);
}

const SQL = "SELECT count(*) AS n FROM site_hits";

/** Prepares one drizzle query and one raw statement through the handle's cache. */
async function prepareBoth(store: TenantStore) {
  const query = prepared(store.db, "allSiteHits", () => store.db.select().from(siteHits).prepare());
  expect(await query.all()).toEqual([]);
  const count = function* (): Program<OpResult> {
    return yield allOp(SQL);
  };
  expect(await runProgram(store, count())).toEqual([{ n: 0 }]);
  const raw = store.statements.get(SQL, () => null as unknown as Statement);
  expect(raw.isFinalized).toBe(false);
  expect(store.statements.size).toBe(2);
  return { query, raw };
}

test("an evicted tenant handle finalizes the statements prepared on it", async () => {
  const tenants = stores({ max: 1, evictedCloseAfterMs: 0 });
  const a = await tenants.get({ id: "orga", dbUrl: null });
  const { query, raw } = await prepareBoth(a);
  await tenants.get({ id: "orgb", dbUrl: null });
  await Bun.sleep(20);
  expect(raw.isFinalized).toBe(true);
  expect(a.statements.size).toBe(0);
  expect(() => query.all()).toThrow();
  tenants.closeAll();
});

test("closeAll finalizes open handles and evicted ones still waiting to close", async () => {
  const tenants = stores({ max: 1 });
  const a = await tenants.get({ id: "orga", dbUrl: null });
  const first = await prepareBoth(a);
  const b = await tenants.get({ id: "orgb", dbUrl: null });
  const second = await prepareBoth(b);
  tenants.closeAll();
  expect(first.raw.isFinalized).toBe(true);
  expect(second.raw.isFinalized).toBe(true);
  expect(a.statements.size + b.statements.size).toBe(0);
});

test("the cache itself finalizes drizzle's prepared queries, connection still open", async () => {
  const tenants = stores();
  const store = await tenants.get({ id: "orga", dbUrl: null });
  const { query, raw } = await prepareBoth(store);
  store.statements.finalizeAll();
  expect(raw.isFinalized).toBe(true);
  expect(() => query.all()).toThrow();
  // The connection still works and prepares afresh.
  expect(await readRows(store, SQL, [], "objects")).toEqual([{ n: 0 }]);
  tenants.closeAll();
});
