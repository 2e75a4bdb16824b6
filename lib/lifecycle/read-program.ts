import { readRows, type OpResult, type Program, type StoreHandles } from "../db/statements.ts";

/**
 * Runs a program of reads only (its `run` operations are refused) outside any transaction, so
 * a long read — a person's export — takes no write lock and never holds up ingest. The same
 * program runs inside runProgram's transaction when it is a step of a write (an erasure).
 */
export async function readProgram<T>(store: StoreHandles, program: Program<T>): Promise<T> {
  let step = program.next();
  while (!step.done) {
    const op = step.value;
    if (op.mode === "run") throw new Error("readProgram runs reads only");
    const rows = await readRows(store, op.sql, op.args, "objects");
    const result: OpResult = op.mode === "all" ? rows : rows[0];
    step = program.next(result);
  }
  return step.value;
}
