import type { Hit, SessionAttrs, StoredEvent } from "./apply.ts";
import type { EventV1 } from "./protocol.ts";

/**
 * A hit as collect accepted it: validated and enriched, its events still as the protocol
 * sent them. The stored rows are made where the hit is written — on the write thread for
 * SQLite files — so the HTTP thread, which every request waits on, does less.
 */
export interface AcceptedHit extends Omit<Hit, "events"> {
  /** The valid events, in batch order. */
  events: EventV1[];
  /**
   * The batch's own JSON text, when the caller has it, and the positions of `events` in its
   * `e` (null: all of them). The write thread parses the events from it: cheaper than
   * packing them again on the HTTP thread.
   */
  source?: { text: string; picks: number[] | null };
}

/** The path of an absolute URL, without parsing all of it (this runs for every event). */
function pagePath(url: string): string | null {
  const scheme = url.indexOf("://");
  if (scheme <= 0) return null;
  let start = scheme + 3;
  while (start < url.length && url[start] !== "/" && url[start] !== "?" && url[start] !== "#") start++;
  let end = start;
  while (end < url.length && url[end] !== "?" && url[end] !== "#") end++;
  return end > start ? url.slice(start, end) : "/";
}

/** Protocol event → stored row (DESIGN section 4's `t` values); `currency` is the site's. */
function storedEvent(e: EventV1, currency: string): StoredEvent {
  const row: StoredEvent = { id: e.id.toLowerCase(), ts: e.ts, type: e.t, name: null, path: pagePath(e.u), title: e.ti ?? null, value: null, currency: null, orderId: null, href: null, props: null };
  switch (e.t) {
    case "engagement":
      row.value = e.et;
      break;
    case "event":
      row.name = e.n;
      row.props = e.p ? JSON.stringify(e.p) : null;
      break;
    case "conversion":
      row.name = e.n;
      row.value = e.val ?? 0;
      row.currency = (e.cur ?? currency).toUpperCase();
      row.orderId = e.oid ?? null;
      break;
    case "identify":
      row.name = e.uid;
      row.userId = e.uid;
      break;
    case "scroll":
      row.value = e.pct;
      break;
    case "outbound":
    case "download":
      row.href = e.href;
      break;
    case "form_submit":
      row.name = e.form;
      break;
    case "vital":
      row.name = e.n;
      row.value = e.val;
      break;
    case "consent":
      row.consent = e.c;
      row.props = JSON.stringify(e.c);
      break;
    case "popup":
    case "spin":
      row.name = e.n;
      row.props = JSON.stringify({ a: e.a, ...(e.p ?? {}) });
      break;
    case "inventory": {
      const items = [
        ...(e.ck ?? []).map((name) => ({ kind: "cookie" as const, name })),
        ...(e.st ?? []).map((name) => ({ kind: "storage" as const, name })),
        ...(e.hs ?? []).map((name) => ({ kind: "host" as const, name: name.toLowerCase() })),
      ];
      row.inventory = items;
      row.props = JSON.stringify({ cookies: e.ck?.length ?? 0, storage: e.st?.length ?? 0, hosts: e.hs?.length ?? 0 });
      break;
    }
  }
  return row;
}

/** The hit to write: its events as stored rows, oldest first. */
export function storedHit(accepted: AcceptedHit): Hit {
  const { source: _source, events, ...hit } = accepted;
  const rows = events.map((e) => storedEvent(e, hit.currency));
  rows.sort((a, b) => a.ts - b.ts);
  return { ...hit, events: rows };
}

/**
 * Hits cross to the write thread as one JSON array of what collect decided (attributes as
 * arrays: far less to serialise than objects with repeated keys) and, beside it, each
 * batch's JSON text.
 */
export interface PackedHits {
  hits: string;
  texts: string[];
}

export function packHits(hits: AcceptedHit[]): PackedHits {
  const texts: string[] = [];
  const packed = hits.map((h) => {
    const a = h.attrs;
    texts.push(h.source?.text ?? JSON.stringify({ e: h.events }));
    return [
      h.siteId, h.timezone, h.currency, h.visitorId, h.sessionId, h.consent.analytics, h.consent.marketing, h.receivedAt,
      a.source, a.medium, a.campaign, a.channel, a.referrerHost, a.browser, a.os, a.device, a.country, a.region, a.city, a.language, a.screen,
      h.source?.picks ?? null,
    ];
  });
  return { hits: JSON.stringify(packed), texts };
}

export function unpackHits(packed: PackedHits): Hit[] {
  return (JSON.parse(packed.hits) as unknown[][]).map((h, i) => {
    const all = (JSON.parse(packed.texts[i]) as { e: EventV1[] }).e;
    const picks = h[21] as number[] | null;
    return storedHit({
      siteId: h[0] as string,
      timezone: h[1] as string,
      currency: h[2] as string,
      visitorId: h[3] as string,
      sessionId: h[4] as string,
      consent: { analytics: h[5] as boolean, marketing: h[6] as boolean },
      receivedAt: h[7] as number,
      attrs: {
        source: h[8], medium: h[9], campaign: h[10], channel: h[11], referrerHost: h[12], browser: h[13], os: h[14], device: h[15],
        country: h[16], region: h[17], city: h[18], language: h[19], screen: h[20],
      } as SessionAttrs,
      events: picks ? picks.map((p) => all[p]) : all,
    });
  });
}
