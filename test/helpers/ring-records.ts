import { RecordCursor, type RecordCodec } from "../../lib/threads/byte-ring.ts";

/** A record for the ring's tests: a number and a text that may be missing. */
export interface Note {
  n: number;
  text: string | null;
}

export const noteCodec: RecordCodec<Note> = {
  maxBytes: (note) => 8 + RecordCursor.textBytes(note.text),
  write(note, to) {
    to.putF64(note.n);
    to.putText(note.text);
  },
  read: (from) => ({ n: from.getF64(), text: from.getText() }),
};
