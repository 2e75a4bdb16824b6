import { expect, test } from "bun:test";
import { ByteRing } from "../../lib/threads/byte-ring.ts";
import { noteCodec, type Note } from "../helpers/ring-records.ts";

const pair = (bytes: number) => {
  const writer = new ByteRing(bytes, noteCodec);
  return { writer, reader: new ByteRing(writer.buffer, noteCodec) };
};

/** Texts of varied length, with characters of 1 to 4 UTF-8 bytes, some missing. */
const note = (n: number): Note => ({ n, text: n % 7 === 0 ? null : `${n}:${"é€𝄞x".repeat(n % 37)}` });

test("records come out as they went in, in order, across the end of the ring and back", () => {
  const { writer, reader } = pair(4096);
  const sent: Note[] = [];
  let n = 1;
  for (let round = 0; round < 60; round++) {
    for (let k = 0; k < 3; k++, n++) {
      expect(writer.push(note(n))).toBe(true);
      sent.push(note(n));
    }
    expect(reader.take()).toEqual(sent.splice(0));
  }
  // 180 records of up to ~370 bytes went through 4 KB: the ring wrapped many times.
  expect(n).toBe(181);
  expect(reader.take()).toEqual([]);
});

test("a full ring refuses a record until the reader has taken some", () => {
  const { writer, reader } = pair(2048);
  const big = (n: number): Note => ({ n, text: "x".repeat(300) });
  let pushed = 0;
  while (writer.push(big(pushed + 1))) pushed++;
  // Each takes the 320 bytes it uses, but goes in only with room for its worst case (8 + 8 + 4 + 900 + 7).
  expect(pushed).toBe(4);
  expect(writer.push(big(99))).toBe(false);
  expect(reader.take().map((r) => r.n)).toEqual([1, 2, 3, 4]);
  expect(writer.push(big(99))).toBe(true);
  expect(reader.take()).toEqual([big(99)]);
});

test("a record that could never fit is refused with an error, not left waiting", () => {
  const { writer } = pair(1024);
  expect(() => writer.push({ n: 1, text: "x".repeat(400) })).toThrow(RangeError);
});

test("a sleeping reader wakes for the next record; one written before it slept is not missed", async () => {
  const { writer, reader } = pair(4096);
  writer.push(note(1));
  writer.wake();
  await reader.sleep(); // settles at once: a record is there
  expect(reader.take()).toEqual([note(1)]);
  const woken = reader.sleep().then(() => reader.take());
  writer.push(note(2));
  writer.push(note(3));
  writer.wake();
  // Everything that arrived before it woke, at once.
  expect(await woken).toEqual([note(2), note(3)]);
});

test("a reader on another thread sleeps, wakes and gets every record through a small ring", async () => {
  const writer = new ByteRing(4096, noteCodec);
  const worker = new Worker(new URL("../helpers/ring-reader-worker.ts", import.meta.url).href);
  const received: Note[] = [];
  let next: (() => void) | null = null;
  let reading!: () => void;
  const started = new Promise<void>((resolve) => (reading = resolve));
  worker.onmessage = (m: MessageEvent<"reading" | Note[]>) => {
    if (m.data === "reading") return reading();
    received.push(...m.data);
    next?.();
  };
  const taken = () => new Promise<void>((resolve) => (next = resolve));
  try {
    worker.postMessage(writer.buffer);
    await started;
    const sent = Array.from({ length: 400 }, (_, i) => note(i + 1));
    sent.push({ n: 401, text: "stop" });
    for (const record of sent) {
      // Full: wait for the reader to take what is there.
      while (!writer.push(record)) {
        const more = taken();
        writer.wake();
        await more;
      }
      if (record.n % 50 === 0) writer.wake();
    }
    while (received.length < sent.length) {
      const more = taken();
      writer.wake();
      await more;
    }
    expect(received).toEqual(sent);
  } finally {
    worker.terminate();
  }
});
