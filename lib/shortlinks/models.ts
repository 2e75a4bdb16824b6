import { t, type Static } from "elysia";
import { Id, JsonInteger, NullableTimestamp, QueryModel, SiteParams, Timestamp } from "../api/models.ts";
import { PageQuery } from "../paging.ts";
import { UTM_KEYS } from "./utm-keys.ts";

/**
 * Short links as the read API shows and takes them (docs/campaigns.md "Short links"). The body
 * models check types only; every rule (slug, URL, lengths, ranges) is checked in
 * lib/shortlinks/manage.ts, which the admin CLI shares.
 */

export { UTM_KEYS, type UtmKey } from "./utm-keys.ts";

const UtmValue = t.Union([t.String(), t.Null()]);
export const Utm = t.Object({ source: UtmValue, medium: UtmValue, campaign: UtmValue, term: UtmValue, content: UtmValue });
export type Utm = Static<typeof Utm>;

export const ShortLink = t.Object({
  id: Id,
  slug: t.String({ description: "3–64 of [a-z0-9_-], lower-case" }),
  url: t.String({ description: "The target (http/https)" }),
  utm: t.Object(Utm.properties, { description: "Set on the target at redirect time, replacing its own utm_* of the same name" }),
  title: t.String(),
  tags: t.Array(t.String()),
  expiresAt: NullableTimestamp,
  maxClicks: t.Union([t.Integer(), t.Null()]),
  fallbackUrl: t.Union([t.String(), t.Null()]),
  active: t.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  clicks: t.Integer({ description: "Human and QR clicks ever" }),
  shortUrl: t.String({ description: "PUBLIC_URL/l/{slug}" }),
});
export type ShortLink = Static<typeof ShortLink>;

const PartialUtm = t.Object(
  { source: t.Optional(UtmValue), medium: t.Optional(UtmValue), campaign: t.Optional(UtmValue), term: t.Optional(UtmValue), content: t.Optional(UtmValue) },
  { additionalProperties: false, description: "Each ≤ 200 characters; null or \"\" clears it" },
);

const editable = {
  slug: t.Optional(t.String({ description: "3–64 of [a-z0-9_-], case-insensitive; not reserved. Omitted on create: 7 random characters" })),
  utm: t.Optional(PartialUtm),
  title: t.Optional(t.String({ description: "≤ 200 characters" })),
  tags: t.Optional(t.Array(t.String(), { description: "≤ 20 tags of 1–40 characters, lower-cased, duplicates dropped" })),
  expiresAt: t.Optional(t.Union([t.String({ description: "ISO 8601 with a time zone, in the future" }), t.Null()])),
  maxClicks: t.Optional(t.Union([JsonInteger({ description: "1 to 10⁹ human clicks" }), t.Null()])),
  fallbackUrl: t.Optional(t.Union([t.String({ description: "http/https" }), t.Null()])),
  active: t.Optional(t.Boolean()),
};

export const ShortLinkCreateBody = t.Object(
  { url: t.String({ description: "http/https, ≤ 2048, no user or password" }), ...editable },
  { additionalProperties: false, examples: [{ url: "https://example.com/spring", title: "Spring sale", tags: ["spring", "newsletter"], utm: { source: "newsletter", medium: "email", campaign: "spring" } }] },
);
export type ShortLinkCreateBody = Static<typeof ShortLinkCreateBody>;

export const ShortLinkPatchBody = t.Object(
  { url: t.Optional(t.String({ description: "http/https, ≤ 2048, no user or password" })), ...editable },
  { additionalProperties: false, examples: [{ title: "Spring sale, second wave", tags: ["spring"], utm: { content: "banner" } }] },
);
export type ShortLinkPatchBody = Static<typeof ShortLinkPatchBody>;

export const ShortLinkQuery = QueryModel({
  page: PageQuery(),
  size: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 25, title: "size", description: "Page size, at most 100" })),
  q: t.Optional(t.String({ maxLength: 200, title: "q", description: "Slug, title or URL contains (case-insensitive)" })),
  tag: t.Optional(t.String({ maxLength: 40, title: "tag", description: "Only links with this tag" })),
});
export type ShortLinkQuery = Static<typeof ShortLinkQuery>;

export const ShortLinkList = t.Object({
  items: t.Array(ShortLink),
  total: t.Integer(),
  page: t.Integer(),
  size: t.Integer(),
  tags: t.Array(t.String(), { description: "Every tag of the site's links, for the filter" }),
});
export type ShortLinkList = Static<typeof ShortLinkList>;

export const ShortLinkParams = t.Object({ ...SiteParams.properties, id: t.String() });
