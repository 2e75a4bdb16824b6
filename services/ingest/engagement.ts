import type { Platform } from "../../lib/platform.ts";
import type { DirectRoutes } from "../../lib/http/upstream.ts";
import type { RequestContext } from "../../lib/auth/context.ts";
import { bodyText } from "../../lib/http/request.ts";
import { GeoLocator } from "../../lib/ingest/geo.ts";
import { originHost } from "../../lib/ingest/collect.ts";
import type { TrackedSite } from "../../lib/ingest/site-lookup.ts";
import { PageAllowance, pageSite, type PageRequest } from "../../lib/engagement/page-checks.ts";
import { submitLead } from "../../lib/engagement/submit-lead.ts";
import { spinWheel, type SpinDeps } from "../../lib/engagement/spin.ts";
import { SpinAllowance } from "../../lib/engagement/spin-allowance.ts";
import { EngagementConfigs, type EngagementConfig } from "../../lib/engagement/site-config.ts";
import { readVisitorQuery, visitorContext } from "../../lib/engagement/visitor-context.ts";
import { answerPublic, type PublicEndpoint } from "./collect-endpoint.ts";
import { ENGAGE_URL } from "./page-scripts.ts";

export interface EngagementOptions {
  /** New leads with webhook deliveries were written for this org: the delivery worker should look now. */
  onDeliveries?: (orgId: string) => void;
}

/**
 * The page's engagement endpoints (docs/engagement.md "The page"): POST /v1/leads, POST
 * /v1/spins, GET /v1/sites/{siteKey}/visitor-context, and the engagement part of the site
 * config. The routes in app.ts call these functions, and so does the one-process router
 * (`direct`) for the POSTs.
 */
export function engagementEndpoints(platform: Platform, options: EngagementOptions = {}) {
  // One for the process: every wheel of a site counts against the same windows.
  const spinAllowance = new SpinAllowance(platform.settings, platform.now);
  /** A page POST: its own allowance, its lib function, the delivery worker woken for new deliveries. */
  const pagePost = (run: (deps: SpinDeps, request: PageRequest) => Promise<{ status: number; body: unknown; orgId: string; deliveries: number }>): PublicEndpoint => {
    const allowance = new PageAllowance(platform.settings.engageRatePerIp, platform.now);
    return (request, ctx, body) =>
      answerPublic(request, ctx, async (ctx) => {
        const done = await run({ platform, allowance, spinAllowance }, { body, origin: request.headers.get("origin"), ip: ctx.ip, at: ctx.at ?? platform.now() });
        if (done.deliveries > 0) options.onDeliveries?.(done.orgId);
        return { status: done.status, body: done.body };
      });
  };
  const leads = pagePost(submitLead);
  const spins = pagePost(spinWheel);
  const direct: DirectRoutes = {
    "POST /v1/leads": (request, ctx, bytes) => leads(request, ctx, bytes ? bodyText(bytes) : ""),
    "POST /v1/spins": (request, ctx, bytes) => spins(request, ctx, bytes ? bodyText(bytes) : ""),
  };

  // Opened on first use: the collect thread has its own; this one serves the visitor context.
  let geo: Promise<GeoLocator> | null = null;
  const visitor = (request: Request, ctx: RequestContext | null, siteKey: string) =>
    answerPublic(request, ctx, async (ctx) => {
      const origin = request.headers.get("origin");
      const site = pageSite(platform, siteKey, origin, "siteKey");
      const query = readVisitorQuery(new URL(request.url).searchParams);
      geo ??= GeoLocator.open(platform.settings.geoipDb);
      const body = visitorContext(site, await geo, { query, pageHost: originHost(origin)!, ip: ctx.ip, userAgent: request.headers.get("user-agent") });
      return { status: 200, body, headers: { "cache-control": "no-store" } };
    });

  const configs = new EngagementConfigs(platform);
  /** The site config's engagement part: what to show, the session cap, and the chunk's URL when there is anything to show. */
  const config = async (site: TrackedSite): Promise<EngagementConfig & { engage: string | null }> => {
    const shown = await configs.of(site, platform.now());
    return { ...shown, engage: shown.popups.length + shown.wheels.length > 0 ? ENGAGE_URL : null };
  };
  return { leads, spins, visitor, config, direct };
}
