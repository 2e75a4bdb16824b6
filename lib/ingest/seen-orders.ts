/**
 * The order ids a store already counted, per site, held by the write connection as 64-bit
 * hashes in an open-addressing table (about 16 bytes an order). `conversion_orders` is the
 * durable log they are loaded from: an index over random order ids there costs a page written
 * per conversion at every commit, a lookup here costs nothing. Equal hashes count as the same
 * order, as equal id hashes count as the same event in `recent_events`.
 */
export class SeenOrders {
  /** Pairs of 32-bit halves; (0, 0) marks a free slot. */
  private slots = new Uint32Array(2 * 1024);
  private size = 0;
  /** `conversion_orders` rows up to this rowid are in the set. */
  loadedUpTo = 0;

  has(siteId: string, orderId: string): boolean {
    const [lo, hi] = halves(siteId, orderId);
    const at = this.find(lo, hi);
    return this.slots[at] !== 0 || this.slots[at + 1] !== 0;
  }

  add(siteId: string, orderId: string): void {
    const [lo, hi] = halves(siteId, orderId);
    this.put(lo, hi);
  }

  private put(lo: number, hi: number): void {
    const at = this.find(lo, hi);
    if (this.slots[at] !== 0 || this.slots[at + 1] !== 0) return;
    this.slots[at] = lo;
    this.slots[at + 1] = hi;
    // Keep at most half the slots taken, so probes stay short.
    if (++this.size * 4 > this.slots.length) this.grow();
  }

  /** The slot holding (lo, hi), or the free slot where it would go. */
  private find(lo: number, hi: number): number {
    const mask = this.slots.length / 2 - 1;
    for (let i = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask; ; i = (i + 1) & mask) {
      const at = 2 * i;
      const a = this.slots[at];
      const b = this.slots[at + 1];
      if ((a === 0 && b === 0) || (a === lo && b === hi)) return at;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    this.size = 0;
    for (let at = 0; at < old.length; at += 2) if (old[at] !== 0 || old[at + 1] !== 0) this.put(old[at], old[at + 1]);
  }
}

function halves(siteId: string, orderId: string): [number, number] {
  const h = Bun.hash(`${siteId}\n${orderId}`) as bigint;
  const lo = Number(h & 0xffffffffn);
  const hi = Number(h >> 32n);
  // (0, 0) marks a free slot; the one hash that spells it is stored as (1, 0).
  return lo === 0 && hi === 0 ? [1, 0] : [lo, hi];
}
