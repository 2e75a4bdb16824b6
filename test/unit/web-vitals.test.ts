import { expect, test } from "bun:test";
import { p75, ratingOf, vitalSummary } from "../../lib/analytics/web-vitals.ts";

test("p75 is the nearest-rank 75th percentile: a measured value, never an interpolation", () => {
  expect(p75([5])).toBe(5);
  expect(p75([4, 1, 3, 2])).toBe(3); // ceil(4 × 0.75) = 3rd
  expect(p75([1, 2, 3, 4, 5])).toBe(4); // ceil(3.75) = 4th
  expect(p75([10, 20, 30])).toBe(30); // ceil(2.25) = 3rd
});

test("ratings use Google's thresholds, the edge value still good or needing improvement", () => {
  expect(ratingOf("LCP", 2500)).toBe("good");
  expect(ratingOf("LCP", 2501)).toBe("needs_improvement");
  expect(ratingOf("LCP", 4000)).toBe("needs_improvement");
  expect(ratingOf("LCP", 4001)).toBe("poor");
  expect(ratingOf("INP", 200)).toBe("good");
  expect(ratingOf("INP", 501)).toBe("poor");
  expect(ratingOf("CLS", 0.1)).toBe("good");
  expect(ratingOf("CLS", 0.26)).toBe("poor");
  expect(ratingOf("FCP", 1801)).toBe("needs_improvement");
  expect(ratingOf("TTFB", 1801)).toBe("poor");
});

test("summaries round ms to whole numbers and CLS to 3 decimals; no samples → null", () => {
  expect(vitalSummary("LCP", [1234.6, 10, 20, 30])).toEqual({ p75: 30, samples: 4, rating: "good" });
  expect(vitalSummary("LCP", [1234.6])).toEqual({ p75: 1235, samples: 1, rating: "good" });
  expect(vitalSummary("CLS", [0.12345])).toEqual({ p75: 0.123, samples: 1, rating: "needs_improvement" });
  expect(vitalSummary("INP", [])).toBeNull();
});
