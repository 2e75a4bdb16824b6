import { closeSync, fsyncSync, openSync, statfsSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { orgs } from "../db/control-schema.ts";
import { logLine } from "../log.ts";
import type { Platform } from "../platform.ts";

/** The checks behind /readyz, each named as the log and `tidemark_ready_check{check}` name it. */
export type ReadyCheck = "control_store" | "tenant_stores" | "disk_space" | "ingest_thread";

export interface Readiness {
  ready: boolean;
  /** Why each failing check failed; for the log and the metrics only, never the public answer. */
  failures: Partial<Record<ReadyCheck, string>>;
}

/** A collect thread that has not answered a ping in this long counts as stuck. */
const PING_TIMEOUT_MS = 2_000;

const MIB = 2 ** 20;

function failure(error: unknown): string {
  return String((error as Error)?.message ?? error);
}

/**
 * Managed stores are files in DATA_DIR, made on an org's first write: a file created, written,
 * synced and removed there shows a new one could be opened now (permissions, a read-only or
 * vanished mount, inodes) — which a look at the mode bits would not, for root ignores them.
 */
function probeTenantDir(dataDir: string): void {
  const probe = join(dataDir, `.readyz-${process.pid}-${crypto.randomUUID()}`);
  const fd = openSync(probe, "wx", 0o600);
  try {
    writeSync(fd, "ready\n");
    fsyncSync(fd);
  } finally {
    closeSync(fd);
    unlinkSync(probe);
  }
}

function freeMib(dataDir: string): number {
  const fs = statfsSync(dataDir);
  return (fs.bavail * fs.bsize) / MIB;
}

async function withTimeout(alive: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([alive, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessOptions {
  /** Answers once the collect thread is up and serving calls (absent where ingest runs elsewhere). */
  ingestAlive?: () => Promise<boolean>;
}

/**
 * /readyz is public: its answer is kept this long, so a stranger calling it in a loop makes one
 * probe file (and fsync) a second, not one per request.
 */
export const READY_CACHE_MS = 1_000;

/** Runs every check; logs the failures when they change (a probe every few seconds must not flood the log). */
export function readinessChecker(platform: Platform, options: ReadinessOptions = {}) {
  const { dataDir, readyMinFreeMb } = platform.settings;
  let lastLogged = "";
  let cached: { at: number; result: Promise<Readiness> } | null = null;
  return function check(): Promise<Readiness> {
    if (!cached || performance.now() - cached.at >= READY_CACHE_MS) cached = { at: performance.now(), result: run() };
    return cached.result;
  };

  async function run(): Promise<Readiness> {
    const failures: Readiness["failures"] = {};
    try {
      platform.control.db.select({ id: orgs.id }).from(orgs).limit(1).all();
    } catch (error) {
      failures.control_store = failure(error);
    }
    try {
      probeTenantDir(dataDir);
    } catch (error) {
      failures.tenant_stores = failure(error);
    }
    try {
      const free = freeMib(dataDir);
      if (free < readyMinFreeMb) failures.disk_space = `${Math.floor(free)} MiB free in DATA_DIR, below READY_MIN_FREE_MB ${readyMinFreeMb}`;
    } catch (error) {
      failures.disk_space = failure(error);
    }
    if (options.ingestAlive) {
      const alive = await withTimeout(options.ingestAlive().catch(() => false), PING_TIMEOUT_MS);
      if (!alive) failures.ingest_thread = `the collect thread did not answer within ${PING_TIMEOUT_MS} ms`;
    }
    const ready = Object.keys(failures).length === 0;
    const summary = JSON.stringify(failures);
    if (summary !== lastLogged) {
      logLine(ready ? { level: "info", msg: "ready" } : { level: "warn", msg: "not ready", failures });
      lastLogged = summary;
    }
    return { ready, failures };
  }
}

export const READY_CHECKS: readonly ReadyCheck[] = ["control_store", "tenant_stores", "disk_space", "ingest_thread"];
