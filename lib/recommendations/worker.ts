import { PeriodicWorker } from "../periodic-passes.ts";
import type { Platform } from "../platform.ts";
import { nightlyRecommendations, type JobSummary } from "./nightly.ts";

/** The UTC hour from which the day's run may start (docs/recommendations.md "The nightly job"). */
export const NIGHTLY_HOUR_UTC = 3;

/**
 * The nightly recommendations job in the hooks service: a pass every `checkMs` runs the day's
 * job once it is 03:00 UTC or later and no process has claimed the day yet (job_runs), so the
 * first pass after 03:00 runs it and a process started later in the day still does.
 */
export class RecommendationsWorker extends PeriodicWorker<JobSummary | null> {
  constructor(
    private readonly platform: Platform,
    options: { firstMs?: number; checkMs?: number } = {},
  ) {
    super({ firstMs: options.firstMs ?? 5 * 60_000, everyMs: options.checkMs ?? 10 * 60_000 }, "recommendations pass failed");
  }

  protected async pass(): Promise<JobSummary | null> {
    if (new Date(this.platform.now()).getUTCHours() < NIGHTLY_HOUR_UTC) return null;
    return nightlyRecommendations(this.platform, () => this.stopped);
  }
}
