import { ApiError, type ErrorDetail } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { mayHaveClickId, trafficOf } from "../channels.ts";
import { memoized } from "../memo.ts";
import { isId } from "../ids.ts";
import { RateLimiter } from "../ratelimit.ts";
import { parseJsonText } from "../http/request.ts";
import { modelCheck } from "../http/model-check.ts";
import { checkEvent, CollectBody, type EventV1 } from "./protocol.ts";
import { deviceOf, isBot } from "./device.ts";
import type { GeoLocator } from "./geo.ts";
import { hostAllowed, siteByKey, type TrackedSite } from "./site-lookup.ts";
import type { Hit, SessionAttrs, StoredEvent } from "./apply.ts";
import { recordRejectedHost } from "./apply.ts";
import { popupAction } from "./popup-counts.ts";
import { inventorySample } from "./inventory.ts";
import type { IngestWriter } from "./writer.ts";

export interface CollectDeps {
  platform: Platform;
  geo: GeoLocator;
  writer: IngestWriter;
  flood: RateLimiter;
}

export interface CollectInput {
  body: CollectBody;
  /** When the hit was received (the router's clock). */
  receivedAt: number;
  origin: string | null;
  userAgent: string | null;
  ip: string;
}

export interface CollectOutcome {
  ok: true;
  accepted: number;
  duplicates: number;
  rejected: { index: number; path: string; message: string }[];
}

const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const PHONE_LIKE = /^\+?[\d\s().-]{7,}$/;

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

function queryOf(url: string): URLSearchParams | null {
  try {
    return new URL(url).searchParams;
  } catch {
    return null;
  }
}

/** The `tm_lc` of a pageview URL when it has the shape of a click id (apply.ts checks it is one). */
function linkClickOf(url: string): string | null {
  if (!url.includes("tm_lc=")) return null;
  const id = queryOf(url)?.get("tm_lc") ?? null;
  return id !== null && isId(id) ? id : null;
}

/** The host of an Origin header (remembered: a site's pages send the same few). */
const hostOfOrigin = memoized(10_000, (origin): string | null => {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
});

/** The host of a request's Origin header; null without one (or `null`, as sandboxed pages send). */
export const originHost = (origin: string | null): string | null => (!origin || origin === "null" ? null : hostOfOrigin(origin));

type Consent = { analytics: boolean; marketing: boolean };

/** Protocol event → stored row (DESIGN section 4's `t` values); `batchConsent` is the batch's consent state. */
function stored(e: EventV1, site: TrackedSite, batchConsent: Consent): StoredEvent | { refused: string; path: string } {
  const path = pagePath(e.u);
  const row: StoredEvent = { id: e.id.toLowerCase(), ts: e.ts, type: e.t, name: null, path, title: e.ti ?? null, value: null, currency: null, orderId: null, href: null, props: null };
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
      row.currency = (e.cur ?? site.currency).toUpperCase();
      row.orderId = e.oid ?? null;
      break;
    case "identify":
      if (EMAIL_LIKE.test(e.uid) || PHONE_LIKE.test(e.uid)) return { refused: "must be your own user id, not an e-mail address or phone number", path: "uid" };
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
      row.popup = popupAction(e.a, e.p);
    // falls through: stored as a spin is
    case "spin":
      row.name = e.n;
      row.props = JSON.stringify({ a: e.a, ...(e.p ?? {}) });
      break;
    case "inventory": {
      const sample = inventorySample(e, batchConsent);
      row.inventory = sample;
      const counts = { cookies: 0, storage: 0, hosts: 0 };
      for (const item of sample.items) counts[item.kind === "cookie" ? "cookies" : item.kind === "host" ? "hosts" : "storage"]++;
      row.props = JSON.stringify(counts);
      break;
    }
  }
  return row;
}

/**
 * POST /v1/collect: site key, Origin, pause, bot and flood checks, per-event validation,
 * enrichment (device, place, traffic source, channel), then a group-committed write.
 */
export async function collect(deps: CollectDeps, input: CollectInput): Promise<CollectOutcome> {
  const { platform, geo, writer, flood } = deps;
  const { body } = input;
  const site = siteByKey(platform.control, body.s);
  if (!site) throw new ApiError("NOT_FOUND", "Unknown site key", [{ path: "s", message: "no site has this key" }]);
  const host = originHost(input.origin);
  if (!host || !hostAllowed(site, host)) {
    const store = await platform.tenants.get(site.org);
    await writer.run(store, recordRejectedHost(site.id, host ?? "(no origin)", input.receivedAt));
    throw new ApiError("FORBIDDEN", "This origin is not a verified domain of the site", [{ path: "origin", message: host ?? "missing Origin header" }]);
  }
  const nothing: CollectOutcome = { ok: true, accepted: 0, duplicates: 0, rejected: [] };
  if (site.paused || isBot(input.userAgent)) return nothing;
  const allowance = flood.hit(`${site.id}|${input.ip}`, input.receivedAt);
  if (!allowance.allowed) {
    throw new ApiError("RATE_LIMITED", "Too many tracking requests from this address", [], { "retry-after": String(allowance.retryAfter), "x-ratelimit-limit": String(allowance.limit) });
  }

  const now = input.receivedAt;
  const rejected: CollectOutcome["rejected"] = [];
  const events: StoredEvent[] = [];
  let firstUrl: string | null = null;
  let pageviewUrl: string | null = null;
  const consent: Consent = { analytics: body.c?.analytics ?? false, marketing: body.c?.marketing ?? false };
  body.e.forEach((raw, index) => {
    const check = checkEvent(raw, now);
    if (!check.ok) return rejected.push({ index, path: check.path, message: check.message });
    const row = stored(check.event, site, consent);
    if ("refused" in row) return rejected.push({ index, path: row.path, message: row.refused });
    firstUrl ??= check.event.u;
    if (row.type === "pageview") pageviewUrl ??= check.event.u;
    events.push(row);
  });
  if (events.length === 0) {
    const details: ErrorDetail[] = rejected.map((r) => ({ path: r.path ? `e.${r.index}.${r.path}` : `e.${r.index}`, message: r.message }));
    throw new ApiError("VALIDATION_FAILED", "No event in the batch is valid", details);
  }
  events.sort((a, b) => a.ts - b.ts);
  // Click ids come from the landing page's query string (the first pageview of the batch).
  const landing = pageviewUrl ?? firstUrl ?? "";
  const landingParams = mayHaveClickId(landing) ? queryOf(landing) : null;

  const ua = input.userAgent ?? "";
  const device = deviceOf(ua);
  const place = geo.locate(input.ip, body.ctx?.tz);
  const traffic = trafficOf({ utm: body.ctx?.utm, params: landingParams ?? undefined, referrer: body.ctx?.ref, ownHosts: (h) => h === host || hostAllowed(site, h) });
  // Without marketing consent only the channel is kept, not where exactly the visitor came from.
  const utm = body.ctx?.utm;
  const attribution = consent.marketing
    ? { source: traffic.source, medium: traffic.medium, campaign: traffic.campaign, term: utm?.utm_term || null, content: utm?.utm_content || null, referrerHost: traffic.referrerHost }
    : { source: null, medium: null, campaign: null, term: null, content: null, referrerHost: null };
  const attrs: SessionAttrs = {
    ...attribution,
    channel: traffic.channel,
    browser: device.browser,
    os: device.os,
    device: device.device,
    country: place.country,
    region: place.region,
    city: place.city,
    language: body.ctx?.lang?.slice(0, 35) ?? null,
    screen: body.ctx?.sw && body.ctx?.sh ? `${body.ctx.sw}x${body.ctx.sh}` : null,
  };
  const hit: Hit = {
    siteId: site.id,
    timezone: site.timezone,
    currency: site.currency,
    visitorId: body.vid.toLowerCase(),
    sessionId: body.sid.toLowerCase(),
    consent,
    attrs,
    events,
    receivedAt: now,
    // A short link's click id in the landing page's URL (docs/campaigns.md "A click to revenue"):
    // kept with marketing consent only, as the campaign is.
    linkClick: consent.marketing && pageviewUrl ? linkClickOf(pageviewUrl) : null,
  };
  const store = await platform.tenants.get(site.org);
  const result = await writer.write(store, hit);

  return { ok: true, accepted: result.accepted, duplicates: result.duplicates, rejected };
}

/** POST /v1/collect as the router hands it on: the body not yet read as a batch. */
export interface CollectRequest extends Omit<CollectInput, "body"> {
  /** The body's text. */
  body: string;
}

const checkBody = modelCheck(CollectBody);

/** Reads a request's body as a batch (malformed JSON 400, not a batch 422), then collects it. */
export async function collectRequest(deps: CollectDeps, request: CollectRequest): Promise<CollectOutcome> {
  return collect(deps, { ...request, body: checkBody(parseJsonText(request.body)) });
}
