/**
 * Reads and writes one record's fields in a ring's bytes; a RecordCodec moves the cursor
 * along. Texts are [i32 UTF-8 length, -1 for null][bytes].
 */
export class RecordCursor {
  at = 0;
  private static readonly encoder = new TextEncoder();
  private static readonly decoder = new TextDecoder();

  constructor(
    private readonly view: DataView,
    private readonly bytes: Uint8Array,
  ) {}

  putF64(value: number): void {
    this.view.setFloat64(this.at, value, true);
    this.at += 8;
  }

  getF64(): number {
    const value = this.view.getFloat64(this.at, true);
    this.at += 8;
    return value;
  }

  putText(text: string | null): void {
    if (text === null) {
      this.view.setInt32(this.at, -1, true);
      this.at += 4;
      return;
    }
    const { written } = RecordCursor.encoder.encodeInto(text, this.bytes.subarray(this.at + 4, this.at + 4 + RecordCursor.textBytes(text)));
    this.view.setInt32(this.at, written, true);
    this.at += 4 + written;
  }

  getText(): string | null {
    const length = this.view.getInt32(this.at, true);
    this.at += 4;
    if (length < 0) return null;
    const text = RecordCursor.decoder.decode(this.bytes.subarray(this.at, this.at + length));
    this.at += length;
    return text;
  }

  /** The most bytes `putText` takes for a text (at most 3 UTF-8 bytes a UTF-16 unit). */
  static textBytes(text: string | null): number {
    return 4 + (text === null ? 0 : text.length * 3);
  }
}

/** How a ring stores one kind of record. */
export interface RecordCodec<T> {
  /** At least the bytes `write` will take for this record. */
  maxBytes(record: T): number;
  write(record: T, to: RecordCursor): void;
  read(from: RecordCursor): T;
}

const HEADER_BYTES = 64;
/** BigInt64 slots: bytes written (by the writer) and bytes read (by the reader), ever. */
const HEAD = 0;
const TAIL = 1;
/** Int32 slot: 1 while the reader waits for records. */
const SLEEPING = 4;
/** A record starts with [i32 size][i32 unused]; sizes are multiples of 8. */
const RECORD_HEADER = 8;
/** The size of a record that would have crossed the end: the next one starts at 0. */
const WRAP = -1;

/**
 * Records from one thread to another through shared memory: one writer, one reader, records
 * of variable length in a byte ring (both sides build a ByteRing on the same buffer). The
 * reader takes everything that arrived at once, and no message is sent per record: the writer
 * wakes the reader only when it sleeps.
 */
export class ByteRing<T> {
  readonly buffer: SharedArrayBuffer;
  private readonly view: DataView;
  private readonly ints: Int32Array;
  private readonly counters: BigInt64Array;
  private readonly cursor: RecordCursor;
  private readonly capacity: number;
  /** This side's own counter (head for the writer, tail for the reader). */
  private at = 0;

  /** A new ring of (about) `bytes` bytes, or the other side of an existing one. */
  constructor(
    buffer: SharedArrayBuffer | number,
    private readonly codec: RecordCodec<T>,
  ) {
    this.buffer = typeof buffer === "number" ? new SharedArrayBuffer(HEADER_BYTES + Math.ceil(buffer / 8) * 8) : buffer;
    this.capacity = this.buffer.byteLength - HEADER_BYTES;
    this.view = new DataView(this.buffer, HEADER_BYTES);
    this.cursor = new RecordCursor(this.view, new Uint8Array(this.buffer, HEADER_BYTES));
    this.ints = new Int32Array(this.buffer, 0, HEADER_BYTES / 4);
    this.counters = new BigInt64Array(this.buffer, 0, 2);
  }

  /** Writer: adds a record; false when it does not fit until the reader has taken more. */
  push(record: T): boolean {
    const reserve = RECORD_HEADER + this.codec.maxBytes(record) + 7;
    if (reserve > this.capacity) throw new RangeError(`a record of up to ${reserve} bytes never fits a ring of ${this.capacity}`);
    let start = this.at % this.capacity;
    const skip = start + reserve > this.capacity ? this.capacity - start : 0;
    if (this.at + skip + reserve - Number(Atomics.load(this.counters, TAIL)) > this.capacity) return false;
    if (skip) {
      this.view.setInt32(start, WRAP, true);
      this.at += skip;
      start = 0;
    }
    this.cursor.at = start + RECORD_HEADER;
    this.codec.write(record, this.cursor);
    const size = (this.cursor.at - start + 7) & ~7;
    this.view.setInt32(start, size, true);
    this.at += size;
    Atomics.store(this.counters, HEAD, BigInt(this.at));
    return true;
  }

  /** Writer: wakes the reader if it sleeps. */
  wake(): void {
    if (Atomics.compareExchange(this.ints, SLEEPING, 1, 0) === 1) Atomics.notify(this.ints, SLEEPING);
  }

  /** Reader: every record written so far. */
  take(): T[] {
    const head = Number(Atomics.load(this.counters, HEAD));
    const records: T[] = [];
    while (this.at < head) {
      const start = this.at % this.capacity;
      const size = this.view.getInt32(start, true);
      if (size === WRAP) {
        this.at += this.capacity - start;
        continue;
      }
      this.cursor.at = start + RECORD_HEADER;
      records.push(this.codec.read(this.cursor));
      this.at += size;
    }
    Atomics.store(this.counters, TAIL, BigInt(this.at));
    return records;
  }

  /** Reader: settles when records may be there (at once if some already are). */
  async sleep(): Promise<void> {
    Atomics.store(this.ints, SLEEPING, 1);
    // Records written before the flag was seen would otherwise wait for the next one.
    if (Number(Atomics.load(this.counters, HEAD)) === this.at) {
      const wait = Atomics.waitAsync(this.ints, SLEEPING, 1);
      if (wait.async) await wait.value;
    }
    Atomics.store(this.ints, SLEEPING, 0);
  }
}
