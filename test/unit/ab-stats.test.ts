import { expect, test } from "bun:test";
import { abTest, chiSquareP, holm, sampleRatioTest, twoProportionTest, twoSidedNormalP, wilson } from "../../lib/engagement/ab-stats.ts";

test("normal and chi-square tails against tabled values", () => {
  expect(twoSidedNormalP(1.959963984540054)).toBeCloseTo(0.05, 12);
  expect(twoSidedNormalP(2.5758293035489)).toBeCloseTo(0.01, 12);
  expect(twoSidedNormalP(0)).toBe(1);
  expect(twoSidedNormalP(6)).toBeCloseTo(1.973175e-9, 14);
  // Chi-square critical values: 3.841 (df 1), 5.991 (df 2), 16.266 (df 3) at 0.05 / 0.05 / 0.001.
  expect(chiSquareP(3.841458820694124, 1)).toBeCloseTo(0.05, 10);
  expect(chiSquareP(5.991464547107979, 2)).toBeCloseTo(0.05, 10);
  expect(chiSquareP(16.26623619623813, 3)).toBeCloseTo(0.001, 10);
});

test("pooled two-proportion z-test: 200/1000 vs 250/1000", () => {
  const { z, p } = twoProportionTest({ n: 1000, leads: 200 }, { n: 1000, leads: 250 });
  expect(z).toBeCloseTo(2.6774, 4);
  expect(p).toBeCloseTo(0.00742, 5);
  expect(twoProportionTest({ n: 1000, leads: 250 }, { n: 1000, leads: 200 }).z).toBeCloseTo(-2.6774, 4);
  expect(twoProportionTest({ n: 10, leads: 0 }, { n: 10, leads: 0 })).toEqual({ z: 0, p: 1 });
});

test("Wilson score interval: 81 of 263 → [0.2553, 0.3662]", () => {
  const [lo, hi] = wilson(81, 263);
  expect(lo).toBeCloseTo(0.2553, 4);
  expect(hi).toBeCloseTo(0.3662, 4);
  // At 0 successes the interval still has width (unlike Wald's): 0 of 10 → [0, 0.2775].
  const [lo0, hi0] = wilson(0, 10);
  expect(lo0).toBe(0);
  expect(hi0).toBeCloseTo(0.2775, 4);
  expect(wilson(0, 0)).toEqual([0, 1]);
});

test("Holm on a known set (R: p.adjust(c(0.01, 0.04, 0.03, 0.005), 'holm'))", () => {
  const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
  [0.03, 0.06, 0.06, 0.02].forEach((p, i) => expect(adjusted[i]).toBeCloseTo(p, 12));
  expect(holm([0.3])).toEqual([0.3]);
  expect(holm([0.6, 0.5])).toEqual([1, 1]);
});

test("sample-ratio mismatch: 600/400 on 50/50 is detected, 505/495 is not", () => {
  const off = sampleRatioTest([600, 400], [50, 50]);
  expect(off.mismatch).toBe(true);
  expect(off.pValue).toBeCloseTo(2.5396e-10, 13); // χ² = 40, df 1
  const fine = sampleRatioTest([505, 495], [50, 50]);
  expect(fine.mismatch).toBe(false);
  expect(fine.pValue).toBeCloseTo(0.7518, 4); // χ² = 0.1
  // Shares of any scale: a 10 % holdout and 45/45.
  expect(sampleRatioTest([100, 450, 450], [10, 45, 45]).pValue).toBeCloseTo(1, 12);
});

const arm = (key: string, weight: number, n: number, leads: number, converted = 0) => ({ key, name: key.toUpperCase(), weight, n, leads, converted });

test("verdict: winner when the best challenger beats the control after Holm", () => {
  const result = abTest(null, [arm("a", 50, 1000, 200), arm("b", 50, 1000, 250)]);
  expect(result).toMatchObject({ control: "a", minSample: 100, verdict: "winner", winner: "b", holdout: null });
  const [a, b] = result.variants;
  expect(a).toMatchObject({ rate: 0.2, uplift: null, pValue: null, pAdjusted: null });
  expect(b.uplift).toBeCloseTo(0.25, 12);
  expect(b.pValue).toBeCloseTo(0.00742, 5);
  expect(b.pAdjusted).toBe(b.pValue);
  expect(result.srm.mismatch).toBe(false);
});

test("verdict: Holm can take a win away; a significantly better control wins", () => {
  // b alone: z = 2.159, p = 0.0308 < 0.05; with a third arm c (p ≈ 0.58) Holm doubles b's p to 0.0617.
  const two = abTest(null, [arm("a", 50, 1000, 200), arm("b", 50, 1000, 240)]);
  expect(two.variants[1].pValue!).toBeCloseTo(0.0308, 4);
  expect(two.verdict).toBe("winner");
  const three = abTest(null, [arm("a", 34, 1000, 200), arm("b", 33, 1000, 240), arm("c", 33, 1000, 210)]);
  expect(three.variants[1].pAdjusted!).toBeCloseTo(0.0617, 4);
  expect(three).toMatchObject({ verdict: "no_difference", winner: null });
  expect(abTest(null, [arm("a", 50, 1000, 250), arm("b", 50, 1000, 200)])).toMatchObject({ verdict: "winner", winner: "a" });
});

test("verdict: collecting below the sample and expected-success minimums, and on SRM", () => {
  expect(abTest(null, [arm("a", 50, 99, 30), arm("b", 50, 150, 60)]).verdict).toBe("collecting");
  // Pooled rate 6/400 = 1.5 %: 200 × 0.015 = 3 expected leads per arm, below 5.
  expect(abTest(null, [arm("a", 50, 200, 0), arm("b", 50, 200, 6)]).verdict).toBe("collecting");
  const srm = abTest(null, [arm("a", 50, 600, 120), arm("b", 50, 400, 200)]);
  expect(srm.srm.mismatch).toBe(true);
  expect(srm).toMatchObject({ verdict: "collecting", winner: null });
});

test("the lead-rate test leaves the holdout out; the holdout test compares converted visitors with it", () => {
  // Holdout 10 %: 200 visitors, 20 converted (0.10), no leads (it sees no popup).
  // a: 900, 180 converted (0.20): z = 3.3166, p = 0.00091112; b: 900, 126 (0.14): z = 1.5081, p = 0.13152.
  // Holm: a 0.0018222, b 0.13152 → a converts better than the holdout.
  const result = abTest(arm("holdout", 10, 200, 0, 20), [arm("a", 45, 900, 90, 180), arm("b", 45, 900, 99, 126)]);
  expect(result.srm.pValue).toBeCloseTo(1, 12);
  // Leads: a 10 % against b 11 %, the control a (never the holdout, whose lead rate is always 0).
  expect(result).toMatchObject({ control: "a", verdict: "no_difference", winner: null });
  expect(result.variants.map((v) => v.key)).toEqual(["a", "b"]);
  expect(result.variants[1].uplift).toBeCloseTo(0.1, 12);
  const h = result.holdout!;
  expect(h).toMatchObject({ verdict: "winner", winner: "a" });
  expect(h.arms.map((x) => [x.key, x.name, x.n, x.converted, x.rate])).toEqual([["holdout", "HOLDOUT", 200, 20, 0.1], ["a", "A", 900, 180, 0.2], ["b", "B", 900, 126, 0.14]]);
  expect(h.arms[0]).toMatchObject({ uplift: null, pValue: null, pAdjusted: null });
  expect(h.arms[1].uplift).toBeCloseTo(1, 12);
  expect(h.arms[2].uplift).toBeCloseTo(0.4, 12);
  expect(h.arms[1].pValue!).toBeCloseTo(0.00091112, 8);
  expect(h.arms[1].pAdjusted!).toBeCloseTo(0.0018222, 7);
  expect(h.arms[2].pValue!).toBeCloseTo(0.13152, 5);
  expect(h.arms[2].pAdjusted!).toBeCloseTo(0.13152, 5);
});

test("holdout test: holdout_better when every arm converts significantly worse, else no_difference; SRM counts the holdout", () => {
  // Holdout 100 of 500 (0.20); a 60 (p = 0.00055991), b 62 (p = 0.0011086): Holm: both 0.0011198 (step-down keeps
  // the adjusted values monotone).
  const worse = abTest(arm("holdout", 50, 500, 0, 100), [arm("a", 25, 500, 50, 60), arm("b", 25, 500, 50, 62)]);
  expect(worse.srm.mismatch).toBe(true); // 500 / 500 / 500 against 50 / 25 / 25
  expect(worse.holdout).toMatchObject({ verdict: "collecting", winner: null });
  const fair = abTest(arm("holdout", 33.34, 500, 0, 100), [arm("a", 33.33, 500, 50, 60), arm("b", 33.33, 500, 50, 62)]);
  expect(fair.holdout).toMatchObject({ verdict: "holdout_better", winner: null });
  expect(fair.holdout!.arms[1].pAdjusted!).toBeCloseTo(0.0011198, 7);
  expect(fair.holdout!.arms[2].pValue!).toBeCloseTo(0.0011086, 7);
  expect(fair.holdout!.arms[2].pAdjusted!).toBeCloseTo(0.0011198, 7);
  // One arm not significantly worse: no difference.
  const mixed = abTest(arm("holdout", 33.34, 500, 0, 100), [arm("a", 33.33, 500, 50, 60), arm("b", 33.33, 500, 50, 95)]);
  expect(mixed.holdout).toMatchObject({ verdict: "no_difference", winner: null });
});

test("a holdout without variants: no lead-rate test, the popup as shown against the holdout", () => {
  const result = abTest(arm("holdout", 20, 100, 0, 5), [arm("shown", 80, 400, 40, 40)]);
  expect(result).toMatchObject({ control: null, variants: [], verdict: null, winner: null });
  expect(result.srm.pValue).toBeCloseTo(1, 12);
  expect(result.holdout!.arms.map((x) => x.key)).toEqual(["holdout", "shown"]);
  expect(result.holdout!.arms[1].uplift).toBeCloseTo(1, 12);
  // Pooled 45/500 = 0.09: the holdout's 100 × 0.09 = 9 expected ≥ 5; z = 1.5627, p = 0.11813.
  expect(result.holdout!.arms[1].pValue!).toBeCloseTo(0.11813, 5);
  expect(result.holdout).toMatchObject({ verdict: "no_difference", winner: null });
});
