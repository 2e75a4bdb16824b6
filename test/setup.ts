// Keep the test output readable: request and diagnostic log lines off unless a test asks.
import { setLogging } from "../lib/log.ts";
import { removeTempDirs } from "./helpers/temp-dirs.ts";

process.env.LOG_REQUESTS = "0";
setLogging(false);

// Test folders go with the test process, also those of a test that failed before its cleanup.
process.on("exit", removeTempDirs);
