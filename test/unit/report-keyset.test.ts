import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import type { Client } from "@libsql/client/web";
import type { TenantStore } from "../../lib/db/tenants.ts";
import { KEYSET_PAGE, keysetRows, type KeysetQuery } from "../../lib/reports/store/keyset.ts";
import type { ReportRow } from "../../lib/reports/report.ts";

/**
 * keysetRows (lib/reports/store/keyset.ts) on both drivers: bun:sqlite pages as the iterator is
 * pulled; libSQL (here a client that answers from a bun:sqlite handle, as the remote one would)
 * reads every page before the run returns. 2.5 pages of rows, two rows sharing each time.
 */

const N = Math.floor(KEYSET_PAGE * 2.5) + 1;

function fixture(): Database {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL); CREATE INDEX t_at ON t (at)");
  const insert = db.query("INSERT INTO t (at) VALUES (?)");
  // Inserted newest time first, so the order by (at, seq) is not the insertion order.
  db.transaction(() => {
    for (let i = 0; i < N; i++) insert.run(Math.floor((N - 1 - i) / 2));
  })();
  return db;
}

const query: KeysetQuery<[number, number]> = {
  first: "SELECT at, seq FROM t ORDER BY at, seq LIMIT ?",
  firstArgs: [],
  next: "SELECT at, seq FROM t WHERE at >= ? AND (at > ? OR seq > ?) ORDER BY at, seq LIMIT ?",
  nextArgs: [],
  keyOf: ([at, seq]) => [at, at, seq],
  toRow: ([at, seq]) => ({ at, seq }),
};

const expected = (db: Database) => db.query("SELECT at, seq FROM t ORDER BY at, seq").all() as ReportRow[];

test("bun:sqlite: each row once in order across the pages, read as pulled, and again from the start on a second call", async () => {
  const db = fixture();
  const store = { sqlite: db, libsql: null } as unknown as TenantStore;
  const rows = await keysetRows(store, query);
  // Nothing is read until pulled: a row gone before the first pull is not there.
  db.exec("DELETE FROM t WHERE seq = 1");
  const want = expected(db);
  expect(want).toHaveLength(N - 1);
  expect(await Array.fromAsync(rows())).toEqual(want);
  expect(await Array.fromAsync(rows())).toEqual(want);
  db.close();
});

test("libSQL: the same rows, read a page at a time as the iterator is pulled", async () => {
  const db = fixture();
  let calls = 0;
  const libsql = {
    execute: async ({ sql, args }: { sql: string; args: (number | string)[] }) => {
      calls++;
      return { rows: db.query(sql).values(...args) };
    },
  } as unknown as Client;
  const store = { sqlite: null, libsql } as unknown as TenantStore;
  const rows = await keysetRows(store, query);
  // Nothing is read before the first pull, then one page per KEYSET_PAGE rows.
  expect(calls).toBe(0);
  const want = expected(db);
  const iterator = (rows() as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  await iterator.next();
  expect(calls).toBe(1);
  await iterator.return?.();
  expect(await Array.fromAsync(rows())).toEqual(want);
  expect(calls).toBe(4);
  expect(await Array.fromAsync(rows())).toEqual(want);
  db.close();
});
