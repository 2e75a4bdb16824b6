import { labelPrevOf } from "./keyings.ts";
import { beforeBound } from "./columns.ts";
import type { SiteData } from "./site-data.ts";

/**
 * Counts of one type of event by its label (event name, link, form): events, and the distinct
 * sessions and visitors that sent them, exactly, from the LabelPrev indexes. Events of the
 * range's sessions only, as every report.
 */
export interface Tallied {
  label: number;
  events: number;
  sessions: number;
  users: number;
}

export class EventTally {
  private readonly names: Int32Array;
  private readonly sameDay: Uint16Array;
  private readonly typeDay: Uint16Array;
  private readonly firstInSession: Uint8Array;
  /** Per label (`SiteData.labels` code): events, sessions, users. */
  private readonly counts: Float64Array;
  /** Distinct visitors with an event of the type, any label. */
  users = 0;
  /** Below it, a previous event's day lies before the range (NO_DAY included). */
  private readonly before: number;

  constructor(private readonly data: SiteData, type: number, from: number) {
    this.before = beforeBound(from);
    const prev = labelPrevOf(data).of(type);
    this.names = data.table(type).name;
    this.sameDay = prev.sameDay;
    this.typeDay = prev.typeDay;
    this.firstInSession = prev.firstInSession;
    this.counts = new Float64Array(data.labels.size * 3);
  }

  /** Counts a row of the type's table. */
  add(row: number): void {
    const o = this.names[row] * 3;
    this.counts[o]++;
    this.counts[o + 1] += this.firstInSession[row];
    if (this.sameDay[row] < this.before) this.counts[o + 2]++;
    if (this.typeDay[row] < this.before) this.users++;
  }

  /** Most events first, then by label text; at most `top`. */
  rows(top: number): Tallied[] {
    const rows: Tallied[] = [];
    for (let label = 0, o = 0; o < this.counts.length; label++, o += 3) {
      if (this.counts[o] > 0) rows.push({ label, events: this.counts[o], sessions: this.counts[o + 1], users: this.counts[o + 2] });
    }
    const text = (t: Tallied) => this.data.labels.keys[t.label] ?? "";
    return rows.sort((a, b) => b.events - a.events || (text(a) < text(b) ? -1 : 1)).slice(0, top);
  }
}

/** Calls `visit` for each row of a type's table whose session started in [from, to]. */
export function eachRowInRange(data: SiteData, from: number, to: number, type: number, visit: (row: number) => void): void {
  from |= 0; // int32s for the JIT, as in the engine
  to |= 0;
  const session = data.table(type).session;
  const day = data.sessions.day;
  const window = data.tableWindow(type, from, to);
  const start = window[0] | 0, end = window[1] | 0, sureStart = window[2] | 0, sureEnd = window[3] | 0;
  for (let row = start; row < end; row++) {
    if (row < sureStart || row >= sureEnd) {
      const d = day[session[row]];
      if (d < from || d > to) continue;
    }
    visit(row);
  }
}

/** A type's events of the range, counted per label. */
export function tallyInRange(data: SiteData, from: number, to: number, type: number): EventTally {
  const tally = new EventTally(data, type, from);
  eachRowInRange(data, from, to, type, (row) => tally.add(row));
  return tally;
}

/** Events per user, to 2 decimals (0 without users). */
export const eventsPerUser = (events: number, users: number): number => (users > 0 ? Math.round((events / users) * 100) / 100 : 0);
