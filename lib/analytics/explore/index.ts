import { ApiError } from "../../errors.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { EXPLORE_KINDS, type ExploreRequest } from "./model.ts";
import { exploreQuery } from "./query.ts";
import { exploreSegments } from "./segments.ts";
import { exploreRetention } from "./retention.ts";
import { explorePaths } from "./paths.ts";

/** `POST …/explore`: the kind named in the body, with the object named after it. */
export async function explore(site: AnalyticsSite, body: ExploreRequest, now: number) {
  switch (body.kind) {
    case "query":
      return exploreQuery(site, body, now);
    case "segments":
      return exploreSegments(site, body, now);
    case "retention":
      return exploreRetention(site, body, now);
    case "paths":
      return explorePaths(site, body, now);
  }
  throw new ApiError("VALIDATION_FAILED", "Invalid explore request", [{ path: "kind", message: `must be one of ${EXPLORE_KINDS.join(", ")}` }]);
}
