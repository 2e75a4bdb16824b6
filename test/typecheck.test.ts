import { expect, test } from "bun:test";
import { join } from "node:path";

/**
 * The whole project type-checks (`tsc --noEmit`, tsconfig.json: services, lib, scripts, test) —
 * among it the client generated from the served document (test/contract/typed-client.test.ts
 * calls operations through types from test/contract/api-types.ts), so a document that no longer
 * fits how its operations are called fails here.
 */
test("tsc --noEmit finds no type error", () => {
  const root = join(import.meta.dir, "..");
  const tsc = Bun.spawnSync([process.execPath, join(root, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", root], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const output = `${tsc.stdout.toString()}${tsc.stderr.toString()}`;
  expect(output.trim()).toBe("");
  expect(tsc.exitCode).toBe(0);
}, 180_000);
