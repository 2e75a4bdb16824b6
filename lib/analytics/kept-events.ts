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
