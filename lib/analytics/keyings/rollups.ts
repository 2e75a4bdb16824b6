import { scratchInts, ScratchSlot } from "../columns.ts";
import type { Dependent, KeptIndex, SiteData } from "../site-data.ts";
import { foldOf, groupAt, type Keying } from "./groupings.ts";

/** Sums kept per day and group: the additive part of an unfiltered report is a few additions per day. */
export const SESSIONS = 0, ENGAGED = 1, ENGAGED_MS = 2, PAGEVIEWS = 3, CONVERSIONS = 4, CONVERTING = 5, REVENUE = 6, USERS = 7, NEW_USERS = 8;
export const SLOTS = 9;

/** Keyings with more groups than this are summed session by session instead of per day. */
export const MAX_ROLLUP_GROUPS = 4096;

/** Per-day additive sums of one keying (the total when `keying` is null), following every session change. */
export class Rollup implements Dependent, KeptIndex {
  private readonly byDay = new Map<number, Float64Array>();

  /** `kept`: the days (day, length pairs, in the map's order) and their sums a snapshot kept (else built). */
  constructor(private readonly data: SiteData, private readonly keying: Keying | null, kept?: { days: Int32Array; sums: Float64Array }) {
    if (kept) {
      for (let i = 0, at = 0; i + 1 < kept.days.length; at += kept.days[i + 1], i += 2) this.byDay.set(kept.days[i], kept.sums.slice(at, at + kept.days[i + 1]));
    } else this.build();
    data.follow(this);
  }

  keptColumns() {
    const days = new Int32Array(this.byDay.size * 2);
    const sums = new Float64Array([...this.byDay.values()].reduce((n, x) => n + x.length, 0));
    let i = 0, at = 0;
    for (const [day, daySums] of this.byDay) {
      days[i++] = day;
      days[i++] = daySums.length;
      sums.set(daySums, at);
      at += daySums.length;
    }
    return [{ name: "days", kind: "i32" as const, count: days.length, array: days }, { name: "sums", kind: "f64" as const, count: sums.length, array: sums }];
  }

  /** The first build: as `add` for every session in order, with the days' sums in a dense array instead of the map. */
  private build(): void {
    const s = this.data.sessions;
    const n = s.count;
    const day = s.day;
    const codes = this.keying ? this.keying.codes() : scratchInts(ScratchSlot.Keys, n).fill(0);
    const offset = this.keying ? this.keying.offset | 0 : 0;
    const fold = this.keying ? foldOf(this.keying) : scratchInts(ScratchSlot.Counts, 1).fill(0);
    let first = Infinity, last = -Infinity;
    for (let p = 0; p < n; p++) (first = Math.min(first, day[p])), (last = Math.max(last, day[p]));
    if (n === 0) return;
    // Per day, the highest code seen: each day's sums are as long as that day needs.
    // (The map takes the days in order of first sight, as `add` would: addInto sums in its order.)
    const top = new Int32Array(last - first + 1).fill(-1);
    const seen: number[] = [];
    for (let p = 0; p < n; p++) {
      const d = day[p] - first;
      if (top[d] < 0) seen.push(d);
      top[d] = Math.max(top[d], fold[codes[p] - offset], 0);
    }
    const byDay: Float64Array[] = [];
    for (const d of seen) this.byDay.set(first + d, (byDay[d] = new Float64Array((top[d] + 1) * SLOTS)));
    const { engaged, engagedMs, pageviews, conversions, revenue, isNew } = s;
    for (let p = 0; p < n; p++) {
      const sums = byDay[day[p] - first];
      const o = fold[codes[p] - offset] * SLOTS;
      const conv = conversions[p];
      sums[o + SESSIONS] += 1;
      sums[o + ENGAGED] += engaged[p];
      sums[o + ENGAGED_MS] += engagedMs[p];
      sums[o + PAGEVIEWS] += pageviews[p];
      sums[o + CONVERSIONS] += conv;
      if (conv > 0) sums[o + CONVERTING] += 1;
      sums[o + REVENUE] += revenue[p];
      sums[o + NEW_USERS] += isNew[p];
    }
  }

  private add(p: number, sign: number): void {
    const s = this.data.sessions;
    const code = this.keying ? groupAt(this.keying, p) : 0;
    const o = code * SLOTS;
    let sums = this.byDay.get(s.day[p]);
    if (!sums || sums.length < o + SLOTS) {
      const next = new Float64Array(Math.max(o + SLOTS, (sums?.length ?? 0) * 2));
      if (sums) next.set(sums);
      this.byDay.set(s.day[p], (sums = next));
    }
    const conversions = s.conversions[p];
    sums[o + SESSIONS] += sign;
    sums[o + ENGAGED] += sign * s.engaged[p];
    sums[o + ENGAGED_MS] += sign * s.engagedMs[p];
    sums[o + PAGEVIEWS] += sign * s.pageviews[p];
    sums[o + CONVERSIONS] += sign * conversions;
    if (conversions > 0) sums[o + CONVERTING] += sign;
    sums[o + REVENUE] += sign * s.revenue[p];
    sums[o + NEW_USERS] += sign * s.isNew[p];
  }

  sessionWillChange(p: number): void {
    this.add(p, -1);
  }

  sessionChanged(p: number): void {
    this.add(p, 1);
  }

  /** Adds the days [from, to] into an accumulator of `groups` groups. */
  addInto(acc: Float64Array, from: number, to: number): void {
    for (const [day, sums] of this.byDay) {
      if (day < from || day > to) continue;
      const n = Math.min(sums.length, acc.length);
      for (let x = 0; x < n; x++) acc[x] += sums[x];
    }
  }

  /** Per day of [from, to], the total sums into one accumulator row per day (for the date dimension). */
  addByDay(acc: Float64Array, from: number, to: number): void {
    for (const [day, sums] of this.byDay) {
      if (day < from || day > to) continue;
      const o = (day - from) * SLOTS;
      for (let x = 0; x < SLOTS; x++) acc[o + x] += sums[x];
    }
  }
}

/** The total's Rollup (null), or a grouping's own: only one whose `rollup` is "groups" has one. */
export function rollupOf(data: SiteData, keying: Keying | null): Rollup {
  if (keying !== null && keying.rollup !== "groups") throw new Error(`the ${keying.name} keying keeps no rollup of its own (its rollup is "${keying.rollup}")`);
  return data.derived(`rollup:${keying?.name ?? "total"}`, () => new Rollup(data, keying));
}
