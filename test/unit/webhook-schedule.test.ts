import { expect, test } from "bun:test";
import { Random } from "../../lib/demo/random.ts";
import { MAX_ATTEMPTS, MAX_DELAY_MS, nextStep, retryAfterMs, retryCeilingMs, retryDelayMs, verdictOf } from "../../lib/webhooks/schedule.ts";

const MIN = 60_000;
const HOUR = 3_600_000;

test("answers: 2xx delivered; 429, 5xx and no answer retried; other statuses fail for good", () => {
  for (const status of [200, 201, 202, 204, 299]) expect(verdictOf(status)).toBe("delivered");
  for (const status of [null, 429, 500, 502, 503, 504, 599]) expect(verdictOf(status)).toBe("retry");
  for (const status of [301, 302, 400, 401, 403, 404, 408, 410, 413, 422]) expect(verdictOf(status)).toBe("failed");
});

test("the ceiling doubles from a minute and stops at 12 hours", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20].map(retryCeilingMs)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 720, 720].map((m) => m * MIN));
});

test("full jitter: anywhere from 0 to the ceiling, reproducible with a seeded random", () => {
  expect(retryDelayMs(3, () => 0)).toBe(0);
  expect(retryDelayMs(3, () => 0.5)).toBe(2 * MIN);
  expect(retryDelayMs(3, () => 0.999999)).toBeLessThan(4 * MIN);
  const a = new Random(7);
  const b = new Random(7);
  for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
    const delay = retryDelayMs(attempt, () => a.next());
    expect(delay).toBe(retryDelayMs(attempt, () => b.next()));
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan(retryCeilingMs(attempt));
  }
});

/** Runs a delivery that always fails, from t = 0, and returns when its attempts happened. */
function failingForever(random: () => number, retryAfter: number | null = null): { attempts: number[]; final: string } {
  const attempts: number[] = [];
  let at = 0;
  for (let attempt = 1; ; attempt++) {
    attempts.push(at);
    const step = nextStep(attempt, "retry", at, retryAfter, random);
    if (step.status !== "pending") return { attempts, final: step.status };
    at = step.nextAttemptAt;
  }
}

test("21 attempts over about three days, then failed", () => {
  const average = failingForever(() => 0.5);
  expect(average.attempts).toHaveLength(MAX_ATTEMPTS);
  expect(average.final).toBe("failed");
  expect(average.attempts.at(-1)! / HOUR).toBeCloseTo(68.5, 1);
  const longest = failingForever(() => 0.99999999);
  expect(longest.attempts.at(-1)! / HOUR).toBeLessThan(137.1);
  // Seeded runs land around three days.
  for (const seed of [1, 2, 3, 4, 5]) {
    const r = new Random(seed);
    const run = failingForever(() => r.next());
    expect(run.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(run.attempts.at(-1)! / HOUR).toBeGreaterThan(30);
    expect(run.attempts.at(-1)! / HOUR).toBeLessThan(110);
  }
});

test("delivered and failed end the delivery at once", () => {
  expect(nextStep(1, "delivered", 0)).toEqual({ status: "delivered" });
  expect(nextStep(1, "failed", 0)).toEqual({ status: "failed" });
});

test("Retry-After is honoured when later than the backoff, up to 12 hours", () => {
  expect(nextStep(1, "retry", 1000, 120_000, () => 0.5)).toEqual({ status: "pending", nextAttemptAt: 121_000 });
  expect(nextStep(1, "retry", 0, 1000, () => 0.5)).toEqual({ status: "pending", nextAttemptAt: 30_000 });
  expect(nextStep(1, "retry", 0, 30 * 86_400_000, () => 0)).toEqual({ status: "pending", nextAttemptAt: MAX_DELAY_MS });
  const now = Date.parse("2026-03-01T12:00:00Z");
  expect(retryAfterMs("120", now)).toBe(120_000);
  expect(retryAfterMs(" 0 ", now)).toBe(0);
  expect(retryAfterMs("Sun, 01 Mar 2026 12:05:00 GMT", now)).toBe(5 * MIN);
  expect(retryAfterMs("Sun, 01 Mar 2026 11:00:00 GMT", now)).toBe(0);
  expect(retryAfterMs("soon", now)).toBeNull();
  expect(retryAfterMs("-5", now)).toBeNull();
  expect(retryAfterMs(null, now)).toBeNull();
});
