// Keep the test output readable: request and diagnostic log lines off unless a test asks.
import { setLogging } from "../lib/log.ts";

process.env.LOG_REQUESTS = "0";
setLogging(false);
