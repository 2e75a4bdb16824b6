import type { Platform } from "../platform.ts";
import { RateLimiter } from "../ratelimit.ts";
import type { CollectDeps } from "./collect.ts";
import { GeoLocator } from "./geo.ts";
import { IngestWriter } from "./writer.ts";

/**
 * What `collect` needs, opened once per process: the ingest service and the demo-data
 * generator build it here so both take the same path. `floodLimit` overrides the per-IP
 * tracking limit (the generator sends millions of hits from a few hundred addresses); the
 * write thread passes a `writer` that writes where it runs.
 */
export async function openCollectDeps(platform: Platform, options: { floodLimit?: number; writer?: IngestWriter } = {}): Promise<CollectDeps> {
  return {
    platform,
    geo: await GeoLocator.open(platform.settings.geoipDb),
    writer: options.writer ?? new IngestWriter(),
    flood: new RateLimiter(options.floodLimit ?? platform.settings.ingestRatePerIp, platform.now),
  };
}
