import { grow } from "./columns.ts";

/**
 * An event table's times (epoch ms), exact to the millisecond in 4 bytes a row instead of 8:
 * each block of BLOCK rows has a base time (f64), and each row holds how many ms after its
 * block's base it happened (u32: up to 49.7 days). A block's base is its first row's time less
 * SLACK, so the block's later rows may be older than its first (ingest takes events up to 72
 * hours old, or 10 minutes ahead) and up to ~45 days newer. A row that does not fit — older
 * than the base (a store written by something else), more than ~45 days after its block's
 * first row (a type with fewer than BLOCK rows in that time), not a whole number of ms — is
 * OUTSIDE and keeps its time in a map. Readers call `at(row)`.
 */

/**
 * Rows per block (a power of two: a row's block is `row >>> SHIFT`). A snapshot's bases are per
 * block: changing SHIFT changes what they mean, so it needs site-snapshot.ts's FORMAT bumped.
 */
export const SHIFT = 8;
const BLOCK = 1 << SHIFT;
/** How far before its first row's time a block's base lies: the 72 hours of late events, and a day. */
export const SLACK = 4 * 86_400_000;
/** The offset of a row whose time is in `outside`; every offset that fits is below it. */
export const OUTSIDE = 0xffff_ffff;

export class EventTimes {
  /** Per block of BLOCK rows, the time offsets count from. */
  base: Float64Array;
  /** Per row, ms after its block's base (OUTSIDE: see `outside`). */
  offset: Uint32Array;
  /** The times of the OUTSIDE rows, by row. */
  readonly outside = new Map<number, number>();

  constructor(base: Float64Array = new Float64Array(0), offset: Uint32Array = new Uint32Array(0)) {
    this.base = base;
    this.offset = offset;
  }

  /** When row's event happened (epoch ms). */
  at(row: number): number {
    const o = this.offset[row];
    return o !== OUTSIDE ? this.base[row >>> SHIFT] + o : this.outside.get(row)!;
  }

  /** Sets row's time: rows are set in order, each once (a block's first row sets its base). */
  set(row: number, ts: number): void {
    if (row >= this.offset.length) this.offset = grow(this.offset, Math.max(1024, row * 2));
    const block = row >>> SHIFT;
    if ((row & (BLOCK - 1)) === 0) {
      if (block >= this.base.length) this.base = grow(this.base, Math.max(16, block * 2));
      this.base[block] = ts - SLACK;
    }
    const base = this.base[block];
    const o = ts - base;
    // Kept as an offset only if base + offset gives ts back exactly.
    if (o >= 0 && o < OUTSIDE && base + (o >>> 0) === ts) this.offset[row] = o;
    else {
      this.offset[row] = OUTSIDE;
      this.outside.set(row, ts);
    }
  }

  /** How many bases `rows` rows use. */
  static blocks(rows: number): number {
    return Math.ceil(rows / BLOCK);
  }

  /** The OUTSIDE rows and their times, flat (row, time, …), as a snapshot keeps them. */
  outsideToJSON(): number[] {
    return [...this.outside].flat();
  }

  outsideFromJSON(pairs: number[]): void {
    this.outside.clear();
    for (let i = 0; i + 1 < pairs.length; i += 2) this.outside.set(pairs[i], pairs[i + 1]);
  }
}
