import { restoresIndexes, type EventTable, type KeptIndex } from "./site-data.ts";

const BLOCK = 4096;

/**
 * The latest time of each full block of BLOCK rows of an event table, so the rows of a recent
 * time window are found without reading every row. Rows are in load order, nearly but not
 * exactly time order (late hits), so a window's rows are looked for in every block whose
 * latest time reaches the window, not from one position on. A row's time never changes and
 * rows are only appended, so a full block's latest time is computed once — and kept by the
 * site's snapshot, so a restarted process does not read every row's time again.
 */
export class TimeBlocks implements KeptIndex {
  private latest = new Float64Array(64);
  private full = 0;

  /** `kept`: the full blocks' latest times a snapshot kept. */
  constructor(kept?: Float64Array) {
    if (kept) {
      this.latest = kept.slice();
      this.full = kept.length;
    }
  }

  keptColumns() {
    return [{ name: "latest", kind: "f64" as const, count: this.full, array: this.latest }];
  }

  keptMeta() {
    return { full: this.full };
  }

  /** Calls `visit(row)` for every row of `table` with from <= ts < until. */
  rowsBetween(table: EventTable, from: number, until: number, visit: (row: number) => void): void {
    const ts = table.ts;
    const count = table.count;
    while ((this.full + 1) * BLOCK <= count) {
      if (this.full === this.latest.length) {
        const next = new Float64Array(this.latest.length * 2);
        next.set(this.latest);
        this.latest = next;
      }
      let max = -Infinity;
      for (let r = this.full * BLOCK, end = r + BLOCK; r < end; r++) {
        const at = ts.at(r);
        if (at > max) max = at;
      }
      this.latest[this.full++] = max;
    }
    for (let b = 0; b <= this.full; b++) {
      if (b < this.full && this.latest[b] < from) continue;
      for (let r = b * BLOCK, end = Math.min(r + BLOCK, count); r < end; r++) {
        const at = ts.at(r);
        if (at >= from && at < until) visit(r);
      }
    }
  }
}

/** The table's blocks (made on first use; `timeBlocks:<type>`). */
export const timeBlocksOf = (data: { derived<T>(key: string, make: () => T): T }, type: number): TimeBlocks => data.derived(`timeBlocks:${type}`, () => new TimeBlocks());

// The blocks kept (the first `full` ones: blocks are filled when realtime asks, so they may lag the table) must lie within the table.
restoresIndexes("timeBlocks", (data, key, columns, meta) => {
  const latest = columns.get("latest");
  const table = data.table(Number(key.slice("timeBlocks:".length)));
  const full = (meta as { full?: unknown } | null)?.full;
  const whole = latest instanceof Float64Array && table && Number.isSafeInteger(full) && (full as number) >= 0 && latest.length >= (full as number) && (full as number) * BLOCK <= table.count;
  return whole ? new TimeBlocks((latest as Float64Array).subarray(0, full as number)) : undefined;
});
