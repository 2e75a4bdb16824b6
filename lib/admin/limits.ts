import { ApiError } from "../errors.ts";
import { planOf, type Plan } from "../plans.ts";

/** 422 LIMIT_EXCEEDED with details[0] = { limit, max, current } (spec Part 7) when a plan limit is reached. */
export function enforceLimit(plan: string, limit: keyof Plan["limits"], current: number): void {
  const max = planOf(plan).limits[limit];
  if (max !== null && current >= max) {
    throw new ApiError("LIMIT_EXCEEDED", `The ${plan} plan allows ${max} ${limit}`, [{ limit, max, current, message: `${limit} limit of ${max} reached` }]);
  }
}
