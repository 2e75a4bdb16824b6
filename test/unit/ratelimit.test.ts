import { expect, test } from "bun:test";
import { RateLimiter } from "../../lib/ratelimit.ts";

test("fixed one-minute windows with remaining and Retry-After", () => {
  let now = 120_000 + 10_000;
  const rl = new RateLimiter(3, () => now);
  expect(rl.hit("a")).toEqual({ allowed: true, limit: 3, remaining: 2, retryAfter: 50 });
  rl.hit("a");
  expect(rl.hit("a").remaining).toBe(0);
  expect(rl.hit("a")).toEqual({ allowed: false, limit: 3, remaining: 0, retryAfter: 50 });
  expect(rl.hit("b").allowed).toBe(true);
  now += 49_500;
  expect(rl.hit("a")).toMatchObject({ allowed: false, retryAfter: 1 });
  now += 500;
  expect(rl.hit("a")).toMatchObject({ allowed: true, remaining: 2, retryAfter: 60 });
});
