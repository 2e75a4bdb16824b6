import type { Database, Statement } from "bun:sqlite";
import type { Client } from "@libsql/client/web";
import { statementsOf } from "./prepared.ts";

/**
 * A unit of write logic written once as a generator that yields SQL operations and receives
 * their results — run synchronously on bun:sqlite (so the transaction cannot interleave with
 * other work on the same handle) or awaited on a libSQL interactive transaction.
 */
export type Arg = string | number | bigint | Uint8Array | null;
export type Op = { sql: string; args: Arg[]; mode: "run" | "get" | "all" };
export type RunResult = { changes: number; lastInsertRowid: number };
export type OpResult = RunResult | Record<string, unknown> | Record<string, unknown>[] | undefined;
export type Program<T> = Generator<Op, T, OpResult>;

/** The operations a program yields. */
export const runOp = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "run" });
export const getOp = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "get" });
export const allOp = (sql: string, ...args: Arg[]): Op => ({ sql, args, mode: "all" });

/**
 * Multi-row statement texts by row count (`head` rows… `tail`), built once: the same string
 * object each time keeps the prepared-statement lookup from hashing a new text of up to 5 KB.
 */
export const byRowCount = (head: string, row: string, tail = "") => {
  const texts: string[] = [];
  return (n: number): string => (texts[n] ??= tail ? `${head} ${Array(n).fill(row).join(",")} ${tail}` : `${head} ${Array(n).fill(row).join(",")}`);
};

/** The connection's statement for this SQL, prepared once (lib/db/prepared.ts; finalized on close). */
const statement = (db: Database, sql: string): Statement => statementsOf(db).get(sql, () => db.prepare(sql));

const ranWith = (r: { changes: number; lastInsertRowid: number | bigint }): RunResult => ({ changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) });

/** Runs a program inside BEGIN IMMEDIATE … COMMIT on a bun:sqlite handle, synchronously. */
export function runOnSqlite<T>(db: Database, program: Program<T>): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    let step = program.next();
    while (!step.done) {
      const op = step.value;
      const st = statement(db, op.sql);
      // The values as one array: bun:sqlite binds an array argument as the list, without spreading it.
      const result: OpResult =
        op.mode === "run" ? ranWith(st.run(op.args)) : op.mode === "all" ? (st.all(op.args) as Record<string, unknown>[]) : ((st.get(op.args) as Record<string, unknown> | null) ?? undefined);
      step = program.next(result);
    }
    db.exec("COMMIT");
    return step.value;
  } catch (error) {
    try {
      db.exec("ROLLBACK");
    } catch {
      /* the failure already ended the transaction */
    }
    throw error;
  }
}

/** Runs a program in a libSQL write transaction. */
export async function runOnLibsql<T>(client: Client, program: Program<T>): Promise<T> {
  const tx = await client.transaction("write");
  try {
    let step = program.next();
    while (!step.done) {
      const op = step.value;
      const rs = await tx.execute({ sql: op.sql, args: op.args });
      const rows = rs.rows as unknown as Record<string, unknown>[];
      const result: OpResult = op.mode === "run" ? { changes: rs.rowsAffected, lastInsertRowid: Number(rs.lastInsertRowid ?? 0) } : op.mode === "all" ? [...rows] : (rows[0] ?? undefined);
      step = program.next(result);
    }
    await tx.commit();
    return step.value;
  } catch (error) {
    await tx.rollback().catch(() => {});
    throw error;
  } finally {
    tx.close();
  }
}

/** A store's connections as the helpers below need them (a TenantStore has both fields). */
export interface StoreHandles {
  sqlite: Database | null;
  libsql: Client | null;
}

/** Runs a write program on whichever connection the store has: bun:sqlite (synchronously) or libSQL. */
export async function runProgram<T>(store: StoreHandles, program: Program<T>): Promise<T> {
  if (store.sqlite) return runOnSqlite(store.sqlite, program);
  if (store.libsql) return runOnLibsql(store.libsql, program);
  throw new Error("the store has no connection");
}

/** Rows as arrays in column order (no object per row: analytics loads millions) or as objects by column name. */
export type RowShape = "arrays" | "objects";

/**
 * One read-only statement on either driver, outside any transaction (so it takes no write lock).
 * On bun:sqlite through the connection's query cache: bounded (least recently used out), since
 * reads may inline value lists into their SQL, and finalized when the connection closes.
 */
export function readRows(store: StoreHandles, sql: string, args: Arg[], shape?: "arrays"): Promise<unknown[][]>;
export function readRows(store: StoreHandles, sql: string, args: Arg[], shape: "objects"): Promise<Record<string, unknown>[]>;
export async function readRows(store: StoreHandles, sql: string, args: Arg[], shape: RowShape = "arrays"): Promise<unknown[][] | Record<string, unknown>[]> {
  if (store.sqlite) {
    const st = store.sqlite.query(sql);
    return shape === "arrays" ? (st.values(...args) as unknown[][]) : (st.all(...args) as Record<string, unknown>[]);
  }
  if (store.libsql) {
    const rows = (await store.libsql.execute({ sql, args })).rows;
    return shape === "arrays" ? rows.map((row) => Array.from(row as ArrayLike<unknown>)) : (rows as unknown as Record<string, unknown>[]);
  }
  throw new Error("the store has no connection");
}
