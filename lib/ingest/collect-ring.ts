import { RecordCursor, type RecordCodec } from "../threads/byte-ring.ts";
import type { CollectRequest } from "./collect.ts";

/** A request on its way to the collect thread, with what the sending thread knew when it sent it. */
export interface CollectEntry {
  /** The call's id (WorkerCalls). */
  id: number;
  request: CollectRequest;
  /** The sender's control-cache generation (ControlStore.follow). */
  control: string;
}

/** [f64 id][f64 receivedAt] then body, origin, user agent, ip and control as texts. */
export const collectCodec: RecordCodec<CollectEntry> = {
  maxBytes: ({ request, control }) =>
    16 + RecordCursor.textBytes(request.body) + RecordCursor.textBytes(request.origin) + RecordCursor.textBytes(request.userAgent) + RecordCursor.textBytes(request.ip) + RecordCursor.textBytes(control),
  write({ id, request, control }, to) {
    to.putF64(id);
    to.putF64(request.receivedAt);
    to.putText(request.body);
    to.putText(request.origin);
    to.putText(request.userAgent);
    to.putText(request.ip);
    to.putText(control);
  },
  read(from) {
    const id = from.getF64();
    const receivedAt = from.getF64();
    const body = from.getText()!;
    const origin = from.getText();
    const userAgent = from.getText();
    const ip = from.getText()!;
    return { id, request: { body, origin, userAgent, ip, receivedAt }, control: from.getText()! };
  },
};
