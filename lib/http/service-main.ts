import { readSettings } from "../config.ts";
import { closePlatform, openPlatform, type Platform } from "../platform.ts";
import { logLine, setLogging } from "../log.ts";
import { drainServer, serveApp } from "./serve.ts";
import { opsEndpoints, type OpsOptions } from "../health/ops-endpoints.ts";
import { stopOnSignals, stopStep } from "./stopping.ts";

/** Starts one internal service on its own PORT (split mode, or a compiled single-file binary). */
type Handler = {
  handle(request: Request): Promise<Response> | Response;
  /** Stops what the service runs beside its routes (the hooks service's delivery worker). */
  close?(): Promise<void>;
  /** Settles once what the service opens beside its routes is open; awaited after listening, a failure ends the start. */
  ready?: Promise<void>;
  /** Told once the server listens (the query service starts warming then). */
  listening?(): void;
  /** What the service's /readyz and /metrics add (the ingest service's collect thread). */
  ops?: OpsOptions;
};

export async function runService(name: string, create: (platform: Platform) => Handler | Promise<Handler>) {
  const settings = readSettings();
  setLogging(settings.logRequests);
  const platform = openPlatform(settings);
  const app = await create(platform);
  const server = serveApp((request) => app.handle(request), {
    port: settings.port,
    hostname: settings.host,
    service: name,
    idleTimeoutS: settings.httpIdleTimeoutS,
    metrics: platform.metrics,
    ops: opsEndpoints(platform, app.ops),
  });
  logLine({ msg: `${name} listening`, host: settings.host, port: server.port, sqliteVersion: platform.control.sqliteVersion() });
  // docs/operations.md "Stopping": the requests in flight answered, then what the service runs beside them, the stores last.
  const stop = async () => {
    await stopStep(`${name}: answering requests in flight`, () => drainServer(server));
    await stopStep(`${name}: closing`, () => app.close?.());
    closePlatform(platform);
  };
  const started = (async () => {
    try {
      await app.ready;
    } catch (error) {
      await stop();
      throw error;
    }
    app.listening?.();
    return { stop };
  })();
  stopOnSignals(name, started);
  await started;
  return server;
}
