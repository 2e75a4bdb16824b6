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

const arm = (key: string, weight: number, n: number, leads: number) => ({ key, name: key.toUpperCase(), weight, n, leads });

test("verdict: winner when the best challenger beats the control after Holm", () => {
  const result = abTest([arm("a", 50, 1000, 200), arm("b", 50, 1000, 250)]);
  expect(result).toMatchObject({ control: "a", minSample: 100, verdict: "winner", winner: "b" });
  const [a, b] = result.variants;
  expect(a).toMatchObject({ rate: 0.2, uplift: null, pValue: null, pAdjusted: null });
  expect(b.uplift).toBeCloseTo(0.25, 12);
  expect(b.pValue).toBeCloseTo(0.00742, 5);
  expect(b.pAdjusted).toBe(b.pValue);
  expect(result.srm.mismatch).toBe(false);
});

test("verdict: Holm can take a win away; a significantly better control wins", () => {
  // b alone: z = 2.159, p = 0.0308 < 0.05; with a third arm c (p ≈ 0.58) Holm doubles b's p to 0.0617.
  const two = abTest([arm("a", 50, 1000, 200), arm("b", 50, 1000, 240)]);
  expect(two.variants[1].pValue!).toBeCloseTo(0.0308, 4);
  expect(two.verdict).toBe("winner");
  const three = abTest([arm("a", 34, 1000, 200), arm("b", 33, 1000, 240), arm("c", 33, 1000, 210)]);
  expect(three.variants[1].pAdjusted!).toBeCloseTo(0.0617, 4);
  expect(three).toMatchObject({ verdict: "no_difference", winner: null });
  expect(abTest([arm("a", 50, 1000, 250), arm("b", 50, 1000, 200)])).toMatchObject({ verdict: "winner", winner: "a" });
});

test("verdict: collecting below the sample and expected-lead minimums, and on SRM", () => {
  expect(abTest([arm("a", 50, 99, 30), arm("b", 50, 150, 60)]).verdict).toBe("collecting");
  // Pooled rate 6/400 = 1.5 %: 200 × 0.015 = 3 expected leads per arm, below 5.
  expect(abTest([arm("a", 50, 200, 0), arm("b", 50, 200, 6)]).verdict).toBe("collecting");
  // A holdout (no popup, so no popup leads) qualifies once the pooled rate is high enough.
  const held = abTest([arm("holdout", 10, 120, 0), arm("a", 45, 540, 60), arm("b", 45, 540, 66)]);
  expect(held.srm.mismatch).toBe(false);
  expect(held).toMatchObject({ control: "holdout", verdict: "winner", winner: "b" });
  expect(held.variants[1].uplift).toBeNull();
  // The holdout is never the winner, even when it is better.
  expect(abTest([arm("holdout", 50, 1000, 250), arm("a", 50, 1000, 200)])).toMatchObject({ verdict: "no_difference", winner: null });
  const srm = abTest([arm("a", 50, 600, 120), arm("b", 50, 400, 200)]);
  expect(srm.srm.mismatch).toBe(true);
  expect(srm).toMatchObject({ verdict: "collecting", winner: null });
});
