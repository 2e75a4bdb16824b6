/**
 * A small seedable PRNG (sfc32, seeded through a splitmix-style mix) so demo traffic repeats
 * exactly for a seed. Not for secrets: ids made here only have to look like the tracker's.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Each list of integers (seed, stream, index …) gives its own independent sequence. */
  constructor(...keys: number[]) {
    let h = 0x6a09e667;
    const mix = (x: number) => {
      h = Math.imul(h ^ x, 0x9e3779b1);
      h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
      h ^= h >>> 13;
    };
    for (const key of keys) {
      mix(key >>> 0);
      mix(Math.floor(key / 0x1_0000_0000) >>> 0);
    }
    const next = () => {
      h = (h + 0x9e3779b9) | 0;
      let z = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next() | 1;
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Log-normal around a median (dwell times, values): most near it, a long tail above. */
  logNormal(median: number, sigma: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return median * Math.exp(sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
  }

  /** `n` hex digits. */
  hex(n: number): string {
    let out = "";
    while (out.length < n) out += hex32(this.uint32());
    return out.slice(0, n);
  }

  /** A random (version 4) UUID, as `crypto.randomUUID` makes them for event ids. */
  uuid4(): string {
    const b = this.uint32();
    return `${hex32(this.uint32())}-${HEX[b >>> 24]}${HEX[(b >>> 16) & 255]}-${this.tail(0x40 | ((b >>> 8) & 15), b & 255)}`;
  }

  /** A version 7 UUID for an instant (48-bit ms, then random bits), as the tracker makes visitor and session ids. */
  uuid7(ms: number): string {
    const t = Math.max(0, Math.floor(ms));
    const low = t % 0x10000;
    const b = this.uint32();
    return `${hex32(Math.floor(t / 0x10000) >>> 0)}-${HEX[low >>> 8]}${HEX[low & 255]}-${this.tail(0x70 | ((b >>> 8) & 15), b & 255)}`;
  }

  /** A UUID's last three groups: the version byte given, the RFC 4122 variant, random bits. */
  private tail(version: number, next: number): string {
    const c = this.uint32();
    return `${HEX[version]}${HEX[next]}-${HEX[0x80 | ((c >>> 24) & 63)]}${HEX[(c >>> 16) & 255]}-${HEX[(c >>> 8) & 255]}${HEX[c & 255]}${hex32(this.uint32())}`;
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex32 = (n: number) => HEX[n >>> 24] + HEX[(n >>> 16) & 255] + HEX[(n >>> 8) & 255] + HEX[n & 255];

/** Choices with weights, picked in O(log n). */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cumulative: number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.items = entries.map(([item]) => item);
    let sum = 0;
    this.cumulative = entries.map(([, weight]) => (sum += weight));
  }

  pick(random: Random): T {
    const target = random.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}
