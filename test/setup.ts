// Keep the test output readable: request and diagnostic log lines off unless a test asks.
import { afterAll, setDefaultTimeout } from "bun:test";
import { setLogging } from "../lib/log.ts";
import { removeTempDirs } from "./helpers/temp-dirs.ts";

// bunfig.toml's `timeout` is not applied by Bun 1.4.5 (only `--timeout` is), so a file run alone
// with a plain `npx bun test <file>` had its setup hooks cut at Bun's 5 s: the same 60 s here.
setDefaultTimeout(60_000);

process.env.LOG_REQUESTS = "0";
// The cheapest argon2id cost the settings allow, for every process a test starts (servers, the
// admin CLI that sets passwords): hashing is not what the tests measure, and at the default cost
// (19 MiB, 2 passes) each hash and each sign-in's check cost CPU the two cores are short of.
process.env.PASSWORD_HASH_MEMORY_KIB ??= "4096";
process.env.PASSWORD_HASH_TIME ??= "1";
setLogging(false);

// A test file's folders go when it ends (a preload's afterAll runs after each file, after the
// file's own hooks), also those of a test that failed before its cleanup.
afterAll(removeTempDirs);
