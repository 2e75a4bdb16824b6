import type { Platform } from "../platform.ts";
import { OPERATOR } from "../audit.ts";
import { invalid } from "../errors.ts";
import { computeRecommendations } from "../recommendations/nightly.ts";
import { changeBenchmarking, industryOf } from "../recommendations/benchmarking.ts";
import { idFlag, orgById, siteById } from "./validate.ts";

/** `org benchmarks --org ID [--opt-out|--opt-in] [--industry I]`: at least one of them. */
export async function orgBenchmarksCommand(platform: Platform, input: { org?: unknown; industry?: unknown; "opt-out"?: unknown; "opt-in"?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const out = input["opt-out"] === true;
  const into = input["opt-in"] === true;
  if (out && into) throw invalid("--opt-in", "not with --opt-out");
  if (!out && !into && input.industry === undefined) throw invalid("--opt-out", "one of --opt-out, --opt-in and --industry is required");
  const industry = input.industry === undefined ? undefined : industryOf(input.industry, "--industry");
  return changeBenchmarking(platform, org, { industry, optOut: out ? true : into ? false : undefined }, OPERATOR);
}

/**
 * `recommendations compute [--site ID]`: the job's steps now, for one site or all. It does not
 * claim the day in job_runs: an operator's run neither waits for nor stands in for the night's.
 */
export async function computeRecommendationsCommand(platform: Platform, input: { site?: unknown }) {
  const siteId = input.site === undefined ? undefined : siteById(platform.control.db, idFlag(input.site, "--site")).id;
  return computeRecommendations(platform, { siteId });
}
