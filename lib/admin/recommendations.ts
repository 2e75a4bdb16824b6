import type { Platform } from "../platform.ts";
import { OPERATOR } from "../audit.ts";
import { ApiError } from "../errors.ts";
import { computeRecommendations } from "../recommendations/nightly.ts";
import { setBenchmarkOptOut } from "../recommendations/opt-out.ts";
import { idFlag, orgById, siteById } from "./validate.ts";

/** `org benchmarks --org ID --opt-out|--opt-in`. */
export async function orgBenchmarksCommand(platform: Platform, input: { org?: unknown; "opt-out"?: unknown; "opt-in"?: unknown }) {
  const org = orgById(platform.control.db, idFlag(input.org, "--org"));
  const out = input["opt-out"] === true;
  const into = input["opt-in"] === true;
  if (out === into) throw new ApiError("VALIDATION_FAILED", "Give exactly one of --opt-out and --opt-in", [{ path: out ? "--opt-in" : "--opt-out", message: out ? "not with --opt-out" : "one of --opt-out and --opt-in is required" }]);
  return setBenchmarkOptOut(platform, org, out, OPERATOR);
}

/**
 * `recommendations compute [--site ID]`: the job's steps now, for one site or all. It does not
 * claim the day in job_runs: an operator's run neither waits for nor stands in for the night's.
 */
export async function computeRecommendationsCommand(platform: Platform, input: { site?: unknown }) {
  const siteId = input.site === undefined ? undefined : siteById(platform.control.db, idFlag(input.site, "--site")).id;
  return computeRecommendations(platform, { siteId });
}
