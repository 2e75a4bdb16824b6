/**
 * A function remembered by a string key for the last few thousand distinct keys: hot paths see
 * the same origins, referrers and sources over and over. Past `max` entries everything is
 * forgotten at once (the hot ones come straight back). `args` are what the key stands for.
 */
export function memoized<A extends unknown[], V>(max: number, compute: (key: string, ...args: A) => V): (key: string, ...args: A) => V {
  const known = new Map<string, V>();
  return (key, ...args) => {
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      value = compute(key, ...args);
      if (known.size >= max) known.clear();
      known.set(key, value);
    }
    return value as V;
  };
}
