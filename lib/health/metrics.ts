import { Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import type { TenantStores } from "../db/tenants.ts";
import type { LoadedSitesStats } from "../analytics/loaded-sites.ts";

/** One registry's metrics as JSON: what a thread sends for the serving thread to add up. */
export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Latency buckets in seconds: a collect answer takes milliseconds, a cold report seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Hits per group commit: one under light load, hundreds under a bench's. */
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/**
 * The metrics of one platform (one per thread that opens one: the HTTP thread, the collect
 * thread, the query thread). Each keeps its own registry; the thread that serves /metrics adds
 * the others' up (lib/health/ops-endpoints.ts), so in one process every number appears once.
 */
export class PlatformMetrics {
  readonly registry = new Registry();

  readonly requests = new Histogram({
    name: "tidemark_http_request_duration_seconds",
    help: "HTTP requests by service, method, route pattern and status, with their latency",
    labelNames: ["service", "method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly ingestEvents = new Counter({
    name: "tidemark_ingest_events_total",
    help: "Tracking events received by POST /v1/collect, by outcome: accepted (stored), duplicate (already stored), rejected (invalid, left out or refused with the batch)",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  readonly commitBatch = new Histogram({
    name: "tidemark_ingest_commit_batch_hits",
    help: "Hits (collect requests) written per group-commit transaction",
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  constructor(tenants: TenantStores) {
    this.gauge("tidemark_tenant_handles_open", "Organization store handles open (all threads of the process)", () => tenants.size());
    // Present from the start, so a rate over them never misses its first increase.
    for (const outcome of ["accepted", "duplicate", "rejected"]) this.ingestEvents.inc({ outcome }, 0);
  }

  /** The group-commit queue: hits waiting for the transaction after the one running (the collect thread's writer). */
  watchCommitQueue(queued: () => number): void {
    this.gauge("tidemark_ingest_commit_queue_hits", "Hits waiting for their group commit", queued);
  }

  /**
   * A gauge read when scraped. Whatever registered the name before is replaced: a service
   * created again on the same platform (tests do) reads its own state, and registering twice
   * is no error.
   */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    this.registry.removeSingleMetric(name);
    new Gauge({ name, help, registers: [this.registry], async collect() { this.set(await read()); } });
  }

  /** The analytics engine's loaded columns, where the query service runs. */
  watchLoadedSites(stats: () => LoadedSitesStats): void {
    const gauges: [keyof LoadedSitesStats, string, string][] = [
      ["bytes", "tidemark_analytics_loaded_bytes", "Bytes held by the loaded sites' analytics columns"],
      ["budgetBytes", "tidemark_analytics_budget_bytes", "ANALYTICS_MEMORY_MB in bytes"],
      ["sites", "tidemark_analytics_loaded_sites", "Sites whose analytics columns are in memory"],
    ];
    for (const [key, name, help] of gauges) this.gauge(name, help, () => stats()[key]);
    const counters: [keyof LoadedSitesStats, string, string][] = [
      ["loads", "tidemark_analytics_loads_total", "Sites loaded into memory since the start"],
      ["drops", "tidemark_analytics_drops_total", "Sites dropped from memory (over the budget) since the start"],
    ];
    for (const [key, name, help] of counters) {
      // A counter read from the engine's own tally: reset, then set to it at each scrape.
      this.registry.removeSingleMetric(name);
      new Counter({ name, help, registers: [this.registry], collect() { this.reset(); this.inc(stats()[key]); } });
    }
  }

  json(): Promise<MetricsJson> {
    return this.registry.getMetricsAsJSON() as Promise<MetricsJson>;
  }
}
