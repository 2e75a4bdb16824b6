import { groupByKeyScratch, grow, NO_DAY, scratchInts, ScratchSlot, tableCapacity } from "../columns.ts";
import { CUSTOM_EVENT, DOWNLOAD, FORM_SUBMIT, OUTBOUND, PAGEVIEW, type Dependent, type EventTable, type KeptIndex, type SiteData } from "../site-data.ts";
import { chainOrderOf, rowsInVisitorOrder, type Chains } from "./chain-order.ts";
import { foldOf, groupAt, type Keying } from "./groupings.ts";

/**
 * Per session (or event), the day of the visitor's previous one in the same group: a session
 * counts a user for its group in [from, to] exactly when that day falls before `from`, so
 * distinct users are one pass in any order, exact.
 */

/**
 * Per session, the day of the visitor's latest earlier session with the same code (NO_DAY
 * when none): a session starts a new user of its group in [from, to] exactly when this day
 * is before `from`. Recomputed for a visitor whenever their sessions change.
 */
export class PrevSame implements Dependent, KeptIndex {
  days: Uint16Array = new Uint16Array(0);
  private readonly lastDay = new Map<number, number>();

  /** `kept`: the days a snapshot kept (else built). */
  constructor(private readonly data: SiteData, private readonly keying: Keying, kept?: Uint16Array) {
    if (kept) {
      this.days = kept;
      data.follow(this, true);
      return;
    }
    const chains = chainOrderOf(data).current();
    if (chains) this.build(chains);
    data.follow(this, chains !== null);
  }

  keptColumns() {
    return [{ name: "days", kind: "u16" as const, count: this.data.sessions.count, array: this.days }];
  }

  /**
   * The first build, as visitorChanged for every visitor: the sessions in chain order, sorted
   * (stably) by code, so each session's predecessor in its group is the one before it when
   * that one is the same visitor's.
   */
  private build(chains: Chains): void {
    const s = this.data.sessions;
    const codes = this.keying.codes();
    const offset = this.keying.offset | 0;
    const fold = foldOf(this.keying);
    const order = chains.order;
    const n = order.length;
    const keys = scratchInts(ScratchSlot.Keys, n);
    for (let i = 0; i < n; i++) keys[i] = fold[codes[order[i]] - offset];
    const byCode = groupByKeyScratch(keys, this.keying.size()).order;
    const days = new Uint16Array(this.data.sessionCapacity).fill(NO_DAY);
    const { visitor, day } = s;
    let q = -1;
    for (let j = 0; j < n; j++) {
      const p = order[byCode[j]];
      if (q >= 0 && visitor[q] === visitor[p] && fold[codes[q] - offset] === fold[codes[p] - offset]) days[p] = day[q];
      q = p;
    }
    this.days = days;
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    if (this.days.length < this.data.sessionCapacity) this.days = grow(this.days, this.data.sessionCapacity, NO_DAY);
    const day = this.data.sessions.day;
    const lastDay = this.lastDay;
    lastDay.clear();
    for (const p of sessions) {
      const code = groupAt(this.keying, p);
      this.days[p] = lastDay.get(code) ?? NO_DAY;
      lastDay.set(code, day[p]);
    }
  }
}

/** A grouping's PrevSame: only one whose `previous` is "index" keeps one (the others read `SiteData.prevDay`). */
export function prevSameOf(data: SiteData, keying: Keying): PrevSame {
  if (keying.previous !== "index") throw new Error(`the ${keying.name} keying keeps no previous-session index (its previous is "${keying.previous}")`);
  return data.derived(`prevSame:${keying.name}`, () => new PrevSame(data, keying));
}

/**
 * The keying's PrevSame when it is made; otherwise undefined, and it is made right after the
 * current task (its first build sorts every session in visitor order: ~0.4 s at 3 M sessions,
 * which a caller that can do without it — a filtered pass — should not make its request wait).
 */
export function prevSameIfMade(data: SiteData, keying: Keying): PrevSame | undefined {
  const made = data.derivedIfMade<PrevSame>(`prevSame:${keying.name}`);
  if (!made) setTimeout(() => prevSameOf(data, keying), 0);
  return made;
}

/**
 * Per pageview (row of the pageview table), the day of the session of the visitor's previous
 * pageview of the same path (NO_DAY when none): distinct users per page in one pass over the
 * range's rows.
 */
export class PagePrev implements Dependent, KeptIndex {
  days: Uint16Array = new Uint16Array(0);
  private readonly lastDay = new Map<number, number>();
  private readonly scratch: number[] = [];

  /** `kept`: the days a snapshot kept (else built). */
  constructor(private readonly data: SiteData, kept?: Uint16Array) {
    if (kept) {
      this.days = kept;
      data.follow(this, true);
      return;
    }
    const chains = chainOrderOf(data).current();
    if (chains) {
      const pageviews = data.table(PAGEVIEW);
      const days = new Uint16Array(tableCapacity(pageviews)).fill(NO_DAY);
      const sorted = rowsInVisitorOrder(pageviews, chains, pageviews.path, data.paths.size);
      eachRepeat(data, pageviews, sorted, pageviews.path, (r, q) => (days[r] = data.sessions.day[pageviews.session[q]]));
      this.days = days;
    }
    data.follow(this, chains !== null);
  }

  keptColumns() {
    return [{ name: "days", kind: "u16" as const, count: this.data.table(PAGEVIEW).count, array: this.days }];
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    const { type } = this.data.events;
    const pageviews = this.data.table(PAGEVIEW);
    if (this.days.length < tableCapacity(pageviews)) this.days = grow(this.days, tableCapacity(pageviews), NO_DAY);
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      for (const e of this.data.eventsOf(p, this.scratch)) {
        if (type[e] !== PAGEVIEW) continue;
        const row = this.data.rowOf(e);
        const path = pageviews.path[row];
        this.days[row] = lastDay.get(path) ?? NO_DAY;
        lastDay.set(path, day[p]);
      }
    }
  }
}

export const pagePrevOf = (data: SiteData): PagePrev => data.derived("pagePrev", () => new PagePrev(data));

/** Event types reports count per label (event name, link, form): see LabelPrev. */
export const LABELLED_TYPES = [CUSTOM_EVENT, OUTBOUND, DOWNLOAD, FORM_SUBMIT];

/** LabelPrev's columns for one type, by row of the type's table. */
export interface LabelPrevColumns {
  sameDay: Uint16Array;
  typeDay: Uint16Array;
  firstInSession: Uint8Array;
}

/**
 * Per event of a labelled type, as PagePrev per pageview: the day of the visitor's previous
 * event with the same type and label (`sameDay`), the day of their previous event of the type
 * at all (`typeDay`), and whether it is the first with its type and label in its session
 * (`firstInSession`) — so reports count events, sessions and users per label in one pass.
 */
export class LabelPrev implements Dependent, KeptIndex {
  private readonly byType: LabelPrevColumns[] = [];
  private readonly lastDay = new Map<number, number>();
  private readonly inSession = new Set<number>();
  private readonly scratch: number[] = [];

  /** `kept`: each type's columns a snapshot kept (else built). */
  constructor(private readonly data: SiteData, kept?: LabelPrevColumns[]) {
    if (kept) {
      LABELLED_TYPES.forEach((t, i) => (this.byType[t] = kept[i]));
      data.follow(this, true);
      return;
    }
    for (const t of LABELLED_TYPES) this.byType[t] = { sameDay: new Uint16Array(0), typeDay: new Uint16Array(0), firstInSession: new Uint8Array(0) };
    const chains = chainOrderOf(data).current();
    if (chains) for (const t of LABELLED_TYPES) this.build(t, chains);
    data.follow(this, chains !== null);
  }

  /** The first build of one type's columns, as visitorChanged for every visitor (see rowsInVisitorOrder). */
  private build(type: number, chains: Chains): void {
    const table = this.data.table(type);
    const capacity = tableCapacity(table);
    const day = this.data.sessions.day;
    const c: LabelPrevColumns = { sameDay: new Uint16Array(capacity).fill(NO_DAY), typeDay: new Uint16Array(capacity).fill(NO_DAY), firstInSession: new Uint8Array(capacity) };
    eachRepeat(this.data, table, rowsInVisitorOrder(table, chains, null), null, (r, q) => (c.typeDay[r] = day[table.session[q]]));
    const byLabel = rowsInVisitorOrder(table, chains, table.name, this.data.labels.size);
    for (let j = 0; j < byLabel.length; j++) c.firstInSession[byLabel[j]] = 1;
    eachRepeat(this.data, table, byLabel, table.name, (r, q) => {
      c.sameDay[r] = day[table.session[q]];
      if (table.session[q] === table.session[r]) c.firstInSession[r] = 0;
    });
    this.byType[type] = c;
  }

  of(type: number): LabelPrevColumns {
    return this.byType[type];
  }

  keptColumns() {
    return LABELLED_TYPES.flatMap((t) => {
      const c = this.byType[t];
      const count = this.data.table(t).count;
      return [
        { name: `${t}.sameDay`, kind: "u16" as const, count, array: c.sameDay },
        { name: `${t}.typeDay`, kind: "u16" as const, count, array: c.typeDay },
        { name: `${t}.firstInSession`, kind: "u8" as const, count, array: c.firstInSession },
      ];
    });
  }

  visitorChanged(_v: number, sessions: readonly number[]): void {
    for (const t of LABELLED_TYPES) {
      const c = this.byType[t];
      const capacity = tableCapacity(this.data.table(t));
      if (c.sameDay.length >= capacity) continue;
      c.sameDay = grow(c.sameDay, capacity, NO_DAY);
      c.typeDay = grow(c.typeDay, capacity, NO_DAY);
      const first = new Uint8Array(capacity);
      first.set(c.firstInSession);
      c.firstInSession = first;
    }
    const types = this.data.events.type;
    const lastDay = this.lastDay;
    lastDay.clear();
    const day = this.data.sessions.day;
    for (const p of sessions) {
      this.inSession.clear();
      for (const e of this.data.eventsOf(p, this.scratch)) {
        const type = types[e];
        if (!LABELLED[type]) continue;
        const row = this.data.rowOf(e);
        const c = this.byType[type];
        // Keys: the type alone (below 64), and type with label.
        const key = 64 + this.data.table(type).name[row] * 64 + type;
        c.sameDay[row] = lastDay.get(key) ?? NO_DAY;
        c.typeDay[row] = lastDay.get(type) ?? NO_DAY;
        c.firstInSession[row] = this.inSession.has(key) ? 0 : 1;
        this.inSession.add(key);
        lastDay.set(key, day[p]);
        lastDay.set(type, day[p]);
      }
    }
  }
}

const LABELLED = new Uint8Array(64);
for (const t of LABELLED_TYPES) LABELLED[t] = 1;

export const labelPrevOf = (data: SiteData): LabelPrev => data.derived("labelPrev", () => new LabelPrev(data));

/** Calls `repeat(r, q)` for each row r of `sorted` whose predecessor q there has the same key and visitor. */
function eachRepeat(data: SiteData, table: EventTable, sorted: Int32Array, key: Int32Array | null, repeat: (r: number, q: number) => void): void {
  const visitor = data.sessions.visitor;
  const session = table.session;
  for (let j = 1; j < sorted.length; j++) {
    const r = sorted[j], q = sorted[j - 1];
    if ((key === null || key[q] === key[r]) && visitor[session[q]] === visitor[session[r]]) repeat(r, q);
  }
}
