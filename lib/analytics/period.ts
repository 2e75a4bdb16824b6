import { previousRange, resolveRange, type DateRange } from "../date-range.ts";
import { epochDayOf } from "../time.ts";

/** A report's date range as the engine reads it: epoch days, inclusive. */
export interface Period {
  range: DateRange;
  from: number;
  to: number;
}

const periodOf = (range: DateRange): Period => ({ range, from: epochDayOf(range.from), to: epochDayOf(range.to) });

export function reportPeriod(query: { from?: string; to?: string }, tz: string, now: number): Period {
  return periodOf(resolveRange(query, tz, now));
}

export const previousPeriod = (p: Period): Period => periodOf(previousRange(p.range));
