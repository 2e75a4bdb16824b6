// Keep the test output readable: request and diagnostic log lines off unless a test asks.
import { afterAll, setDefaultTimeout } from "bun:test";
import { setLogging } from "../lib/log.ts";
import { removeTempDirs } from "./helpers/temp-dirs.ts";

// bunfig.toml's `timeout` is not applied by Bun 1.4.5 (only `--timeout` is), so a file run alone
// with a plain `npx bun test <file>` had its setup hooks cut at Bun's 5 s: the same 60 s here.
setDefaultTimeout(60_000);

process.env.LOG_REQUESTS = "0";
setLogging(false);

// A test file's folders go when it ends (a preload's afterAll runs after each file, after the
// file's own hooks), also those of a test that failed before its cleanup.
afterAll(removeTempDirs);
