import { readSettings } from "../config.ts";
import { closePlatform, openPlatform, type Platform } from "../platform.ts";
import { logLine, setLogging } from "../log.ts";
import { serveApp } from "./serve.ts";

/** Starts one internal service on its own PORT (split mode, or a compiled single-file binary). */
type Handler = {
  handle(request: Request): Promise<Response> | Response;
  /** Stops what the service runs beside its routes (the hooks service's delivery worker). */
  close?(): Promise<void>;
  /** Settles once what the service opens beside its routes is open; awaited after listening, a failure ends the start. */
  ready?: Promise<void>;
  /** Told once the server listens (the query service starts warming then). */
  listening?(): void;
};

export async function runService(name: string, create: (platform: Platform) => Handler | Promise<Handler>) {
  const settings = readSettings();
  setLogging(settings.logRequests);
  const platform = openPlatform(settings);
  const app = await create(platform);
  const server = serveApp((request) => app.handle(request), { port: settings.port, service: name, idleTimeoutS: settings.httpIdleTimeoutS });
  logLine({ msg: `${name} listening`, port: server.port, sqliteVersion: platform.control.sqliteVersion() });
  const stop = async () => {
    await server.stop(true);
    await app.close?.();
    closePlatform(platform);
  };
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  try {
    await app.ready;
  } catch (error) {
    await stop();
    throw error;
  }
  app.listening?.();
  return server;
}
