import type { CollectRequest } from "./collect.ts";

/** A request on its way to the ingest thread, with what the HTTP thread knew when it sent it. */
export interface RingEntry {
  id: number;
  request: CollectRequest;
  /** The HTTP thread's control-cache generation (ControlStore.follow). */
  control: string;
}

const HEADER_BYTES = 64;
/** BigInt64 slots: bytes written (by the HTTP thread) and bytes read (by the ingest thread), ever. */
const HEAD = 0;
const TAIL = 1;
/** Int32 slot: 1 while the ingest thread waits for entries. */
const SLEEPING = 4;
const WRAP = -1;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Requests from the HTTP thread to the ingest thread through shared memory: one writer, one
 * reader, entries of variable length in a byte ring. The ingest thread takes everything that
 * arrived while it wrote the last group as soon as it is done, without waiting for the HTTP
 * thread to react to its answer, and no message is sent per request: the HTTP thread wakes
 * it only when it sleeps.
 *
 * Entry: [i32 size][i32 id][f64 receivedAt] then body, origin, user agent, ip, control as
 * [i32 UTF-8 length, -1 for null][bytes]; sizes are multiples of 8. An entry that would cross
 * the end starts again at 0 behind a WRAP size.
 */
export class RequestRing {
  readonly buffer: SharedArrayBuffer;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly ints: Int32Array;
  private readonly counters: BigInt64Array;
  /** This side's own counter (head for the writer, tail for the reader). */
  private at = 0;

  constructor(buffer: SharedArrayBuffer | number) {
    this.buffer = typeof buffer === "number" ? new SharedArrayBuffer(HEADER_BYTES + buffer) : buffer;
    this.bytes = new Uint8Array(this.buffer, HEADER_BYTES);
    this.view = new DataView(this.buffer, HEADER_BYTES);
    this.ints = new Int32Array(this.buffer, 0, HEADER_BYTES / 4);
    this.counters = new BigInt64Array(this.buffer, 0, 2);
  }

  /** Writer: adds an entry; false when it does not fit until the reader has taken more. */
  push(entry: RingEntry): boolean {
    const { request } = entry;
    const texts = [request.body, request.origin, request.userAgent, request.ip, entry.control];
    // At most 3 UTF-8 bytes a UTF-16 unit.
    const reserve = 16 + texts.reduce((n, t) => n + 4 + (t === null ? 0 : t.length * 3), 0) + 7;
    const capacity = this.bytes.length;
    let start = this.at % capacity;
    const skip = start + reserve > capacity ? capacity - start : 0;
    if (this.at + skip + reserve - Number(Atomics.load(this.counters, TAIL)) > capacity) return false;
    if (skip) {
      this.view.setInt32(start, WRAP, true);
      this.at += skip;
      start = 0;
    }
    this.view.setInt32(start + 4, entry.id, true);
    this.view.setFloat64(start + 8, request.receivedAt, true);
    let p = start + 16;
    for (const text of texts) {
      if (text === null) {
        this.view.setInt32(p, -1, true);
        p += 4;
        continue;
      }
      const { written } = encoder.encodeInto(text, this.bytes.subarray(p + 4, p + 4 + text.length * 3));
      this.view.setInt32(p, written, true);
      p += 4 + written;
    }
    const size = (p - start + 7) & ~7;
    this.view.setInt32(start, size, true);
    this.at += size;
    Atomics.store(this.counters, HEAD, BigInt(this.at));
    return true;
  }

  /** Writer: wakes the reader if it sleeps. */
  wake(): void {
    if (Atomics.compareExchange(this.ints, SLEEPING, 1, 0) === 1) Atomics.notify(this.ints, SLEEPING);
  }

  /** Reader: every entry written so far. */
  take(): RingEntry[] {
    const head = Number(Atomics.load(this.counters, HEAD));
    const capacity = this.bytes.length;
    const entries: RingEntry[] = [];
    while (this.at < head) {
      const start = this.at % capacity;
      const size = this.view.getInt32(start, true);
      if (size === WRAP) {
        this.at += capacity - start;
        continue;
      }
      let p = start + 16;
      const texts: (string | null)[] = [];
      for (let i = 0; i < 5; i++) {
        const length = this.view.getInt32(p, true);
        texts.push(length < 0 ? null : decoder.decode(this.bytes.subarray(p + 4, p + 4 + length)));
        p += 4 + Math.max(length, 0);
      }
      const [body, origin, userAgent, ip, control] = texts;
      entries.push({ id: this.view.getInt32(start + 4, true), request: { body: body!, origin, userAgent, ip: ip!, receivedAt: this.view.getFloat64(start + 8, true) }, control: control! });
      this.at += size;
    }
    Atomics.store(this.counters, TAIL, BigInt(this.at));
    return entries;
  }

  /** Reader: settles when entries may be there (at once if some already are). */
  async sleep(): Promise<void> {
    Atomics.store(this.ints, SLEEPING, 1);
    // Entries written before the flag was seen would otherwise wait for the next one.
    if (Number(Atomics.load(this.counters, HEAD)) === this.at) {
      const wait = Atomics.waitAsync(this.ints, SLEEPING, 1);
      if (wait.async) await wait.value;
    }
    Atomics.store(this.ints, SLEEPING, 0);
  }
}
