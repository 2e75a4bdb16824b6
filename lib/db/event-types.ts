/**
 * The tracking protocol's event types (DESIGN section 4) as stored: `event_rows.type` holds the
 * index into this list. Append only — stored rows keep their numbers.
 */
export const EVENT_TYPES = [
  "pageview", "engagement", "event", "conversion", "identify", "scroll", "outbound",
  "download", "form_submit", "vital", "consent", "popup", "spin", "inventory",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const codes = new Map<string, number>(EVENT_TYPES.map((t, i) => [t, i]));

export function eventTypeCode(type: string): number {
  const code = codes.get(type);
  if (code === undefined) throw new Error(`unknown event type ${type}`);
  return code;
}
