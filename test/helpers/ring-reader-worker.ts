/** A worker reading a ByteRing of notes: sleeps until woken, takes, posts what it took ("stop" ends it). */
import { ByteRing } from "../../lib/threads/byte-ring.ts";
import { noteCodec } from "./ring-records.ts";

declare const self: Worker;

self.onmessage = async (m: MessageEvent<SharedArrayBuffer>) => {
  const ring = new ByteRing(m.data, noteCodec);
  self.postMessage("reading");
  for (;;) {
    await ring.sleep();
    const notes = ring.take();
    self.postMessage(notes);
    if (notes.some((note) => note.text === "stop")) return;
  }
};
