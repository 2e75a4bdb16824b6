import { t, type Static } from "elysia";
import { modelCheck } from "../http/model-check.ts";
import { failed } from "../leads/lead.ts";
import { NOT_SET, trafficOf, mayHaveClickId } from "../channels.ts";
import { deviceOf } from "../ingest/device.ts";
import type { GeoLocator } from "../ingest/geo.ts";
import { hostAllowed, type TrackedSite } from "../ingest/site-lookup.ts";

/**
 * GET /v1/sites/{siteKey}/visitor-context (docs/engagement.md "The page"): the targeting facts
 * a page cannot know itself, computed by ingest's own enrichment — the IP's country (GeoLocator),
 * the User-Agent's device class (deviceOf), the channel and campaign of the session's traffic
 * source (trafficOf over its referrer, UTM parameters and click ids, as ingest gives a session
 * its channel). Nothing is stored.
 */

const Text = (max: number, description: string) => t.Optional(t.String({ maxLength: max, description }));

export const VisitorContextQuery = t.Object(
  {
  ref: Text(2048, "The referrer of the session's landing page (document.referrer there)"),
  utm_source: Text(200, "The session's UTM parameters, as the landing page had them"),
  utm_medium: Text(200, ""),
  utm_campaign: Text(200, ""),
  url: Text(2048, "The landing page's URL: its click ids (gclid, fbclid, msclkid…) count as ingest counts them"),
  },
  // Other parameters (a cache-buster, utm_term) are left alone.
  { additionalProperties: true },
);
export type VisitorContextQuery = Static<typeof VisitorContextQuery>;

export const VisitorContext = t.Object(
  {
    country: t.Union([t.String(), t.Null()], { description: "ISO 3166-1 alpha-2 of the request's IP; null when unknown" }),
    channel: t.String({ description: "The session's channel (lib/channels names: organic_search, paid_social, direct…)" }),
    campaign: t.Union([t.String(), t.Null()], { description: "utm_campaign, null without one" }),
    device: t.String({ description: "desktop | mobile | tablet | tv | console | wearable | other" }),
  },
  { title: "VisitorContext" },
);
export type VisitorContext = Static<typeof VisitorContext>;

const checkQuery = modelCheck(VisitorContextQuery, "query");

/** The query as the model has it (each parameter once; 422 naming a bad one). */
export function readVisitorQuery(params: URLSearchParams): VisitorContextQuery {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in query) throw failed(name, "must be given once");
    query[name] = value;
  }
  return checkQuery(query);
}

function queryOf(url: string | undefined): URLSearchParams | undefined {
  if (!url || !mayHaveClickId(url)) return undefined;
  try {
    return new URL(url).searchParams;
  } catch {
    return undefined;
  }
}

export interface VisitorRequest {
  query: VisitorContextQuery;
  /** The page's host (its Origin): a referrer from it is internal. */
  pageHost: string;
  ip: string;
  userAgent: string | null;
}

export function visitorContext(site: TrackedSite, geo: GeoLocator, request: VisitorRequest): VisitorContext {
  const { query } = request;
  const traffic = trafficOf({
    utm: { utm_source: query.utm_source, utm_medium: query.utm_medium, utm_campaign: query.utm_campaign },
    params: queryOf(query.url),
    referrer: query.ref,
    ownHosts: (h) => h === request.pageHost || hostAllowed(site, h),
  });
  return {
    country: geo.locate(request.ip).country,
    channel: traffic.channel,
    campaign: traffic.campaign === NOT_SET ? null : traffic.campaign,
    device: deviceOf(request.userAgent ?? "").device,
  };
}
