/**
 * Typed-column building blocks of the analytics engine: growable typed arrays, dense codes
 * for `strings` ids, per-day position windows, a counting sort by key and scratch columns.
 */

/*
 * Days (days since 1970-01-01, site timezone) are held in 16 bits: 1..65535, 1970-01-02 to
 * 2149-06-06. Ingest only takes events of the last 72 hours, so a real day is always inside;
 * `heldDay` clamps whatever a store could hold outside (a foreign database, a bad clock at
 * write time) rather than let it wrap around.
 */
export const MAX_DAY = 65535;

/** "No earlier occurrence": 0, below every day a column holds (`heldDay` is at least 1). */
export const NO_DAY = 0;

/** A day as a day column holds it: clamped into 1..MAX_DAY. */
export const heldDay = (day: number): number => (day < 1 ? 1 : day > MAX_DAY ? MAX_DAY : day);

/**
 * The bound under which a "previous occurrence" day lies before a range starting on `from`:
 * `from` itself, but at least 1, so that NO_DAY is before every range (even one starting on
 * or before 1970-01-01, which no held day is in).
 */
export const beforeBound = (from: number): number => (from < 1 ? 1 : from) | 0;

/** Fibonacci hashing's multiplier (2^32 / golden ratio), as an int32. */
const HASH = -1640531527;

/**
 * Dense codes for the `strings` ids one column holds, so arrays indexed by code are as small
 * as the column's distinct values (a site's paths, not every text it ever stored). Code 0 is
 * "none" (null). What it holds is proportional to its own codes, not to `strings`: code →
 * id (`ids`, what a snapshot saves), and id → code through an open-addressing table of codes
 * (linear probing, at most half full) rebuilt from `ids` on restore.
 */
export class DenseCodes {
  /** Code → text. */
  readonly keys: (string | null)[] = [null];
  /** Code → `strings` id (0: none); room past `keys.length`. */
  private ids: Int32Array = new Int32Array(16);
  /** Slots of the id → code table (0: empty; every code but 0 is in one); a power of two long. */
  private slots: Int32Array = new Int32Array(16);
  /** 32 − log2(slots.length): a hash's top bits index a slot. */
  private shift = 28;
  private readonly codeOfText = new Map<string, number>();

  constructor(private readonly strings: (string | null)[]) {}

  /** The code of a `strings` id (0 for none), given one on first sight. */
  code(id: number): number {
    if (id === 0) return 0;
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let at = Math.imul(id, HASH) >>> this.shift; ; at = (at + 1) & mask) {
      const code = slots[at];
      if (code === 0) return this.add(id, at);
      if (this.ids[code] === id) return code;
    }
  }

  /** Gives id a new code, in the empty slot `at` where its probe ended. */
  private add(id: number, at: number): number {
    const code = this.keys.length;
    const text = this.strings[id] ?? null;
    this.keys.push(text);
    if (text !== null) this.codeOfText.set(text, code);
    if (code >= this.ids.length) this.ids = grow(this.ids, this.ids.length * 2);
    this.ids[code] = id;
    this.slots[at] = code;
    if (2 * code > this.slots.length) this.index(this.slots.length * 2);
    return code;
  }

  /** Builds the id → code table anew, `capacity` (a power of two) slots long. */
  private index(capacity: number): void {
    const slots = (this.slots = new Int32Array(capacity));
    const mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
    for (let code = 1; code < this.keys.length; code++) {
      let at = Math.imul(this.ids[code], HASH) >>> this.shift;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = code;
    }
  }

  /** The code of a text, or -1 when the column never held it. */
  codeOf(text: string): number {
    return this.codeOfText.get(text) ?? -1;
  }

  get size(): number {
    return this.keys.length;
  }

  /** Code → `strings` id, as a column a snapshot saves (a view of exactly `size` codes). */
  get idsOfCodes(): Int32Array {
    return this.ids.subarray(0, this.keys.length);
  }

  /** Takes the codes of a snapshot (`idsOfCodes`): texts come from the (freshly read) `strings`. */
  restore(ids: Int32Array): void {
    this.ids = ids.length > 0 ? ids : new Int32Array(16);
    this.codeOfText.clear();
    this.keys.length = 1;
    for (let code = 1; code < ids.length; code++) {
      const text = this.strings[ids[code]] ?? null;
      this.keys.push(text);
      if (text !== null) this.codeOfText.set(text, code);
    }
    let capacity = 16;
    while (capacity < 2 * this.keys.length) capacity *= 2;
    this.index(capacity);
  }
}

/**
 * Dimensions that vary together (a session's country, region and city; its browser, OS,
 * device, screen and language; its channel, source, medium, campaign, term, content and
 * referrer) held as one tuple id per session instead of one code per dimension: a site has far
 * fewer distinct tuples than sessions, so 17 codes (68 bytes a session) become 5 tuple ids
 * (20 bytes). Each dimension of the group reads its code through its `ofTuple` column.
 */
export class TupleGroup {
  /** Tuple id per session position. */
  tuples: Int32Array = new Int32Array(0);
  /** How many tuples there are (ids 0..count-1; tuple 0 is every part none). */
  count = 0;
  /**
   * Tuple id + 1 by hash of its codes, open addressing, at most half full: interning without a
   * string key per tuple (a group can have hundreds of thousands of tuples).
   */
  private slots = new Int32Array(1024);

  constructor(readonly parts: DimCodes[]) {
    parts.forEach((dim, at) => ((dim as { group: TupleGroup }).group = this, ((dim as { part: number }).part = at)));
    this.intern(parts.map(() => 0));
  }

  private hashOf(codes: ArrayLike<number>): number {
    let h = 0x811c9dc5;
    for (let d = 0; d < codes.length; d++) h = Math.imul(h ^ codes[d], 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  }

  /** The slot of a tuple of codes: the one holding it, or the empty one where it goes. */
  private slotOf(codes: ArrayLike<number>): number {
    const mask = this.slots.length - 1;
    for (let at = this.hashOf(codes) & mask; ; at = (at + 1) & mask) {
      const id = this.slots[at] - 1;
      if (id < 0) return at;
      let same = true;
      for (let d = 0; d < this.parts.length && same; d++) same = this.parts[d].ofTuple[id] === codes[d];
      if (same) return at;
    }
  }

  /** The id of a tuple of codes (one per part, in order), made on first sight. */
  intern(codes: ArrayLike<number>): number {
    const at = this.slotOf(codes);
    if (this.slots[at] > 0) return this.slots[at] - 1;
    const id = this.count++;
    for (let d = 0; d < this.parts.length; d++) {
      const dim = this.parts[d];
      if (id >= dim.ofTuple.length) dim.ofTuple = grow(dim.ofTuple, Math.max(64, id * 2));
      dim.ofTuple[id] = codes[d];
    }
    this.slots[at] = id + 1;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    return id;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    const codes = new Array<number>(this.parts.length);
    for (let id = 0; id < this.count; id++) {
      for (let d = 0; d < this.parts.length; d++) codes[d] = this.parts[d].ofTuple[id];
      this.slots[this.slotOf(codes)] = id + 1;
    }
  }

  /** Session p's tuple, with one part's code changed (tests and one-off writes; the loader sets whole tuples). */
  put(p: number, part: number, code: number): void {
    const codes = this.parts.map((dim) => dim.ofTuple[this.tuples[p]]);
    codes[part] = code;
    this.tuples[p] = this.intern(codes);
  }

  /** After a snapshot restored the parts' `ofTuple` columns and `count`: the tuples' slots again. */
  restore(count: number): void {
    this.count = count;
    let size = 1024;
    while (size < count * 2 + 2) size *= 2;
    this.rehash(size);
  }
}

/**
 * A dimension: dense codes for its values, read per session through its group's tuple
 * (`at(p)`, or `ofTuple[group.tuples[p]]` in a loop).
 */
export class DimCodes extends DenseCodes {
  /** Tuple id → this dimension's code. */
  ofTuple: Int32Array = new Int32Array(64);
  /** Set by the group it belongs to. */
  readonly group!: TupleGroup;
  readonly part!: number;

  /** Session p's code. */
  at(p: number): number {
    return this.ofTuple[this.group.tuples[p]];
  }

  /** Sets session p's code (tests and one-off writes; the loader sets whole tuples). */
  set(p: number, code: number): void {
    this.group.put(p, this.part, code);
  }
}

/** Positions first and last seen per day; a range's rows lie between them. */
export class DayWindows {
  private readonly lo = new Map<number, number>();
  private readonly hi = new Map<number, number>();
  private minDay = Infinity;
  private maxDay = -Infinity;

  note(day: number, position: number): void {
    const lo = this.lo.get(day);
    if (lo === undefined || position < lo) this.lo.set(day, position);
    const hi = this.hi.get(day);
    if (hi === undefined || position > hi) this.hi.set(day, position);
    if (day < this.minDay) this.minDay = day;
    if (day > this.maxDay) this.maxDay = day;
  }

  /** Day, first and last position of every day noted, as a snapshot saves them. */
  toJSON(): number[] {
    const out: number[] = [];
    for (const [day, lo] of this.lo) out.push(day, lo, this.hi.get(day)!);
    return out;
  }

  static fromJSON(triples: number[]): DayWindows {
    const windows = new DayWindows();
    for (let i = 0; i + 2 < triples.length; i += 3) {
      windows.note(triples[i], triples[i + 1]);
      windows.note(triples[i], triples[i + 2]);
    }
    return windows;
  }

  /**
   * [start, end) covering every row of a day in [from, to] (more rows may lie inside). Callers
   * take `window[0] | 0` and `window[1] | 0` before looping: without it JSC's optimising tier
   * treats the bounds as doubles and every column read in the loop costs twice as much.
   */
  window(from: number, to: number): [number, number] {
    let start = Infinity;
    let end = -1;
    const a = Math.max(from, this.minDay);
    const b = Math.min(to, this.maxDay);
    if (b - a > this.lo.size) {
      for (const [day, lo] of this.lo) if (day >= a && day <= b) (start = Math.min(start, lo), (end = Math.max(end, this.hi.get(day)!)));
    } else {
      for (let d = a; d <= b; d++) {
        const lo = this.lo.get(d);
        if (lo !== undefined) (start = Math.min(start, lo), (end = Math.max(end, this.hi.get(d)!)));
      }
    }
    return end < 0 ? [0, 0] : [start, end + 1];
  }

  /**
   * Of a window [start, end) of [from, to], the positions [a, b) that hold no row of a day
   * outside [from, to] — after the last row of every earlier day, before the first row of
   * every later day — so a reader need not check those rows' days; [0, 0] when none. Rows
   * are nearly in day order, so on a live site that is all but the window's first and last
   * few days (late events, sessions across midnight).
   */
  inner(from: number, to: number, start: number, end: number): [number, number] {
    let a = start;
    let b = end;
    for (const [day, hi] of this.hi) if (day < from && hi >= a) a = hi + 1;
    for (const [day, lo] of this.lo) if (day > to && lo < b) b = lo;
    return a < b ? [a, b] : [0, 0];
  }
}

/** Events a row checkpoint of EventColumns covers, and the slots each block has (one per EVENT_TYPES index). */
export const ROW_BLOCK = 256;
export const TYPE_SLOTS = 16;

/** The rows an event table has room for (every type's table has a session column). */
export const tableCapacity = (table: { session: Int32Array }): number => table.session.length;

/** The kinds of typed column the engine holds. */
export type ColumnKind = "i32" | "f64" | "u8" | "u16" | "u32";
export type TypedColumn = Int32Array | Float64Array | Uint8Array | Uint16Array | Uint32Array;
/** The typed array of each kind. */
export const COLUMN_ARRAY = { i32: Int32Array, f64: Float64Array, u8: Uint8Array, u16: Uint16Array, u32: Uint32Array } as const;

/** An empty column of a kind. */
export function newColumn(kind: ColumnKind): TypedColumn {
  return new COLUMN_ARRAY[kind](0);
}

/**
 * The column of a table that a kind of row never has (a pageview has no value): shared, empty,
 * never grown — reading it is a bug, writing it does nothing.
 */
export const ABSENT: Record<ColumnKind, TypedColumn> = { i32: new Int32Array(0), f64: new Float64Array(0), u8: new Uint8Array(0), u16: new Uint16Array(0), u32: new Uint32Array(0) };
const isAbsent = (column: unknown) => Object.values(ABSENT).includes(column as TypedColumn);
const isTyped = (column: unknown): column is TypedColumn => Object.values(COLUMN_ARRAY).some((array) => column instanceof array);

type Typed = TypedColumn;
/** A copy of a column with room for `capacity` rows; new rows hold `fill`. */
export function grow<T extends Typed>(array: T, capacity: number, fill = 0): T {
  if (capacity <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/**
 * Items grouped by an integer key in [0, keyCount), by a counting sort (linear): the items of
 * key k are `order[start[k] .. start[k + 1])`, each group in item order.
 */
export function groupByKey(keys: Int32Array, keyCount: number): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) start[keys[i] + 1]++;
  for (let k = 0; k < keyCount; k++) start[k + 1] += start[k];
  const order = new Int32Array(keys.length);
  const fill = start.slice(0, keyCount);
  for (let i = 0; i < keys.length; i++) order[fill[keys[i]]++] = i;
  return { start, order };
}

/** Grows every column of a table to `capacity` rows (new rows hold 0, or the column's fill). */
export function growColumns<T extends object>(table: T, capacity: number, fills: Partial<Record<keyof T, number>> = {}): void {
  const columns = table as Record<string, unknown>;
  for (const [name, column] of Object.entries(columns)) {
    if (isTyped(column) && !isAbsent(column)) columns[name] = grow(column, capacity, fills[name as keyof T] ?? 0);
  }
}

/** Shrinks every column of a table to `capacity` rows (at least its count). */
export function fitColumns<T extends object>(table: T, capacity: number): void {
  const columns = table as Record<string, unknown>;
  for (const [name, column] of Object.entries(columns)) {
    if (isTyped(column) && column.length > capacity) columns[name] = column.slice(0, capacity);
  }
}


/*
 * Scratch columns, kept between uses. A fresh typed array costs a page fault on the first
 * touch of each 4 KiB page (about 20 µs each on our VMs, whose freed memory goes back to the
 * host): a 12 MB array costs ~60 ms before a loop reads it, more than the loop. So per-request
 * work and the derived indexes' first builds take their temporary columns from here.
 *
 * A query's columns (its selection, its marks, a date keying's codes) are held for the whole
 * query, by several holders at once: they are lent by a ScratchLease, which never lends one
 * column to two holders. The slots below serve the builds and reports that use a column
 * within one call: each use names its slot; a slot's array is valid until that slot's next
 * use, and its contents are whatever the last use left.
 */
export const enum ScratchSlot {
  /** The first builds' sort keys, orders and counts. */
  Keys,
  Order,
  Sorted,
  Counts,
  /** A report's rows in range, and per-session / per-visitor stamps of its distinct counts. */
  Rows,
  /** A report's samples (web vitals). */
  Samples,
  SessionStamps,
  VisitorStamps,
}
const scratchInt32: Int32Array<ArrayBuffer>[] = [];
const scratchUint8: Uint8Array<ArrayBuffer>[] = [];
const scratchFloat64: Float64Array<ArrayBuffer>[] = [];

function kept<T extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> | Float64Array<ArrayBuffer>>(arrays: T[], slot: ScratchSlot, length: number, make: (n: number) => T): T {
  let a = arrays[slot];
  if (!a || a.length < length) arrays[slot] = a = make(Math.max(length, Math.floor((a?.length ?? 0) * 1.25)));
  return a.subarray(0, length) as T;
}

/** `length` int32s of a slot (contents left by its last use). */
export const scratchInts = (slot: ScratchSlot, length: number): Int32Array<ArrayBuffer> => kept(scratchInt32, slot, length, (n) => new Int32Array(n));

/** `length` doubles of a slot (contents left by its last use). */
export const scratchFloats = (slot: ScratchSlot, length: number): Float64Array<ArrayBuffer> => kept(scratchFloat64, slot, length, (n) => new Float64Array(n));

/** `length` bytes of a slot, all 0: callers clear what they set before the next use. */
export const scratchMarks = (slot: ScratchSlot, length: number): Uint8Array<ArrayBuffer> => kept(scratchUint8, slot, length, (n) => new Uint8Array(n));

/**
 * groupByKey on scratch columns: `order` (the Order slot) and `start` (the Counts slot) hold
 * until those slots' next use. One count column serves: it first holds where each key's items
 * end, and filling from the back moves each end to its key's start.
 */
export function groupByKeyScratch(keys: Int32Array, keyCount: number): { start: Int32Array; order: Int32Array } {
  const n = keys.length;
  const start = scratchInts(ScratchSlot.Counts, keyCount + 1).fill(0);
  for (let i = 0; i < n; i++) start[keys[i] + 1]++;
  for (let k = 0; k < keyCount; k++) start[k + 1] += start[k];
  const order = scratchInts(ScratchSlot.Order, n);
  for (let i = n - 1; i >= 0; i--) order[--start[keys[i] + 1]] = i;
  // start[k + 1] is now key k's start: shift down.
  start.copyWithin(0, 1);
  start[keyCount] = n;
  return { start, order };
}

/** Columns on the shelf, lent by no lease now: kept between queries (page faults, above). */
const shelfInts: Int32Array<ArrayBuffer>[] = [];
const shelfMarks: Uint8Array<ArrayBuffer>[] = [];

/** The smallest shelved column of at least `length` (else a new one, replacing the largest shelved), off the shelf. */
function offShelf<T extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(shelf: T[], length: number, make: (n: number) => T): T {
  let best = -1;
  for (let i = 0; i < shelf.length; i++) if (shelf[i].length >= length && (best < 0 || shelf[i].length < shelf[best].length)) best = i;
  if (best >= 0) return shelf.splice(best, 1)[0];
  // None fits: the largest is dropped for a bigger one, so the shelf holds no more columns than holders ever overlapped.
  let largest = -1;
  for (let i = 0; i < shelf.length; i++) if (largest < 0 || shelf[i].length > shelf[largest].length) largest = i;
  const grown = largest >= 0 ? shelf.splice(largest, 1)[0].length : 0;
  return make(Math.max(length, Math.floor(grown * 1.25)));
}

/**
 * Scratch columns of one query: every column it lends is its holder's alone until `close()`
 * puts them back on the shelf (so two keyings of a query can never be handed the same one).
 * A closed lease lends nothing more, and holders check `open` before they read what it lent.
 */
export class ScratchLease {
  private readonly ints: Int32Array<ArrayBuffer>[] = [];
  private readonly marks: Uint8Array<ArrayBuffer>[] = [];
  private closed = false;

  get open(): boolean {
    return !this.closed;
  }

  private lend<T extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(held: T[], shelf: T[], length: number, make: (n: number) => T): T {
    if (this.closed) throw new Error("scratch lease used after its query closed it");
    const column = offShelf(shelf, length, make);
    held.push(column);
    return column.subarray(0, length) as T;
  }

  /** `length` int32s, this holder's alone (contents left by an earlier query). */
  lendInts(length: number): Int32Array<ArrayBuffer> {
    return this.lend(this.ints, shelfInts, length, (n) => new Int32Array(n));
  }

  /** `length` bytes, all 0, this holder's alone: the holder clears what it set before the lease closes. */
  lendMarks(length: number): Uint8Array<ArrayBuffer> {
    return this.lend(this.marks, shelfMarks, length, (n) => new Uint8Array(n));
  }

  /** Puts every lent column back on the shelf; the lease lends nothing more. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    shelfInts.push(...this.ints.splice(0));
    shelfMarks.push(...this.marks.splice(0));
  }
}
