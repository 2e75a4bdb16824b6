import { allOp, getOp, runOp, type Program, type RunResult } from "../db/statements.ts";
import type { Slice } from "./types.ts";

/**
 * The server's draw of a spin (docs/engagement.md "Spinning"): a slice chosen with
 * `crypto.getRandomValues`, in proportion to the weights of the slices that still have stock,
 * its stock taken and (for a coupon pool) a free code handed out — all inside the caller's
 * write transaction (BEGIN IMMEDIATE: no other writer between the look and the take), so a
 * prize is never given more often than its stock, nor a code twice.
 */

const TWO_POW_32 = 2 ** 32;
const TWO_POW_53 = 2 ** 53;
const words = new Uint32Array(2);

/** A uniform integer in [0, 2^53) from two crypto words. */
function random53(): number {
  crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * TWO_POW_32 + words[1];
}

/** A uniform integer in [0, n) for an integer 1 ≤ n ≤ 2^53, without modulo bias (draws past the last whole multiple of n are drawn again). */
export function randomBelow(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_53) throw new RangeError(`randomBelow: ${n} is not an integer in [1, 2^53]`);
  const limit = TWO_POW_53 - (TWO_POW_53 % n);
  let x = random53();
  while (x >= limit) x = random53();
  return x % n;
}

/**
 * The index of a slice drawn in proportion to `weights` among the `eligible` ones, or null when
 * none is. Whole weights are drawn exactly (an integer below their sum); fractional ones through a
 * 53-bit uniform number, whose error is below 2^-53 of the total.
 */
export function pickWeighted(weights: readonly number[], eligible: readonly boolean[]): number | null {
  let total = 0;
  let whole = true;
  for (let i = 0; i < weights.length; i++) {
    if (!eligible[i]) continue;
    total += weights[i];
    whole &&= Number.isInteger(weights[i]);
  }
  if (total <= 0) return null;
  let at = whole && total <= TWO_POW_53 ? randomBelow(total) : (random53() / TWO_POW_53) * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    if (!eligible[i]) continue;
    if (at < weights[i]) return i;
    at -= weights[i];
    last = i;
  }
  // Rounding of fractional weights can leave `at` a hair past the last one.
  return last;
}

export interface Drawn {
  slice: number;
  /** The coupon handed out (coupon_pool), else null. */
  code: string | null;
}

/**
 * Draws a slice of the wheel and takes its prize for `spinId`: the slice's stock row is
 * decremented (made from the definition's stock if the wheel has none yet) and counted as
 * awarded, and a coupon_pool slice's first free code is given the spin's id. Null when no slice
 * has stock left (nothing changed).
 */
export function* drawSlice(wheelId: string, slices: readonly Slice[], spinId: string): Program<Drawn | null> {
  const rows = (yield allOp("SELECT slice, stock_left AS stockLeft FROM spin_slices WHERE wheel_id = ?", wheelId)) as { slice: number; stockLeft: number | null }[];
  const stockRows = new Map(rows.map((r) => [r.slice, r.stockLeft]));
  const stockOf = (i: number) => (stockRows.has(i) ? stockRows.get(i)! : slices[i].stock);
  const freeCodes: (string | null)[] = [];
  const eligible: boolean[] = [];
  for (let i = 0; i < slices.length; i++) {
    const stock = stockOf(i);
    let ok = stock === null || stock > 0;
    if (ok && slices[i].prize === "coupon_pool") {
      const free = (yield getOp("SELECT code FROM coupon_codes WHERE wheel_id = ? AND slice = ? AND spin_id IS NULL LIMIT 1", wheelId, i)) as { code: string } | undefined;
      freeCodes[i] = free?.code ?? null;
      ok = free !== undefined;
    }
    eligible.push(ok);
  }
  const slice = pickWeighted(slices.map((s) => s.weight), eligible);
  if (slice === null) return null;

  const taken = (yield runOp(
    "UPDATE spin_slices SET stock_left = stock_left - 1, awarded = awarded + 1 WHERE wheel_id = ? AND slice = ?",
    wheelId, slice,
  )) as RunResult;
  if (taken.changes === 0) {
    const stock = slices[slice].stock;
    yield runOp("INSERT INTO spin_slices (wheel_id, slice, stock_left, awarded) VALUES (?,?,?,1)", wheelId, slice, stock === null ? null : stock - 1);
  }
  const code = slices[slice].prize === "coupon_pool" ? freeCodes[slice] : null;
  if (code !== null) yield runOp("UPDATE coupon_codes SET spin_id = ? WHERE wheel_id = ? AND code = ?", spinId, wheelId, code);
  return { slice, code };
}
