import { asRate, asSeconds } from "../metrics.ts";
import { NOT_SET } from "../keyings.ts";
import { median } from "../percentile.ts";
import type { Period } from "../period.ts";
import { CONVERSION, CUSTOM_EVENT, groupByKey, grow, PAGEVIEW, type SessionDim, type SiteData } from "../site-data.ts";
import { pageMatcher, stepLabel, type FunnelDef } from "./definition.ts";

/**
 * Runs a funnel (docs/funnels.md) over the sessions that started in a range: the events that
 * match any step are gathered from the pageview, custom event and conversion tables (each read
 * front to back), grouped by unit (session, or visitor) with a counting sort, put in time order,
 * and walked step by step. Every unit is counted; nothing is sampled.
 */

export const BREAKDOWNS = ["none", "channel", "device", "country", "source", "campaign"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
/** Groups listed in a breakdown, most started first. */
export const TOP_GROUPS = 25;

export interface StepResult {
  label: string;
  entered: number;
  count: number;
  pctOfStart: number;
  dropOff: number;
  dropOffPct: number;
  medianSeconds: number | null;
}

export interface FunnelSummary {
  steps: StepResult[];
  started: number;
  completed: number;
  conversionRate: number;
}

export interface FunnelResult extends FunnelSummary {
  units: "sessions" | "users";
  range: { from: string; to: string; tz: string };
  breakdown: { dimension: string; rows: ({ key: string } & FunnelSummary)[] } | null;
  sampled: false;
}

/** The matching events of the range: unit, time, the steps they match (bits), their session. */
class Matches {
  count = 0;
  unit = new Int32Array(1 << 12);
  ts = new Float64Array(1 << 12);
  mask = new Int32Array(1 << 12);
  session = new Int32Array(1 << 12);

  push(unit: number, ts: number, mask: number, session: number): void {
    if (this.count === this.unit.length) {
      const size = this.count * 2;
      this.unit = grow(this.unit, size);
      this.ts = grow(this.ts, size);
      this.mask = grow(this.mask, size);
      this.session = grow(this.session, size);
    }
    const i = this.count++;
    this.unit[i] = unit;
    this.ts[i] = ts;
    this.mask[i] = mask;
    this.session[i] = session;
  }
}

/** Per group of units (all, or one breakdown key): counts per step and the times between steps. */
class Tally {
  readonly entered: Float64Array;
  readonly count: Float64Array;
  /** Units whose furthest step was this one. */
  readonly last: Float64Array;
  readonly seconds: number[][];

  constructor(steps: number) {
    this.entered = new Float64Array(steps);
    this.count = new Float64Array(steps);
    this.last = new Float64Array(steps);
    this.seconds = Array.from({ length: steps }, () => []);
  }

  add(entry: number, reached: number, times: Float64Array): void {
    this.entered[entry]++;
    for (let i = entry; i < reached; i++) this.count[i]++;
    this.last[reached - 1]++;
    for (let i = entry + 1; i < reached; i++) this.seconds[i].push((times[i] - times[i - 1]) / 1000);
  }

  summary(labels: string[]): FunnelSummary {
    const n = labels.length;
    const started = this.entered.reduce((a, b) => a + b, 0);
    const steps = labels.map((label, i) => {
      const dropOff = i === n - 1 ? 0 : this.last[i];
      const m = i === 0 ? null : median(Float64Array.from(this.seconds[i]));
      return {
        label,
        entered: this.entered[i],
        count: this.count[i],
        pctOfStart: asRate(this.count[i], started),
        dropOff,
        dropOffPct: asRate(dropOff, this.count[i]),
        medianSeconds: m === null ? null : asSeconds(m * 1000),
      };
    });
    return { steps, started, completed: this.count[n - 1], conversionRate: asRate(this.count[n - 1], started) };
  }
}

const DIM_OF: Record<Exclude<Breakdown, "none">, SessionDim> = { channel: "channel", device: "device", country: "country", source: "source", campaign: "campaign" };

export function runFunnel(data: SiteData, def: FunnelDef, period: Period, tz: string, breakdown: Breakdown = "none"): FunnelResult {
  const from = period.from | 0; // int32s for the JIT (see SiteData's windows)
  const to = period.to | 0;
  const n = def.steps.length;
  const byUser = def.scope === "user";
  const matches = gatherMatches(data, def, from, to, byUser);

  // Group the matches by unit: a counting sort over unit ids (sessions or visitors).
  const units = byUser ? data.lastOfVisitor.length : data.sessions.count;
  const { start, order } = groupByKey(matches.unit.subarray(0, matches.count), units);

  const total = new Tally(n);
  const dim = breakdown === "none" ? null : data.dims[DIM_OF[breakdown]];
  const groups = new Map<number, Tally>();
  const times = new Float64Array(n);
  const { ts, mask, session } = matches;
  const byTime = (a: number, b: number) => ts[a] - ts[b] || a - b;
  for (let u = 0; u < units; u++) {
    const a = start[u];
    const b = start[u + 1];
    if (a === b) continue;
    // In time order (load order is nearly that already).
    if (b - a > 1) {
      let sorted = true;
      for (let i = a + 1; i < b && sorted; i++) sorted = byTime(order[i - 1], order[i]) <= 0;
      if (!sorted) order.subarray(a, b).sort(byTime);
    }
    let step = -1;
    let entry = 0;
    let entrySession = -1;
    for (let i = a; i < b && step < n; i++) {
      const r = order[i];
      if (step < 0) {
        // Closed: only step 1 starts the funnel; open: any step, the lowest it matches.
        const m = def.mode === "closed" ? mask[r] & 1 : mask[r];
        if (m === 0) continue;
        entry = 31 - Math.clz32(m & -m);
        entrySession = session[r];
        times[entry] = ts[r];
        step = entry + 1;
      } else if (mask[r] & (1 << step)) {
        times[step] = ts[r];
        step++;
      }
    }
    if (step < 0) continue;
    total.add(entry, step, times);
    if (dim) {
      const key = dim.at(entrySession);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = new Tally(n)));
      g.add(entry, step, times);
    }
  }

  const labels = def.steps.map(stepLabel);
  return {
    units: byUser ? "users" : "sessions",
    range: { from: period.range.from, to: period.range.to, tz },
    ...total.summary(labels),
    breakdown: dim
      ? {
          dimension: breakdown,
          rows: [...groups]
            .map(([code, g]) => ({ key: dim.keys[code] ?? NOT_SET, ...g.summary(labels) }))
            .sort((x, y) => y.started - x.started || (x.key < y.key ? -1 : 1))
            .slice(0, TOP_GROUPS),
        }
      : null,
    sampled: false,
  };
}

/** The range's pageviews, custom events and conversions that match a step, as step bits per event. */
function gatherMatches(data: SiteData, def: FunnelDef, from: number, to: number, byUser: boolean): Matches {
  const pathBits = new Int32Array(data.paths.size);
  const eventBits = new Int32Array(data.labels.size);
  const conversionBits = new Int32Array(data.labels.size);
  def.steps.forEach((step, i) => {
    if (step.kind === "page") {
      const matches = pageMatcher(step);
      data.paths.keys.forEach((path, code) => {
        if (path !== null && matches(path)) pathBits[code] |= 1 << i;
      });
    } else {
      const code = data.labels.codeOf(step.name);
      if (code > 0) (step.eventType === "event" ? eventBits : conversionBits)[code] |= 1 << i;
    }
  });
  const out = new Matches();
  const visitor = data.sessions.visitor;
  const scan = (type: number, bits: Int32Array, keyOf: "path" | "name") => {
    if (!bits.some((b) => b !== 0)) return;
    const t = data.table(type);
    const { session, ts } = t;
    const day = data.sessions.day;
    const key = t[keyOf];
    const window = data.tableWindow(type, from, to);
    const start = window[0] | 0, end = window[1] | 0;
    for (let row = start; row < end; row++) {
      const m = bits[key[row]];
      if (m === 0) continue;
      const p = session[row];
      if (day[p] < from || day[p] > to) continue;
      out.push(byUser ? visitor[p] : p, ts.at(row), m, p);
    }
  };
  scan(PAGEVIEW, pathBits, "path");
  scan(CUSTOM_EVENT, eventBits, "name");
  scan(CONVERSION, conversionBits, "name");
  return out;
}
