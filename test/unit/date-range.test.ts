import { expect, test } from "bun:test";
import { ApiError } from "../../lib/errors.ts";
import { datesOf, previousRange, resolveRange } from "../../lib/date-range.ts";
import { dayIn } from "../../lib/time.ts";

const NOW = Date.UTC(2026, 10, 21, 23, 30); // 2026-11-21 23:30 UTC
const hours = (r: { start: number; end: number }) => (r.end - r.start) / 3_600_000;

function refusal(query: { from?: string; to?: string }): { path?: string; message: string } {
  try {
    resolveRange(query, "Europe/Berlin", NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("VALIDATION_FAILED");
    return (error as ApiError).details[0];
  }
  throw new Error("expected a refusal");
}

test("defaults: the 28 days ending today in the site timezone", () => {
  // 23:30 UTC is already the 22nd in Auckland (UTC+13) and still the 21st in Los Angeles.
  expect(dayIn("Pacific/Auckland", NOW)).toBe("2026-11-22");
  expect(resolveRange({}, "Pacific/Auckland", NOW)).toMatchObject({ from: "2026-10-26", to: "2026-11-22", days: 28 });
  expect(resolveRange({}, "America/Los_Angeles", NOW)).toMatchObject({ from: "2026-10-25", to: "2026-11-21", days: 28 });
  expect(resolveRange({ from: "2026-11-01" }, "UTC", NOW)).toMatchObject({ from: "2026-11-01", to: "2026-11-21", days: 21 });
  expect(resolveRange({ to: "2026-02-28" }, "UTC", NOW)).toMatchObject({ from: "2026-02-01", to: "2026-02-28", days: 28 });
});

test("a range is [from 00:00, to + 1 00:00) in the zone, DST-correct", () => {
  const utc = resolveRange({ from: "2026-11-01", to: "2026-11-02" }, "UTC", NOW);
  expect([utc.start, utc.end]).toEqual([Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 3)]);
  const spring = resolveRange({ from: "2026-03-08", to: "2026-03-08" }, "America/New_York", NOW);
  expect([spring.start, hours(spring)]).toEqual([Date.UTC(2026, 2, 8, 5), 23]);
  const autumn = resolveRange({ from: "2026-11-01", to: "2026-11-01" }, "America/New_York", NOW);
  expect([autumn.start, hours(autumn)]).toEqual([Date.UTC(2026, 10, 1, 4), 25]);
  // Chile skips midnight on 2026-09-06: the day starts at 01:00 local.
  const skipped = resolveRange({ from: "2026-09-06", to: "2026-09-06" }, "America/Santiago", NOW);
  expect([skipped.start, hours(skipped)]).toEqual([Date.UTC(2026, 8, 6, 4), 23]);
  const kathmandu = resolveRange({ from: "2026-01-02", to: "2026-01-02" }, "Asia/Kathmandu", NOW);
  expect(kathmandu.start).toBe(Date.UTC(2026, 0, 1, 18, 15));
});

test("bad dates, from after to and spans over 400 days are 422 naming the field", () => {
  expect(refusal({ from: "2026-02-30" })).toEqual({ path: "from", message: "must be a calendar date YYYY-MM-DD" });
  expect(refusal({ from: "2026-1-01" }).path).toBe("from");
  expect(refusal({ from: "yesterday" }).path).toBe("from");
  expect(refusal({ to: "2026-13-01" }).path).toBe("to");
  expect(refusal({ to: "20261101" }).path).toBe("to");
  expect(refusal({ from: "2026-11-02", to: "2026-11-01" })).toEqual({ path: "from", message: "must not be after to" });
  expect(resolveRange({ from: "2025-01-01", to: "2026-02-05" }, "UTC", NOW).days).toBe(401);
  expect(refusal({ from: "2025-01-01", to: "2026-02-06" })).toEqual({ path: "from", message: "must be at most 400 days before to" });
});

test("the previous period is the same number of days just before from", () => {
  const range = resolveRange({ from: "2026-11-01", to: "2026-11-28" }, "Europe/Berlin", NOW);
  const previous = previousRange(range);
  expect(previous).toMatchObject({ from: "2026-10-04", to: "2026-10-31", days: 28, tz: "Europe/Berlin" });
  expect(previous.end).toBe(range.start);
  // Across the end of DST in Berlin (25 October): the previous period holds one 25-hour day.
  expect(hours(previous)).toBe(28 * 24 + 1);
});

test("datesOf lists every day, month and year boundaries included", () => {
  expect(datesOf(resolveRange({ from: "2026-12-30", to: "2027-01-02" }, "UTC", NOW))).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
  expect(datesOf(resolveRange({ from: "2028-02-28", to: "2028-03-01" }, "UTC", NOW))).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
  expect(datesOf(resolveRange({ from: "2025-01-01", to: "2026-02-05" }, "UTC", NOW))).toHaveLength(401);
});
