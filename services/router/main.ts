/**
 * `npm start`: the router with the other services in this process (or reached over HTTP when
 * their URLs are set). The query thread is started first, before the router's own modules
 * load, so its modules load beside them on another core and the first report after a start
 * waits less (services/router/start.ts does the rest).
 */
import { readSettings } from "../../lib/config.ts";
import { createQueryThread } from "../query/thread.ts";
import { stopOnSignals } from "../../lib/http/stopping.ts";

const settings = readSettings(process.env);
const queryThread = settings.queryUrl ? null : createQueryThread(settings, Date.now);
const { startRouter } = await import("./start.ts");
const running = startRouter({ announce: true, queryThread });
// Before the server listens: a signal that comes meanwhile stops it once it has started.
stopOnSignals("router", running);
await running;
