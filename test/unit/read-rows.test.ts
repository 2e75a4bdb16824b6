import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readRows } from "../../lib/db/statements.ts";

test("readRows gives rows as arrays by default and as objects when asked", async () => {
  const sqlite = new Database(":memory:");
  sqlite.exec("CREATE TABLE t (id INTEGER, name TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  const store = { sqlite, libsql: null };
  expect(await readRows(store, "SELECT id, name FROM t WHERE id >= ? ORDER BY id", [2])).toEqual([[2, "b"]]);
  expect(await readRows(store, "SELECT id, name FROM t ORDER BY id", [], "objects")).toEqual([
    { id: 1, name: "a" },
    { id: 2, name: "b" },
  ]);
  sqlite.close();
});

test("readRows refuses a store without a connection", async () => {
  await expect(readRows({ sqlite: null, libsql: null }, "SELECT 1", [])).rejects.toThrow(/no connection/);
});
