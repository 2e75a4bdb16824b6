/**
 * The collect thread (CollectThread): POST /v1/collect requests arrive through a ByteRing
 * given in the init message and are collected here from end to end on this thread's own
 * platform. Calls (CollectCall): "ready" settles once that platform is open; "metrics" gives its
 * counters; "close" settles once what the ring held is collected and committed and the
 * platform's stores are closed.
 */
import type { Settings } from "../config.ts";
import { setLogging } from "../log.ts";
import { closePlatform, openPlatform } from "../platform.ts";
import { RateLimiter } from "../ratelimit.ts";
import { ByteRing } from "../threads/byte-ring.ts";
import { postReplies, replyTo, serveCalls, toThreadError, type Reply } from "../threads/worker-calls.ts";
import { collectRequest, type CollectDeps } from "./collect.ts";
import { collectCodec, type CollectEntry } from "./collect-ring.ts";
import { GeoLocator } from "./geo.ts";
import { IngestWriter } from "./writer.ts";

export interface CollectInit {
  settings: Settings;
  ring: SharedArrayBuffer;
  /** Overrides settings.ingestRatePerIp. */
  floodLimit?: number;
}

/** What the collect thread answers besides its ring: `ready` once open (also the liveness ping of /readyz), `metrics` its registry's numbers. */
export type CollectCall = "ready" | "metrics" | "close";

async function openCollecting(init: CollectInit): Promise<CollectDeps> {
  setLogging(init.settings.logRequests);
  const platform = openPlatform(init.settings);
  const writer = new IngestWriter((hits) => platform.metrics.commitBatch.observe(hits));
  platform.metrics.watchCommitQueue(() => writer.queued());
  return {
    platform,
    geo: await GeoLocator.open(platform.settings.geoipDb),
    writer,
    flood: new RateLimiter(init.floodLimit ?? platform.settings.ingestRatePerIp, platform.now),
  };
}

let collecting: Promise<CollectDeps> | null = null;

async function collectAll(entries: CollectEntry[]): Promise<Reply[]> {
  try {
    const deps = await collecting!;
    // The newest generation the sender sent covers the older ones.
    deps.platform.control.follow(entries[entries.length - 1].control);
    // Together: their hits meet in the writer's queue and commit in one transaction per store.
    return await Promise.all(entries.map((e) => replyTo(e.id, () => collectRequest(deps, e.request))));
  } catch (error) {
    const failure = toThreadError(error);
    return entries.map((e) => ({ id: e.id, error: failure }));
  }
}

/** Set by "close": the pump collects what the ring still holds, then ends. */
let closing = false;
let pumping: Promise<void> = Promise.resolve();

/** Takes what the ring holds, collects it, answers; sleeps when it is empty, ends when it is empty and closing. */
async function pump(ring: ByteRing<CollectEntry>): Promise<void> {
  for (;;) {
    const entries = ring.take();
    if (entries.length > 0) postReplies(await collectAll(entries));
    else if (closing) return;
    else await Promise.race([ring.sleep(), closed.promise]);
  }
}

/** Wakes a sleeping pump when "close" comes (the ring's own wake is the sending thread's). */
const closed = Promise.withResolvers<void>();

async function close(): Promise<void> {
  closing = true;
  closed.resolve();
  await pumping;
  // A platform that never opened (a bad GEOIP_DB) has nothing to close.
  const deps = await collecting?.catch(() => null);
  if (deps) closePlatform(deps.platform);
}

serveCalls<CollectInit, CollectCall>({
  init(init) {
    collecting = openCollecting(init);
    pumping = pump(new ByteRing(init.ring, collectCodec));
  },
  call: async (call) => {
    if (call === "close") return close();
    const deps = await collecting!;
    return call === "metrics" ? deps.platform.metrics.json() : true;
  },
});
