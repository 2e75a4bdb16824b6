import { grow, PAGEVIEW, type Dependent, type SiteData } from "../analytics/site-data.ts";
import { intentOf, sessionPoints, type ScoreFacts } from "./scoring.ts";

/**
 * What the visitor list and scoring need per visitor, as columns by visitor seq: sums over all
 * of the visitor's sessions, first and last activity, intent pages, consent. Built once from
 * a site's loaded columns, then recomputed for a visitor whenever their sessions change
 * (DESIGN section 7: "recomputed when a visitor's data changes").
 */
export class VisitorFacts implements Dependent {
  sessions = new Int32Array(0);
  pageviews = new Int32Array(0);
  conversions = new Int32Array(0);
  revenue = new Float64Array(0);
  engagedMs = new Float64Array(0);
  firstSeenAt = new Float64Array(0);
  lastSeenAt = new Float64Array(0);
  intent = new Int32Array(0);
  /** 1: at least one engaged session. */
  engaged = new Int32Array(0);
  /** 1: gave analytics consent (only these are listed). */
  consented = new Int32Array(0);
  /** The score's points that only the visitor's sessions decide (scoring.ts `sessionPoints`). */
  points = new Int32Array(0);
  /** Intent bits per path code (0 until computed; bit 30 marks "computed"). */
  private intentOfPath = new Int32Array(0);
  private readonly events: number[] = [];

  constructor(private readonly data: SiteData) {
    this.ensure(data.lastOfVisitor.length);
    const s = data.sessions;
    for (let p = 0; p < s.count; p++) this.addSession(s.visitor[p], p);
    const pv = data.table(PAGEVIEW);
    for (let row = 0; row < pv.count; row++) this.intent[s.visitor[pv.session[row]]] |= this.intentBits(pv.path[row]);
    const f = {} as ScoreFacts;
    for (let v = 0; v < data.lastOfVisitor.length; v++) if (this.sessions[v] > 0) this.points[v] = sessionPoints(this.factsOf(v, 0, f));
    // Built above in linear passes over the columns, faster than visitor by visitor.
    data.follow(this, true);
  }

  visitorChanged(v: number, sessions: readonly number[]): void {
    this.ensure(this.data.lastOfVisitor.length);
    this.sessions[v] = this.pageviews[v] = this.conversions[v] = this.engaged[v] = this.consented[v] = this.intent[v] = 0;
    this.revenue[v] = this.engagedMs[v] = 0;
    this.firstSeenAt[v] = Infinity;
    this.lastSeenAt[v] = 0;
    const { type } = this.data.events;
    const pv = this.data.table(PAGEVIEW);
    for (const p of sessions) {
      this.addSession(v, p);
      for (const e of this.data.eventsOf(p, this.events)) if (type[e] === PAGEVIEW) this.intent[v] |= this.intentBits(pv.path[this.data.rowOf(e)]);
    }
    this.points[v] = sessionPoints(this.factsOf(v, 0, {} as ScoreFacts));
  }

  /** One visitor's facts, for scoring (into `out`, reused). */
  factsOf(v: number, leads: number, out: ScoreFacts): ScoreFacts {
    out.lastSeenAt = this.lastSeenAt[v];
    out.sessions = this.sessions[v];
    out.pageviews = this.pageviews[v];
    out.engagedMs = this.engagedMs[v];
    out.intent = this.intent[v];
    out.conversions = this.conversions[v];
    out.revenue = this.revenue[v];
    out.leads = leads;
    out.engaged = this.engaged[v] === 1;
    return out;
  }

  private addSession(v: number, p: number): void {
    const s = this.data.sessions;
    this.sessions[v]++;
    this.pageviews[v] += s.pageviews[p];
    this.conversions[v] += s.conversions[p];
    this.revenue[v] += s.revenue[p];
    this.engagedMs[v] += s.engagedMs[p];
    if (s.engaged[p]) this.engaged[v] = 1;
    if (s.consented[p]) this.consented[v] = 1;
    if (!(this.firstSeenAt[v] <= s.startedAt[p])) this.firstSeenAt[v] = s.startedAt[p];
    const lastAt = this.data.lastAtOf(p);
    if (lastAt > this.lastSeenAt[v]) this.lastSeenAt[v] = lastAt;
  }

  private intentBits(path: number): number {
    if (path >= this.intentOfPath.length) this.intentOfPath = grow(this.intentOfPath, Math.max(path + 1, this.data.paths.size));
    let bits = this.intentOfPath[path];
    if (bits === 0) this.intentOfPath[path] = bits = (1 << 30) | intentOf(this.data.paths.keys[path] ?? "");
    return bits & ~(1 << 30);
  }

  private ensure(visitors: number): void {
    if (visitors <= this.sessions.length) return;
    const size = Math.max(1024, visitors, Math.floor(this.sessions.length * 1.5));
    this.sessions = grow(this.sessions, size);
    this.pageviews = grow(this.pageviews, size);
    this.conversions = grow(this.conversions, size);
    this.revenue = grow(this.revenue, size);
    this.engagedMs = grow(this.engagedMs, size);
    this.firstSeenAt = grow(this.firstSeenAt, size, Infinity);
    this.lastSeenAt = grow(this.lastSeenAt, size);
    this.intent = grow(this.intent, size);
    this.engaged = grow(this.engaged, size);
    this.consented = grow(this.consented, size);
    this.points = grow(this.points, size);
  }
}

export const visitorFactsOf = (data: SiteData): VisitorFacts => data.derived("visitorFacts", () => new VisitorFacts(data));
