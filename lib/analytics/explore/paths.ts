import { checkStep, pageMatcher, stepLabel, type FunnelStep } from "../funnels/definition.ts";
import { reportPeriod } from "../period.ts";
import type { AnalyticsSite } from "../site-cache.ts";
import { CONVERSION, CUSTOM_EVENT, groupByKey, PAGEVIEW, type SiteData } from "../site-data.ts";
import { Problems } from "./checks.ts";
import { EXPLORE_LIMITS, type ExploreRequest, type PathNode, type PathsResult } from "./model.ts";

const { depth: DEPTH, branches: BRANCHES } = EXPLORE_LIMITS;
const EXIT = -1;
export const EXIT_STEP = "(exit)";
export const OTHER_STEP = "(other)";

/** A trie of paths: node 0 is the root; children by path code (or EXIT). */
class PathTree {
  readonly sessions: number[] = [0];
  readonly step: number[] = [0];
  readonly children: Map<number, number>[] = [new Map()];

  add(path: readonly number[]): void {
    let node = 0;
    this.sessions[0]++;
    for (const step of path) {
      let child = this.children[node].get(step);
      if (child === undefined) {
        child = this.sessions.length;
        this.sessions.push(0);
        this.step.push(step);
        this.children.push(new Map());
        this.children[node].set(step, child);
      }
      this.sessions[child]++;
      node = child;
    }
  }

  /** A node's children, the `branches` biggest with their subtrees and an (other) for the rest. */
  nodes(node: number, branches: number, text: (step: number) => string): PathNode[] {
    const kids = [...this.children[node].values()]
      .map((child) => ({ child, step: text(this.step[child]), sessions: this.sessions[child] }))
      .sort((a, b) => b.sessions - a.sessions || (a.step < b.step ? -1 : 1));
    const out: PathNode[] = kids.slice(0, branches).map((k) => ({ step: k.step, sessions: k.sessions, children: this.nodes(k.child, branches, text) }));
    const rest = kids.slice(branches).reduce((n, k) => n + k.sessions, 0);
    if (rest > 0) out.push({ step: OTHER_STEP, sessions: rest, children: [] });
    return out;
  }
}

/**
 * Explore kind `paths`: for each session of the range with the start (a page or an event), the
 * pages that follow its first occurrence, as a tree of the biggest branches (docs/funnels.md).
 */
export function explorePaths(site: AnalyticsSite, body: ExploreRequest, now: number): PathsResult {
  const problems = new Problems();
  const spec = problems.required(body.paths, "paths");
  const start = checkStep(spec.start, "paths.start", (path, message) => problems.add(path, message));
  const depth = problems.integer(spec.depth, "paths.depth", DEPTH[0], DEPTH[1], DEPTH[2]);
  const branches = problems.integer(spec.branches, "paths.branches", BRANCHES[0], BRANCHES[1], BRANCHES[2]);
  problems.check();

  const range = reportPeriod(body, site.timezone, now);
  const data = site.data;
  const from = range.from | 0, to = range.to | 0;
  const starts = firstStarts(data, start!, from, to);
  const tree = followingPages(data, starts, from, to, depth);
  return {
    from: range.range.from,
    to: range.range.to,
    tz: site.timezone,
    start: { label: stepLabel(start!), sessions: starts.count },
    tree: tree.nodes(0, branches, (step) => (step === EXIT ? EXIT_STEP : (data.paths.keys[step] ?? "(not set)"))),
  };
}

/** Per session of the range, the first event that matches the start: its time, its pageview row (page starts) and path. */
interface Starts {
  count: number;
  ts: Float64Array;
  row: Int32Array;
  path: Int32Array;
}

function firstStarts(data: SiteData, start: FunnelStep, from: number, to: number): Starts {
  const n = data.sessions.count;
  const out: Starts = { count: 0, ts: new Float64Array(n).fill(Infinity), row: new Int32Array(n).fill(-1), path: new Int32Array(n).fill(-1) };
  const type = start.kind === "page" ? PAGEVIEW : start.eventType === "event" ? CUSTOM_EVENT : CONVERSION;
  const t = data.table(type);
  const hit = new Uint8Array(start.kind === "page" ? data.paths.size : data.labels.size);
  if (start.kind === "page") {
    const matches = pageMatcher(start);
    data.paths.keys.forEach((path, code) => (hit[code] = path !== null && matches(path) ? 1 : 0));
  } else {
    const code = data.labels.codeOf(start.name);
    if (code > 0) hit[code] = 1;
  }
  const key = start.kind === "page" ? t.path : t.name;
  const day = data.sessions.day;
  const window = data.tableWindow(type, from, to);
  for (let row = window[0] | 0, end = window[1] | 0; row < end; row++) {
    if (hit[key[row]] === 0) continue;
    const p = t.session[row];
    if (day[p] < from || day[p] > to) continue;
    if (out.ts[p] === Infinity) out.count++;
    // The first occurrence: the earliest, and of two at the same moment the one loaded first.
    const at = t.ts.at(row);
    if (at < out.ts[p] || (at === out.ts[p] && row < out.row[p])) {
      out.ts[p] = at;
      out.row[p] = type === PAGEVIEW ? row : -1;
      out.path[p] = type === PAGEVIEW ? t.path[row] : -1;
    }
  }
  return out;
}

/** The pages each start session viewed after its start, `depth` steps at most, in a tree. */
function followingPages(data: SiteData, starts: Starts, from: number, to: number, depth: number): PathTree {
  const t = data.table(PAGEVIEW);
  // The pageviews after a start, grouped by session with a counting sort.
  const rows: number[] = [];
  const day = data.sessions.day;
  const window = data.tableWindow(PAGEVIEW, from, to);
  for (let row = window[0] | 0, end = window[1] | 0; row < end; row++) {
    const p = t.session[row];
    const startAt = starts.ts[p];
    if (startAt === Infinity || day[p] < from || day[p] > to) continue;
    // After the start: later, or (a page start) at the same moment but loaded after it.
    const at = t.ts.at(row);
    if (at > startAt || (at === startAt && starts.row[p] >= 0 && row > starts.row[p])) rows.push(row);
  }
  const sessions = data.sessions.count;
  const { start: first, order } = groupByKey(Int32Array.from(rows, (row) => t.session[row]), sessions);
  const grouped = Int32Array.from(order, (i) => rows[i]);

  const tree = new PathTree();
  const path: number[] = [];
  for (let p = 0; p < sessions; p++) {
    if (starts.ts[p] === Infinity) continue;
    const mine = Array.from(grouped.subarray(first[p], first[p + 1])).sort((a, b) => t.ts.at(a) - t.ts.at(b) || a - b);
    path.length = 0;
    // A page viewed again right after itself counts once (the start page included).
    let previous = starts.path[p];
    for (const row of mine) {
      if (t.path[row] === previous) continue;
      previous = t.path[row];
      path.push(previous);
      if (path.length === depth) break;
    }
    if (path.length < depth) path.push(EXIT);
    tree.add(path);
  }
  return tree;
}
