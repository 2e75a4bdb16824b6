/** Order statistics without sorting: reports take medians and percentiles of up to millions of values. */

/** The k-th smallest value (0-based), by quickselect: linear on average. Reorders `xs`. */
export function nthSmallest(xs: Float64Array, k: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const pivot = xs[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (xs[i] < pivot) i++;
      while (xs[j] > pivot) j--;
      if (i <= j) {
        const t = xs[i];
        xs[i] = xs[j];
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return xs[k];
  }
  return xs[k];
}

/** The median (the mean of the middle two for an even count); null for no values. Reorders `xs`. */
export function median(xs: Float64Array): number | null {
  const n = xs.length;
  if (n === 0) return null;
  const upper = nthSmallest(xs, n >> 1);
  if (n % 2 === 1) return upper;
  // After the select, everything below index n/2 is at most `upper`: the lower middle is their maximum.
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) if (xs[i] > lower) lower = xs[i];
  return (lower + upper) / 2;
}
