import { expect, test } from "bun:test";
import { STALE_AFTER_MS, statusOf } from "../../lib/sites/status.ts";

test("status rules: paused wins, then not_installed, stale after 24 h, else receiving", () => {
  const now = 1_700_000_000_000;
  expect(statusOf({ paused: true }, now, now)).toBe("paused");
  expect(statusOf({ paused: true }, null, now)).toBe("paused");
  expect(statusOf({ paused: false }, null, now)).toBe("not_installed");
  expect(statusOf({ paused: false }, now - 1000, now)).toBe("receiving");
  expect(statusOf({ paused: false }, now - STALE_AFTER_MS, now)).toBe("receiving");
  expect(statusOf({ paused: false }, now - STALE_AFTER_MS - 1, now)).toBe("stale");
});
