/**
 * A/B statistics of a popup (docs/engagement.md "A/B statistics"), pure. The unit is the
 * visitor (assignment is sticky). Two tests, on two metrics:
 *
 * - The lead-rate test: the variants only (held-out visitors are shown nothing, so they can
 *   never be the popup's leads), the first variant the control; none without variants.
 * - The holdout test: converted visitors (a conversion from their first assignment on, within
 *   the period) of the holdout — the baseline — and of each variant, or of the popup as shown
 *   when it has no variants: does showing the popup change what visitors do afterwards?
 *
 * Each compares every challenger with its control alike: rate and its Wilson score 95 %
 * interval (good at small n and rates near 0, unlike the normal "Wald" interval); the relative
 * uplift and the pooled two-proportion z-test's two-sided p-value, Holm-corrected over the
 * comparisons (`pAdjusted`; equal to `pValue` with one comparison).
 *
 * Sample-ratio mismatch, once over every arm (holdout included): a chi-square goodness-of-fit
 * test of the arms' `n` against their configured shares; a mismatch (p < 0.001) means the
 * assignment or the counting is broken, so neither test gives a verdict.
 *
 * Verdict (`verdictOf`), exactly: `collecting` while SRM is detected, or while any arm has
 * fewer than MIN_SAMPLE (100) visitors, or while any arm's expected successes at the pooled
 * rate of all its test's arms (n × pooled rate) is below MIN_EXPECTED (5) — the usual
 * condition for the z-test's normal approximation to hold. Then `winner` when the best
 * challenger (highest rate) beats the control with pAdjusted < 0.05 (winner: its key); else,
 * when every challenger is below the control with pAdjusted < 0.05, the control is better:
 * `winner` with the control's key in the lead-rate test, `holdout_better` (winner null) in the
 * holdout test, where the control is the baseline and showing the popup lowers conversions;
 * else `no_difference` (winner null).
 *
 * The normal and chi-square tail probabilities come from one numeric method: the regularized
 * upper incomplete gamma function Q(a, x) (series below a + 1, Lentz's continued fraction
 * above; Lanczos' log-gamma), since the two-sided normal p-value is erfc(|z|/√2) = Q(½, z²/2)
 * and the chi-square survival function with k degrees of freedom is Q(k/2, χ²/2). About 1e-14
 * relative accuracy, no dependency.
 */

export const MIN_SAMPLE = 100;
export const MIN_EXPECTED = 5;
export const ALPHA = 0.05;
export const SRM_ALPHA = 0.001;
/** The 97.5th percentile of the standard normal distribution (two-sided 95 %). */
const Z95 = 1.959963984540054;

export interface Arm {
  key: string;
  name: string;
  /** The arm's configured share of all the popup's visitors (holdout included), in percent. */
  weight: number;
  n: number;
  /** Of the arm's visitors, those who became the popup's leads. */
  leads: number;
  /** Of the arm's visitors, those with a conversion from their first assignment on. */
  converted: number;
}

/** An arm's rate and its comparison with the control (null for the control itself). */
export interface Compared {
  rate: number;
  ci: [number, number];
  /** Relative to the control's rate; null for the control itself, or when the control's rate is 0. */
  uplift: number | null;
  pValue: number | null;
  pAdjusted: number | null;
}

export type LeadArm = Omit<Arm, "converted"> & Compared;
export type HoldoutArm = Pick<Arm, "key" | "name" | "n" | "converted"> & Compared;

export type Verdict = "collecting" | "winner" | "no_difference" | "holdout_better";
export type LeadVerdict = Exclude<Verdict, "holdout_better">;

export interface HoldoutTest {
  /** The holdout (the control) first, then each variant, or `shown` for a popup without variants. */
  arms: HoldoutArm[];
  verdict: Verdict;
  winner: string | null;
}

export interface TestResult {
  /** The lead-rate test's control, the first variant; null without variants. */
  control: string | null;
  minSample: number;
  /** The lead-rate test's arms, the control first; empty without variants. */
  variants: LeadArm[];
  srm: { pValue: number; mismatch: boolean };
  /** Null without variants (no lead-rate test). */
  verdict: LeadVerdict | null;
  winner: string | null;
  /** Null without a holdout. */
  holdout: HoldoutTest | null;
}

/** The arm key of the visitors shown a popup without variants, in the holdout test. */
export const SHOWN = "shown";

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = 0.99999999999980993;
  const t = x + 7.5;
  for (let i = 0; i < 8; i++) a += LANCZOS[i] / (x + i + 1);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    // P(a, x) by its series; Q = 1 − P.
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * front);
  }
  // Q(a, x) by its continued fraction (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, front * h);
}

/** P(|Z| ≥ |z|) for a standard normal Z. */
export const twoSidedNormalP = (z: number): number => gammaQ(0.5, (z * z) / 2);

/** P(X ≥ x) for X chi-square with `df` degrees of freedom. */
export const chiSquareP = (x: number, df: number): number => gammaQ(df / 2, x / 2);

/** The Wilson score interval of `successes` out of `n` at 95 %; [0, 1] when n is 0. */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, center - half), Math.min(1, center + half)];
}

/** The pooled two-proportion z-test of b against a: z (positive when b's rate is higher) and the two-sided p-value. */
export function twoProportionTest(a: { n: number; leads: number }, b: { n: number; leads: number }): { z: number; p: number } {
  if (a.n === 0 || b.n === 0) return { z: 0, p: 1 };
  const pooled = (a.leads + b.leads) / (a.n + b.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n));
  if (se === 0) return { z: 0, p: 1 };
  const z = (b.leads / b.n - a.leads / a.n) / se;
  return { z, p: twoSidedNormalP(z) };
}

/** Holm's step-down adjustment of p-values (same order as given). */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** Chi-square goodness of fit of observed counts against expected shares (any positive scale). */
export function sampleRatioTest(observed: readonly number[], shares: readonly number[]): { pValue: number; mismatch: boolean } {
  const total = observed.reduce((s, n) => s + n, 0);
  const shareSum = shares.reduce((s, w) => s + w, 0);
  if (total === 0 || observed.length < 2) return { pValue: 1, mismatch: false };
  let chi2 = 0;
  observed.forEach((o, i) => {
    const expected = (total * shares[i]) / shareSum;
    chi2 += ((o - expected) * (o - expected)) / expected;
  });
  const pValue = chiSquareP(chi2, observed.length - 1);
  return { pValue, mismatch: pValue < SRM_ALPHA };
}

/** Each arm's rate and interval of `successes` out of `n`, and each challenger against `arms[0]`, the control. */
export function compareArms(arms: readonly { n: number; successes: number }[]): Compared[] {
  const [control, ...challengers] = arms;
  const tests = challengers.map((arm) => twoProportionTest({ n: control.n, leads: control.successes }, { n: arm.n, leads: arm.successes }));
  const adjusted = holm(tests.map((t) => t.p));
  const rateOf = (arm: { n: number; successes: number }) => (arm.n > 0 ? arm.successes / arm.n : 0);
  const controlRate = rateOf(control);
  return arms.map((arm, i) => {
    const rate = rateOf(arm);
    const ci = wilson(arm.successes, arm.n);
    if (i === 0) return { rate, ci, uplift: null, pValue: null, pAdjusted: null };
    return { rate, ci, uplift: controlRate > 0 ? rate / controlRate - 1 : null, pValue: tests[i - 1].p, pAdjusted: adjusted[i - 1] };
  });
}

/**
 * The verdict of one test (the rule in the header): `arms[0]` is the control, `compared` what
 * `compareArms` made of them. `controlBetter` names the verdict when the control beats every
 * challenger: `winner` (the control's key) for a variant, `holdout_better` for the holdout.
 */
export function verdictOf(
  arms: readonly { key: string; n: number; successes: number }[],
  compared: readonly Compared[],
  srmMismatch: boolean,
  controlBetter: "winner" | "holdout_better",
): { verdict: Verdict; winner: string | null } {
  const totalN = arms.reduce((s, a) => s + a.n, 0);
  const pooled = totalN > 0 ? arms.reduce((s, a) => s + a.successes, 0) / totalN : 0;
  const enough = arms.every((a) => a.n >= MIN_SAMPLE && a.n * pooled >= MIN_EXPECTED);
  if (srmMismatch || !enough) return { verdict: "collecting", winner: null };
  const controlRate = compared[0].rate;
  const challengers = compared.slice(1);
  const best = challengers.reduce((b, c, i) => (c.rate > challengers[b].rate ? i : b), 0);
  if (challengers[best].rate > controlRate && challengers[best].pAdjusted! < ALPHA) return { verdict: "winner", winner: arms[best + 1].key };
  if (challengers.every((c) => c.rate < controlRate && c.pAdjusted! < ALPHA)) {
    return controlBetter === "winner" ? { verdict: "winner", winner: arms[0].key } : { verdict: "holdout_better", winner: null };
  }
  return { verdict: "no_difference", winner: null };
}

/**
 * Both tests of a popup. `holdout`: the held-out visitors, null without a holdout. `shown`:
 * the variants, the first one the lead-rate control — or, for a popup without variants, its
 * one arm of visitors shown it (key `shown`), which has no lead-rate test.
 */
export function abTest(holdout: Arm | null, shown: readonly Arm[]): TestResult {
  const all = holdout ? [holdout, ...shown] : shown;
  const srm = sampleRatioTest(all.map((a) => a.n), all.map((a) => a.weight));
  const result: TestResult = { control: null, minSample: MIN_SAMPLE, variants: [], srm, verdict: null, winner: null, holdout: null };
  if (shown.length >= 2) {
    const byLeads = shown.map((a) => ({ key: a.key, n: a.n, successes: a.leads }));
    const compared = compareArms(byLeads);
    const { verdict, winner } = verdictOf(byLeads, compared, srm.mismatch, "winner");
    result.control = shown[0].key;
    result.variants = shown.map(({ key, name, weight, n, leads }, i) => ({ key, name, weight, n, leads, ...compared[i] }));
    result.verdict = verdict as LeadVerdict;
    result.winner = winner;
  }
  if (holdout) {
    const byConverted = all.map((a) => ({ key: a.key, n: a.n, successes: a.converted }));
    const compared = compareArms(byConverted);
    result.holdout = {
      arms: all.map(({ key, name, n, converted }, i) => ({ key, name, n, converted, ...compared[i] })),
      ...verdictOf(byConverted, compared, srm.mismatch, "holdout_better"),
    };
  }
  return result;
}
