// Keep the test output readable: request and diagnostic log lines off unless a test asks.
import { afterAll } from "bun:test";
import { setLogging } from "../lib/log.ts";
import { removeTempDirs } from "./helpers/temp-dirs.ts";

process.env.LOG_REQUESTS = "0";
setLogging(false);

// A test file's folders go when it ends (a preload's afterAll runs after each file, after the
// file's own hooks), also those of a test that failed before its cleanup.
afterAll(removeTempDirs);
