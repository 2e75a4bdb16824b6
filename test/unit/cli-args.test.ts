import { expect, test } from "bun:test";
import { parseArgs } from "../../scripts/admin.ts";
import { ApiError } from "../../lib/errors.ts";

const fails = (argv: string[]) => {
  try {
    parseArgs(argv);
    return null;
  } catch (e) {
    return (e as ApiError).details[0];
  }
};

test("flags, booleans and the errors for bad ones", () => {
  expect(parseArgs(["domain", "add", "--site", "s", "--hostname", "h", "--include-subdomains"]).flags).toEqual({ site: "s", hostname: "h", "include-subdomains": true });
  expect(fails(["nope", "thing"])).toEqual({ path: "command", message: "unknown command" });
  expect(fails(["org", "create", "--colour", "red"])).toEqual({ path: "--colour", message: "unknown flag" });
  expect(fails(["org", "create", "--name"])).toEqual({ path: "--name", message: "needs a value" });
  expect(fails(["org", "create", "--name", "a", "--name", "b"])).toEqual({ path: "--name", message: "given twice" });
  expect(fails(["org", "create", "stray"])).toMatchObject({ path: "stray" });
});

test("one-word commands take their flags straight after the word", () => {
  expect(parseArgs(["backup", "--out", "/b"])).toMatchObject({ name: "backup", flags: { out: "/b" } });
  expect(parseArgs(["restore", "--from", "/b", "--data-dir", "/d", "--force"])).toMatchObject({ name: "restore", flags: { from: "/b", "data-dir": "/d", force: true } });
  expect(fails(["backup", "now"])).toMatchObject({ path: "now" });
  expect(fails(["restore", "--out", "/b"])).toEqual({ path: "--out", message: "unknown flag" });
});
