import { Elysia } from "elysia";
import { API } from "../../../lib/api/routes.ts";
import { SiteParams } from "../../../lib/api/models.ts";
import { createShortLink, linkSite, listShortLinks, shortLinkById, updateShortLink } from "../../../lib/shortlinks/manage.ts";
import { ShortLink, ShortLinkCreateBody, ShortLinkList, ShortLinkParams, ShortLinkPatchBody, ShortLinkQuery } from "../../../lib/shortlinks/models.ts";
import { shortLinkQr } from "../../../lib/shortlinks/qr.ts";
import type { Platform } from "../../../lib/platform.ts";
import { actorOf, doc, JSON_BODY, queryContext } from "../context.ts";

/** Short links (docs/campaigns.md "Short links"): the list, create and edit, and QR codes. The stats route is the redirect's. */
export function shortLinkRoutes(platform: Platform) {
  return new Elysia({ name: "query:shortlinks" })
    .use(queryContext(platform))
    .get(
      API.listShortLinks.path,
      async ({ params, query }) => listShortLinks(platform, await linkSite(platform, params.orgId, params.siteId), query),
      { params: SiteParams, query: ShortLinkQuery, response: ShortLinkList, detail: doc(API.listShortLinks) },
    )
    .post(
      API.createShortLink.path,
      async ({ ctx, params, body, set }) => {
        const link = await createShortLink(platform, await linkSite(platform, params.orgId, params.siteId), body, actorOf(platform, ctx));
        set.status = 201;
        return link;
      },
      { params: SiteParams, body: ShortLinkCreateBody, response: { 201: ShortLink }, detail: doc(API.createShortLink), parse: JSON_BODY },
    )
    .patch(
      API.updateShortLink.path,
      async ({ ctx, params, body }) => updateShortLink(platform, await linkSite(platform, params.orgId, params.siteId), params.id, body, actorOf(platform, ctx)),
      { params: ShortLinkParams, body: ShortLinkPatchBody, response: ShortLink, detail: doc(API.updateShortLink), parse: JSON_BODY },
    )
    .get(API.shortLinkQrSvg.path, async ({ params }) => shortLinkQr(await shortLinkById(platform, params.orgId, params.siteId, params.id), "svg"), { params: ShortLinkParams, detail: doc(API.shortLinkQrSvg) })
    .get(API.shortLinkQrPng.path, async ({ params }) => shortLinkQr(await shortLinkById(platform, params.orgId, params.siteId, params.id), "png"), { params: ShortLinkParams, detail: doc(API.shortLinkQrPng) });
}
