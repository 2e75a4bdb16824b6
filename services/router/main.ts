/**
 * `npm start`: the router with the other services in this process (or reached over HTTP when
 * their URLs are set). The query thread is started first, before the router's own modules
 * load, so its modules load beside them on another core and the first report after a start
 * waits less (services/router/start.ts does the rest).
 */
import { readSettings } from "../../lib/config.ts";
import { createQueryThread } from "../query/thread.ts";

const settings = readSettings(process.env);
const queryThread = settings.queryUrl ? null : createQueryThread(settings, Date.now);
const { startRouter } = await import("./start.ts");
const running = await startRouter({ announce: true, queryThread });
const shutdown = async () => {
  await running.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
