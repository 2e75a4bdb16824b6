import { groupByKeyScratch, scratchInts, ScratchSlot } from "../columns.ts";
import type { Dependent, EventTable, SiteData } from "../site-data.ts";

/** Every session in visitor order, each visitor's chain earliest first, and each session's place in that order. */
export interface Chains {
  order: Int32Array;
  rank: Int32Array;
}

/**
 * The sessions in chain order, the first builds' common sort: made when first asked, kept
 * until the columns change (any session or visitor change drops it).
 */
class ChainOrder implements Dependent {
  private chains: Chains | null = null;
  private madeAt = -1;
  /** Kept for the next change's rebuild (fresh pages are dear: see ScratchSlot). */
  private order = new Int32Array(0);
  private rank = new Int32Array(0);

  constructor(private readonly data: SiteData) {
    data.follow(this, true);
  }

  /** The order, or null when the chains do not hold each session once (mid-load): callers then build visitor by visitor. */
  current(): Chains | null {
    const s = this.data.sessions;
    if (this.chains && this.madeAt === s.count) return this.chains;
    this.chains = null;
    const n = s.count;
    const last = this.data.lastOfVisitor;
    const prev = this.data.prevOfVisitor;
    const visitors = last.length;
    // Each visitor's slots, from their session count; then their chain, walked from the end.
    const start = scratchInts(ScratchSlot.Counts, visitors + 1).fill(0);
    for (let p = 0; p < n; p++) {
      if (s.visitor[p] >= visitors) return null;
      start[s.visitor[p] + 1]++;
    }
    for (let v = 0; v < visitors; v++) start[v + 1] += start[v];
    if (this.order.length < n) (this.order = new Int32Array(this.data.sessionCapacity)), (this.rank = new Int32Array(this.data.sessionCapacity));
    const order = this.order.subarray(0, n);
    const rank = this.rank;
    for (let v = 0; v < visitors; v++) {
      let i = start[v + 1];
      for (let p = last[v]; p >= 0; p = prev[p]) {
        if (--i < start[v] || s.visitor[p] !== v) return null;
        order[i] = p;
        rank[p] = i;
      }
      if (i !== start[v]) return null;
    }
    this.madeAt = n;
    return (this.chains = { order, rank });
  }

  sessionChanged(): void {
    this.chains = null;
  }

  visitorChanged(): void {
    this.chains = null;
  }
}

export const chainOrderOf = (data: SiteData): ChainOrder => data.derived("chainOrder", () => new ChainOrder(data));

/**
 * A table's rows sorted by `key` (in [0, keyCount); none: one key), then visitor and session
 * in chain order, then time within the session (ties in load order), as visitorChanged meets
 * them: two stable counting sorts, and a comparison sort for the rare session whose events
 * came out of order. The result lives in scratch (the Order slot).
 */
export function rowsInVisitorOrder(table: EventTable, chains: Chains, key: Int32Array | null, keyCount = 1): Int32Array {
  const m = table.count;
  const { session, ts } = table;
  const rankOf = scratchInts(ScratchSlot.Keys, m);
  for (let r = 0; r < m; r++) rankOf[r] = chains.rank[session[r]];
  const { start, order: byRank } = groupByKeyScratch(rankOf, chains.order.length);
  // Each session's rows are byRank[start[k] .. start[k + 1]) (k its rank).
  for (let k = 0; k < chains.order.length; k++) {
    const a = start[k], b = start[k + 1];
    for (let j = a + 1; j < b; j++) {
      if (ts.at(byRank[j]) >= ts.at(byRank[j - 1])) continue;
      byRank.subarray(a, b).sort((x, y) => ts.at(x) - ts.at(y) || x - y);
      break;
    }
  }
  if (key === null) return byRank;
  const sorted = scratchInts(ScratchSlot.Sorted, m);
  sorted.set(byRank);
  const keys = scratchInts(ScratchSlot.Keys, m);
  for (let j = 0; j < m; j++) keys[j] = key[sorted[j]];
  const byKey = groupByKeyScratch(keys, keyCount).order;
  for (let j = 0; j < m; j++) byKey[j] = sorted[byKey[j]];
  return byKey;
}
