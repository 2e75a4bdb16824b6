import { readSettings, type Settings } from "../../lib/config.ts";
import { closePlatform, openPlatform, type Platform } from "../../lib/platform.ts";
import { bootstrapIfEmpty, type Bootstrap } from "../../lib/admin/bootstrap.ts";
import { inProcess, overHttp } from "../../lib/http/upstream.ts";
import { logLine, setLogging } from "../../lib/log.ts";
import { drainServer, serveApp } from "../../lib/http/serve.ts";
import { stopStep } from "../../lib/http/stopping.ts";
import { createIngestService } from "../ingest/app.ts";
import { createQueryThread, type QueryThread } from "../query/thread.ts";
import { createHooksService } from "../hooks/app.ts";
import { createDashboardService } from "../dashboard/app.ts";
import { builtDashboardAssets } from "../../lib/dashboard/assets.ts";
import type { DeliveryWorker } from "../../lib/webhooks/worker.ts";
import type { ScanWorker } from "../../lib/consent/scan-worker.ts";
import type { ScheduleWorker } from "../../lib/reports/schedules/worker.ts";
import type { RetentionWorker } from "../../lib/lifecycle/retention-worker.ts";
import type { RecommendationsWorker } from "../../lib/recommendations/worker.ts";
import { createRouterApp, setClientIp, type RouterOptions } from "./app.ts";
import { opsEndpoints } from "../../lib/health/ops-endpoints.ts";

export interface StartOptions extends RouterOptions {
  env?: Record<string, string | undefined>;
  now?: () => number;
  /** Print the bootstrap credentials (the CLI entry does; tests read the return value). */
  announce?: boolean;
  /** The query thread, already started (the CLI entry starts it before loading the router's modules). */
  queryThread?: QueryThread | null;
}

export interface RunningRouter {
  url: string;
  port: number;
  platform: Platform;
  bootstrap: Bootstrap | null;
  mode: "one-process" | "split";
  /** The outbound webhook worker, when the hooks service runs in this process. */
  deliveries: DeliveryWorker | null;
  /** The cookie scan worker, when the hooks service runs in this process. */
  scans: ScanWorker | null;
  /** The report schedule worker, when the hooks service runs in this process. */
  schedules: ScheduleWorker | null;
  /** The retention worker (the daily purge), when the hooks service runs in this process. */
  retention: RetentionWorker | null;
  /** The nightly recommendations job, when the hooks service runs in this process. */
  recommendations: RecommendationsWorker | null;
  /** Settles with the number of recently read sites loaded in the background after the start (0 in split mode: the query service warms). */
  warming: Promise<number>;
  flushKeyUses(): Promise<void>;
  stop(): Promise<void>;
}

/** How this host reaches a server bound to `host`: a wildcard address through loopback's name. */
function reachableHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}

/**
 * Starts the public router. With INGEST_URL/QUERY_URL/HOOKS_URL/DASHBOARD_URL unset it runs the four other
 * services in this same process (`npm start`); a service given a URL is reached over HTTP.
 */
export async function startRouter(options: StartOptions = {}): Promise<RunningRouter> {
  const settings: Settings = readSettings(options.env ?? process.env);
  setLogging(settings.logRequests);
  const platform = openPlatform(settings, { now: options.now });
  logLine({ msg: "control store open", sqliteVersion: platform.control.sqliteVersion(), dataDir: settings.dataDir });
  const bootstrap = await bootstrapIfEmpty(platform);
  if (bootstrap && options.announce) {
    process.stdout.write(
      `\nTidemark bootstrapped a new store (saved to ${settings.dataDir}/bootstrap.json, mode 0600):\n` +
        `  organization ${bootstrap.orgId}\n  site         ${bootstrap.siteId} (localhost, site key ${bootstrap.siteKey})\n` +
        `  API key      ${bootstrap.key}\n  This key is shown once; keep it safe.\n` +
        `  Dashboard    sign in at ${settings.publicUrl}/ as ${bootstrap.ownerEmail} with password ${bootstrap.ownerPassword}\n` +
        `               (a one-time password: change it under your account once signed in)\n\n`,
    );
  }
  // A page's lead wakes the delivery worker when it runs in this process (else its sweep finds the lead).
  const ingest = settings.ingestUrl ? null : createIngestService(platform, { onDeliveries: (orgId) => hooks?.deliveries.wake(orgId) });
  const hooks = settings.hooksUrl ? null : createHooksService(platform);
  // The dashboard's "Scan now" wakes the scan worker when it runs in this process (else its sweep finds the scan).
  const dashboard = settings.dashboardUrl ? null : createDashboardService(platform, await builtDashboardAssets(), { onScanQueued: (orgId) => hooks?.scans.wake(orgId) });
  // In one process, reports run on their own thread: the router's loop stays free for collect.
  const query = settings.queryUrl ? null : (options.queryThread ?? createQueryThread(settings, platform.now));
  const upstreams = {
    ingest: ingest ? inProcess("ingest", ingest.app, ingest.direct) : overHttp("ingest", settings.ingestUrl!, platform.secret),
    query: query ? inProcess("query", query.app) : overHttp("query", settings.queryUrl!, platform.secret),
    hooks: hooks ? inProcess("hooks", hooks.app) : overHttp("hooks", settings.hooksUrl!, platform.secret),
    dashboard: dashboard ? inProcess("dashboard", dashboard.app) : overHttp("dashboard", settings.dashboardUrl!, platform.secret),
  };
  hooks?.deliveries.start();
  hooks?.scans.start();
  hooks?.schedules.start();
  hooks?.retention.start();
  hooks?.recommendations.start();
  const router = createRouterApp(platform, upstreams, options);
  // The threads of this process count for its /metrics: the collect thread's and the query thread's numbers.
  const threads = [...(ingest?.ops.threads ?? []), ...(query ? [() => query.metrics()] : [])];
  const ops = opsEndpoints(platform, { ingestAlive: ingest?.ops.ingestAlive, threads });
  const server = serveApp(router.handle, {
    port: settings.port,
    hostname: settings.host,
    metrics: platform.metrics,
    ops,
    trustProxy: settings.trustProxy,
    onClientIp: setClientIp,
    service: "router",
    idleTimeoutS: settings.httpIdleTimeoutS,
  });
  const mode = settings.ingestUrl || settings.queryUrl || settings.hooksUrl || settings.dashboardUrl ? "split" : "one-process";
  logLine({ msg: "router listening", host: settings.host, port: server.port, mode });
  // docs/operations.md "Stopping": the requests in flight are answered while the workers let go
  // of what they hold (an attempt cut short is handed back unrecorded); then what the requests
  // used is flushed and closed, the stores last.
  const stop = async () => {
    await Promise.all([
      stopStep("router: answering requests in flight", () => drainServer(server)),
      stopStep("hooks: webhook deliveries", () => hooks?.deliveries.stop()),
      stopStep("hooks: cookie scans", () => hooks?.scans.stop()),
      stopStep("hooks: report schedules", () => hooks?.schedules.stop()),
      stopStep("hooks: retention", () => hooks?.retention.stop()),
      stopStep("hooks: recommendations", () => hooks?.recommendations.stop()),
    ]);
    await Promise.all([
      stopStep("router: key uses", () => router.close()),
      stopStep("query: warming and snapshots", () => query?.close()),
      stopStep("ingest: collect thread", () => ingest?.close()),
    ]);
    closePlatform(platform);
  };
  try {
    await ingest?.ready;
  } catch (error) {
    await stop();
    throw error;
  }
  const warming = query?.warm() ?? Promise.resolve(0);
  return {
    url: `http://${reachableHost(settings.host)}:${server.port}`,
    port: server.port!,
    platform,
    bootstrap,
    mode,
    deliveries: hooks?.deliveries ?? null,
    scans: hooks?.scans ?? null,
    schedules: hooks?.schedules ?? null,
    retention: hooks?.retention ?? null,
    recommendations: hooks?.recommendations ?? null,
    warming,
    flushKeyUses: router.flushKeyUses,
    stop,
  };
}
