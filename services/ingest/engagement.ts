import type { Platform } from "../../lib/platform.ts";
import type { DirectRoutes } from "../../lib/http/upstream.ts";
import { bodyText } from "../../lib/http/request.ts";
import { PageAllowance } from "../../lib/engagement/page-checks.ts";
import { submitLead } from "../../lib/engagement/submit-lead.ts";
import { spinWheel } from "../../lib/engagement/spin.ts";
import { publicEndpoint } from "./collect-endpoint.ts";
import { EngagementConfigs, type EngagementConfig } from "../../lib/engagement/site-config.ts";
import type { TrackedSite } from "../../lib/ingest/site-lookup.ts";
import { engageChunkUrl } from "./engage-chunk.ts";
import { GeoLocator } from "../../lib/ingest/geo.ts";
import { originHost } from "../../lib/ingest/collect.ts";
import { pageSite } from "../../lib/engagement/page-checks.ts";
import { readVisitorQuery, visitorContext } from "../../lib/engagement/visitor-context.ts";

export interface EngagementOptions {
  /** New leads with webhook deliveries were written for this org: the delivery worker should look now. */
  onDeliveries?: (orgId: string) => void;
}

/**
 * The page's engagement endpoints (docs/engagement.md "The page"): POST /v1/leads, POST /v1/spins, GET /v1/sites/{siteKey}/visitor-context, and the engagement part of the site config. The routes
 * in app.ts call these functions, and so does the one-process router (`direct`).
 */
export function engagementEndpoints(platform: Platform, options: EngagementOptions = {}) {
  const leadAllowance = new PageAllowance(platform.settings.engageRatePerIp, platform.now);
  const leads = publicEndpoint(async (request, ctx, body) => {
    const submitted = await submitLead({ platform, allowance: leadAllowance }, { body, origin: request.headers.get("origin"), ip: ctx.ip, at: ctx.at ?? platform.now() });
    if (submitted.deliveries > 0) options.onDeliveries?.(submitted.orgId);
    return submitted;
  });
  const spinAllowance = new PageAllowance(platform.settings.engageRatePerIp, platform.now);
  const spins = publicEndpoint(async (request, ctx, body) => {
    const done = await spinWheel({ platform, allowance: spinAllowance }, { body, origin: request.headers.get("origin"), ip: ctx.ip, at: ctx.at ?? platform.now() });
    if (done.deliveries > 0) options.onDeliveries?.(done.orgId);
    return done;
  });
  const direct: DirectRoutes = {
    "POST /v1/leads": (request, ctx, bytes) => leads(request, ctx, bytes ? bodyText(bytes) : ""),
    "POST /v1/spins": (request, ctx, bytes) => spins(request, ctx, bytes ? bodyText(bytes) : ""),
  };
  // Opened on first use: the collect thread has its own; this one serves the visitor context.
  let geo: Promise<GeoLocator> | null = null;
  const visitor = publicEndpoint(async (request, ctx) => {
    const url = new URL(request.url);
    const origin = request.headers.get("origin");
    const site = pageSite(platform, decodeURIComponent(url.pathname.split("/")[3] ?? ""), origin, "siteKey");
    const query = readVisitorQuery(url.searchParams);
    geo ??= GeoLocator.open(platform.settings.geoipDb);
    const body = visitorContext(site, await geo, { query, pageHost: originHost(origin)!, ip: ctx.ip, userAgent: request.headers.get("user-agent") });
    return { status: 200, body, headers: { "cache-control": "no-store" } };
  });
  const configs = new EngagementConfigs(platform);
  const chunkUrl = engageChunkUrl();
  /** The site config's engagement part: what to show, the session cap, and the chunk's URL when there is anything to show. */
  const config = async (site: TrackedSite): Promise<EngagementConfig & { engage: string | null }> => {
    const shown = await configs.of(site, platform.now());
    return { ...shown, engage: shown.popups.length + shown.wheels.length > 0 ? chunkUrl : null };
  };
  return { leads, spins, config, visitor, direct };
}
