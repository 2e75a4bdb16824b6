import { eventTypeCode } from "../db/event-types.ts";

/** Event type codes the engine reads, and the types it keeps in memory. */
export const PAGEVIEW = eventTypeCode("pageview");
export const ENGAGEMENT = eventTypeCode("engagement");
export const CONVERSION = eventTypeCode("conversion");
export const CUSTOM_EVENT = eventTypeCode("event");
export const SCROLL = eventTypeCode("scroll");
export const OUTBOUND = eventTypeCode("outbound");
export const DOWNLOAD = eventTypeCode("download");
export const FORM_SUBMIT = eventTypeCode("form_submit");
export const VITAL = eventTypeCode("vital");
/** The event types reports, funnels and paths read (identify, consent, popups… are not). */
export const KEPT_EVENT_TYPES = [PAGEVIEW, ENGAGEMENT, CONVERSION, CUSTOM_EVENT, SCROLL, OUTBOUND, DOWNLOAD, FORM_SUBMIT, VITAL];

/**
 * The rows of the types not kept, as SQL: the condition of recent_events' partial index
 * (lib/db/tenant-schema.ts) and of realtime's query for those rows, which must say it in the
 * same words for SQLite to use the index.
 */
export const UNKEPT_EVENT_ROWS = `type NOT IN (${KEPT_EVENT_TYPES.join(", ")})`;
